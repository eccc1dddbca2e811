// SPDX-License-Identifier: MIT
#include "executor/PrefillAttention.h"

#include "executor/Kernels.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>

namespace is::exec {

namespace {

std::size_t roundUp(std::size_t v, std::size_t m)
{
    return (v + m - 1) / m * m;
}

} // namespace

void PrefillAttention::layOutValues(ThreadPool& pool, const KvHeads& kv, const AttentionShape& shape,
                                    std::size_t positions)
{
    const std::size_t T = kernels().gemmTokens;
    m_valuePositions = roundUp(positions, 16);
    m_valueTiles = (shape.headDim + T - 1) / T;
    const std::size_t rows = shape.kvHeads * m_valueTiles * m_valuePositions;
    m_values.resize(rows * T);
    pool.run([&](int thread, int threads) {
        const auto [b, e] = ThreadPool::split(rows, thread, threads, 16);
        for (std::size_t r = b; r < e; ++r) {
            const std::size_t p = r % m_valuePositions, tile = r / m_valuePositions;
            const std::size_t h = tile / m_valueTiles, d0 = tile % m_valueTiles * T;
            const std::size_t lanes = std::min(T, shape.headDim - d0);
            float* dst = m_values.data() + r * T;
            if (p < positions) {
                std::memcpy(dst, kv.values + h * kv.headStride + p * shape.headDim + d0,
                            lanes * sizeof(float));
                std::fill(dst + lanes, dst + T, 0.0f);
            } else {
                std::fill(dst, dst + T, 0.0f);
            }
        }
    });
}

void PrefillAttention::run(ThreadPool& pool, const float* q, std::size_t n, std::size_t p0, const KvHeads& kv,
                           const AttentionShape& shape, float* xt, const XtLayout& lay)
{
    const KernelSet& ks = kernels();
    const std::size_t T = ks.gemmTokens, R = ks.gemmRows, hd = shape.headDim;
    const std::size_t positions = p0 + n;
    layOutValues(pool, kv, shape, positions);

    // A query tile's scores, one row per query: a cache line of slack so the rows are not
    // 4 KiB apart, and R rows more than the tile because the output tiles read R rows at a time.
    const std::size_t ldS = m_valuePositions + 16;
    const std::size_t kPad = roundUp(hd, 16); // the scores' k runs in whole 16-float blocks
    const std::size_t qFloats = kPad * T, sFloats = (T + R) * ldS, cFloats = R * T;
    m_scratch.resize(static_cast<std::size_t>(pool.size()));
    for (auto& s : m_scratch)
        if (s.size() < qFloats + sFloats + cFloats)
            s.resize(qFloats + sFloats + cFloats); // zero-filled: rows never written stay finite

    const std::size_t group = shape.heads / shape.kvHeads;
    const std::size_t tiles = (n + T - 1) / T, units = tiles * shape.heads;
    const std::size_t qStride = shape.heads * hd;
    const float scale = 1.0f / std::sqrt(static_cast<float>(hd));
    std::atomic<std::size_t> next{0};
    pool.run([&](int thread, int) {
        float* qt = m_scratch[static_cast<std::size_t>(thread)].data();
        float* scores = qt + qFloats;
        float* ct = scores + sFloats;
        std::vector<float*> rows(T);
        // Later tiles attend to more positions: claimed first, so the threads end together.
        for (std::size_t u; (u = next.fetch_add(1, std::memory_order_relaxed)) < units;) {
            const std::size_t tile = tiles - 1 - u / shape.heads, h = u % shape.heads, kvh = h / group;
            const std::size_t t0 = tile * T, toks = std::min(T, n - t0);
            const std::size_t span = p0 + t0 + toks; // positions the tile's last query sees
            const std::size_t kLen = roundUp(span, 16);

            // The queries transposed, [dimension][token]; dimensions past headDim are zero, as
            // they multiply the next key's first floats.
            std::fill(qt + hd * T, qt + qFloats, 0.0f);
            for (std::size_t i = 0; i < toks; ++i) {
                const float* src = q + (t0 + i) * qStride + h * hd;
                for (std::size_t d = 0; d < hd; ++d)
                    qt[d * T + i] = src[d];
            }

            // Scores: R positions (the keys, in place) x T queries per tile, stored query-major.
            const float* keys = kv.keys + kvh * kv.headStride;
            for (std::size_t i = 0; i < toks; ++i)
                rows[i] = scores + i * ldS;
            for (std::size_t p = 0; p < span; p += R) {
                ks.gemmTile(qt, keys + p * hd, hd, 16, kPad, ct, false, nullptr, 0);
                ks.storeTileT(ct, std::min(R, span - p), toks, rows.data(), p, nullptr, false);
            }
            // Each query's softmax over the positions it may see; zero past them, up to the
            // 16-position block the output tiles read.
            for (std::size_t i = 0; i < toks; ++i) {
                const std::size_t len = p0 + t0 + i + 1;
                ks.softmax(rows[i], len, scale);
                std::fill(rows[i] + len, rows[i] + kLen, 0.0f);
            }

            // Output: R queries (their probabilities as the weight rows) x T head dimensions (the
            // values laid out as activations), written transposed into the activation block.
            for (std::size_t vt = 0; vt < m_valueTiles; ++vt) {
                const float* values = m_values.data() + (kvh * m_valueTiles + vt) * m_valuePositions * T;
                const std::size_t d0 = vt * T, lanes = std::min(T, hd - d0);
                for (std::size_t j = 0; j < lanes; ++j)
                    rows[j] = xt + lay.index(h * hd + d0 + j, t0);
                for (std::size_t j0 = 0; j0 < toks; j0 += R) {
                    ks.gemmTile(values, scores + j0 * ldS, ldS, 16, kLen, ct, false, nullptr, 0);
                    ks.storeTileT(ct, std::min(R, toks - j0), lanes, rows.data(), j0, nullptr, false);
                }
            }
        }
    });
}

} // namespace is::exec
