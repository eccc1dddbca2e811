// SPDX-License-Identifier: MIT
#pragma once

#include "cost/CostModel.h"
#include "cost/FleetSizing.h"
#include "cost/TcoAssumptions.h"
#include "engine/Estimate.h"
#include "scenario/ScenarioEvaluation.h"

#include <QString>

#include <optional>
#include <vector>

namespace is {
class Engine;
struct Scenario;
}

// The Cost view's numbers, gathered from core only: one engine serving point per deployment
// (computed once), then servingPointCost for any variation of the TCO assumptions (cheap, so the
// sensitivity sweeps re-cost rather than re-estimate).
namespace servingdata {

struct CostPoint
{
    QString docId;
    QString name;
    bool ok = false;
    QString why;
    is::ResolvedDeployment resolved;
    is::Estimate estimate;
};

struct CostInputs
{
    is::Workload workload;
    is::cost::TcoAssumptions tco;
    std::vector<CostPoint> points;
    QString error; // the scenario cannot be costed at all
};

// Resolves the scenario and estimates every deployment at the scenario's goal.
CostInputs prepareCost(const is::Scenario& s, const is::Engine& engine);

// $/M output tokens by component (capital, maintenance, energy, space, rental) for one deployment
// under `tco`; all zero when the point is not ok or serves nothing.
is::cost::HourlyCost perMTokBreakdown(const CostInputs& in, const CostPoint& p, const is::cost::TcoAssumptions& tco);
// The total that servingPointCost reports for the same inputs (the bars must add up to it).
double perMTokTotal(const CostInputs& in, const CostPoint& p, const is::cost::TcoAssumptions& tco);

// Sweep axes of the sensitivity charts.
enum class SweepKind { ElectricityPrice, Utilisation };
std::vector<double> sweepValues(SweepKind k, int points = 29);
// A copy of `base` with the swept assumption set to `value`.
is::cost::TcoAssumptions varied(const is::cost::TcoAssumptions& base, SweepKind k, double value);

} // namespace servingdata
