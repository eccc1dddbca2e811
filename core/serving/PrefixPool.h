// SPDX-License-Identifier: MIT
#pragma once

#include "engine/KvTiers.h"

#include <vector>

namespace is::serving {

// The KV cache agent sessions keep between calls (serving.agent.reuse_prefix): when a call ends
// its context waits for the session's next call. The most recently kept contexts stay in the
// device memory the running batch leaves free; older ones were pushed down to host DRAM, then
// SSD, then out (least recently used first). Where a context sits is decided when its session
// returns, from the tokens kept after it: a Fenwick tree over the order they were kept in.
class PrefixPool
{
public:
    struct Tier
    {
        KvTier tier = KvTier::HostDram;
        double capacityTokens = 0; // the whole deployment's
    };

    explicit PrefixPool(size_t calls);

    // Call `id` finished; its `tokens` of context wait for the session's next call.
    void keep(int id, double tokens);
    // The session whose call `id` was kept returns: the tier its context waited in, with
    // `freeDeviceTokens` free in device memory and `tiers` below it (fastest first). The context
    // leaves the pool. Device when it was never kept.
    KvTier take(int id, double freeDeviceTokens, const std::vector<Tier>& tiers);

private:
    void add(size_t slot, double tokens);
    double prefixSum(size_t slot) const; // slots [0, slot]

    std::vector<double> m_tree;
    std::vector<int> m_slotOf; // per call id: its slot in keeping order, -1 when not kept
    std::vector<double> m_tokens;
    size_t m_next = 0;
    double m_total = 0;
};

} // namespace is::serving
