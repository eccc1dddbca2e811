// SPDX-License-Identifier: MIT
#include "executor/Llama2cReader.h"

#include "common/ErrorText.h"

#include <QCoreApplication>

#include <cstdint>
#include <cstring>
#include <limits>

namespace is::exec {

namespace {

// Overflow-checked size arithmetic in elements; any overflow marks the whole sum invalid.
struct Count
{
    std::uint64_t v = 0;
    bool ok = true;
    void add(std::uint64_t a, std::uint64_t b = 1, std::uint64_t c = 1)
    {
        const std::uint64_t max = std::numeric_limits<std::uint64_t>::max() / 8;
        if (!ok || (b && a > max / b) || (c && a * b > max / c) || v > max - a * b * c) {
            ok = false;
            return;
        }
        v += a * b * c;
    }
};

} // namespace

std::unique_ptr<Model> loadLlama2cBuffer(AlignedBuffer image, const QString& name, QString* error)
{
    auto failed = [&](const QString& msg) -> std::unique_ptr<Model> {
        if (error)
            *error = errorAt(name, msg);
        return nullptr;
    };
    if (image.size() < 28)
        return failed(QCoreApplication::translate(
            "is::exec::Llama2cReader", "truncated: a llama2.c checkpoint starts with a 28-byte header"));
    std::int32_t h[7];
    std::memcpy(h, image.data(), sizeof h);
    const char* names[7] = {"dim", "hidden_dim", "n_layers", "n_heads", "n_kv_heads", "vocab_size", "seq_len"};
    for (int i = 0; i < 7; ++i) {
        if (i == 5 ? (h[i] == 0 || h[i] == std::numeric_limits<std::int32_t>::min()) : h[i] <= 0)
            return failed(
                QCoreApplication::translate("is::exec::Llama2cReader", "header field %1 = %2 is invalid")
                    .arg(QLatin1String(names[i]))
                    .arg(h[i]));
    }
    auto m = std::make_unique<Model>();
    m->format = QStringLiteral("llama2.c");
    m->source = name;
    ModelConfig& c = m->cfg;
    c.dim = h[0];
    c.hidden = h[1];
    c.layers = h[2];
    c.heads = h[3];
    c.kvHeads = h[4];
    const bool shared = h[5] > 0;
    c.vocab = shared ? h[5] : -h[5];
    c.seqLen = h[6];
    if (c.heads > c.dim || c.dim % c.heads != 0 || c.kvHeads > c.heads || c.heads % c.kvHeads != 0)
        return failed(QCoreApplication::translate("is::exec::Llama2cReader",
                                                  "n_heads %1 / n_kv_heads %2 do not divide dim %3")
                          .arg(c.heads)
                          .arg(c.kvHeads)
                          .arg(c.dim));
    if (c.layers > 4096)
        return failed(QCoreApplication::translate("is::exec::Llama2cReader",
                                                  "header field n_layers = %1 is out of range")
                          .arg(c.layers));

    const std::uint64_t dim = c.dim, hid = c.hidden, L = c.layers, voc = c.vocab;
    const std::uint64_t kv = dim / c.heads * c.kvHeads, hs = dim / c.heads, seq = c.seqLen;
    Count n;
    n.add(voc, dim);           // token embedding
    n.add(L, dim);             // rms_att
    n.add(L, dim, dim);        // wq
    n.add(L, dim, kv);         // wk
    n.add(L, dim, kv);         // wv
    n.add(L, dim, dim);        // wo
    n.add(L, dim);             // rms_ffn
    n.add(L, hid, dim);        // w1
    n.add(L, dim, hid);        // w2
    n.add(L, hid, dim);        // w3
    n.add(dim);                // rms_final
    n.add(seq, hs / 2, 2);     // freq_cis_real and _imag (legacy, unused)
    if (!shared)
        n.add(voc, dim);       // classifier
    if (!n.ok || n.v * 4 > std::numeric_limits<std::uint64_t>::max() - 28)
        return failed(QCoreApplication::translate("is::exec::Llama2cReader", "header sizes overflow"));
    const std::uint64_t expected = 28 + n.v * 4;
    if (image.size() != expected)
        return failed(
            QCoreApplication::translate(
                "is::exec::Llama2cReader",
                "file is %1 bytes but its header (dim %2, layers %3, vocab %4, seq_len %5) implies %6")
                .arg(image.size())
                .arg(c.dim)
                .arg(c.layers)
                .arg(h[5])
                .arg(c.seqLen)
                .arg(expected));

    const std::byte* p = image.data() + 28;
    auto take = [&](std::uint64_t rows, std::uint64_t cols) {
        Tensor t;
        t.type = DType::F32;
        t.rows = static_cast<std::size_t>(rows);
        t.cols = static_cast<std::size_t>(cols);
        t.rowStride = static_cast<std::size_t>(cols) * 4;
        t.data = p;
        p += rows * cols * 4;
        return t;
    };
    auto vec = [&](std::uint64_t len) {
        std::vector<float> v(static_cast<std::size_t>(len));
        std::memcpy(v.data(), p, len * 4);
        p += len * 4;
        return v;
    };
    m->tokenEmbd = take(voc, dim);
    m->layers.resize(static_cast<std::size_t>(L));
    for (auto& l : m->layers)
        l.attnNorm = vec(dim);
    for (auto& l : m->layers)
        l.wq = take(dim, dim);
    for (auto& l : m->layers)
        l.wk = take(kv, dim);
    for (auto& l : m->layers)
        l.wv = take(kv, dim);
    for (auto& l : m->layers)
        l.wo = take(dim, dim);
    for (auto& l : m->layers)
        l.ffnNorm = vec(dim);
    for (auto& l : m->layers)
        l.w1 = take(hid, dim);
    for (auto& l : m->layers)
        l.w2 = take(dim, hid);
    for (auto& l : m->layers)
        l.w3 = take(hid, dim);
    m->outputNorm = vec(dim);
    p += seq * hs * 4; // freq_cis_real and freq_cis_imag
    m->output = shared ? m->tokenEmbd : take(voc, dim);

    const QString err = validateModel(*m);
    if (!err.isEmpty())
        return failed(err);
    m->storage = std::move(image);
    return m;
}

QByteArray writeLlama2c(const Model& m)
{
    const ModelConfig& c = m.cfg;
    if (c.experts > 0 || m.weightType() != DType::F32)
        return {};
    const bool shared = m.output.data == m.tokenEmbd.data;
    QByteArray out;
    const std::int32_t h[7] = {c.dim, c.hidden, c.layers, c.heads, c.kvHeads, shared ? c.vocab : -c.vocab, c.seqLen};
    out.append(reinterpret_cast<const char*>(h), sizeof h);
    auto put = [&](const Tensor& t) { out.append(reinterpret_cast<const char*>(t.data), static_cast<qsizetype>(t.bytes())); };
    auto putv = [&](const std::vector<float>& v) {
        out.append(reinterpret_cast<const char*>(v.data()), static_cast<qsizetype>(v.size() * 4));
    };
    put(m.tokenEmbd);
    for (const auto& l : m.layers)
        putv(l.attnNorm);
    for (const auto& l : m.layers)
        put(l.wq);
    for (const auto& l : m.layers)
        put(l.wk);
    for (const auto& l : m.layers)
        put(l.wv);
    for (const auto& l : m.layers)
        put(l.wo);
    for (const auto& l : m.layers)
        putv(l.ffnNorm);
    for (const auto& l : m.layers)
        put(l.w1);
    for (const auto& l : m.layers)
        put(l.w2);
    for (const auto& l : m.layers)
        put(l.w3);
    putv(m.outputNorm);
    out.append(QByteArray(static_cast<qsizetype>(c.seqLen) * c.headDim() * 4, '\0'));
    if (!shared)
        put(m.output);
    return out;
}

} // namespace is::exec
