// SPDX-License-Identifier: MIT
#include "model/ModelEntry.h"

#include "common/JsonFields.h"

#include <QCoreApplication>

namespace is {

ModelDesc ModelEntry::resolve(Bound bound) const
{
    if (!parametric)
        return arch;
    ModelDesc m = deriveParametricModel(*parametric, bound);
    m.id = arch.id;
    m.name = arch.name;
    m.source = arch.source;
    m.kind = arch.kind;
    return m;
}

namespace {

constexpr int kMaxDim = 1 << 24;

QString unknownAttention()
{
    return QCoreApplication::translate("is::ModelEntry", "unknown attention '%1' (mha, gqa, mqa, mla)");
}

std::optional<ParametricSpec> parseParametric(const QJsonObject& obj, const QString& path, QString* error)
{
    JsonFields f(obj, path, error);
    ParametricSpec s;
    s.totalParams = f.positiveSourced("total_params");
    s.activeParams = f.positiveSourced("active_params");
    s.layers = f.positiveSourced("layers");
    if (auto k = f.choice("attention", QStringLiteral("gqa"), attentionKindFromId, unknownAttention()))
        s.attention = *k;
    s.kvHeads = f.integer("kv_heads", 8, 1, 4096);
    s.headDim = f.integer("head_dim", 128, 1, 4096);
    s.expertsActive = f.integer("experts_active", 8, 1, 4096);
    s.sharedExperts = f.integer("experts_shared", 1, 0, 4096);
    s.vocab = f.integer("vocab", 200000, 1, kMaxDim);
    s.maxContext = f.integer("max_context", 131072, 0, 1 << 30);
    s.kvLoraRank = f.integer("kv_lora_rank", 512, 1, kMaxDim);
    s.qkRopeHeadDim = f.integer("qk_rope_head_dim", 64, 0, kMaxDim);
    if (f.ok() && s.activeParams.value > s.totalParams.value)
        f.fail("active_params", QCoreApplication::translate("is::ModelEntry", "exceeds total_params"));
    if (!f.ok())
        return std::nullopt;
    return s;
}

} // namespace

std::optional<ModelEntry> parseModelEntry(const QJsonObject& obj, const QString& path, QString* error)
{
    JsonFields f(obj, path, error);
    ModelEntry e;
    ModelDesc& m = e.arch;
    m.id = f.string("id", {}, true);
    m.name = f.string("name", m.id);
    m.source = f.string("source");
    if (auto k = f.choice("kind", QStringLiteral("datasheet"), sourceKindFromId,
                          QCoreApplication::translate("is::ModelEntry", "unknown kind '%1'")))
        m.kind = *k;
    if (!f.ok())
        return std::nullopt;

    if (f.has("parametric")) {
        auto spec = parseParametric(f.object("parametric"), f.fieldPath("parametric"), error);
        if (!spec)
            return std::nullopt;
        e.parametric = spec;
        m.maxContext = spec->maxContext;
        return e;
    }

    m.layers = f.integer("layers", 0, 1, 100000, true);
    m.hidden = f.integer("hidden", 0, 1, kMaxDim, true);
    m.heads = f.integer("heads", 0, 1, 65536, true);
    m.kvHeads = f.integer("kv_heads", m.heads, 1, 65536);
    m.headDim = f.integer("head_dim", m.heads > 0 ? m.hidden / m.heads : 0, 1, 65536);
    m.vocab = f.integer("vocab", 0, 1, kMaxDim, true);
    m.tiedEmbeddings = f.boolean("tied_embeddings", false);
    m.maxContext = f.integer("max_context", 0, 0, 1 << 30);
    m.denseFfn = f.integer("ffn", 0, 0, kMaxDim);
    m.ffnMatrices = f.integer("ffn_matrices", 3, 2, 3);
    if (auto k = f.choice("attention", m.kvHeads == m.heads ? QStringLiteral("mha") : QStringLiteral("gqa"),
                          attentionKindFromId, unknownAttention()))
        m.attention = *k;
    if (m.attention == AttentionKind::MQA)
        m.kvHeads = 1;
    m.attentionOutputGate = f.boolean("attention_output_gate", false);

    if (f.has("mla")) {
        JsonFields mla(f.object("mla"), f.fieldPath("mla"), error);
        m.qLoraRank = mla.integer("q_lora_rank", 0, 0, kMaxDim);
        m.kvLoraRank = mla.integer("kv_lora_rank", 0, 1, kMaxDim, true);
        m.qkNopeHeadDim = mla.integer("qk_nope_head_dim", 0, 1, kMaxDim, true);
        m.qkRopeHeadDim = mla.integer("qk_rope_head_dim", 0, 0, kMaxDim, true);
        m.vHeadDim = mla.integer("v_head_dim", 0, 1, kMaxDim, true);
    } else if (m.attention == AttentionKind::MLA) {
        f.fail("mla",
               QCoreApplication::translate("is::ModelEntry", "attention \"mla\" needs an \"mla\" object"));
    }
    if (f.has("moe")) {
        JsonFields moe(f.object("moe"), f.fieldPath("moe"), error);
        m.experts = moe.integer("experts", 0, 1, 1 << 20, true);
        m.activeExperts = moe.integer("active", 0, 1, 1 << 20, true);
        m.sharedExperts = moe.integer("shared", 0, 0, 1 << 20);
        m.expertFfn = moe.integer("expert_ffn", 0, 1, kMaxDim, true);
        m.denseLayers = moe.integer("dense_layers", 0, 0, 100000);
        m.moeEvery = moe.integer("moe_every", 1, 1, 100000);
    }
    if (f.has("sliding_window")) {
        JsonFields sw(f.object("sliding_window"), f.fieldPath("sliding_window"), error);
        m.slidingWindow = sw.integer("window", 0, 1, 1 << 30, true);
        m.slidingEvery = sw.integer("every", 1, 1, 100000);
    }
    if (f.has("chunked_attention")) {
        JsonFields ca(f.object("chunked_attention"), f.fieldPath("chunked_attention"), error);
        m.attentionChunk = ca.integer("chunk", 0, 1, 1 << 30, true);
        m.chunkGlobalEvery = ca.integer("global_every", 4, 1, 100000);
    }
    if (f.has("sparse_attention")) {
        JsonFields sa(f.object("sparse_attention"), f.fieldPath("sparse_attention"), error);
        m.sparseTopK = sa.integer("top_k", 0, 1, 1 << 30, true);
        m.indexerHeads = sa.integer("indexer_heads", 0, 1, 65536, true);
        m.indexerHeadDim = sa.integer("indexer_head_dim", 0, 1, 65536, true);
    }
    if (f.has("linear_attention")) {
        JsonFields la(f.object("linear_attention"), f.fieldPath("linear_attention"), error);
        m.linearFullEvery = la.integer("full_every", 0, 2, 100000, true);
        m.linearKeyHeads = la.integer("key_heads", 0, 1, 65536, true);
        m.linearValueHeads = la.integer("value_heads", m.linearKeyHeads, 1, 65536);
        m.linearKeyDim = la.integer("key_head_dim", 0, 1, 65536, true);
        m.linearValueDim = la.integer("value_head_dim", m.linearKeyDim, 1, 65536);
        m.linearConvKernel = la.integer("conv_kernel", 4, 0, 1024);
    }
    m.mtpLayers = f.integer("mtp_layers", 0, 0, 64);
    if (f.has("released_weights")) {
        JsonFields rel(f.object("released_weights"), f.fieldPath("released_weights"), error);
        m.releasedWeights =
            rel.choice("precision", QString(), precisionFromId,
                       QCoreApplication::translate("is::ModelEntry", "unknown precision '%1'"), true);
        m.releasedWeightsSource = rel.string("source", QString(), true);
        m.releasedExpertsOnly = rel.boolean("experts_only", false);
    }
    if (f.has("published")) {
        JsonFields pub(f.object("published"), f.fieldPath("published"), error);
        m.publishedTotalParams = pub.number("total_params", 0);
        m.publishedActiveParams = pub.number("active_params", m.publishedTotalParams);
    }
    if (!f.ok() || !error->isEmpty())
        return std::nullopt;
    if (const QString why = m.validate(); !why.isEmpty()) {
        *error = path + QLatin1Char('.') + why;
        return std::nullopt;
    }
    return e;
}

QJsonObject modelEntryToJson(const ModelEntry& entry)
{
    const ModelDesc& m = entry.arch;
    QJsonObject o{{QStringLiteral("id"), m.id},
                  {QStringLiteral("name"), m.name},
                  {QStringLiteral("source"), m.source},
                  {QStringLiteral("kind"), sourceKindId(m.kind)}};
    if (entry.parametric) {
        const ParametricSpec& s = *entry.parametric;
        o.insert(QStringLiteral("parametric"),
                 QJsonObject{{QStringLiteral("total_params"), s.totalParams.toJson()},
                             {QStringLiteral("active_params"), s.activeParams.toJson()},
                             {QStringLiteral("layers"), s.layers.toJson()},
                             {QStringLiteral("attention"), attentionKindId(s.attention)},
                             {QStringLiteral("kv_heads"), s.kvHeads},
                             {QStringLiteral("head_dim"), s.headDim},
                             {QStringLiteral("experts_active"), s.expertsActive},
                             {QStringLiteral("experts_shared"), s.sharedExperts},
                             {QStringLiteral("vocab"), s.vocab},
                             {QStringLiteral("max_context"), s.maxContext},
                             {QStringLiteral("kv_lora_rank"), s.kvLoraRank},
                             {QStringLiteral("qk_rope_head_dim"), s.qkRopeHeadDim}});
        return o;
    }
    o.insert(QStringLiteral("layers"), m.layers);
    o.insert(QStringLiteral("hidden"), m.hidden);
    o.insert(QStringLiteral("heads"), m.heads);
    o.insert(QStringLiteral("kv_heads"), m.kvHeads);
    o.insert(QStringLiteral("head_dim"), m.headDim);
    o.insert(QStringLiteral("vocab"), m.vocab);
    o.insert(QStringLiteral("tied_embeddings"), m.tiedEmbeddings);
    o.insert(QStringLiteral("max_context"), m.maxContext);
    o.insert(QStringLiteral("ffn"), m.denseFfn);
    o.insert(QStringLiteral("ffn_matrices"), m.ffnMatrices);
    o.insert(QStringLiteral("attention"), attentionKindId(m.attention));
    if (m.attentionOutputGate)
        o.insert(QStringLiteral("attention_output_gate"), true);
    if (m.attention == AttentionKind::MLA)
        o.insert(QStringLiteral("mla"), QJsonObject{{QStringLiteral("q_lora_rank"), m.qLoraRank},
                                                    {QStringLiteral("kv_lora_rank"), m.kvLoraRank},
                                                    {QStringLiteral("qk_nope_head_dim"), m.qkNopeHeadDim},
                                                    {QStringLiteral("qk_rope_head_dim"), m.qkRopeHeadDim},
                                                    {QStringLiteral("v_head_dim"), m.vHeadDim}});
    if (m.isMoe())
        o.insert(QStringLiteral("moe"), QJsonObject{{QStringLiteral("experts"), m.experts},
                                                    {QStringLiteral("active"), m.activeExperts},
                                                    {QStringLiteral("shared"), m.sharedExperts},
                                                    {QStringLiteral("expert_ffn"), m.expertFfn},
                                                    {QStringLiteral("dense_layers"), m.denseLayers},
                                                    {QStringLiteral("moe_every"), m.moeEvery}});
    if (m.slidingWindow > 0)
        o.insert(QStringLiteral("sliding_window"), QJsonObject{{QStringLiteral("window"), m.slidingWindow},
                                                               {QStringLiteral("every"), m.slidingEvery}});
    if (m.attentionChunk > 0)
        o.insert(QStringLiteral("chunked_attention"),
                 QJsonObject{{QStringLiteral("chunk"), m.attentionChunk},
                             {QStringLiteral("global_every"), m.chunkGlobalEvery}});
    if (m.isSparseAttention())
        o.insert(QStringLiteral("sparse_attention"),
                 QJsonObject{{QStringLiteral("top_k"), m.sparseTopK},
                             {QStringLiteral("indexer_heads"), m.indexerHeads},
                             {QStringLiteral("indexer_head_dim"), m.indexerHeadDim}});
    if (m.linearFullEvery > 0)
        o.insert(QStringLiteral("linear_attention"),
                 QJsonObject{{QStringLiteral("full_every"), m.linearFullEvery},
                             {QStringLiteral("key_heads"), m.linearKeyHeads},
                             {QStringLiteral("value_heads"), m.linearValueHeads},
                             {QStringLiteral("key_head_dim"), m.linearKeyDim},
                             {QStringLiteral("value_head_dim"), m.linearValueDim},
                             {QStringLiteral("conv_kernel"), m.linearConvKernel}});
    if (m.mtpLayers > 0)
        o.insert(QStringLiteral("mtp_layers"), m.mtpLayers);
    if (m.releasedWeights) {
        QJsonObject rel{{QStringLiteral("precision"), precisionId(*m.releasedWeights)},
                        {QStringLiteral("source"), m.releasedWeightsSource}};
        if (m.releasedExpertsOnly)
            rel.insert(QStringLiteral("experts_only"), true);
        o.insert(QStringLiteral("released_weights"), rel);
    }
    return o;
}

} // namespace is
