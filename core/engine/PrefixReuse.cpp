// SPDX-License-Identifier: MIT
#include "engine/PrefixReuse.h"

#include "engine/Engine.h"
#include "engine/EvalContext.h"

#include <algorithm>
#include <limits>

namespace is {

namespace detail {

double requestedCachedTokens(const Workload& w)
{
    if (w.prefixHitRate <= 0)
        return 0;
    return std::clamp(w.prefixHitRate * w.inputTokens, 0.0, std::max(0.0, w.inputTokens - 1.0));
}

FlopBreakdown freshPrefillFlops(const ModelDesc& m, double prompt, double cached)
{
    if (cached <= 0)
        return prefillFlops(m, prompt);
    // Matrix multiplies are linear in tokens and causal attention sums over query positions, so
    // the tokens after the prefix cost the whole prompt's FLOPs less the prefix's own; only the
    // logits, computed once at the last position, are counted on both sides and added back.
    const FlopBreakdown all = prefillFlops(m, prompt);
    const FlopBreakdown prefix = prefillFlops(m, cached);
    FlopBreakdown f;
    f.matmul = all.matmul - prefix.matmul + 2.0 * paramBreakdown(m).classifier();
    f.attention = all.attention - prefix.attention;
    return f;
}

PrefixReuse placePrefixes(const EvalContext& ctx, double freeDeviceBytesPerChip, double kvShards,
                          int replicas, const std::array<double, kKvTierCount>& used)
{
    const Workload& w = ctx.workload;
    PrefixReuse r;
    r.hitRate = w.prefixHitRate;
    r.share[static_cast<size_t>(KvTier::Device)] = 1.0;
    if (!r.active())
        return r;
    const double asked = requestedCachedTokens(w);
    // One prefix's slice on one chip, and all idle sessions' slices there.
    const double prefixBytes = ctx.kvBytesAt(asked) / std::max(1.0, kvShards);
    const double idleBytes = w.idleSessions / static_cast<double>(std::max(1, replicas)) * prefixBytes;
    r.cachedTokens = asked;
    if (idleBytes <= 0 || prefixBytes <= 0)
        return r;

    // Least recently used first out: the prefixes fill device memory, then each tier below it.
    std::vector<KvTierSpec> tiers{
        {KvTier::Device, std::max(0.0, freeDeviceBytesPerChip), std::numeric_limits<double>::infinity()}};
    for (const KvTierSpec& t : ctx.offload)
        tiers.push_back(t);
    double left = idleBytes;
    r.share.fill(0.0);
    for (const KvTierSpec& t : tiers) {
        const double room = std::max(0.0, t.capacityBytes - used[static_cast<size_t>(t.tier)]);
        const double held = std::min(left, room);
        if (held <= 0)
            continue;
        const double share = held / idleBytes;
        r.share[static_cast<size_t>(t.tier)] += share;
        // A returning session's prefix comes back from the tier it waited in, each chip reading
        // its slice at its share of the tier's bandwidth.
        if (t.tier != KvTier::Device)
            r.readbackS += share * prefixBytes / t.bandwidthBytesPerS;
        r.tier = t.tier;
        left -= held;
    }
    const double evicted = left / idleBytes;
    r.share[static_cast<size_t>(KvTier::Evicted)] = evicted;
    // Sessions whose prefix was evicted prefill their whole prompt again.
    r.cachedTokens = asked * (1.0 - evicted);
    return r;
}

} // namespace detail

QJsonObject prefixReuseToJson(const PrefixReuse& r, double ttftS)
{
    QJsonObject shares;
    for (int t = 0; t < kKvTierCount; ++t)
        shares.insert(kvTierId(static_cast<KvTier>(t)), r.share[static_cast<size_t>(t)]);
    return QJsonObject{{QStringLiteral("hit_rate"), r.hitRate},
                       {QStringLiteral("prefill_tokens_skipped"), r.cachedTokens},
                       {QStringLiteral("ttft_ms"), ttftS * 1000.0},
                       {QStringLiteral("ttft_without_reuse_ms"), r.ttftColdS * 1000.0},
                       {QStringLiteral("ttft_saved_ms"), (r.ttftColdS - ttftS) * 1000.0},
                       {QStringLiteral("kv_readback_ms"), r.readbackS * 1000.0},
                       {QStringLiteral("kv_tier"), kvTierId(r.tier)},
                       {QStringLiteral("kv_tier_shares"), shares}};
}

void addColdStart(const Engine& engine, Estimate& best, const Deployment& d, const ModelDesc& m,
                  const Workload& w, ServingGoal goal, const CostAssumptions& c, Bound deviceBound)
{
    if (!best.reuse.active())
        return;
    Workload cold = w;
    cold.prefixHitRate = 0;
    QString ignored;
    const auto ctx = engine.prepare(d, m, cold, c, best.chips, deviceBound, &ignored);
    if (!ctx)
        return;
    // The fixed-concurrency search adds the streams memory cannot hold as queueing: run it again.
    // A prefill-decode deployment's serving point has its own accounting: search it the same way.
    const Estimate e = goal == ServingGoal::FixedConcurrency || d.prefillReplicas > 0
                           ? engine.servingPoint(*ctx, best.plan, goal)
                           : engine.evaluate(*ctx, best.plan, std::max(1, best.batch));
    best.reuse.ttftColdS = e.ttftS;
}

} // namespace is
