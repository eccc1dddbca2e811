// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Estimate.h"
#include "engine/EvalContext.h"

#include <algorithm>
#include <cmath>

namespace is::detail {

// The per-class physics. Each fills the speed, latency, memory and breakdown fields of an
// Estimate for one plan and one batch; Engine adds power, cost and the search around them.

// Chips hold weights and KV in their primary memory (HBM, or the CPU's DRAM). Also used for
// the tiered SN40L, whose HBM tier holds the weights.
Estimate evaluateResident(const EvalContext& ctx, const ParallelPlan& plan, int batch);
// Weights sit in on-chip SRAM over as many chips as needed; layers form a pipeline. A plan with
// dp > 1 runs dp pipelines of pp chips each side by side (data-parallel replicas, each holding all
// weights and its share of the batch); otherwise one pipeline spans all of the context's chips.
Estimate evaluateDataflow(const EvalContext& ctx, const ParallelPlan& plan, int batch);
// Weights stream from external memory (MemoryX) every step; the batch amortises them.
Estimate evaluateWeightStreaming(const EvalContext& ctx, int batch);

// Largest batch per replica that fits in memory for the plan (0 when not even one fits).
int maxBatchPerReplica(const EvalContext& ctx, const ParallelPlan& plan);
// The chips one pipeline of the plan spans (dataflow classes).
int dataflowPipelineChips(const EvalContext& ctx, const ParallelPlan& plan);
// The streams the plan's pipelines hold in SRAM, all replicas together; without a plan, one
// pipeline over all of the context's chips.
int maxBatchDataflow(const EvalContext& ctx, const ParallelPlan& plan);
int maxBatchDataflow(const EvalContext& ctx);
// The smallest wafer count whose pipeline batch limit (maxBatchDataflow) takes `streams`:
// weights, a draft model's weights, and each stream's KV cache and activations in SRAM.
int dataflowChipsHolding(const EvalContext& ctx, int streams);
int maxBatchStreaming(const EvalContext& ctx);

// Fills the context's speculative method, acceptance and draft cost: the deployment's explicit
// method, or the family's serving default (calibration), or none.
void resolveSpeculative(EvalContext& ctx);

// Shared by all classes: turns prefill time, decode step time and batch into user-visible
// speed and latency, counting prefill and decode both (continuous batching).
void finishServing(Estimate& e, const EvalContext& ctx, double prefillOccupancyS, double prefillLatencyS,
                   double stepS, int batchPerReplica, int replicas);
// The decode time of one serving cycle: the workload's output tokens at `acceptance` tokens per
// step of `stepS` (finishServing's cycle, and the time independent prefills stall).
double cycleDecodeS(const EvalContext& ctx, double acceptance, double stepS);

// A replica's prefill occupancy per prompt when its expert group's `groupRanks` attention-DP
// ranks (g) prefill at independent times (AttentionDpPrefill::Independent). Each other rank's prompt
// holds this one at the MoE all-to-all for `othersS`, its dense and attention work. Those stalls
// fall at random against this rank's own cycle T of `batch` prefills of `ownS` and `decodeS` of
// decoding: a stall that lands in its own prefill costs nothing, so its decode progresses only
// while none of the other ranks prefills, T = batch ownS + decodeS / (1 - batch othersS / T)^(g-1).
// Returns (T - decodeS) / batch; `ownS` where the group has one rank.
double independentPrefillOccupancy(double ownS, double othersS, double groupRanks, int batch, double decodeS);

// Above this load a prefill queue's M/D/1 wait grows without bound: the colocated cycle caps the
// prefill slot's load there, and a prefill-decode deployment's prefill replicas take no more.
constexpr double kMaxPrefillLoad = 0.95;

// A fixed concurrency larger than the `held` streams on `replicas` replicas that memory holds, or
// that the serving runtime's batch limit lets run: the rest wait for a slot and see the extra
// time as queueing before their first token (a note says which limit).
void queueStreamsBeyondMemory(Estimate& e, int held, const EvalContext& ctx, int replicas);

// The first token of a prefill-decode split (separate prefill and decode replicas): the prompt
// alone on a prefill replica (`prefillAloneS`, its overhead and read-back included), its wait for
// one, the KV cache's hand-over, and joining the running batch of `e.decodeStepS` steps (half a
// step on average, a whole one at worst). Sets the mean and 99th-percentile TTFT and the queueing.
void setSplitFirstToken(Estimate& e, double prefillAloneS, double waitS, double handoverS);

// Bisection of a batch between `lo`, which works, and `hi`, which does not, to within lo / 64:
// `tryBatch(b)` evaluates b, keeps it when it is the best so far, and says whether it works.
template <typename Integer, typename Try> void bisectBatch(Integer lo, Integer hi, Try tryBatch)
{
    while (hi > lo + std::max<Integer>(1, lo / 64)) {
        const Integer mid = lo + (hi - lo) / 2;
        (tryBatch(mid) ? lo : hi) = mid;
    }
}

// The CPU tier rule: a step reading `bytes` streams from a cache of `capacity` bytes when they fit
// in the share `usable` of it (the family's calibration, cache_usable).
constexpr bool streamsFromCpuCache(double bytes, double capacity, double bandwidth, double usable)
{
    return capacity > 0 && bandwidth > 0 && bytes <= usable * capacity;
}

// Load imbalance of top-k routing: `meanSlots` token-expert assignments expected on each of
// `ranks` chips (uniform routing), at most `cap` on one. The busiest chip gets about
// mean + sqrt(2 mean ln ranks) (the expected maximum of `ranks` near-Poisson counts), so the
// factor busiest / mean is 1 for one chip and shrinks towards 1 as tokens per expert grow.
inline double moeImbalance(double meanSlots, double ranks, double cap)
{
    if (ranks <= 1 || meanSlots <= 0)
        return 1.0;
    const double busiest = meanSlots + std::sqrt(2.0 * meanSlots * std::log(ranks));
    return std::max(1.0, std::min(busiest, std::max(cap, meanSlots)) / meanSlots);
}

// The 99th percentile of an exponentially distributed wait (a queue for prefill slots) is ln(100)
// times its mean: the colocated serving cycle and the search's prefill units both use it.
inline const double kP99WaitFactor = std::log(100.0);

// The scheduler never runs more sequences at once than this per replica (assumed; vLLM and
// TensorRT-LLM cap the running batch in the low thousands).
constexpr int kMaxBatchPerReplica = 4096;
// The most sequences one replica runs at once: the deployment's serving runtime's limit where it
// states one, else kMaxBatchPerReplica.
int runtimeBatchCap(const EvalContext& ctx);
// The context each running sequence holds KV cache for, as the deployment's runtime admits it
// (admittedKvContext): what memory must hold, where a decode step reads the mean context.
double admittedContext(const EvalContext& ctx);
// Streams one deployment serves at once, at most: the scenario's concurrency limit (1 << 24). A
// million replicas of 4,096 streams would overflow the batch's int.
constexpr int kMaxDeploymentBatch = 1 << 24;

} // namespace is::detail
