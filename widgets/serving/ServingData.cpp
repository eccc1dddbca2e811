// SPDX-License-Identifier: MIT
#include "serving/ServingData.h"

#include "cost/ServingPointCost.h"
#include "engine/Engine.h"
#include "scenario/Scenario.h"

namespace servingdata {

CostInputs prepareCost(const is::Scenario& s, const is::Engine& engine)
{
    CostInputs in;
    in.workload = s.workload;
    QString error;
    auto tco = is::cost::tcoFor(s, &error);
    if (!tco) {
        in.error = error;
        return in;
    }
    in.tco = *tco;
    auto resolved = is::resolveScenario(s, engine.catalog(), &error);
    if (!resolved) {
        in.error = error;
        return in;
    }
    for (is::ResolvedDeployment& r : *resolved) {
        CostPoint p;
        p.docId = r.docId;
        p.name = r.deployment.name;
        QString err;
        auto e = engine.estimate(r.deployment, r.model.resolve(is::Bound::Mid), s.workload, s.goal, in.tco.engineCost(), &err);
        if (!e)
            p.why = err;
        else if (!e->fits)
            p.why = e->why;
        else
            p.estimate = *e;
        p.ok = e && e->fits && e->tokSTotal > 0;
        p.resolved = std::move(r);
        in.points.push_back(std::move(p));
    }
    return in;
}

is::cost::HourlyCost perMTokBreakdown(const CostInputs& in, const CostPoint& p, const is::cost::TcoAssumptions& tco)
{
    if (!p.ok)
        return {};
    const is::cost::ServingPointCost c =
        is::cost::servingPointCost(p.resolved.deployment, p.docId, p.estimate, in.workload, tco);
    return is::cost::perMillionTokens(c.costs.hourly, c.servedTokS);
}

double perMTokTotal(const CostInputs& in, const CostPoint& p, const is::cost::TcoAssumptions& tco)
{
    if (!p.ok)
        return 0;
    return is::cost::servingPointCost(p.resolved.deployment, p.docId, p.estimate, in.workload, tco).costs.usdPerMTok;
}

std::vector<double> sweepValues(SweepKind k, int points)
{
    // The ranges the issue asks for: 2 to 30 cents per kWh, 10 % to 100 % of hours used.
    const double lo = k == SweepKind::ElectricityPrice ? 0.02 : 0.1;
    const double hi = k == SweepKind::ElectricityPrice ? 0.30 : 1.0;
    std::vector<double> v;
    for (int i = 0; i < points; ++i)
        v.push_back(lo + (hi - lo) * i / std::max(1, points - 1));
    return v;
}

is::cost::TcoAssumptions varied(const is::cost::TcoAssumptions& base, SweepKind k, double value)
{
    is::cost::TcoAssumptions t = base;
    if (k == SweepKind::ElectricityPrice)
        t.usdPerKWh.value = value;
    else
        t.utilisation.value = value;
    return t;
}

} // namespace servingdata
