// SPDX-License-Identifier: MIT
#include "model/ModelMath.h"

#include <algorithm>
#include <cmath>

namespace is {

double ParamBreakdown::total() const
{
    return attention + denseFfn + expertsAll + sharedExperts + router + norms + embedding + lmHead;
}

double ParamBreakdown::active() const
{
    return attention + denseFfn + expertsActive + sharedExperts + router + classifier();
}

double ParamBreakdown::alwaysActive() const
{
    return attention + denseFfn + sharedExperts + router + norms + classifier();
}

namespace {

double softmaxAttentionParamsPerLayer(const ModelDesc& m)
{
    const double d = m.hidden;
    if (m.attention == AttentionKind::MLA) {
        const double qkHead = m.qkNopeHeadDim + m.qkRopeHeadDim;
        const double q = m.qLoraRank > 0 ? d * m.qLoraRank + m.qLoraRank +
                                               static_cast<double>(m.qLoraRank) * m.heads * qkHead
                                         : d * m.heads * qkHead;
        const double kvDown = d * (m.kvLoraRank + m.qkRopeHeadDim) + m.kvLoraRank;
        // In double from the first product: each factor is in range, the product of three ints is not.
        const double kvUp = static_cast<double>(m.kvLoraRank) * m.heads * (m.qkNopeHeadDim + m.vHeadDim);
        const double o = static_cast<double>(m.heads) * m.vHeadDim * d;
        return q + kvDown + kvUp + o;
    }
    const int kvHeads =
        m.attention == AttentionKind::MQA ? 1 : (m.attention == AttentionKind::MHA ? m.heads : m.kvHeads);
    const double qDim = static_cast<double>(m.heads) * m.headDim;
    const double kvDim = static_cast<double>(kvHeads) * m.headDim;
    const double gate = m.attentionOutputGate ? d * qDim : 0.0;
    return d * qDim + gate + 2.0 * d * kvDim + qDim * d;
}

// DeepSeek-V3.2's lightning indexer: its query projection (from the query latent when there is
// one), one shared key projection with its LayerNorm, and per-head weights.
double indexerParamsPerLayer(const ModelDesc& m)
{
    if (!m.isSparseAttention())
        return 0;
    const double d = m.hidden;
    const double qIn = m.qLoraRank > 0 ? m.qLoraRank : d;
    return qIn * m.indexerHeads * m.indexerHeadDim + d * m.indexerHeadDim + 2.0 * m.indexerHeadDim +
           d * m.indexerHeads;
}

// Gated DeltaNet: the fused q/k/v/z projection, the beta/alpha gates, the short causal
// convolution over q, k and v, per-head decay and step parameters, the gated norm and the output.
double linearAttentionParamsPerLayer(const ModelDesc& m)
{
    const double d = m.hidden;
    const double qk = static_cast<double>(m.linearKeyHeads) * m.linearKeyDim;
    const double v = static_cast<double>(m.linearValueHeads) * m.linearValueDim;
    return d * (2.0 * qk + 2.0 * v) + d * 2.0 * m.linearValueHeads + (2.0 * qk + v) * m.linearConvKernel +
           2.0 * m.linearValueHeads + m.linearValueDim + v * d;
}

double attentionParams(const ModelDesc& m)
{
    const int linear = m.linearLayerCount();
    return (softmaxAttentionParamsPerLayer(m) + indexerParamsPerLayer(m)) * (m.layers - linear) +
           linearAttentionParamsPerLayer(m) * linear;
}

int effectiveKvHeads(const ModelDesc& m)
{
    switch (m.attention) {
    case AttentionKind::MHA:
        return m.heads;
    case AttentionKind::MQA:
        return 1;
    case AttentionKind::GQA:
    case AttentionKind::MLA:
        break;
    }
    return m.kvHeads;
}

// Elements an attention layer caches per token and attends over: K and V heads, or MLA's latent
// plus the shared RoPE key.
double kvElementsPerTokenPerLayer(const ModelDesc& m)
{
    if (m.attention == AttentionKind::MLA)
        return static_cast<double>(m.kvLoraRank) + m.qkRopeHeadDim;
    return 2.0 * effectiveKvHeads(m) * m.headDim;
}

// Elements the sparse-attention indexer caches per token (its key), scored for every token.
double indexerElementsPerTokenPerLayer(const ModelDesc& m)
{
    return m.isSparseAttention() ? static_cast<double>(m.indexerHeadDim) : 0.0;
}

// Elements a linear-attention layer keeps per sequence, whatever the context: the recurrent
// state (one key dim x value dim matrix per value head) and the convolution's last inputs.
double linearStateElementsPerLayer(const ModelDesc& m)
{
    const double qk = static_cast<double>(m.linearKeyHeads) * m.linearKeyDim;
    const double v = static_cast<double>(m.linearValueHeads) * m.linearValueDim;
    return static_cast<double>(m.linearValueHeads) * m.linearKeyDim * m.linearValueDim +
           std::max(0, m.linearConvKernel - 1) * (2.0 * qk + v);
}

// FLOPs of one token through one linear-attention layer: the delta-rule state update (decay,
// S^T k, the rank-one correction) and the read-out S^T q, each a key dim x value dim product per
// value head, multiply-add = 2 FLOPs.
double linearFlopsPerToken(const ModelDesc& m)
{
    return 6.0 * m.linearValueHeads * m.linearKeyDim * m.linearValueDim;
}

// FLOPs the indexer spends scoring one cached token for one query (all its heads).
double indexerFlopsPerPair(const ModelDesc& m)
{
    return 2.0 * m.indexerHeads * m.indexerHeadDim;
}

// Whether every layer attends to the whole context (closed forms apply).
bool uniformFullAttention(const ModelDesc& m)
{
    return m.slidingWindow <= 0 && m.attentionChunk <= 0 && m.linearFullEvery <= 0;
}

// FLOPs of attention products for one query over t attended tokens, in one layer.
double attentionFlopsPerQuery(const ModelDesc& m, double t)
{
    if (m.attention == AttentionKind::MLA) {
        // Absorbed MLA decode: scores against latent + rope key, values from the latent.
        return 2.0 * m.heads * t * (2.0 * m.kvLoraRank + m.qkRopeHeadDim);
    }
    return 4.0 * m.heads * m.headDim * t; // QK^T and AV, multiply-add = 2 FLOPs
}

} // namespace

ParamBreakdown paramBreakdown(const ModelDesc& m)
{
    ParamBreakdown p;
    const double d = m.hidden;
    // An MTP block is a full-attention block whatever the model's stack.
    const double attn = softmaxAttentionParamsPerLayer(m) + indexerParamsPerLayer(m);
    p.moeLayers = m.moeLayerCount();
    const int denseLayers = m.layers - p.moeLayers;
    p.attention = attentionParams(m);
    p.denseFfn = static_cast<double>(m.ffnMatrices) * d * m.denseFfn * denseLayers;
    if (m.isMoe()) {
        p.perRoutedExpert = static_cast<double>(m.ffnMatrices) * d * m.expertFfn;
        p.expertsAll = p.perRoutedExpert * m.experts * p.moeLayers;
        p.expertsActive = p.perRoutedExpert * m.activeExperts * p.moeLayers;
        p.sharedExperts = p.perRoutedExpert * m.sharedExperts * p.moeLayers;
        p.router = d * m.experts * p.moeLayers;
    }
    p.norms = 2.0 * d * m.layers + d;
    p.embedding = d * m.vocab;
    p.lmHead = m.tiedEmbeddings ? 0.0 : d * m.vocab;
    p.tiedHead = m.tiedEmbeddings ? d * m.vocab : 0.0;
    if (m.mtpLayers > 0) {
        // A DeepSeek MTP module: one more transformer block (MoE when the model is) plus a projection.
        const double block =
            attn + (m.isMoe() ? p.perRoutedExpert * (m.experts + m.sharedExperts) + d * m.experts
                              : static_cast<double>(m.ffnMatrices) * d * m.denseFfn);
        p.mtp = m.mtpLayers * (block + 2.0 * d * d);
    }
    return p;
}

double kvBytesPerToken(const ModelDesc& m, Precision kv)
{
    const double perLayer = kvElementsPerTokenPerLayer(m) + indexerElementsPerTokenPerLayer(m);
    return perLayer * (m.layers - m.linearLayerCount()) * bytesPerElement(kv);
}

namespace {
// Sum over layers of attended tokens at context ctx; cheap closed form without local attention.
double attendedTokenLayers(const ModelDesc& m, double ctx)
{
    if (uniformFullAttention(m))
        return ctx * m.layers;
    double t = 0;
    for (int l = 0; l < m.layers; ++l)
        t += m.attendedTokens(l, ctx);
    return t;
}

// The same with sparse attention's top-k applied: the tokens whose K and V a query really reads.
double selectedTokenLayers(const ModelDesc& m, double ctx)
{
    if (!m.isSparseAttention())
        return attendedTokenLayers(m, ctx);
    const double k = m.sparseTopK;
    if (uniformFullAttention(m))
        return std::min(ctx, k) * m.layers;
    double t = 0;
    for (int l = 0; l < m.layers; ++l)
        t += std::min(m.attendedTokens(l, ctx), k);
    return t;
}

double linearStateBytes(const ModelDesc& m, Precision kv)
{
    return linearStateElementsPerLayer(m) * m.linearLayerCount() * bytesPerElement(kv);
}
} // namespace

double kvBytes(const ModelDesc& m, double ctx, Precision kv)
{
    const double perToken =
        (kvElementsPerTokenPerLayer(m) + indexerElementsPerTokenPerLayer(m)) * bytesPerElement(kv);
    return perToken * attendedTokenLayers(m, ctx) + linearStateBytes(m, kv);
}

double decodeKvBytes(const ModelDesc& m, double ctx, Precision kv)
{
    const double b = bytesPerElement(kv);
    // Attention layers: K/V (or latents) of the selected tokens, the indexer keys of all of them;
    // linear-attention layers read their state and write it back.
    return kvElementsPerTokenPerLayer(m) * b * selectedTokenLayers(m, ctx) +
           indexerElementsPerTokenPerLayer(m) * b * attendedTokenLayers(m, ctx) +
           2.0 * linearStateBytes(m, kv);
}

namespace {

// Sum over i in [1, n] of min(i, w): the causal prefill's attended pairs for a window w.
double causalPairs(double n, double w)
{
    if (w <= 0 || w >= n)
        return n * (n + 1) / 2.0;
    return w * (w + 1) / 2.0 + (n - w) * w;
}
} // namespace

FlopBreakdown prefillFlops(const ModelDesc& m, double n)
{
    FlopBreakdown f;
    // Serving engines (vLLM, TensorRT-LLM, SGLang, llama.cpp) compute logits only where a token
    // is sampled: the prompt's last position.
    const ParamBreakdown p = paramBreakdown(m);
    f.matmul = 2.0 * (p.active() - p.classifier()) * n + 2.0 * p.classifier() * std::min(n, 1.0);
    // pairs: (query, key) products of the attention proper, after sparse attention's top-k;
    // scored: the pairs the sparse-attention indexer scores (all attended ones).
    double pairs = 0;
    double scored = 0;
    const double topK = m.isSparseAttention() ? m.sparseTopK : 0.0;
    auto capped = [](double a, double b) { return a <= 0 ? b : (b <= 0 ? a : std::min(a, b)); };
    if (uniformFullAttention(m)) {
        pairs = causalPairs(n, topK) * m.layers;
        scored = causalPairs(n, 0) * m.layers;
    } else {
        for (int l = 0; l < m.layers; ++l) {
            if (m.isLinearLayer(l))
                continue;
            const double reach = m.attendedTokens(l, 1e300);
            const double cap = reach >= 1e300 ? 0 : reach;
            pairs += causalPairs(n, capped(cap, topK));
            scored += causalPairs(n, cap);
        }
    }
    // MLA prefill runs attention in the expanded multi-head form (DeepSeek's kernels absorb the
    // latent only for decode): scores over qk_nope + qk_rope dims, values over v_head_dim.
    const double perPair = m.attention == AttentionKind::MLA
                               ? 2.0 * m.heads * (m.qkNopeHeadDim + m.qkRopeHeadDim + m.vHeadDim)
                               : attentionFlopsPerQuery(m, 1.0);
    f.attention = perPair * pairs;
    if (m.isSparseAttention())
        f.attention += indexerFlopsPerPair(m) * scored;
    // Linear attention in its chunked form costs about what the recurrence costs per token.
    f.attention += linearFlopsPerToken(m) * m.linearLayerCount() * n;
    return f;
}

FlopBreakdown decodeFlops(const ModelDesc& m, double ctx)
{
    FlopBreakdown f;
    f.matmul = 2.0 * paramBreakdown(m).active();
    f.attention = attentionFlopsPerQuery(m, 1.0) * selectedTokenLayers(m, ctx) +
                  linearFlopsPerToken(m) * m.linearLayerCount();
    if (m.isSparseAttention())
        f.attention += indexerFlopsPerPair(m) * attendedTokenLayers(m, ctx);
    return f;
}

double expectedExpertsTouched(const ModelDesc& m, double b)
{
    if (!m.isMoe())
        return 0;
    const double e = m.experts;
    const double k = m.activeExperts;
    return e * (1.0 - std::pow(1.0 - k / e, std::max(1.0, b)));
}

double decodeWeightBytes(const ModelDesc& m, double batch, Precision weights)
{
    const ParamBreakdown p = paramBreakdown(m);
    double params = p.alwaysActive();
    if (m.isMoe())
        params += p.perRoutedExpert * expectedExpertsTouched(m, batch) * p.moeLayers;
    return params * bytesPerElement(weights);
}

double attentionKernelsPerLayer(const ModelDesc& m)
{
    // Norm, QKV projection, rotary, attention, output projection; MLA adds the low-rank down/up
    // projections and their norms.
    return m.attention == AttentionKind::MLA ? 10.0 : 5.0;
}

double ffnKernelsPerLayer(const ModelDesc& m)
{
    // Dense FFN: norm, gate+up, activation, down. MoE: norm, router, top-k, permute, grouped
    // gate+up, activation, grouped down, un-permute/combine, plus the shared expert's three.
    const double dense = 4.0;
    const double moe = 8.0 + (m.sharedExperts > 0 ? 3.0 : 0.0);
    const double moeShare = m.layers > 0 ? static_cast<double>(m.moeLayerCount()) / m.layers : 0.0;
    return dense * (1.0 - moeShare) + moe * moeShare;
}

double kernelsPerLayer(const ModelDesc& m)
{
    return attentionKernelsPerLayer(m) + ffnKernelsPerLayer(m);
}

double hiddenStateBytes(const ModelDesc& m, Precision act)
{
    return static_cast<double>(m.hidden) * bytesPerElement(act);
}

} // namespace is
