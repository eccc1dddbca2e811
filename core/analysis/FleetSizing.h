// SPDX-License-Identifier: MIT
#pragma once

#include "cost/CostModel.h"
#include "cost/LatencyTargets.h"
#include "cost/TcoAssumptions.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace is {
class Engine;
struct Deployment;
struct Estimate;
struct Scenario;
struct Workload;
} // namespace is

namespace is::cost {

// The load a fleet must carry, or the power it may draw.
enum class FleetTargetKind { Users, RequestsPerS, PowerMW };
struct FleetTarget
{
    FleetTargetKind kind = FleetTargetKind::Users;
    double value = 0;
};
QString fleetTargetKindId(FleetTargetKind k);
// The largest target sizeFleet takes: past it a target is a typo, not a fleet (more users than
// people, more requests a second than the world's search engines serve a day, more power than a
// country draws).
double fleetTargetLimit(FleetTargetKind k);

// One deployment type, sized. A "unit" is one copy of the scenario's deployment (its chips and
// plan); the fleet is `units` copies.
struct FleetRow
{
    QString docId;
    QString name;
    QString modelName;
    bool feasible = false;
    QString why; // when not feasible

    // One unit at its serving point (the best throughput that meets the latency targets).
    int unitChips = 0;
    int unitSystems = 0;
    double unitUsers = 0; // concurrent streams
    double unitTokS = 0;  // output tokens/s
    double unitRps = 0;
    double ttftS = 0;
    double tpotS = 0;
    double tokSUser = 0;
    double unitFacilityW = 0;     // at the serving point
    double unitPeakFacilityW = 0; // nameplate, for power budgets

    // The fleet.
    long long units = 0;
    long long chips = 0;
    long long systems = 0;
    double capexUsd = 0;
    double facilityMW = 0; // average draw at the served load
    double peakMW = 0;
    // The load the fleet carries: the target, or for a power budget what its units carry at the
    // same headroom (TcoAssumptions::maxUtilisation) a load target sizes them with.
    double tokS = 0;
    double users = 0;
    double rps = 0;
    double load = 0; // share of the fleet's capacity in use
    TokenCosts costs;
};

struct FleetResult
{
    FleetTarget target;
    SloTargets slo;
    double maxUtilisation = 0; // a load target: each unit carries at most this share of its capacity
    double utilisation = 0;    // a power budget: the share of hours its capacity serves paying load
    std::vector<FleetRow> rows;
};

// Sizes every deployment of the scenario for the target: the engine finds each unit's serving
// point under the latency targets (Engine::estimate, latency-bounded), the fleet is the smallest
// number of units that carries the load at the TCO's maximum utilisation, or the largest whose
// peak facility power fits the budget. Rows that cannot meet the targets say why. `slo` is used
// as given: resolveSlo (LatencyTargets.h) applies the precedence and the assumed defaults.
std::optional<FleetResult> sizeFleet(const Scenario& s, const Engine& engine, const TcoAssumptions& tco,
                                     const FleetTarget& target, const SloTargets& slo, QString* error);

// One deployment sized from its unit's serving point `e` (Engine::estimate or Engine::bestBatch,
// latency-bounded, under `w`'s limits): what sizeFleet does for each deployment once the engine
// has found that point, and what the deployment search (core/planning) does for each candidate.
// `docId` keys the TCO's per-deployment price overrides (empty: catalog prices).
FleetRow sizeServingPoint(const Deployment& d, const QString& docId, const Estimate& e, const Workload& w,
                          const TcoAssumptions& tco, const FleetTarget& target, const SloTargets& slo);

// The Fleet view's target until the user picks another, and `inference-studio fleet`'s default.
inline constexpr double kDefaultFleetUsers = 10000;

// What the Fleet view and `inference-studio fleet` size: the scenario's TCO assumptions, the
// latency targets of its serving section, else its workload's (the same rule as `size`), and
// sizeFleet for the target. nullopt with `error` when a section of the scenario is malformed.
std::optional<FleetResult> analyseFleet(const Scenario& s, const Engine& engine, const FleetTarget& target,
                                        QString* error);

// The `size --json` contract.
QJsonObject fleetResultToJson(const FleetResult& r);

} // namespace is::cost
