// SPDX-License-Identifier: MIT
#include "cost/ServingPointCost.h"

#include "engine/Deployment.h"
#include "engine/Estimate.h"

#include <algorithm>

namespace is::cost {

double prefillShareOf(const Estimate& e, int replicas, double outputTokens)
{
    const double b = std::max(1.0, static_cast<double>(e.batch) / std::max(1, replicas));
    const double prefill = b * e.prefillOccupancyS;
    const double decode = outputTokens / std::max(1.0, e.acceptance) * e.decodeStepS;
    return prefill + decode > 0 ? prefill / (prefill + decode) : 0.0;
}

HourlyCost perMillionTokens(const HourlyCost& h, double tokS)
{
    if (tokS <= 0)
        return {};
    const double f = 1e6 / (tokS * 3600.0);
    return HourlyCost{h.capital * f, h.maintenance * f, h.energy * f, h.space * f, h.rental * f};
}

ServingPointCost servingPointCost(const Deployment& d, const QString& docId, const Estimate& e,
                                  const Workload& w, const TcoAssumptions& t)
{
    ServingPointCost c;
    c.inputs = costInputs(d, docId, e.chips, t);
    const PowerModel& p = c.inputs.power;
    const double u = t.utilisation.value;
    c.servingFacilityW = p.facilityPowerW(p.utilisationOf(e));
    c.avgFacilityW = u * c.servingFacilityW + (1.0 - u) * p.idleFacilityPowerW();
    c.servedTokS = e.tokSTotal * u;
    const int replicas = servingReplicas(e);
    c.prefillShare = prefillShareOf(e, replicas, w.outputTokens);
    const HourlyCost h = hourlyCost(c.inputs, t, c.avgFacilityW);
    c.costs = tokenCosts(h, c.servedTokS, c.servedTokS * w.inputTokens / w.outputTokens, c.prefillShare,
                         e.batch * u, c.avgFacilityW);
    return c;
}

void price(Estimate& e, const Deployment& d, const QString& docId, const Workload& w, const TcoAssumptions& t)
{
    if (e.chips <= 0 || !d.device) {
        e.usdPerHour = e.usdPerMTok = 0;
        return;
    }
    const ServingPointCost c = servingPointCost(d, docId, e, w, t);
    e.usdPerHour = c.costs.hourly.total();
    e.usdPerMTok = c.costs.usdPerMTok;
    if (e.split && d.ffnPool) {
        e.split->attentionCapexUsd = c.inputs.capexUsd - c.inputs.ffnPoolCapexUsd;
        e.split->ffnCapexUsd = c.inputs.ffnPoolCapexUsd;
    }
}

void price(RangedEstimate& e, const Deployment& d, const QString& docId, const Workload& w,
           const TcoAssumptions& t)
{
    for (Estimate* point : {&e.mid, &e.low, &e.high})
        price(*point, d, docId, w, t);
}

} // namespace is::cost
