// SPDX-License-Identifier: MIT
#include "executor/Model.h"

#include <QCoreApplication>

namespace is::exec {

DType Model::weightType() const
{
    return layers.empty() ? tokenEmbd.type : layers.front().wq.type;
}

std::size_t Model::weightBytes() const
{
    std::size_t total = tokenEmbd.bytes() + output.bytes() + outputNorm.size() * 4;
    for (const auto& l : layers) {
        total += l.wq.bytes() + l.wk.bytes() + l.wv.bytes() + l.wo.bytes();
        total += l.w1.bytes() + l.w2.bytes() + l.w3.bytes() + l.router.bytes();
        total += (l.attnNorm.size() + l.ffnNorm.size()) * 4;
    }
    // A classifier tied to the embedding is stored once.
    if (output.data == tokenEmbd.data)
        total -= output.bytes();
    return total;
}

std::size_t Model::decodeWeightBytes() const
{
    std::size_t total = tokenEmbd.rowStride + output.bytes() + outputNorm.size() * 4;
    for (const auto& l : layers) {
        total += l.wq.bytes() + l.wk.bytes() + l.wv.bytes() + l.wo.bytes();
        const std::size_t ffn = l.w1.bytes() + l.w2.bytes() + l.w3.bytes();
        if (cfg.experts > 0)
            total += ffn / static_cast<std::size_t>(cfg.experts) * static_cast<std::size_t>(cfg.topK)
                     + l.router.bytes();
        else
            total += ffn;
        total += (l.attnNorm.size() + l.ffnNorm.size()) * 4;
    }
    return total;
}

double Model::matmulFlopsPerToken(bool withClassifier) const
{
    const double dim = cfg.dim, kv = cfg.kvDim(), hid = cfg.hidden;
    double perLayer = dim * dim * 2 + dim * kv * 2; // q, o, k, v
    const double ffn = 3.0 * dim * hid;
    perLayer += cfg.experts > 0 ? ffn * cfg.topK + dim * cfg.experts : ffn;
    double flops = 2.0 * perLayer * cfg.layers;
    if (withClassifier)
        flops += 2.0 * dim * cfg.vocab;
    return flops;
}

namespace {

QString checkShape(const Tensor& t, const char* what, std::size_t rows, std::size_t cols,
                   std::size_t experts = 1)
{
    if (!t.valid())
        return QCoreApplication::translate("is::exec::Model", "tensor %1 is missing")
            .arg(QLatin1String(what));
    if (t.rows != rows || t.cols != cols || t.experts != experts)
        return QCoreApplication::translate("is::exec::Model",
                                           "tensor %1 has shape %2x%3x%4, expected %5x%6x%7")
            .arg(QLatin1String(what))
            .arg(t.cols)
            .arg(t.rows)
            .arg(t.experts)
            .arg(cols)
            .arg(rows)
            .arg(experts);
    return {};
}

} // namespace

QString validateModel(const Model& m)
{
    const ModelConfig& c = m.cfg;
    auto bad = [](const char* field, long long v) {
        return QCoreApplication::translate("is::exec::Model", "%1 = %2 is out of range")
            .arg(QLatin1String(field))
            .arg(v);
    };
    // Bounds keep every derived product (buffers, KV cache rows) far from overflow; they are
    // far above any model this executor is meant for.
    if (c.dim < 1 || c.dim > 65536)
        return bad("embedding_length (dim)", c.dim);
    if (c.heads < 1 || c.heads > c.dim || c.dim % c.heads != 0)
        return bad("head_count", c.heads);
    if (c.headDim() % 2 != 0)
        return QCoreApplication::translate("is::exec::Model", "head dimension %1 is odd; RoPE needs pairs")
            .arg(c.headDim());
    if (c.kvHeads < 1 || c.kvHeads > c.heads || c.heads % c.kvHeads != 0)
        return bad("head_count_kv", c.kvHeads);
    if (c.hidden < 1 || c.hidden > (1 << 20))
        return bad("feed_forward_length (hidden_dim)", c.hidden);
    if (c.layers < 1 || c.layers > 4096)
        return bad("block_count (n_layers)", c.layers);
    if (c.vocab < 1 || c.vocab > (1 << 24))
        return bad("vocab_size", c.vocab);
    if (c.seqLen < 1)
        return bad("context_length (seq_len)", c.seqLen);
    if (c.experts < 0 || c.experts > 1024)
        return bad("expert_count", c.experts);
    if (c.experts > 0 && (c.topK < 1 || c.topK > c.experts))
        return bad("expert_used_count", c.topK);
    if (!(c.normEps > 0.0f && c.normEps < 1.0f))
        return QCoreApplication::translate("is::exec::Model", "layer_norm_rms_epsilon is out of range");
    if (!(c.ropeTheta > 0.0f && c.ropeTheta < 1e12f))
        return QCoreApplication::translate("is::exec::Model", "rope.freq_base is out of range");
    if (static_cast<int>(m.layers.size()) != c.layers)
        return QCoreApplication::translate("is::exec::Model", "%1 layers found, block_count says %2")
            .arg(m.layers.size())
            .arg(c.layers);

    const std::size_t dim = c.dim, kv = c.kvDim(), hid = c.hidden, voc = c.vocab;
    QString e;
    if (!(e = checkShape(m.tokenEmbd, "token_embd", voc, dim)).isEmpty())
        return e;
    if (!(e = checkShape(m.output, "output", voc, dim)).isEmpty())
        return e;
    if (m.outputNorm.size() != dim)
        return QCoreApplication::translate("is::exec::Model",
                                           "tensor output_norm has %1 elements, expected %2")
            .arg(m.outputNorm.size())
            .arg(dim);
    for (std::size_t i = 0; i < m.layers.size(); ++i) {
        const LayerWeights& l = m.layers[i];
        if (l.attnNorm.size() != dim || l.ffnNorm.size() != dim)
            return QCoreApplication::translate("is::exec::Model",
                                               "norm weights have the wrong length (layer %1)")
                .arg(i);
        const std::size_t ex = c.experts > 0 ? static_cast<std::size_t>(c.experts) : 1;
        if (!(e = checkShape(l.wq, "attn_q", dim, dim)).isEmpty()
            || !(e = checkShape(l.wk, "attn_k", kv, dim)).isEmpty()
            || !(e = checkShape(l.wv, "attn_v", kv, dim)).isEmpty()
            || !(e = checkShape(l.wo, "attn_output", dim, dim)).isEmpty()
            || !(e = checkShape(l.w1, "ffn_gate", hid, dim, ex)).isEmpty()
            || !(e = checkShape(l.w3, "ffn_up", hid, dim, ex)).isEmpty()
            || !(e = checkShape(l.w2, "ffn_down", dim, hid, ex)).isEmpty())
            return QCoreApplication::translate("is::exec::Model", "%1 (layer %2)").arg(e, QString::number(i));
        if (c.experts > 0 && !(e = checkShape(l.router, "ffn_gate_inp", ex, dim)).isEmpty())
            return QCoreApplication::translate("is::exec::Model", "%1 (layer %2)").arg(e, QString::number(i));
    }
    return {};
}

} // namespace is::exec
