// SPDX-License-Identifier: MIT
#pragma once

#include "executor/AlignedVector.h"
#include "executor/Gemm.h"
#include "executor/ThreadPool.h"

#include <cstddef>
#include <vector>

namespace is::exec {

// One layer's KV cache as prefill attention reads it: KV head h's keys (values) are the rows
// keys + h * headStride (values + ...), one row of headDim floats per position. Rows past the
// last position up to gemmRows beyond it must be readable and finite (the cache keeps slack).
struct KvHeads
{
    const float* keys;
    const float* values;
    std::size_t headStride;
};

struct AttentionShape
{
    std::size_t heads, kvHeads, headDim;
};

// Causal grouped-query attention over a prompt block, as matrix products: per head and tile of
// queries (the GEMM kernel's token tile), the scores against every position so far are one
// series of GEMM tiles with the cached keys used in place as the weight rows, and the output is
// another with the softmaxed scores as the weight rows and the values as the activations. Query
// by query (a weighted sum over keys, then one over values, each FMA waiting on a load) this
// step took ~8 % of a 128-token prefill.
class PrefillAttention
{
public:
    // Attention of the n tokens at positions [p0, p0 + n); the cache holds positions
    // [0, p0 + n). q is token-major (n rows of heads x headDim, rotated). Head h's output for
    // token t goes to xt at lay.index(h * headDim + i, t), the next GEMM's activation block.
    void run(ThreadPool& pool, const float* q, std::size_t n, std::size_t p0, const KvHeads& kv,
             const AttentionShape& shape, float* xt, const XtLayout& lay);

    // Floats a KV cache needs after its last head's rows: keys are read a GEMM tile of rows at a
    // time (gemmRows <= 8 in every kernel set), in whole 16-float blocks.
    static std::size_t keySlack(std::size_t headDim) { return 8 * headDim + 16; }

private:
    // Values in the GEMM's activation layout: per KV head and run of gemmTokens dimensions (a
    // "tile"), [position][gemmTokens], zero past headDim and past the last position.
    void layOutValues(ThreadPool& pool, const KvHeads& kv, const AttentionShape& shape,
                      std::size_t positions);

    AlignedVector<float> m_values;
    std::size_t m_valuePositions = 0;            // rows per tile of m_values (positions rounded up to 16)
    std::size_t m_valueTiles = 0;                // tiles per KV head
    std::vector<AlignedVector<float>> m_scratch; // per thread: query tile, scores, output tile
};

} // namespace is::exec
