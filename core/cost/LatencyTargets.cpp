// SPDX-License-Identifier: MIT
#include "cost/LatencyTargets.h"

#include "engine/Workload.h"

#include <QCoreApplication>

namespace is::cost {

QString sloSourceText(SloOrigin origin)
{
    switch (origin) {
    case SloOrigin::CommandLine:
        return QStringLiteral("command line");
    case SloOrigin::ServingSlo:
    case SloOrigin::WorkloadLimits:
        return QStringLiteral("scenario");
    case SloOrigin::Assumed:
        break;
    }
    return QStringLiteral("assumed: interactive chat, first token within %1 s and %2 tokens/s per user")
        .arg(QString::number(kDefaultTtftS, 'g', 3), QString::number(1.0 / kDefaultTpotS, 'g', 3));
}

QString sloLimitsText(const SloTargets& slo, SloText style)
{
    // Milliseconds to six significant digits without trailing zeros: 500, 12.5, 0.04.
    const auto ms = [](double s) { return QString::number(s * 1000, 'g', 6); };
    const QString ttft =
        slo.ttftS > 0
            ? QCoreApplication::translate("is::cost::LatencyTargets", "TTFT ≤ %1 ms").arg(ms(slo.ttftS))
            : QCoreApplication::translate("is::cost::LatencyTargets", "no TTFT limit");
    const QString tpot =
        slo.tpotS > 0
            ? QCoreApplication::translate("is::cost::LatencyTargets", "TPOT ≤ %1 ms").arg(ms(slo.tpotS))
            : QCoreApplication::translate("is::cost::LatencyTargets", "no TPOT limit");
    if (style == SloText::StatedOnly && (slo.ttftS > 0) != (slo.tpotS > 0))
        return slo.ttftS > 0 ? ttft : tpot;
    return QCoreApplication::translate("is::cost::LatencyTargets", "%1 and %2").arg(ttft, tpot);
}

SloTargets resolveSlo(const Workload& workload, const StatedSlo& serving, const StatedSlo& commandLine)
{
    const StatedSlo limits{workload.ttftLimitS, workload.tpotLimitInForce()};
    SloOrigin origin = SloOrigin::Assumed;
    if (commandLine.any())
        origin = SloOrigin::CommandLine;
    else if (serving.any())
        origin = SloOrigin::ServingSlo;
    else if (limits.any())
        origin = SloOrigin::WorkloadLimits;
    const auto pick = [](double cli, double slo, double limit) {
        return cli > 0 ? cli : slo > 0 ? slo : limit;
    };
    SloTargets t; // the assumed targets where no layer states any
    if (origin != SloOrigin::Assumed) {
        t.ttftS = pick(commandLine.ttftS, serving.ttftS, limits.ttftS);
        t.tpotS = pick(commandLine.tpotS, serving.tpotS, limits.tpotS);
        t.origin = origin;
        t.source = sloSourceText(origin);
    }
    // A TPOT target, stated or assumed, does not apply without a decode (Workload::tpotLimitInForce).
    if (!workload.decodes())
        t.tpotS = 0;
    return t;
}

} // namespace is::cost
