// SPDX-License-Identifier: MIT
#include "analysis/CostAnalysis.h"

#include "cost/ServingPointCost.h"
#include "engine/Engine.h"
#include "scenario/Scenario.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace is::cost {

namespace {

// What a chart can draw: a cost is finite and not negative.
double drawn(double v)
{
    return std::isfinite(v) ? std::max(0.0, v) : 0.0;
}

CostSweep sweep(const CostInputs& in, SweepKind k)
{
    CostSweep s;
    s.kind = k;
    s.values = sweepValues(k);
    s.scenarioValue = k == SweepKind::ElectricityPrice ? in.tco.usdPerKWh.value : in.tco.utilisation.value;
    for (const CostPoint& p : in.points) {
        if (!p.ok)
            continue;
        CostCurve c{p.docId, p.name, {}};
        for (double v : s.values)
            c.usdPerMTok.push_back(drawn(perMTokTotal(in, p, varied(in.tco, k, v))));
        s.curves.push_back(std::move(c));
    }
    return s;
}

QJsonObject sweepToJson(const CostSweep& s)
{
    QJsonObject o;
    o[QStringLiteral("parameter")] = sweepKindId(s.kind);
    QJsonArray values;
    for (double v : s.values)
        values.append(v);
    o[QStringLiteral("values")] = values;
    o[QStringLiteral("scenario_value")] = s.scenarioValue;
    QJsonArray curves;
    for (const CostCurve& c : s.curves) {
        QJsonArray costs;
        for (double v : c.usdPerMTok)
            costs.append(v);
        curves.append(QJsonObject{{QStringLiteral("id"), c.docId},
                                  {QStringLiteral("name"), c.name},
                                  {QStringLiteral("usd_per_mtok"), costs}});
    }
    o[QStringLiteral("deployments")] = curves;
    return o;
}

} // namespace

CostInputs prepareCost(const Scenario& s, const Engine& engine)
{
    CostInputs in;
    in.workload = s.workload;
    QString error;
    in.tco = s.tco;
    auto resolved = resolveScenario(s, engine.catalog(), &error);
    if (!resolved) {
        in.error = error;
        return in;
    }
    for (ResolvedDeployment& r : *resolved) {
        CostPoint p;
        p.docId = r.docId;
        p.name = r.deployment.name;
        QString err;
        auto e = engine.estimate(r.deployment, r.model.resolve(Bound::Mid), s.workload, s.goal, in.tco, &err);
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

HourlyCost perMTokBreakdown(const CostInputs& in, const CostPoint& p, const TcoAssumptions& tco)
{
    if (!p.ok)
        return {};
    const ServingPointCost c = servingPointCost(p.resolved.deployment, p.docId, p.estimate, in.workload, tco);
    return perMillionTokens(c.costs.hourly, c.servedTokS);
}

double perMTokTotal(const CostInputs& in, const CostPoint& p, const TcoAssumptions& tco)
{
    if (!p.ok)
        return 0;
    return servingPointCost(p.resolved.deployment, p.docId, p.estimate, in.workload, tco).costs.usdPerMTok;
}

std::vector<double> sweepValues(SweepKind k, int points)
{
    const double lo = k == SweepKind::ElectricityPrice ? 0.02 : 0.1;
    const double hi = k == SweepKind::ElectricityPrice ? 0.30 : 1.0;
    std::vector<double> v;
    v.reserve(static_cast<std::size_t>(std::max(points, 0)));
    for (int i = 0; i < points; ++i)
        v.push_back(lo + (hi - lo) * i / std::max(1, points - 1));
    return v;
}

TcoAssumptions varied(const TcoAssumptions& base, SweepKind k, double value)
{
    TcoAssumptions t = base;
    if (k == SweepKind::ElectricityPrice)
        t.usdPerKWh.value = value;
    else
        t.utilisation.value = value;
    return t;
}

QString sweepKindId(SweepKind k)
{
    return k == SweepKind::ElectricityPrice ? QStringLiteral("usd_per_kwh") : QStringLiteral("utilisation");
}

CostAnalysis analyseCost(const Scenario& s, const Engine& engine)
{
    CostAnalysis a;
    a.inputs = prepareCost(s, engine);
    for (const CostPoint& p : a.inputs.points) {
        HourlyCost h = perMTokBreakdown(a.inputs, p, a.inputs.tco);
        for (double* part : {&h.capital, &h.maintenance, &h.energy, &h.space, &h.rental})
            *part = drawn(*part);
        a.breakdown.push_back(h);
    }
    a.electricity = sweep(a.inputs, SweepKind::ElectricityPrice);
    a.utilisation = sweep(a.inputs, SweepKind::Utilisation);
    return a;
}

QJsonObject costAnalysisToJson(const CostAnalysis& a)
{
    QJsonArray deployments;
    for (size_t i = 0; i < a.inputs.points.size(); ++i) {
        const CostPoint& p = a.inputs.points[i];
        const HourlyCost& h = a.breakdown[i];
        QJsonObject d{{QStringLiteral("id"), p.docId},
                      {QStringLiteral("name"), p.name},
                      {QStringLiteral("ok"), p.ok},
                      {QStringLiteral("capital_usd_per_mtok"), h.capital},
                      {QStringLiteral("maintenance_usd_per_mtok"), h.maintenance},
                      {QStringLiteral("energy_usd_per_mtok"), h.energy},
                      {QStringLiteral("space_usd_per_mtok"), h.space},
                      {QStringLiteral("rental_usd_per_mtok"), h.rental},
                      {QStringLiteral("total_usd_per_mtok"), h.total()}};
        if (!p.ok)
            d[QStringLiteral("why")] = p.why;
        deployments.append(d);
    }
    QJsonObject o;
    o[QStringLiteral("deployments")] = deployments;
    o[QStringLiteral("sweeps")] = QJsonArray{sweepToJson(a.electricity), sweepToJson(a.utilisation)};
    if (!a.inputs.error.isEmpty())
        o[QStringLiteral("error")] = a.inputs.error;
    return o;
}

} // namespace is::cost
