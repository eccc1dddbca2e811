// SPDX-License-Identifier: MIT
#include "executor/PrefillAttention.h"

#include "executor/Kernels.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>

namespace is::exec {

void PrefillAttention::transposeValues(ThreadPool& pool, const KvHeads& kv, const AttentionShape& shape,
                                       std::size_t positions)
{
    const std::size_t hd = shape.headDim, rows = shape.kvHeads * hd;
    // A cache line more than the positions: rows a multiple of 4 KiB apart would share L1 sets.
    m_ldV = roundUp(positions, 16) + 16;
    m_valuesT.resize((rows + 8) * m_ldV); // the 8 rows past the last head: zero-filled, never written
    pool.run([&](int thread, int threads) {
        const auto [b, e] = ThreadPool::split(rows, thread, threads, 16);
        // Sixteen positions at a time: each row's run of them is one cache line written, and
        // the sixteen value rows read stay in L1 for every dimension of the range.
        for (std::size_t p0 = 0; p0 < positions; p0 += 16) {
            const std::size_t p1 = std::min(positions, p0 + 16);
            for (std::size_t r = b; r < e; ++r) {
                const float* v = kv.values + r / hd * kv.headStride + r % hd;
                float* dst = m_valuesT.data() + r * m_ldV;
                for (std::size_t p = p0; p < p1; ++p)
                    dst[p] = v[p * hd];
            }
        }
        // The output tiles read whole 16-position blocks, the positions past the last with zero
        // probabilities, so those must be finite: not whatever an earlier call left there.
        for (std::size_t r = b; r < e; ++r)
            std::fill(m_valuesT.data() + r * m_ldV + positions,
                      m_valuesT.data() + r * m_ldV + roundUp(positions, 16), 0.0f);
    });
}

void PrefillAttention::run(ThreadPool& pool, const float* q, std::size_t n, std::size_t p0, const KvHeads& kv,
                           const AttentionShape& shape, float* xt, const XtLayout& lay)
{
    const KernelSet& ks = kernels();
    const std::size_t T = ks.gemmTokens, R = ks.gemmRows, hd = shape.headDim;
    const std::size_t positions = p0 + n;
    transposeValues(pool, kv, shape, positions);

    // Per thread: a query tile's scores ([position][query], R rows of room past the last
    // position block for the score tiles), the queries with their dimensions padded to whole
    // 16-float blocks when headDim is not (the padding zero, as it multiplies the next key's
    // first floats), and one output tile.
    const std::size_t kPad = roundUp(hd, 16);
    const std::size_t sFloats = (roundUp(positions, 16) + R) * T, qFloats = hd % 16 ? kPad * T : 0;
    const std::size_t floats = sFloats + qFloats + R * T;
    m_scratch.resize(static_cast<std::size_t>(pool.size()));
    for (auto& s : m_scratch)
        if (s.size() < floats)
            s.resize(floats); // zero-filled: what is never written stays finite

    const std::size_t group = shape.heads / shape.kvHeads;
    const std::size_t tiles = (n + T - 1) / T, units = tiles * shape.heads;
    const float scale = 1.0f / std::sqrt(static_cast<float>(hd));
    std::atomic<std::size_t> next{0};
    pool.run([&](int thread, int) {
        float* scores = m_scratch[static_cast<std::size_t>(thread)].data();
        float* qPadded = scores + sFloats;
        float* ct = qPadded + qFloats;
        // Later tiles attend to more positions: claimed first, so the threads end together.
        for (std::size_t u; (u = next.fetch_add(1, std::memory_order_relaxed)) < units;) {
            const std::size_t tile = tiles - 1 - u / shape.heads, h = u % shape.heads, kvh = h / group;
            const std::size_t t0 = tile * T, toks = std::min(T, n - t0);
            const std::size_t span = p0 + t0 + toks; // positions the tile's last query sees
            const std::size_t kLen = roundUp(span, 16);

            const float* qt = q + lay.index(h * hd, t0);
            if (qFloats) {
                std::memcpy(qPadded, qt, hd * T * sizeof(float));
                std::fill(qPadded + hd * T, qPadded + qFloats, 0.0f);
                qt = qPadded;
            }
            // Scores: R positions (the keys, in place) x T queries per tile, straight into rows.
            const float* keys = kv.keys + kvh * kv.headStride;
            for (std::size_t p = 0; p < span; p += R)
                ks.gemmTile(qt, keys + p * hd, hd, 16, kPad, toks, scores + p * T, false, nullptr, 0);
            // Query i (position p0 + t0 + i) sees positions [0, p0 + t0 + i].
            ks.softmaxColumns(scores, kLen, p0 + t0 + 1, scale);

            // Output: R head dimensions (the transposed values) x T queries per tile, straight
            // into the activation block but for the head's last, partial panel.
            const float* values = m_valuesT.data() + kvh * hd * m_ldV;
            for (std::size_t d0 = 0; d0 < hd; d0 += R) {
                float* dst = xt + lay.index(h * hd + d0, t0);
                const bool whole = d0 + R <= hd;
                ks.gemmTile(scores, values + d0 * m_ldV, m_ldV, 16, kLen, toks, whole ? dst : ct, false,
                            nullptr, 0);
                if (!whole)
                    std::memcpy(dst, ct, (hd - d0) * T * sizeof(float));
            }
        }
    });
}

} // namespace is::exec
