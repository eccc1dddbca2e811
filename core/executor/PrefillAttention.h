// SPDX-License-Identifier: MIT
#pragma once

#include "executor/AlignedVector.h"
#include "executor/Gemm.h"
#include "executor/ThreadPool.h"

#include <cstddef>
#include <vector>

namespace is::exec {

// One layer's KV cache as prefill attention reads it: KV head h's keys (values) are the rows
// keys + h * headStride (values + ...), one row of headDim floats per position. Keys are read in
// tiles of gemmRows rows and whole 16-float blocks: rows past the last position must be
// readable (the cache keeps slack), and the floats the last key's blocks reach past its row
// finite (Executor::clearAfterKeys).
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

// Causal grouped-query attention over a prompt block, as GEMM tiles: per head and tile of
// queries (the kernel's token tile), the scores against every position so far are a series of
// tiles with the cached keys used in place as the weight rows and the queries as the
// activations, written position by position (a column per query); a column softmax; then the
// output, the transposed values as weight rows against the scores as activations, lands in the
// next GEMM's activation block as it is. Query by query (a weighted sum over keys, then one
// over values, each FMA waiting on a load) this step took ~8 % of a 128-token prefill.
class PrefillAttention
{
public:
    // Attention of the n tokens at positions [p0, p0 + n); the cache holds positions
    // [0, p0 + n). q holds the rotated queries and xt receives the outputs, both in the
    // activation layout `lay` (query/output dimension h * headDim + i of head h, token t).
    void run(ThreadPool& pool, const float* q, std::size_t n, std::size_t p0, const KvHeads& kv,
             const AttentionShape& shape, float* xt, const XtLayout& lay);

    // Floats a KV cache needs after its last head's rows: keys are read a GEMM tile of rows at a
    // time (gemmRows <= 8 in every kernel set), in whole 16-float blocks.
    static std::size_t keySlack(std::size_t headDim) { return 8 * headDim + 16; }

private:
    // The values transposed, [KV head x headDim][m_ldV positions], and 8 zero rows after them
    // (the last head's partial panel of output rows reads past its last dimension).
    void transposeValues(ThreadPool& pool, const KvHeads& kv, const AttentionShape& shape,
                         std::size_t positions);

    AlignedVector<float> m_valuesT;
    std::size_t m_ldV = 0;
    std::vector<AlignedVector<float>> m_scratch; // per thread: scores, query copy, output tile
};

} // namespace is::exec
