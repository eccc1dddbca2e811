// SPDX-License-Identifier: MIT
#include "planning/PrefillDecodeSplit.h"

#include "cost/CostModel.h"
#include "engine/Engine.h"
#include "engine/EvalContext.h"
#include "engine/Queueing.h"
#include "engine/StepModels.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace is::planning {

PrefillDecodePoint prefillDecodePoint(const Engine& engine, const EvalContext& ctx, const ParallelPlan& plan)
{
    PrefillDecodePoint p;
    const Workload& w = ctx.workload;
    p.replicas = std::max(1, plan.dp);
    // A prefill unit serves one prompt per replica at a time: the engine's figures at one stream
    // per replica, where nothing queues (its TTFT is overhead, prefill and any prefix read-back).
    const Estimate one = engine.evaluate(ctx, plan, p.replicas);
    if (!one.fits)
        return p;
    p.prefillOccupancyS = one.prefillOccupancyS;
    p.handoverS = engine.kvHandoverS(ctx, plan);
    if (p.handoverS < 0)
        return p; // nothing to hand the cache over with
    // Decode units run the largest batch that fits in memory within the TPOT limit.
    const Estimate best = engine.decodeRole(ctx, plan, ServingGoal::LatencyBounded, &p.batchCappedByMemory);
    if (!best.fits || (w.tpotLimitInForce() > 0 && best.tpotS > w.tpotLimitInForce()))
        return p;
    p.decode = best;
    // The first token before any queueing, which the fleet sizing adds for the prefill units it chooses.
    detail::setSplitFirstToken(p.decode, one.ttftS, 0.0, p.handoverS);
    p.firstTokenS = p.decode.ttftS;
    const double firstLimit = w.p99Limits ? p.decode.ttftP99S : p.firstTokenS;
    p.feasible = w.ttftLimitS <= 0 || firstLimit <= w.ttftLimitS;
    return p;
}

cost::FleetRow sizePrefillDecode(const Deployment& d, const PrefillDecodePoint& p, const Workload& w,
                                 const cost::TcoAssumptions& tco, const cost::FleetTarget& target,
                                 long long* prefillUnits, long long* decodeUnits)
{
    using cost::FleetTargetKind;
    cost::FleetRow row;
    row.name = d.name;
    const Estimate& e = p.decode;
    row.unitChips = e.chips;
    row.tpotS = e.tpotS;
    row.tokSUser = e.tokSUser;
    if (!p.feasible || e.tokSTotal <= 0 || e.batch <= 0) {
        row.why = QCoreApplication::translate("is::planning", "no decode batch meets the latency limits");
        return row;
    }
    if (target.kind == FleetTargetKind::PowerMW) {
        row.why = QCoreApplication::translate("is::planning", "a power budget sizes colocated fleets only");
        return row;
    }
    const double headroom = tco.maxUtilisation.value;
    // The streams decoding at once and the requests a second, whichever the target states.
    const double tokS =
        target.kind == FleetTargetKind::Users ? target.value * e.tokSUser : target.value * w.outputTokens;
    const double rps = tokS / w.outputTokens;
    const double users = tokS / e.tokSUser;
    const long long decode = static_cast<long long>(std::ceil(users / (e.batch * headroom) - 1e-9));

    // Prefill replicas queue requests (M/D/1): at utilisation rho the mean wait is
    // occ rho / (2 (1 - rho)). The TTFT limit leaves `slack` for it; the TCO caps rho too.
    const double occ = p.prefillOccupancyS;
    double rho = headroom;
    if (w.ttftLimitS > 0 && occ > 0) {
        const double fixed = w.p99Limits ? e.ttftP99S : e.ttftS;
        const double slack = w.ttftLimitS - fixed;
        const double factor = w.p99Limits ? detail::kP99WaitFactor : 1.0;
        if (slack <= 0) {
            row.why =
                QCoreApplication::translate("is::planning", "the first token needs %1 ms before any queueing")
                    .arg(fixed * 1000.0, 0, 'f', 0);
            return row;
        }
        rho = std::min(rho, 2.0 * slack / (factor * occ + 2.0 * slack));
    }
    const long long prefill =
        occ > 0 ? std::max(1LL, static_cast<long long>(std::ceil(rps * occ / (rho * p.replicas) - 1e-9))) : 0;
    const double prefillRho = prefill > 0 ? rps * occ / (prefill * p.replicas) : 0.0;
    const double wait = prefillRho < 1 ? occ * prefillRho / (2.0 * (1.0 - prefillRho)) : 0.0;

    const cost::DeploymentCostInputs unit = cost::costInputs(d, QString(), e.chips, tco);
    const long long units = prefill + decode;
    row.feasible = true;
    row.units = units;
    row.unitSystems = unit.systems;
    row.unitUsers = e.batch;
    row.unitTokS = e.tokSTotal;
    row.unitRps = requestsPerS(e, w);
    row.ttftS = w.p99Limits ? e.ttftP99S + wait * detail::kP99WaitFactor : e.ttftS + wait;
    row.unitFacilityW = unit.power.facilityPowerW(unit.power.utilisationOf(e));
    row.unitPeakFacilityW = unit.power.peakFacilityPowerW();
    row.chips = units * e.chips;
    row.systems = units * unit.systems;
    row.capexUsd = units * unit.capexUsd;
    row.peakMW = units * row.unitPeakFacilityW / 1e6;
    row.tokS = tokS;
    row.users = users;
    row.rps = rps;
    const double decodeLoad = users / (decode * e.batch);
    row.load = (decodeLoad * decode + prefillRho * prefill) / units;
    // A prefill unit computes flat out while it works and idles between prompts.
    const double idleW = unit.power.idleFacilityPowerW();
    const double avgW = decode * (decodeLoad * row.unitFacilityW + (1.0 - decodeLoad) * idleW) +
                        prefill * (prefillRho * row.unitPeakFacilityW + (1.0 - prefillRho) * idleW);
    row.facilityMW = avgW / 1e6;
    const cost::HourlyCost h = cost::hourlyCost(unit, tco, avgW, static_cast<double>(units));
    const double busyPrefill = prefill * prefillRho;
    const double busy = busyPrefill + decode * decodeLoad;
    row.costs = cost::tokenCosts(h, tokS, tokS * w.inputTokens / w.outputTokens,
                                 busy > 0 ? busyPrefill / busy : 0.0, users, avgW);
    *prefillUnits = prefill;
    *decodeUnits = decode;
    return row;
}

UnitRatio smallestUnitRatio(long long prefillUnits, long long decodeUnits, double tolerance)
{
    if (prefillUnits <= 0 || decodeUnits <= 0)
        return {};
    const long long total = prefillUnits + decodeUnits;
    const double share = static_cast<double>(prefillUnits) / static_cast<double>(total);
    // The exact ratio (total / gcd units) always qualifies, so the loop ends there at the latest.
    const long long exact = total / std::gcd(prefillUnits, decodeUnits);
    for (long long n = 2; n < exact; ++n) {
        const auto prefill = static_cast<long long>(std::ceil(static_cast<double>(n) * share - 1e-9));
        if (prefill >= n)
            continue;
        const double n_ = static_cast<double>(n);
        if (static_cast<double>(prefill) / n_ <= share * (1.0 + tolerance) &&
            static_cast<double>(n - prefill) / n_ >= (1.0 - share) * (1.0 - tolerance))
            return {prefill, n - prefill};
    }
    return {prefillUnits / (total / exact), decodeUnits / (total / exact)};
}

} // namespace is::planning
