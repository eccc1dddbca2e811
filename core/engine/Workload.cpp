// SPDX-License-Identifier: MIT
#include "engine/Workload.h"

#include <QRegularExpression>
#include <QStringList>

namespace is {

QString ParallelPlan::toString() const
{
    QString s = QStringLiteral("TP%1").arg(tp);
    if (pp > 1)
        s += QStringLiteral(" PP%1").arg(pp);
    if (ep > 1)
        s += QStringLiteral(" EP%1").arg(ep);
    if (dp > 1)
        s += QStringLiteral(" DP%1").arg(dp);
    return s;
}

std::optional<ParallelPlan> parallelPlanFromString(const QString& text)
{
    static const QRegularExpression kDegree(QStringLiteral("^(TP|PP|EP|DP)([1-9][0-9]{0,5})$"),
                                            QRegularExpression::CaseInsensitiveOption);
    const QStringList parts = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return std::nullopt;
    ParallelPlan plan;
    QString seen;
    for (const QString& part : parts) {
        const QRegularExpressionMatch m = kDegree.match(part);
        if (!m.hasMatch())
            return std::nullopt;
        const QChar kind = m.captured(1).at(0).toUpper();
        if (seen.contains(kind))
            return std::nullopt;
        seen += kind;
        const int n = m.captured(2).toInt();
        (kind == QLatin1Char('T')   ? plan.tp
         : kind == QLatin1Char('P') ? plan.pp
         : kind == QLatin1Char('E') ? plan.ep
                                    : plan.dp) = n;
    }
    return plan;
}

QString speculativeMethodId(SpeculativeMethod m)
{
    switch (m) {
    case SpeculativeMethod::None:
        return {};
    case SpeculativeMethod::Draft:
        return QStringLiteral("draft");
    case SpeculativeMethod::Medusa:
        return QStringLiteral("medusa");
    case SpeculativeMethod::Eagle3:
        return QStringLiteral("eagle3");
    case SpeculativeMethod::Mtp:
        return QStringLiteral("mtp");
    }
    return {};
}

std::optional<SpeculativeMethod> speculativeMethodFromId(const QString& idIn)
{
    const QString id = idIn.toLower();
    if (id.isEmpty() || id == QLatin1String("none"))
        return SpeculativeMethod::None;
    if (id == QLatin1String("draft"))
        return SpeculativeMethod::Draft;
    if (id == QLatin1String("medusa"))
        return SpeculativeMethod::Medusa;
    if (id == QLatin1String("eagle3") || id == QLatin1String("eagle"))
        return SpeculativeMethod::Eagle3;
    if (id.startsWith(QLatin1String("mtp")))
        return SpeculativeMethod::Mtp;
    return std::nullopt;
}

QString kvAdmissionId(KvAdmission a)
{
    return a == KvAdmission::ReserveFull ? QStringLiteral("reserve-full") : QStringLiteral("on-demand");
}

std::optional<KvAdmission> kvAdmissionFromId(const QString& id)
{
    if (id == QLatin1String("on-demand"))
        return KvAdmission::OnDemand;
    if (id == QLatin1String("reserve-full"))
        return KvAdmission::ReserveFull;
    return std::nullopt;
}

double admittedKvContext(const Workload& w, KvAdmission a)
{
    return a == KvAdmission::ReserveFull ? w.inputTokens + w.outputTokens
                                         : w.inputTokens + w.outputTokens / 2.0;
}

QString attentionDpPrefillId(AttentionDpPrefill a)
{
    return a == AttentionDpPrefill::Independent ? QStringLiteral("independent") : QStringLiteral("aligned");
}

std::optional<AttentionDpPrefill> attentionDpPrefillFromId(const QString& id)
{
    if (id == QLatin1String("aligned"))
        return AttentionDpPrefill::Aligned;
    if (id == QLatin1String("independent"))
        return AttentionDpPrefill::Independent;
    return std::nullopt;
}

QString servingGoalId(ServingGoal g)
{
    switch (g) {
    case ServingGoal::FixedConcurrency:
        return QStringLiteral("fixed");
    case ServingGoal::MaxThroughput:
        return QStringLiteral("offline");
    case ServingGoal::LatencyBounded:
        return QStringLiteral("server");
    }
    return QStringLiteral("fixed");
}

std::optional<ServingGoal> servingGoalFromId(const QString& id)
{
    if (id == QLatin1String("fixed") || id == QLatin1String("single"))
        return ServingGoal::FixedConcurrency;
    if (id == QLatin1String("offline"))
        return ServingGoal::MaxThroughput;
    if (id == QLatin1String("server"))
        return ServingGoal::LatencyBounded;
    return std::nullopt;
}

} // namespace is
