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

double attentionParamsPerLayer(const ModelDesc& m)
{
    const double d = m.hidden;
    if (m.attention == AttentionKind::MLA) {
        const double qkHead = m.qkNopeHeadDim + m.qkRopeHeadDim;
        const double q = m.qLoraRank > 0 ? d * m.qLoraRank + m.qLoraRank + m.qLoraRank * m.heads * qkHead
                                         : d * m.heads * qkHead;
        const double kvDown = d * (m.kvLoraRank + m.qkRopeHeadDim) + m.kvLoraRank;
        const double kvUp = m.kvLoraRank * m.heads * (m.qkNopeHeadDim + m.vHeadDim);
        const double o = static_cast<double>(m.heads) * m.vHeadDim * d;
        return q + kvDown + kvUp + o;
    }
    const int kvHeads = m.attention == AttentionKind::MQA ? 1 : (m.attention == AttentionKind::MHA ? m.heads : m.kvHeads);
    const double qDim = static_cast<double>(m.heads) * m.headDim;
    const double kvDim = static_cast<double>(kvHeads) * m.headDim;
    return d * qDim + 2.0 * d * kvDim + qDim * d;
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

// Elements a layer caches per token: K and V heads, or MLA's latent plus the shared RoPE key.
double kvElementsPerTokenPerLayer(const ModelDesc& m)
{
    if (m.attention == AttentionKind::MLA)
        return static_cast<double>(m.kvLoraRank) + m.qkRopeHeadDim;
    return 2.0 * effectiveKvHeads(m) * m.headDim;
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
    const double attn = attentionParamsPerLayer(m);
    p.moeLayers = m.moeLayerCount();
    const int denseLayers = m.layers - p.moeLayers;
    p.attention = attn * m.layers;
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
        const double block = attn + (m.isMoe() ? p.perRoutedExpert * (m.experts + m.sharedExperts) + d * m.experts
                                               : static_cast<double>(m.ffnMatrices) * d * m.denseFfn);
        p.mtp = m.mtpLayers * (block + 2.0 * d * d);
    }
    return p;
}

double kvBytesPerToken(const ModelDesc& m, Precision kv)
{
    return kvElementsPerTokenPerLayer(m) * m.layers * bytesPerElement(kv);
}

double kvBytes(const ModelDesc& m, double ctx, Precision kv)
{
    const double perLayer = kvElementsPerTokenPerLayer(m) * bytesPerElement(kv);
    if (m.slidingWindow <= 0 && m.attentionChunk <= 0)
        return perLayer * m.layers * ctx;
    double tokens = 0;
    for (int l = 0; l < m.layers; ++l)
        tokens += m.attendedTokens(l, ctx);
    return perLayer * tokens;
}

namespace {
// Sum over layers of attended tokens at context ctx; cheap closed form without local attention.
double attendedTokenLayers(const ModelDesc& m, double ctx)
{
    if (m.slidingWindow <= 0 && m.attentionChunk <= 0)
        return ctx * m.layers;
    double t = 0;
    for (int l = 0; l < m.layers; ++l)
        t += m.attendedTokens(l, ctx);
    return t;
}

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
    double pairs = 0;
    if (m.slidingWindow <= 0 && m.attentionChunk <= 0) {
        pairs = causalPairs(n, 0) * m.layers;
    } else {
        for (int l = 0; l < m.layers; ++l) {
            const double cap = m.attendedTokens(l, 1e300);
            pairs += causalPairs(n, cap >= 1e300 ? 0 : cap);
        }
    }
    // MLA prefill runs attention in the expanded multi-head form (DeepSeek's kernels absorb the
    // latent only for decode): scores over qk_nope + qk_rope dims, values over v_head_dim.
    const double perPair = m.attention == AttentionKind::MLA
                               ? 2.0 * m.heads * (m.qkNopeHeadDim + m.qkRopeHeadDim + m.vHeadDim)
                               : attentionFlopsPerQuery(m, 1.0);
    f.attention = perPair * pairs;
    return f;
}

FlopBreakdown decodeFlops(const ModelDesc& m, double ctx)
{
    FlopBreakdown f;
    f.matmul = 2.0 * paramBreakdown(m).active();
    f.attention = attentionFlopsPerQuery(m, 1.0) * attendedTokenLayers(m, ctx);
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

double kernelsPerLayer(const ModelDesc& m)
{
    // Attention block: norm, QKV projection, rotary, attention, output projection; MLA adds the
    // low-rank down/up projections and their norms.
    const double attention = m.attention == AttentionKind::MLA ? 10.0 : 5.0;
    // Dense FFN: norm, gate+up, activation, down. MoE: norm, router, top-k, permute, grouped
    // gate+up, activation, grouped down, un-permute/combine, plus the shared expert's three.
    const double dense = 4.0;
    const double moe = 8.0 + (m.sharedExperts > 0 ? 3.0 : 0.0);
    const double moeShare = m.layers > 0 ? static_cast<double>(m.moeLayerCount()) / m.layers : 0.0;
    return attention + dense * (1.0 - moeShare) + moe * moeShare;
}

double hiddenStateBytes(const ModelDesc& m, Precision act)
{
    return static_cast<double>(m.hidden) * bytesPerElement(act);
}

} // namespace is
