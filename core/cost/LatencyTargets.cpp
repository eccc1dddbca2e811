// SPDX-License-Identifier: MIT
#include "cost/LatencyTargets.h"

#include "engine/Workload.h"

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

SloTargets resolveSlo(const Workload& workload, const StatedSlo& serving, const StatedSlo& commandLine)
{
    const StatedSlo limits{workload.ttftLimitS, workload.tpotLimitS};
    SloOrigin origin = SloOrigin::Assumed;
    if (commandLine.any())
        origin = SloOrigin::CommandLine;
    else if (serving.any())
        origin = SloOrigin::ServingSlo;
    else if (limits.any())
        origin = SloOrigin::WorkloadLimits;
    if (origin == SloOrigin::Assumed)
        return SloTargets{};
    const auto pick = [](double cli, double slo, double limit) {
        return cli > 0 ? cli : slo > 0 ? slo : limit;
    };
    SloTargets t;
    t.ttftS = pick(commandLine.ttftS, serving.ttftS, limits.ttftS);
    t.tpotS = pick(commandLine.tpotS, serving.tpotS, limits.tpotS);
    t.origin = origin;
    t.source = sloSourceText(origin);
    return t;
}

} // namespace is::cost
