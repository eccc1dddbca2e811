// SPDX-License-Identifier: MIT
#pragma once

#include "common/Precision.h"
#include "cost/TcoAssumptions.h"
#include "engine/Deployment.h"
#include "engine/Workload.h"
#include "planning/PlanTargets.h"

#include <QString>

#include <atomic>
#include <functional>
#include <limits>
#include <optional>
#include <vector>

namespace is {
class Engine;
struct ModelDesc;
} // namespace is

namespace is::planning {

// What stops a configuration from serving more cheaply (feasible) or at all (infeasible).
enum class Binding {
    TtftLimit,      // a larger batch would queue prefills past the TTFT limit
    TpotLimit,      // a larger batch would slow every stream past the TPOT limit
    TokSUserTarget, // the same, where the limit is a per-user speed floor
    KvCapacity,     // memory holds no more streams (or not the model at all)
    Throughput,     // the batch is where throughput stops growing (the engine's bottleneck)
    PowerBudget,    // the fleet's peak power
    CapexBudget     // the fleet's purchase price
};
// Stable English id for JSON ("TPOT limit"); bindingText translates it for the interface.
QString bindingId(Binding b);
QString bindingText(Binding b);

// How a unit's work is laid out over devices.
enum class PoolLayout {
    Colocated,     // every replica prefills and decodes
    PrefillDecode, // some units only prefill and hand the KV cache to units that only decode
    AttentionFfn   // attention and the KV cache on `device`, the FFN or experts on `ffnDevice`
};
// Stable id for JSON ("colocated", "prefill-decode", "attention-ffn").
QString poolLayoutId(PoolLayout l);

// One point of the search space: a deployment unit the fleet is made of copies of.
struct PlanConfig
{
    const Device* device = nullptr;
    int unitChips = 0; // AttentionFfn: the attention pool's chips
    ParallelPlan plan;
    Precision weights = Precision::BF16;
    Precision kv = Precision::BF16;
    ExecutionMode mode = ExecutionMode::Resident;
    SpeculativeMethod speculative = SpeculativeMethod::None;
    PoolLayout layout = PoolLayout::Colocated;
    // AttentionFfn: the FFN pool, in its device's default system, joined to the attention pool by
    // the attention pool's scale-out link; its plan and micro-batches the engine's choice.
    const Device* ffnDevice = nullptr;
    int ffnChips = 0;
    // The unit as the engine takes it: the device's default system and links, `plan` fixed
    // (reset it to let the engine choose). A prefill-decode unit is the same deployment: the
    // layout is how the fleet uses its copies, not how one copy is built.
    Deployment deployment(const Catalog& catalog) const;
};

struct PlanRow
{
    PlanConfig config;
    bool feasible = false;
    Binding binding = Binding::Throughput;
    QString why;     // infeasible: the target it misses, with the numbers
    double miss = 0; // infeasible: how far past the missed limit (1.3 = 30 % over); inf when it does not fit
    long long units = 0; // PrefillDecode: prefillUnits + decodeUnits
    long long prefillUnits = 0;
    long long decodeUnits = 0;
    int unitSystems = 0;
    long long chips = 0; // the fleet
    long long systems = 0;
    // Feasible: at the fleet's serving point. A configuration that misses a latency target reports
    // its TTFT and TPOT at one stream per replica (the closest it comes) and its cost at the batch
    // of highest throughput (what it would cost without the target).
    double usdPerMTok = 0;
    double tokSUser = 0;
    double ttftS = 0;
    double tpotS = 0;
    double powerMW = 0; // the fleet's peak facility power
    double capexUsd = 0;
    bool pareto = false;
    // The bounds the search pruned with: no serving point of this unit costs less than
    // costBound $/Mtok or gives a user more than speedBound tok/s.
    double costBound = 0;
    double speedBound = std::numeric_limits<double>::infinity();
};

struct SearchStats
{
    int groups = 0;               // (device, chips, precisions, mode, speculative) combinations
    int splitUnits = 0;           // attention-FFN units evaluated (never pruned: there are few)
    int groupsPruned = 0;         // skipped: dominated by a configuration already found
    long long plansPruned = 0;    // plans of evaluated groups skipped on the same grounds
    long long configurations = 0; // (group, plan) pairs whose serving point the engine searched
};

struct PlanResult
{
    PlanTargets targets;
    // False for a workload of one output token: its rows have no time between tokens to show.
    bool decodes = true;
    // Feasible cheapest first (ties: faster per user first), then infeasible closest first.
    std::vector<PlanRow> rows;
    int feasibleCount = 0;
    // When some configuration is feasible: the cheapest configuration that misses a target and
    // is cheaper than the cheapest feasible one (-1: none is) and why it fails.
    int nextCheaper = -1;
    SearchStats stats;
    bool cancelled = false;
};

struct SearchControl
{
    std::function<void(int done, int total)> progress; // after each group
    const std::atomic<bool>* cancel = nullptr;         // set: stop after the current group
    bool prune = true;                                 // false: evaluate every group (tests)
};

// Inverse design: every device of the catalog (or the targets' list) x unit chip counts x
// parallelism plans x weight and KV precisions x modes x speculative methods x pool layouts
// (colocated; prefill-decode disaggregated for devices that batch prefills into decode steps;
// attention on a GPU kind with the FFN on a wafer kind when both are offered), each unit's serving
// point under the latency targets from the engine (Engine::prepare, candidatePlans, bestBatch),
// the fleet sized for the load with the same function as `size` (cost::sizeServingPoint), the
// fleet checked against the power and capex budgets. Groups run in ascending order of a cost
// lower bound; a group is skipped when a configuration already found costs no more than its
// bound, is at least as fast as its per-user speed bound, and `top` feasible ones already cost
// no more than the bound: it can neither be among the cheapest nor on the Pareto frontier.
// Deterministic. nullopt with `error` (naming the field) on bad targets or workload.
std::optional<PlanResult> searchDeployments(const Engine& engine, const ModelDesc& model,
                                            const Workload& workload, const cost::TcoAssumptions& tco,
                                            const PlanTargets& targets, const SearchControl& control,
                                            QString* error);

} // namespace is::planning
