// SPDX-License-Identifier: MIT
#pragma once

#include "cost/CostModel.h"
#include "cost/LatencyTargets.h"
#include "cost/TcoAssumptions.h"
#include "engine/Engine.h"
#include "serving/ServingConfig.h"
#include "serving/SimResult.h"

#include <QJsonObject>

#include <atomic>
#include <optional>
#include <vector>

namespace is {
struct Scenario;
}

namespace is::serving {

// One deployment of a scenario under simulated load, with its energy and cost.
struct DeploymentSimulation
{
    QString docId;
    QString name;
    QString modelName;
    bool ok = false;
    QString why; // when it could not be simulated

    int chips = 0; // as simulated (disaggregated pools may differ from the scenario)
    int replicas = 0;
    ParallelPlan plan;
    QString mode;
    DisaggSpec disaggregated;
    double arrivalRps = 0;       // the rate requests were drawn at
    double load = 0;             // arrival rate over the engine's capacity
    double capacityRps = 0;      // the engine's max-throughput estimate, in requests/s
    double kvCapacityTokens = 0; // per replica

    Estimate singleStream;  // the engine at concurrency 1: what low load should approach
    Estimate maxThroughput; // the engine's saturation estimate
    SimResult sim;          // goodput against sim.ttftTargetS / sim.tpotTargetS
    // The goodput targets and where they came from (cost::resolveSlo): the scenario's serving
    // section or workload limits or, when it states none, the assumed interactive targets.
    cost::SloTargets slo;

    double avgFacilityPowerW = 0;
    double energyKWh = 0;
    std::vector<double> powerKw; // facility power per timeline point
    cost::TokenCosts costs;
    cost::DeploymentCostInputs costInputs;
};

struct SimulationRun
{
    ServingConfig config;
    cost::TcoAssumptions tco;
    std::vector<DeploymentSimulation> deployments;
};

struct SimulationOverrides
{
    std::optional<int> requests;
    std::optional<std::uint64_t> seed;
};

// Simulates every deployment of the scenario with its "serving" section (or the defaults) and
// costs the result with its "tco" section. nullopt with `error` on bad input (a malformed
// section, an unreadable trace); a deployment that cannot be simulated reports why instead.
std::optional<SimulationRun> simulateScenario(const Scenario& s, const Engine& engine,
                                              const SimulationOverrides& o, QString* error,
                                              const std::atomic<bool>* cancel = nullptr);

// The `simulate --json` contract; `timeline` adds the downsampled series.
QJsonObject simulationToJson(const SimulationRun& r, bool timeline = true);

} // namespace is::serving
