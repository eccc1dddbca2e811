// SPDX-License-Identifier: MIT
#pragma once

#include "planning/DeploymentSearch.h"

#include <vector>

namespace is {
struct EvalContext;
}

namespace is::planning::detail {

// One engine preparation's worth of the search: a device at a unit chip count with its
// precisions, mode and speculative method; the parallelism plans are searched inside it.
struct SearchGroup
{
    PlanConfig config;         // plan not yet chosen
    int neededChips = 0;       // the smallest count that holds the model
    bool smallestUnit = false; // the smallest unit of this device: also plans that leave chips idle
    double idleUsdPerHour = 0; // the unit's hourly cost at idle power
    // $/Mtok no serving point of the unit goes below: its idle hourly cost over the tokens its
    // chips make computing at peak (no device class computes faster than its peak).
    double costBound = 0;
};

// No unit makes more output tokens a second than its chips at peak doing nothing but the 2 FLOPs
// per active parameter each token needs.
double computeTokS(const Deployment& d, const ModelDesc& m, int chips);

// The cost bound once the unit is prepared: for GPU units also the cap the KV cache's reads put
// on tokens per second (each step reads every sequence's cache once).
double refinedCostBound(const SearchGroup& g, const EvalContext& ctx);

// The groups of the search space for a model and workload, in ascending order of cost bound
// (ties broken by device id and the choices, so the order never depends on the catalog's).
std::vector<SearchGroup> searchGroups(const Engine& engine, const ModelDesc& model, const Workload& workload,
                                      const cost::TcoAssumptions& tco, const PlanTargets& targets);

// Attention-FFN units, when the catalog (or the targets' list) offers both kinds the split pairs:
// attention and the KV cache on a GPU kind (whole systems: the smallest count that holds the
// attention part and twice that), the FFN on a wafer kind (the smallest count that holds the FFN
// part, 1.5 and 2 times it); weights at either device's serving precision, KV at BF16 or FP8. In
// a fixed order, so the search is the same every run.
std::vector<PlanConfig> splitUnits(const Engine& engine, const ModelDesc& model, const Workload& workload,
                                   const PlanTargets& targets);

// The plans to try in a group: the engine's candidates for the unit's chips. The smallest unit
// also tries plans on the powers of two below it that hold the model (the rest idle, as the
// engine's own automatic sizing does); larger units leave out plain data-parallel splits, which
// the smaller unit serves at no higher cost and the same per-user speed.
std::vector<ParallelPlan> groupPlans(const Engine& engine, const Deployment& d, const ModelDesc& model,
                                     const SearchGroup& group);

// Tokens a second one user can get at most from a prepared GPU unit under `plan`: every decode
// step reads at least the weights the token uses (those every token reads over its tensor-parallel
// group, its routed experts over a pipeline stage's chips) at full memory bandwidth, pays the
// fixed per-layer and per-step costs, and yields at most `acceptance` tokens. Infinite for the
// other device classes (SRAM dataflow, tiered), which the bound does not cover.
double speedBound(const EvalContext& ctx, const ParallelPlan& plan);

} // namespace is::planning::detail
