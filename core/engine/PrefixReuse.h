// SPDX-License-Identifier: MIT
#pragma once
// Prefix caching. A chat or agent turn resends everything said before it; a serving engine that
// kept that prefix's KV cache (vLLM's automatic prefix caching, SGLang's radix cache) prefills
// only the new tokens. The prefix's KV must still be held, and attention still reads it at
// decode; when it waited in an offload tier it is copied back into device memory first, at that
// tier's bandwidth, before the new tokens' prefill can use it.
#include "engine/KvTiers.h"
#include "engine/Workload.h"
#include "model/ModelMath.h"

#include <QJsonObject>

#include <array>

namespace is {

class Engine;
struct CostAssumptions;
struct Deployment;
struct Estimate;
struct EvalContext;

// What prefix caching did for one estimate.
struct PrefixReuse
{
    double hitRate = 0;      // the workload's: share of each prompt already cached
    double cachedTokens = 0; // prompt tokens per request whose KV is reused (prefill skips them)
    double readbackS = 0;    // mean time to copy a reused prefix back into device memory (in TTFT)
    // Where the prefixes of the sessions waiting between turns sit; the shares add up to 1.
    std::array<double, kKvTierCount> share{};
    KvTier tier = KvTier::Device; // the slowest tier a reused prefix is read back from
    double ttftColdS = 0;         // the TTFT of the same request had nothing been cached
    bool active() const { return hitRate > 0; }
    double shareOf(KvTier t) const { return share[static_cast<size_t>(t)]; }
};

namespace detail {

// The prompt tokens a request asks to find cached: the hit rate's share of the prompt, all but
// the last token at most (its logits must be computed to sample the first output token).
double requestedCachedTokens(const Workload& w);

// The FLOPs of prefilling tokens [cached, prompt) of a prompt whose first `cached` tokens' KV is
// reused: their matrix multiplies, their attention over the whole prefix before them, and the
// logits of the last position. With nothing cached, exactly prefillFlops(m, prompt).
FlopBreakdown freshPrefillFlops(const ModelDesc& m, double prompt, double cached);

// Places the prefixes of the workload's idle sessions: first in the device memory the running
// batch leaves free (`freeDeviceBytesPerChip`), then in each offload tier in turn (`used`: what
// the deployment itself already keeps in them per chip, by tier); what fits nowhere is evicted.
// A prefix's KV spreads over `kvShards` chips, which read their slices back in parallel.
// Idle sessions spread evenly over `replicas`.
PrefixReuse placePrefixes(const EvalContext& ctx, double freeDeviceBytesPerChip, double kvShards,
                          int replicas, const std::array<double, kKvTierCount>& used = {});

} // namespace detail

// As `estimate --json` and `plan` print it ("prefix_reuse"): tokens skipped, the TTFT with and
// without the cache, the read-back and where the idle sessions' KV sits.
QJsonObject prefixReuseToJson(const PrefixReuse& r, double ttftS);

// Fills `best.reuse.ttftColdS`: the same plan and batch evaluated with nothing cached, so that
// the saving can be stated. Nothing when the workload caches nothing.
void addColdStart(const Engine& engine, Estimate& best, const Deployment& d, const ModelDesc& m,
                  const Workload& w, ServingGoal goal, const CostAssumptions& c, Bound deviceBound);

} // namespace is
