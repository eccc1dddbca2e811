// SPDX-License-Identifier: MIT
#include "Names.h"

#include "Units.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include <optional>

namespace is::gui::names {

QString sourceKind(SourceKind k)
{
    switch (k) {
    case SourceKind::Datasheet:
        return QCoreApplication::translate("names", "datasheet");
    case SourceKind::VendorClaim:
        return QCoreApplication::translate("names", "vendor claim");
    case SourceKind::ThirdParty:
        return QCoreApplication::translate("names", "third party");
    case SourceKind::Measured:
        return QCoreApplication::translate("names", "measured");
    case SourceKind::Calibrated:
        return QCoreApplication::translate("names", "calibrated");
    case SourceKind::Assumed:
        return QCoreApplication::translate("names", "assumed");
    case SourceKind::Speculation:
        return QCoreApplication::translate("names", "speculation");
    }
    return {};
}

QString deviceClass(DeviceClass c)
{
    switch (c) {
    case DeviceClass::HbmAccelerator:
        return QCoreApplication::translate("names", "HBM accelerator");
    case DeviceClass::SramDataflow:
        return QCoreApplication::translate("names", "SRAM dataflow");
    case DeviceClass::Tiered:
        return QCoreApplication::translate("names", "tiered memory (SRAM + HBM + DDR)");
    case DeviceClass::Cpu:
        return QCoreApplication::translate("names", "CPU");
    }
    return {};
}

QString precision(Precision p)
{
    // Format names are the same in every language.
    return precisionId(p).toUpper();
}

QString attention(AttentionKind k)
{
    switch (k) {
    case AttentionKind::MHA:
        return QCoreApplication::translate("names", "MHA (multi-head)");
    case AttentionKind::GQA:
        return QCoreApplication::translate("names", "GQA (grouped-query)");
    case AttentionKind::MQA:
        return QCoreApplication::translate("names", "MQA (multi-query)");
    case AttentionKind::MLA:
        return QCoreApplication::translate("names", "MLA (latent KV)");
    }
    return {};
}

QString goal(ServingGoal g)
{
    switch (g) {
    case ServingGoal::FixedConcurrency:
        return QCoreApplication::translate("names", "Fixed concurrency");
    case ServingGoal::MaxThroughput:
        return QCoreApplication::translate("names", "Offline (max throughput)");
    case ServingGoal::LatencyBounded:
        return QCoreApplication::translate("names", "Server (latency targets)");
    }
    return {};
}

QString mode(ExecutionMode m)
{
    switch (m) {
    case ExecutionMode::Auto:
        return QCoreApplication::translate("names", "Automatic");
    case ExecutionMode::Resident:
        return QCoreApplication::translate("names", "Weights resident");
    case ExecutionMode::WeightStreaming:
        return QCoreApplication::translate("names", "Weight streaming");
    }
    return {};
}

QString kvAdmission(KvAdmission a)
{
    return a == KvAdmission::ReserveFull ? QCoreApplication::translate("names", "Whole length (TensorRT-LLM)")
                                         : QCoreApplication::translate("names", "On demand (vLLM, SGLang)");
}

QString attentionDpPrefill(AttentionDpPrefill a)
{
    return a == AttentionDpPrefill::Independent ? QCoreApplication::translate("names", "Each rank on its own")
                                                : QCoreApplication::translate("names", "All ranks together");
}

QString speculative(SpeculativeMethod m)
{
    switch (m) {
    case SpeculativeMethod::None:
        return QCoreApplication::translate("names", "None");
    case SpeculativeMethod::Draft:
        return QCoreApplication::translate("names", "Draft model");
    case SpeculativeMethod::Medusa:
        return QCoreApplication::translate("names", "Medusa heads");
    case SpeculativeMethod::Eagle3:
        return QCoreApplication::translate("names", "EAGLE-3");
    case SpeculativeMethod::Mtp:
        return QCoreApplication::translate("names", "Multi-token prediction");
    }
    return {};
}

QString execution(const Estimate& e)
{
    const QString& m = e.mode;
    if (m == QLatin1String("resident"))
        return QCoreApplication::translate("names", "weights resident");
    if (m == QLatin1String("pipelined"))
        return QCoreApplication::translate("names", "layers pipelined across chips");
    if (m == QLatin1String("weight-streaming"))
        return QCoreApplication::translate("names", "weights streamed");
    if (m == QLatin1String("attention-ffn"))
        return QCoreApplication::translate("names", "attention and FFN on two pools");
    if (m == QLatin1String("prefill-decode"))
        return QCoreApplication::translate("names", "%1 of %2 replicas prefill, the rest decode")
            .arg(e.prefillReplicas)
            .arg(e.plan.dp);
    return m;
}

QString bottleneck(Bottleneck b)
{
    switch (b) {
    case Bottleneck::Compute:
        return QCoreApplication::translate("names", "compute");
    case Bottleneck::MemoryBandwidth:
        return QCoreApplication::translate("names", "memory bandwidth");
    case Bottleneck::Communication:
        return QCoreApplication::translate("names", "communication");
    case Bottleneck::DataflowLatency:
        return QCoreApplication::translate("names", "dataflow latency");
    case Bottleneck::Overhead:
        return QCoreApplication::translate("names", "per-layer overhead");
    case Bottleneck::Capacity:
        return QCoreApplication::translate("names", "capacity");
    case Bottleneck::WeightStreaming:
        return QCoreApplication::translate("names", "weight streaming");
    }
    return {};
}

QString latencyTarget(LatencyTarget t)
{
    switch (t) {
    case LatencyTarget::Ttft:
        return QCoreApplication::translate("names", "TTFT");
    case LatencyTarget::Tpot:
        return QCoreApplication::translate("names", "TPOT");
    }
    return {};
}

QString missedTargets(const std::vector<TargetMiss>& missed)
{
    QStringList parts;
    for (const TargetMiss& m : missed)
        parts << QCoreApplication::translate("names", "%1 target %2: %3")
                     .arg(latencyTarget(m.target), units::seconds(m.limitS), units::seconds(m.valueS));
    if (parts.isEmpty())
        return {};
    return QCoreApplication::translate("names", "misses %1")
        .arg(parts.join(QCoreApplication::translate("names", ", ")));
}

namespace {

// `text` without `suffix` where it ends with it ("Kimi K2" of "Kimi K2 base").
std::optional<QString> stemBefore(const QString& text, const char* suffix)
{
    const QLatin1String end(suffix);
    if (!text.endsWith(end))
        return std::nullopt;
    return text.chopped(end.size());
}

} // namespace

QString catalogName(const QString& name)
{
    static const QRegularExpression qualified(QStringLiteral("^(.*\\S) \\(([^()]*)\\)$"));
    const QRegularExpressionMatch m = qualified.match(name);
    if (!m.hasMatch())
        return name;
    QStringList parts;
    for (const QString& raw : m.captured(2).split(QLatin1Char(','))) {
        const QString part = raw.trimmed();
        if (part == QLatin1String("speculative"))
            parts << QCoreApplication::translate("names", "speculative", "a catalog model's qualifier");
        else if (const auto stem = stemBefore(part, " base"))
            parts << QCoreApplication::translate("names", "%1 base", "a catalog model built on another")
                         .arg(*stem);
        else if (const auto releases = stemBefore(part, " share the architecture"))
            parts << QCoreApplication::translate("names", "%1 share the architecture",
                                                 "later releases of a catalog model")
                         .arg(*releases);
        else if (const auto builtAs = stemBefore(part, " architecture"))
            parts << QCoreApplication::translate("names", "%1 architecture",
                                                 "the model a catalog model is built as")
                         .arg(*builtAs);
        else
            parts << part;
    }
    return QCoreApplication::translate("names", "%1 (%2)", "a catalog model's name and qualifiers")
        .arg(m.captured(1), parts.join(QCoreApplication::translate("names", ", ", "between qualifiers")));
}

} // namespace is::gui::names
