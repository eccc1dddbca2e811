// SPDX-License-Identifier: MIT
#include "audit/AuditText.h"

#include "audit/Audit.h"
#include "audit/AuditChecks.h"
#include "common/NumberText.h"
#include "engine/Deployment.h"
#include "engine/WeightFormatText.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace is::audit::detail {

QString claimedText(const ClaimedFigure& c)
{
    const QString range = c.min < c.max ? significantText(c.min) + QLatin1Char('-') + significantText(c.max)
                                        : significantText(c.value);
    switch (c.bound) {
    case ClaimBound::AtLeast:
        return range + QLatin1Char('+');
    case ClaimBound::AtMost:
        return c.min < c.max ? range : QStringLiteral("< ") + range;
    case ClaimBound::Value:
        break;
    }
    return range;
}

QString metricUnit(const QString& metricIn)
{
    QString metric = metricIn;
    metric.remove(QLatin1String("_at_load"));
    if (metric == QLatin1String("tok_s_user") || metric == QLatin1String("tok_s_total"))
        return QCoreApplication::translate("is::audit::Audit", "tok/s");
    if (metric == QLatin1String("seq_s"))
        return QCoreApplication::translate("is::audit::Audit", "sequences/s");
    if (metric == QLatin1String("ttft_ms"))
        return QCoreApplication::translate("is::audit::Audit", "ms");
    if (metric == QLatin1String("reply_s"))
        return QCoreApplication::translate("is::audit::Audit", "s");
    if (metric == QLatin1String("power_kw"))
        return QCoreApplication::translate("is::audit::Audit", "kW");
    if (metric == QLatin1String("chips"))
        return QCoreApplication::translate("is::audit::Audit", "chips");
    if (metric == QLatin1String("usd_per_mtok"))
        return QCoreApplication::translate("is::audit::Audit", "$ per million tokens");
    return QString();
}

QString bottleneckText(Bottleneck b)
{
    switch (b) {
    case Bottleneck::Compute:
        return QCoreApplication::translate("is::audit::Audit", "compute");
    case Bottleneck::MemoryBandwidth:
        return QCoreApplication::translate("is::audit::Audit", "memory bandwidth");
    case Bottleneck::Communication:
        return QCoreApplication::translate("is::audit::Audit", "communication");
    case Bottleneck::DataflowLatency:
        return QCoreApplication::translate("is::audit::Audit",
                                           "the dataflow latency of the layers' pipeline");
    case Bottleneck::Overhead:
        return QCoreApplication::translate("is::audit::Audit", "per-layer overheads");
    case Bottleneck::Capacity:
        return QCoreApplication::translate("is::audit::Audit", "memory capacity");
    case Bottleneck::WeightStreaming:
        return QCoreApplication::translate("is::audit::Audit", "streaming the weights from external memory");
    }
    return QString();
}

QString kvPlacementText(KvPlacement p)
{
    switch (p) {
    case KvPlacement::OnChip:
        return QCoreApplication::translate("is::audit::Audit", "on chip");
    case KvPlacement::AddedChips:
        return QCoreApplication::translate("is::audit::Audit", "on added chips");
    case KvPlacement::SpilledExternal:
        return QCoreApplication::translate("is::audit::Audit", "spilled to external memory");
    }
    return QString();
}

QString weightFormatText(const Deployment& d, const ModelDesc& m)
{
    const QString experts = precisionId(d.weights(m));
    if (!d.servesExpertsOnlyRelease(m))
        return experts;
    return expertsAndRestText(experts, precisionId(d.nonExpertWeights(m)));
}

QString inputRangeText(const QString& input, InputBound bound, double a, double b)
{
    if (input == QLatin1String("active_params")) {
        a /= 1e9;
        b /= 1e9;
        switch (bound) {
        case InputBound::AtMost:
            return QCoreApplication::translate("is::audit::Audit", "at most %1 B active parameters")
                .arg(significantText(a));
        case InputBound::AtLeast:
            return QCoreApplication::translate("is::audit::Audit", "at least %1 B active parameters")
                .arg(significantText(a));
        default:
            return QCoreApplication::translate("is::audit::Audit", "between %1 B and %2 B active parameters")
                .arg(significantText(a), significantText(b));
        }
    }
    if (input == QLatin1String("acceptance")) {
        switch (bound) {
        case InputBound::AtMost:
            return QCoreApplication::translate("is::audit::Audit",
                                               "speculative decoding accepting at most %1 tokens per step")
                .arg(significantText(a));
        case InputBound::AtLeast:
            return QCoreApplication::translate("is::audit::Audit",
                                               "speculative decoding accepting at least %1 tokens per step")
                .arg(significantText(a));
        default:
            return QCoreApplication::translate("is::audit::Audit",
                                               "speculative decoding accepting %1 to %2 tokens per step")
                .arg(significantText(a), significantText(b));
        }
    }
    if (input == QLatin1String("input_tokens")) {
        switch (bound) {
        case InputBound::AtMost:
            return QCoreApplication::translate("is::audit::Audit", "prompts of at most %1 tokens")
                .arg(significantText(a));
        case InputBound::AtLeast:
            return QCoreApplication::translate("is::audit::Audit", "prompts of at least %1 tokens")
                .arg(significantText(a));
        default:
            return QCoreApplication::translate("is::audit::Audit", "prompts of %1 to %2 tokens")
                .arg(significantText(a), significantText(b));
        }
    }
    switch (bound) {
    case InputBound::AtMost:
        return QCoreApplication::translate("is::audit::Audit", "replies of at most %1 tokens")
            .arg(significantText(a));
    case InputBound::AtLeast:
        return QCoreApplication::translate("is::audit::Audit", "replies of at least %1 tokens")
            .arg(significantText(a));
    default:
        return QCoreApplication::translate("is::audit::Audit", "replies of %1 to %2 tokens")
            .arg(significantText(a), significantText(b));
    }
}

QString inputValueText(const QString& input, double v)
{
    if (input == QLatin1String("active_params"))
        return QCoreApplication::translate("is::audit::Audit", "%1 B active parameters")
            .arg(significantText(v / 1e9));
    if (input == QLatin1String("acceptance"))
        return QCoreApplication::translate("is::audit::Audit", "%1 tokens per decode step")
            .arg(significantText(v));
    if (input == QLatin1String("input_tokens"))
        return QCoreApplication::translate("is::audit::Audit", "prompts of %1 tokens")
            .arg(significantText(v));
    return QCoreApplication::translate("is::audit::Audit", "replies of %1 tokens").arg(significantText(v));
}

} // namespace is::audit::detail

namespace is::audit {

namespace {

// Every unit word of resources/claims, in the audit's translation context (which also names the
// units of its own figures: metricUnit above, the catalog facts in Audit.cpp).
const char* const kDataUnits[] = {
    QT_TRANSLATE_NOOP("is::audit::Audit", "$/M tokens"),
    QT_TRANSLATE_NOOP("is::audit::Audit", "chips"),
    QT_TRANSLATE_NOOP("is::audit::Audit", "cores"),
    QT_TRANSLATE_NOOP("is::audit::Audit", "sequences/s"),
    QT_TRANSLATE_NOOP("is::audit::Audit", "sequences/s/kW"),
    QT_TRANSLATE_NOOP("is::audit::Audit", "tok/s"),
    QT_TRANSLATE_NOOP("is::audit::Audit", "tokens"),
    QT_TRANSLATE_NOOP("is::audit::Audit", "trillion"),
    QT_TRANSLATE_NOOP("is::audit::Audit", "wafers"),
    QT_TRANSLATE_NOOP("is::audit::Audit", "mm2"),
    QT_TRANSLATE_NOOP("is::audit::Audit", "x"),
    // Units the studio writes in words elsewhere in Chinese (毫秒, 千瓦): the claims read the same.
    QT_TRANSLATE_NOOP("is::audit::Audit", "ms"),
    QT_TRANSLATE_NOOP("is::audit::Audit", "s"),
    QT_TRANSLATE_NOOP("is::audit::Audit", "kW"),
    QT_TRANSLATE_NOOP("is::audit::Audit", "MW"),
};

} // namespace

QString unitText(const QString& unit)
{
    for (const char* known : kDataUnits)
        if (unit == QLatin1String(known))
            return QCoreApplication::translate("is::audit::Audit", known);
    return unit;
}

} // namespace is::audit
