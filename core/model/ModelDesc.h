// SPDX-License-Identifier: MIT
#pragma once

#include "common/Precision.h"
#include "common/Sourced.h"

#include <QString>

#include <optional>

namespace is {

enum class AttentionKind { MHA, GQA, MQA, MLA };
QString attentionKindId(AttentionKind k);
std::optional<AttentionKind> attentionKindFromId(const QString& id);
// Multi-head, multi-query or grouped-query attention from the head counts (MLA is never implied).
AttentionKind attentionKindFor(int heads, int kvHeads);

// A concrete transformer architecture. Every byte and FLOP the engine uses is derived from these
// fields (model/ModelMath.h); nothing is typed in.
struct ModelDesc
{
    QString id;
    QString name;
    QString source;
    SourceKind kind = SourceKind::Datasheet;

    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int kvHeads = 0;
    int headDim = 0;
    int vocab = 0;
    bool tiedEmbeddings = false;
    int maxContext = 0;
    int ffnMatrices = 3; // SwiGLU: gate, up, down

    AttentionKind attention = AttentionKind::GQA;
    // Gated attention (Qwen3-Next): the query projection also yields a per-channel sigmoid gate
    // on the attention output, doubling its width.
    bool attentionOutputGate = false;
    // MLA (DeepSeek-V3, Kimi K2): queries and KV go through low-rank projections; the cache holds
    // the compressed latent plus the decoupled RoPE key.
    int qLoraRank = 0;
    int kvLoraRank = 0;
    int qkNopeHeadDim = 0;
    int qkRopeHeadDim = 0;
    int vHeadDim = 0;

    int denseFfn = 0; // FFN width of dense layers
    // Mixture of experts. Layers [0, denseLayers) are dense; after that every moeEvery-th layer is MoE.
    int experts = 0;
    int activeExperts = 0;
    int sharedExperts = 0;
    int expertFfn = 0;
    int denseLayers = 0;
    int moeEvery = 1;

    // Local attention: every slidingEvery-th layer attends to the last slidingWindow tokens;
    // chunked attention: all but every chunkGlobalEvery-th layer attend within chunks.
    int slidingWindow = 0;
    int slidingEvery = 0;
    int attentionChunk = 0;
    int chunkGlobalEvery = 0;

    // Sparse attention (DeepSeek Sparse Attention, DeepSeek-V3.2): a lightning indexer scores every
    // cached token with a few small heads (its own key cache, indexerHeadDim per token and layer),
    // and each query attends to only the sparseTopK best entries. Past sparseTopK tokens a decode
    // step reads a constant amount of the main cache and only the indexer keys keep growing.
    int sparseTopK = 0; // 0: dense attention
    int indexerHeads = 0;
    int indexerHeadDim = 0;

    // Linear attention (Gated DeltaNet, Qwen3-Next): all layers but every linearFullEvery-th keep a
    // constant-size recurrent state per sequence (value heads x key dim x value dim, plus the
    // short convolution's last linearConvKernel - 1 inputs) instead of a KV cache that grows with
    // context; the remaining layers are ordinary attention.
    int linearFullEvery = 0; // 0: no linear-attention layers
    int linearKeyHeads = 0;
    int linearValueHeads = 0;
    int linearKeyDim = 0;
    int linearValueDim = 0;
    int linearConvKernel = 0;

    int mtpLayers = 0; // multi-token-prediction heads (weights only; used by speculative decoding)

    // The format the weights were published in (DeepSeek-V3 and R1: fp8; gpt-oss: fp4), and where
    // that is stated. A deployment that names no precision never widens them: storing a published
    // fp8 checkpoint at 16 bits doubles the bytes every decode step reads and gains nothing.
    std::optional<Precision> releasedWeights; // nullopt: not stated (16-bit checkpoints)
    QString releasedWeightsSource;
    // The release quantised the routed experts' weights only, and weight-only (no activation
    // scales): attention, shared experts, embeddings and head stay at 16 bits (gpt-oss's MXFP4
    // experts, Kimi K2 Thinking's INT4 experts).
    bool releasedExpertsOnly = false;

    // Published totals, for tests and display; the engine never reads them.
    double publishedTotalParams = 0;
    double publishedActiveParams = 0;

    bool isMoe() const { return experts > 0 && activeExperts > 0; }
    // Whether a sequence of `tokens` (prompt and output together, as serving engines count it
    // against max_model_len) fits the model's context window; no window given: any length.
    bool withinContextWindow(double tokens) const { return maxContext <= 0 || tokens <= maxContext; }
    bool isMoeLayer(int layer) const;
    int moeLayerCount() const;
    int denseLayerCount() const { return layers - moeLayerCount(); }
    bool isSparseAttention() const { return sparseTopK > 0; }
    // Whether a layer is a linear-attention (recurrent-state) layer.
    bool isLinearLayer(int layer) const { return linearFullEvery > 1 && (layer + 1) % linearFullEvery != 0; }
    int linearLayerCount() const { return linearFullEvery > 1 ? layers - layers / linearFullEvery : 0; }
    // Tokens a layer's attention reads at context length ctx (window or chunk caps it; a
    // linear-attention layer reads none). Sparse attention's top-k selection is applied on top
    // of this (model/ModelMath.h), since its indexer still scores every attended token.
    double attendedTokens(int layer, double ctx) const;
    // Explains the first invalid field, or returns an empty string.
    QString validate() const;
};

} // namespace is
