// SPDX-License-Identifier: MIT
#pragma once

#include "common/Precision.h"
#include "model/ModelDesc.h"

namespace is {

// Parameter counts split by layer type, so that placement and charts can show where bytes live.
struct ParamBreakdown
{
    double attention = 0;     // all layers' attention projections
    double denseFfn = 0;      // FFNs of dense layers
    double expertsAll = 0;    // all routed experts of all MoE layers
    double expertsActive = 0; // routed experts one token uses
    double sharedExperts = 0;
    double router = 0;
    double norms = 0;
    double embedding = 0; // input embedding table (a lookup, no FLOPs)
    double lmHead = 0;    // output projection (0 when tied)
    double tiedHead = 0;  // tied: the embedding table read again as the output projection (stored once)
    double mtp = 0;       // multi-token-prediction heads (not counted in the total)

    double total() const;
    // Parameters that a token multiplies with: excludes the embedding lookup, as model cards do,
    // but not a tied output projection, which multiplies with (and reads) the same table.
    double active() const;
    // Weights every step touches whatever the routing: everything but the routed experts.
    double alwaysActive() const;
    // The output projection's matrix, tied or not: a prefill runs it for the last token only.
    double classifier() const { return lmHead + tiedHead; }
    double perRoutedExpert = 0; // one routed expert of one layer
    int moeLayers = 0;
};

ParamBreakdown paramBreakdown(const ModelDesc& m);

// KV-cache bytes one sequence holds at context length ctx, over all layers, honouring windows and
// chunks, MLA latents, sparse attention's indexer keys, linear-attention states and the cache
// precision.
double kvBytes(const ModelDesc& m, double ctx, Precision kv);
// Cache bytes one decode step of one sequence moves at context length ctx: the K/V entries its
// queries read (sparse attention: at most top-k per layer, plus the indexer keys of every cached
// token) and each linear-attention layer's state, read and written back. Without sparse or
// linear attention this equals kvBytes.
double decodeKvBytes(const ModelDesc& m, double ctx, Precision kv);
// KV bytes per token of context for the stack's attention layers with no window capping: the
// "bytes per token" figure model cards quote (linear-attention layers hold no per-token cache).
double kvBytesPerToken(const ModelDesc& m, Precision kv);

struct FlopBreakdown
{
    double matmul = 0;    // 2 x active parameters per token
    double attention = 0; // score and value products over the attended context
    double total() const { return matmul + attention; }
};

// FLOPs to prefill a prompt of n tokens (causal: token i attends to i tokens; quadratic term).
FlopBreakdown prefillFlops(const ModelDesc& m, double n);
// FLOPs to decode one token at context length ctx.
FlopBreakdown decodeFlops(const ModelDesc& m, double ctx);

// Expected number of distinct routed experts per MoE layer that a batch of b tokens touches,
// with uniform routing: E * (1 - (1 - k/E)^b).
double expectedExpertsTouched(const ModelDesc& m, double b);

// Bytes of weights one decode step of batch b reads from memory, per the whole model.
double decodeWeightBytes(const ModelDesc& m, double batch, Precision weights);

// Average number of GPU kernels one layer launches in a decode step, from its structure: norms,
// projections, rotary embedding, attention, FFN or the router/dispatch/grouped-GEMM/combine chain of
// an MoE layer. Fixed per-kernel costs (launch, synchronisation) scale with it.
double kernelsPerLayer(const ModelDesc& m);
// Its two parts: the attention block's kernels and the feed-forward (or MoE) block's.
double attentionKernelsPerLayer(const ModelDesc& m);
double ffnKernelsPerLayer(const ModelDesc& m);

// Activation bytes that one token's hidden state occupies (for communication and activations).
double hiddenStateBytes(const ModelDesc& m, Precision act);

} // namespace is
