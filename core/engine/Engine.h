// SPDX-License-Identifier: MIT
#pragma once

#include "engine/CostAssumptions.h"
#include "engine/Deployment.h"
#include "engine/Estimate.h"
#include "engine/EvalContext.h"
#include "engine/Workload.h"
#include "model/ModelEntry.h"

#include <memory>
#include <optional>
#include <vector>

namespace is {

class Catalog;

// The engine: (model, deployment, workload) -> metrics with a breakdown. Physical, not a lookup:
// bytes and FLOPs come from the architecture, rates from the catalog at achievable (calibrated)
// fractions. The GUI and the command line call the same functions.
class Engine
{
public:
    explicit Engine(std::shared_ptr<const Catalog> catalog);
    const Catalog& catalog() const { return *m_catalog; }

    // Builds what one evaluation needs for a chip count. Fails (error set) on a disconnected
    // topology or an impossible parameter.
    std::optional<EvalContext> prepare(const Deployment& d, const ModelDesc& m, const Workload& w,
                                       const CostAssumptions& c, int chips, Bound deviceBound,
                                       QString* error) const;

    // One configuration: plan and batch fixed. The inner loop of every search.
    Estimate evaluate(const EvalContext& ctx, const ParallelPlan& plan, int batch) const;

    // The full estimate: chooses the chip count (when automatic), the parallelism plan (when
    // automatic) and the batch for the goal. nullopt with `error` on bad input.
    std::optional<Estimate> estimate(const Deployment& d, const ModelDesc& m, const Workload& w,
                                     ServingGoal goal, const CostAssumptions& c, QString* error,
                                     Bound deviceBound = Bound::Mid) const;

    // The same over ranges: the point estimate and the pessimistic and optimistic ends.
    std::optional<RangedEstimate> estimateRanged(const Deployment& d, const ModelEntry& m, const Workload& w,
                                                 ServingGoal goal, const CostAssumptions& c,
                                                 QString* error) const;

    // Smallest chip count on which the model (and one sequence's KV cache at the workload's
    // length) fits. 0 when no count up to the search limit does.
    int minChips(const Deployment& d, const ModelDesc& m, const Workload& w) const;

    // A deployment that fits on no count up to the search limit, not evaluated: at the limit, with
    // what it needs in all and per chip there, what each chip has and about how many chips it
    // would take (`why`).
    Estimate unplaceable(const Deployment& d, const ModelDesc& m, const Workload& w) const;

    // Every plan the engine considers for a chip count.
    std::vector<ParallelPlan> candidatePlans(const Deployment& d, const ModelDesc& m, int chips) const;

    // The batch search for one plan: fixed concurrency, max throughput, or latency-bounded.
    Estimate bestBatch(const EvalContext& ctx, const ParallelPlan& plan, ServingGoal goal) const;

    // The serving point of one plan for the goal: bestBatch, or for a prefill-decode deployment
    // (Deployment::prefillReplicas) prefillDecodeServing. False from `suits` when the plan has no
    // replica left to decode (or the experts span more chips than a role has).
    Estimate servingPoint(const EvalContext& ctx, const ParallelPlan& plan, ServingGoal goal) const;
    static bool suits(const Deployment& d, const ParallelPlan& plan);

    // Prefill-decode disaggregation (PrefillDecodeServing.cpp). `decodeRole`: replicas that only
    // decode, never interrupted by a prefill, at the goal's batch (latency-bounded: the largest
    // within the TPOT limit and memory; `cappedByMemory` says memory stopped it).
    // `prefillDecodeServing`: the deployment's prefill replicas, the hand-over, the queue in front
    // of them and its decode replicas together. `kvHandoverS`: one prompt's KV cache from a
    // prefill to a decode replica (negative: no link to send it on).
    Estimate decodeRole(const EvalContext& ctx, const ParallelPlan& plan, ServingGoal goal,
                        bool* cappedByMemory) const;
    Estimate prefillDecodeServing(const EvalContext& ctx, const ParallelPlan& plan, ServingGoal goal) const;
    double kvHandoverS(const EvalContext& ctx, const ParallelPlan& plan) const;

    struct ContextPoint
    {
        double context = 0;
        double tokSUser = 0;
        double tokSTotal = 0;
        double ttftS = 0;
        int chips = 0;
        bool fits = false;
        KvPlacement kvPlacement = KvPlacement::OnChip;
        int streams = 0; // streams in flight at once; the rest of a fixed concurrency queue
    };
    // Decode speed versus context length (input tokens), for charts.
    std::vector<ContextPoint> speedVsContext(const Deployment& d, const ModelDesc& m, const Workload& w,
                                             ServingGoal goal, const CostAssumptions& c,
                                             const std::vector<double>& contexts) const;

private:
    // SRAM dataflow: wafers whose usable SRAM holds the weights and `streams` streams' KV cache
    // at `kvContext` tokens each (0 when more than kMaxChipSearch would be needed, or the device
    // has no primary memory tier).
    int dataflowChipsFor(const Deployment& d, const ModelDesc& m, double streams, double kvContext) const;
    // SRAM dataflow: one pipeline over all chips, or data-parallel replicas of shorter ones.
    std::vector<ParallelPlan> dataflowPlans(const Deployment& d, const ModelDesc& m, int chips) const;
    bool streamingOnly(const EvalContext& ctx) const;
    // `prefillChips` of the plan's chips only prefill: busy `prefillBusy` of the time at full
    // power instead of the decode step's share.
    void addPower(Estimate& e, const EvalContext& ctx, int prefillChips = 0, double prefillBusy = 0) const;
    std::shared_ptr<const Catalog> m_catalog;
};

} // namespace is
