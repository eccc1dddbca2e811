// SPDX-License-Identifier: MIT
#include "model/ModelDesc.h"

#include <QCoreApplication>

#include <algorithm>

namespace is {

QString attentionKindId(AttentionKind k)
{
    switch (k) {
    case AttentionKind::MHA:
        return QStringLiteral("mha");
    case AttentionKind::GQA:
        return QStringLiteral("gqa");
    case AttentionKind::MQA:
        return QStringLiteral("mqa");
    case AttentionKind::MLA:
        return QStringLiteral("mla");
    }
    return QStringLiteral("gqa");
}

AttentionKind attentionKindFor(int heads, int kvHeads)
{
    return kvHeads == heads ? AttentionKind::MHA : (kvHeads == 1 ? AttentionKind::MQA : AttentionKind::GQA);
}

std::optional<AttentionKind> attentionKindFromId(const QString& id)
{
    for (AttentionKind k : {AttentionKind::MHA, AttentionKind::GQA, AttentionKind::MQA, AttentionKind::MLA})
        if (attentionKindId(k) == id.toLower())
            return k;
    return std::nullopt;
}

bool ModelDesc::isMoeLayer(int layer) const
{
    if (!isMoe() || layer < denseLayers)
        return false;
    const int step = std::max(1, moeEvery);
    // Llama 4 interleaves: with step 2 layers 1, 3, 5... are MoE.
    return (layer - denseLayers + 1) % step == 0;
}

int ModelDesc::moeLayerCount() const
{
    if (!isMoe())
        return 0;
    const int step = std::max(1, moeEvery);
    return std::max(0, layers - denseLayers) / step;
}

double ModelDesc::attendedTokens(int layer, double ctx) const
{
    if (isLinearLayer(layer))
        return 0;
    if (slidingWindow > 0 && slidingEvery > 0 && layer % slidingEvery == 0)
        return std::min(ctx, static_cast<double>(slidingWindow));
    if (attentionChunk > 0 && chunkGlobalEvery > 0 && (layer + 1) % chunkGlobalEvery != 0)
        return std::min(ctx, static_cast<double>(attentionChunk));
    return ctx;
}

QString ModelDesc::validate() const
{
    auto positive = [](int v) { return v > 0; };
    if (!positive(layers))
        return QCoreApplication::translate("is::ModelDesc", "layers: must be a positive integer");
    if (!positive(hidden))
        return QCoreApplication::translate("is::ModelDesc", "hidden: must be a positive integer");
    if (!positive(heads))
        return QCoreApplication::translate("is::ModelDesc", "heads: must be a positive integer");
    if (!positive(vocab))
        return QCoreApplication::translate("is::ModelDesc", "vocab: must be a positive integer");
    // Every kind saves head_dim, and the catalog format reads it back in this range. MLA does not
    // use it, but one an importer derived from a hostile hidden / heads (0, or millions) would
    // otherwise make the saved model unreadable.
    if (headDim < 1 || headDim > 65536)
        return QCoreApplication::translate("is::ModelDesc", "head_dim: must be between 1 and 65536, got %1")
            .arg(headDim);
    if (attention == AttentionKind::MLA) {
        if (!positive(kvLoraRank) || !positive(qkNopeHeadDim) || !positive(vHeadDim))
            return QCoreApplication::translate(
                "is::ModelDesc", "mla: kv_lora_rank, qk_nope_head_dim and v_head_dim must be positive");
    } else {
        if (!positive(kvHeads) || kvHeads > heads)
            return QCoreApplication::translate("is::ModelDesc", "kv_heads: must be between 1 and heads");
    }
    if (experts > 0 && (activeExperts <= 0 || activeExperts > experts || expertFfn <= 0))
        return QCoreApplication::translate("is::ModelDesc",
                                           "moe: needs 1 <= active <= experts and a positive expert_ffn");
    if (moeLayerCount() < layers && denseFfn <= 0)
        return QCoreApplication::translate("is::ModelDesc", "ffn: dense layers need a positive ffn width");
    if (sparseTopK > 0 && (indexerHeads <= 0 || indexerHeadDim <= 0))
        return QCoreApplication::translate(
            "is::ModelDesc", "sparse_attention: indexer_heads and indexer_head_dim must be positive");
    if (linearFullEvery > 0 && (linearFullEvery < 2 || linearKeyHeads <= 0 || linearValueHeads <= 0 ||
                                linearKeyDim <= 0 || linearValueDim <= 0))
        return QCoreApplication::translate("is::ModelDesc",
                                           "linear_attention: full_every must be at least 2 and key_heads, "
                                           "value_heads, key_head_dim and value_head_dim positive");
    if (maxContext < 0)
        return QCoreApplication::translate("is::ModelDesc", "max_context: must not be negative");
    return {};
}

} // namespace is
