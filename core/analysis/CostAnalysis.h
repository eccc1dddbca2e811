// SPDX-License-Identifier: MIT
#pragma once

#include "cost/CostModel.h"
#include "cost/TcoAssumptions.h"
#include "engine/Estimate.h"
#include "scenario/ScenarioEvaluation.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace is {
class Engine;
struct Scenario;
} // namespace is

// The Cost view's numbers and `inference-studio cost`'s: one engine serving point per deployment
// (computed once), then servingPointCost for any variation of the TCO assumptions (cheap, so the
// sensitivity sweeps re-cost rather than re-estimate).
namespace is::cost {

struct CostPoint
{
    QString docId;
    QString name;
    bool ok = false;
    QString why;
    ResolvedDeployment resolved;
    Estimate estimate;
};

struct CostInputs
{
    Workload workload;
    TcoAssumptions tco;
    std::vector<CostPoint> points;
    QString error; // the scenario cannot be costed at all
};

// Resolves the scenario and estimates every deployment at the scenario's goal (engine work).
CostInputs prepareCost(const Scenario& s, const Engine& engine);

// $/M output tokens by component (capital, maintenance, energy, space, rental) for one deployment
// under `tco`; all zero when the point is not ok or serves nothing.
HourlyCost perMTokBreakdown(const CostInputs& in, const CostPoint& p, const TcoAssumptions& tco);
// The total that servingPointCost reports for the same inputs (the bars must add up to it).
double perMTokTotal(const CostInputs& in, const CostPoint& p, const TcoAssumptions& tco);

// Sweep axes of the sensitivity charts: 2 to 30 cents per kWh, 10 % to 100 % of hours used.
enum class SweepKind { ElectricityPrice, Utilisation };
std::vector<double> sweepValues(SweepKind k, int points = 29);
// A copy of `base` with the swept assumption set to `value`.
TcoAssumptions varied(const TcoAssumptions& base, SweepKind k, double value);

// One deployment's line on a sensitivity chart: $/M tokens at each of the sweep's values.
struct CostCurve
{
    QString docId;
    QString name;
    std::vector<double> usdPerMTok;
};
struct CostSweep
{
    SweepKind kind = SweepKind::ElectricityPrice;
    std::vector<double> values;    // the swept assumption (USD/kWh, or utilisation as a fraction)
    double scenarioValue = 0;      // the scenario's own assumption (the chart's marker)
    std::vector<CostCurve> curves; // the deployments that serve tokens, in document order
};

// Everything the Cost charts draw. Drawn values are finite and not negative (a deployment that
// serves nothing costs 0 on the stack and has no curve).
struct CostAnalysis
{
    CostInputs inputs;
    std::vector<HourlyCost> breakdown; // per deployment, in document order
    CostSweep electricity;
    CostSweep utilisation;
    const CostSweep& sweep(SweepKind k) const
    {
        return k == SweepKind::ElectricityPrice ? electricity : utilisation;
    }
};
CostAnalysis analyseCost(const Scenario& s, const Engine& engine);

// The `cost --json` contract (README): the stack and both sweeps.
QJsonObject costAnalysisToJson(const CostAnalysis& a);
QString sweepKindId(SweepKind k);

} // namespace is::cost
