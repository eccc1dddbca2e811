// SPDX-License-Identifier: MIT
#pragma once

#include "cost/LatencyTargets.h"
#include "cost/TcoAssumptions.h"
#include "engine/Workload.h"
#include "model/ModelEntry.h"
#include "planning/DeploymentSearch.h"
#include "scenario/Scenario.h"

#include <optional>

namespace is::planning {

// What the search takes from a scenario: its model (the scenario's own, else its first
// deployment's), its workload and its TCO assumptions. The deployments themselves are not used:
// the search chooses them.
struct PlanInputs
{
    ModelEntry model;
    // How a deployment added from the search names that model: empty where it is the scenario's
    // own (a deployment without a model serves it), else the chosen deployment's own reference.
    ModelRef modelRef;
    Workload workload;
    cost::TcoAssumptions tco;
    cost::StatedSlo scenarioSlo; // the scenario's serving.slo
    // The weight formats the scenario's deployments of this model store, by device id
    // (GPT-5.6 Sol at fp8 on wafers whose units compute at bf16).
    std::vector<std::pair<QString, Precision>> ownWeights;
};
std::optional<PlanInputs> planInputsFor(const Scenario& s, const Catalog& catalog, QString* error);

// Latency targets for the search: each one given (0: not given) wins, then the scenario's
// serving.slo and workload limits, then the assumed interactive targets (cost::resolveSlo, the
// rule `size` follows). A per-user speed floor given replaces the TPOT target.
void applyLatencyTargets(PlanTargets& t, const PlanInputs& in, const cost::StatedSlo& given,
                         double tokSUserGiven);

// The scenario deployment a search row becomes when a user adds it to the canvas: the unit's
// device, count, precisions, mode and speculative method, with its plan (GPU and tiered units) or
// its FFN pool (attention-FFN units: both pools' plans and the micro-batches automatic, as the
// search evaluated them). A prefill-decode row becomes the smallest deployment with its fleet's
// ratio of prefill to decode units (smallestUnitRatio, within 5 % of the fleet's): the units'
// replicas side by side in one plan, the prefill units' replicas named as such. nullopt for a row
// without a device. It serves `model` (PlanInputs::modelRef: the model the search planned for).
// Id, name, position and colour are the caller's.
std::optional<DeploymentDoc> deploymentDocFor(const PlanRow& row, const Catalog& catalog,
                                              const ModelRef& model = {});

// The search on a scenario's inputs, the model at its mid estimate.
std::optional<PlanResult> searchScenario(const Engine& engine, const PlanInputs& in,
                                         const PlanTargets& targets, const SearchControl& control,
                                         QString* error);

} // namespace is::planning
