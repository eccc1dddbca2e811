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
// Weights sit in on-chip SRAM over as many chips as needed; layers form a pipeline.
Estimate evaluateDataflow(const EvalContext& ctx, int batch);
// Weights stream from external memory (MemoryX) every step; the batch amortises them.
Estimate evaluateWeightStreaming(const EvalContext& ctx, int batch);

// Largest batch per replica that fits in memory for the plan (0 when not even one fits).
int maxBatchPerReplica(const EvalContext& ctx, const ParallelPlan& plan);
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
// Streams one deployment serves at once, at most: the scenario's concurrency limit (1 << 24). A
// million replicas of 4,096 streams would overflow the batch's int.
constexpr int kMaxDeploymentBatch = 1 << 24;

} // namespace is::detail
