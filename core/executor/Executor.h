// SPDX-License-Identifier: MIT
#pragma once

#include "executor/AlignedVector.h"
#include "executor/Gemm.h"
#include "executor/Kernels.h"
#include "executor/Model.h"
#include "executor/PrefillAttention.h"
#include "executor/ThreadPool.h"

#include <cstddef>
#include <vector>

namespace is::exec {

// Runs a llama-architecture model: token embedding, RMSNorm, RoPE on adjacent pairs (as
// llama2.c and GGML's normal rope), grouped-query attention over a KV cache, SwiGLU FFN or
// top-k mixture of experts, output projection.
//
// decode() is one token: matrix-vector products whose weight rows are split across the pool, so
// every weight byte is read exactly once per token (memory-bound). prefill() runs a prompt as
// matrix-matrix products (compute-bound). Both fill the same KV cache.
class Executor
{
public:
    // maxContext bounds the KV cache (prompt plus generated tokens).
    Executor(const Model& model, ThreadPool& pool, int maxContext);

    void reset() { m_pos = 0; }
    int position() const { return m_pos; }
    int maxContext() const { return m_maxContext; }
    const Model& model() const { return m_model; }

    // Processes `n` tokens at the current position; returns the logits of the last one.
    const float* prefill(const int* tokens, int n);
    // Processes one token at the current position; returns its logits.
    const float* decode(int token);

    // Weight bytes each of a decode step's weight-streaming parallel regions reads, in order: per
    // layer the QKV projection, the output projection, gate+up and down (of the active experts),
    // then the classifier. Each region costs a fork-join and a ramp-up of the memory streams, so
    // the streaming probes copy this pattern rather than its mean: one large classifier next to
    // many small matrices streams faster on average than the matrices do.
    std::vector<std::size_t> decodeRegionBytes() const;
    // Bytes of KV cache a decode step at position `pos` reads.
    std::size_t kvBytesRead(int pos) const;
    // FLOPs of attention for a prefill of n tokens starting at position p0.
    double prefillAttentionFlops(int p0, int n) const;

private:
    struct Seg
    {
        const Tensor* w;
        float* out;
        bool accumulate;
        float scale;
    };
    void matvec(const std::vector<Seg>& segs, const float* x);
    void attentionDecode(int layer, int pos);
    void ffnDecode(const LayerWeights& l);
    // cos and sin of every rotary angle of positions [first, first + count), once per step for
    // all layers (a sincos per pair, layer and token took ~1.4 % of a prefill), in both layouts
    // the rotations read: row-major and pair-major.
    void fillRope(int first, int count);
    // Rotates the pairs of every head of v (len floats) by the angles of row `row` of the table.
    void ropeVector(float* v, int len, std::size_t row) const;
    void rmsnorm(float* out, const float* x, const std::vector<float>& w) const;
    // The KV cache is head-major: per layer and KV head, [maxContext][headDim] contiguous, so
    // attention reads each head's keys (and values) as one stream. Position-major rows had
    // decode attention read 256-byte pieces 3 KB apart, at ~75 % of the weights' streaming rate.
    std::size_t kvHeadOffset(int layer, std::size_t kvh) const
    {
        return (static_cast<std::size_t>(layer) * m_kvHeads + kvh) * m_kvHeadStride;
    }
    float* keyHead(int layer, std::size_t kvh) { return m_keyCache.data() + kvHeadOffset(layer, kvh); }
    float* valueHead(int layer, std::size_t kvh) { return m_valueCache.data() + kvHeadOffset(layer, kvh); }
    // Scatters one position's keys and values (kvDim floats each, head after head) into the cache.
    void storeKv(int layer, int pos, const float* k, const float* v);
    // Zeroes what prefill attention reads past position `last`'s keys: it reads keys in whole
    // 16-float blocks, so with a head size that is not a multiple of 16 the last key's block
    // runs into the next position's first floats. A previous sequence may have left anything
    // there (a NaN from a model that overflowed), and the query's zero padding does not cancel
    // a NaN.
    void clearAfterKeys(int layer, int last);

    // After a token's key and value are in the cache: its attention (the query, with RoPE, in
    // m_q), output projection and FFN, both added to the residual stream in m_x.
    void attendAndFeedForward(const LayerWeights& l, int layer, int pos);
    // RMSNorm of the prompt's n tokens from m_px into m_pxt (the GEMM's activation layout).
    void normTokens(const std::vector<float>& w, std::size_t n);
    // RoPE on the prompt's queries (when `queries`) and keys, keys and values into the cache.
    void ropeAndCache(int layer, int p0, std::size_t n, bool queries);
    void prefillLayer(int layer, int p0, int n);
    // The last layer's outputs feed only the last token's logits; the other tokens need just
    // their keys and values in the cache, for the tokens after them. So it projects keys and
    // values for every token and runs the rest for the last token alone, with the decode step's
    // kernels (llama.cpp skips the same rows): the query, output and FFN matrices stream once
    // instead of serving the whole prompt.
    void prefillLastLayer(int layer, int p0, int n);
    void prefillMoe(const LayerWeights& l, int n);

    const Model& m_model;
    const ModelConfig& m_cfg;
    ThreadPool& m_pool;
    int m_maxContext;
    int m_pos = 0;
    std::size_t m_dim, m_kvDim, m_hidden, m_headDim, m_kvHeads;
    // Floats from one KV head's block to the next: a cache line more than maxContext x headDim,
    // so the heads' blocks do not all start in the same cache set (at 256 positions they would
    // be exactly 64 KiB apart, and a layer's attention touches every head's block in turn).
    std::size_t m_kvHeadStride;
    std::vector<float> m_invFreq;              // per pair of a head: 1 / theta^(2i/headDim)
    std::vector<float> m_ropeCos, m_ropeSin;   // [row][pair], rows from fillRope
    std::vector<float> m_ropeCosT, m_ropeSinT; // the same, [pair][row]: prefill's queries in tiles

    // Decode state.
    AlignedVector<float> m_x, m_xb, m_xb2, m_q, m_k, m_v, m_hb, m_logits, m_att;
    AlignedVector<BlockQ8x> m_xq;
    AlignedVector<float> m_keyCache, m_valueCache;
    AlignedVector<float> m_routerLogits, m_expertHb;

    // Prefill state.
    AlignedVector<float> m_px, m_pq, m_pk, m_pv, m_pxt, m_pht;
    PrefillAttention m_attention;
    std::vector<int> m_pTokens;
    GemmScratch m_scratch;
    std::vector<AlignedVector<float>> m_threadScratch;
};

} // namespace is::exec
