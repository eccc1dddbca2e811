// SPDX-License-Identifier: MIT
#include "serving/PrefixPool.h"

#include <algorithm>

namespace is::serving {

PrefixPool::PrefixPool(size_t calls) : m_tree(calls + 1, 0.0), m_slotOf(calls, -1), m_tokens(calls, 0.0) {}

void PrefixPool::add(size_t slot, double tokens)
{
    for (size_t i = slot + 1; i < m_tree.size(); i += i & (~i + 1))
        m_tree[i] += tokens;
}

double PrefixPool::prefixSum(size_t slot) const
{
    double s = 0;
    for (size_t i = slot + 1; i > 0; i -= i & (~i + 1))
        s += m_tree[i];
    return s;
}

void PrefixPool::keep(int id, double tokens)
{
    const auto i = static_cast<size_t>(id);
    if (i >= m_slotOf.size() || m_next >= m_slotOf.size())
        return;
    m_slotOf[i] = static_cast<int>(m_next);
    m_tokens[i] = tokens;
    add(m_next, tokens);
    m_total += tokens;
    ++m_next;
}

KvTier PrefixPool::take(int id, double freeDeviceTokens, const std::vector<Tier>& tiers)
{
    const auto i = static_cast<size_t>(id);
    if (i >= m_slotOf.size() || m_slotOf[i] < 0)
        return KvTier::Device;
    const auto slot = static_cast<size_t>(m_slotOf[i]);
    // Its context sits behind everything kept after it: it ends that far down the LRU order.
    const double end = m_total - prefixSum(slot) + m_tokens[i];
    add(slot, -m_tokens[i]);
    m_total -= m_tokens[i];
    m_slotOf[i] = -1;
    double reach = std::max(0.0, freeDeviceTokens);
    if (end <= reach)
        return KvTier::Device;
    for (const Tier& t : tiers) {
        reach += t.capacityTokens;
        if (end <= reach)
            return t.tier;
    }
    return KvTier::Evicted;
}

} // namespace is::serving
