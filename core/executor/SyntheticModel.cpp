// SPDX-License-Identifier: MIT
#include "executor/SyntheticModel.h"

#include "common/ErrorText.h"
#include "executor/GgufWriter.h"

#include <QCoreApplication>
#include <QStringList>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace is::exec {

namespace {

std::uint64_t splitmix(std::uint64_t& s)
{
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

std::uint64_t hashName(const std::string& s, std::uint64_t seed)
{
    std::uint64_t h = 1469598103934665603ull ^ seed;
    for (unsigned char ch : s)
        h = (h ^ ch) * 1099511628211ull;
    return h;
}

// Uniform weights with standard deviation `stddev`, one independent stream per tensor so the
// values do not depend on the order tensors are written in.
GgufWriter::Fill randomFill(const std::string& name, std::uint64_t seed, DType type, std::size_t cols,
                            std::size_t rows, float stddev, float offset = 0.0f,
                            const std::function<bool()>* cancelled = nullptr)
{
    return [=](std::byte* dst) {
        if (cancelled && *cancelled && (*cancelled)())
            return; // the image is dropped: skip the work
        std::uint64_t s = hashName(name, seed);
        const float a = stddev * std::sqrt(3.0f);
        const std::size_t rb = *rowBytes(type, cols);
        std::vector<float> row(cols);
        for (std::size_t r = 0; r < rows; ++r) {
            for (std::size_t i = 0; i < cols; ++i) {
                const float u = static_cast<float>(splitmix(s) >> 40) * (1.0f / 16777216.0f);
                row[i] = offset + a * (2.0f * u - 1.0f);
            }
            floatToRow(type, row.data(), cols, dst + r * rb);
        }
    };
}

std::vector<std::string> syntheticVocab(int n)
{
    static const char* cons = "bdfghjklmnprstvwz";
    static const char* vows = "aeiou";
    std::vector<std::string> v;
    v.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        if (i == 0) { v.emplace_back("<unk>"); continue; }
        if (i == 1) { v.emplace_back("<s>"); continue; }
        if (i == 2) { v.emplace_back("</s>"); continue; }
        std::string t = (i % 2 == 0) ? "\xe2\x96\x81" : ""; // SentencePiece's word-start mark
        unsigned x = static_cast<unsigned>(i);
        for (int k = 0; k < 1 + i % 3; ++k) {
            t += cons[x % 17];
            t += vows[(x / 17) % 5];
            x /= 85;
        }
        v.push_back(std::move(t));
    }
    return v;
}

} // namespace

QString SyntheticSpec::toString() const
{
    QString s = QStringLiteral("dim=%1,layers=%2,heads=%3,kv_heads=%4,ffn=%5,vocab=%6,dtype=%7")
                    .arg(dim)
                    .arg(layers)
                    .arg(heads)
                    .arg(kvHeads)
                    .arg(ffn)
                    .arg(vocab)
                    .arg(QLatin1String(dtypeName(dtype)));
    if (experts > 0)
        s += QStringLiteral(",experts=%1,top_k=%2").arg(experts).arg(topK);
    return s;
}

std::optional<SyntheticSpec> parseSyntheticSpec(const QString& spec, QString* error)
{
    SyntheticSpec s;
    bool kvGiven = false;
    auto bad = [&](const QString& msg) -> std::optional<SyntheticSpec> {
        if (error)
            *error = errorAt(QStringLiteral("--synthetic"), msg);
        return std::nullopt;
    };
    const QStringList parts = spec.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return bad(QCoreApplication::translate("is::exec::SyntheticModel", "empty SPEC"));
    for (const QString& part : parts) {
        const qsizetype eq = part.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return bad(
                QCoreApplication::translate("is::exec::SyntheticModel", "'%1' is not key=value").arg(part));
        const QString key = part.left(eq).trimmed();
        const QString val = part.mid(eq + 1).trimmed();
        if (key == QLatin1String("dtype")) {
            const auto t = dtypeFromName(val.toLower().toStdString());
            if (!t)
                return bad(QCoreApplication::translate("is::exec::SyntheticModel",
                                                       "dtype '%1' is not one of f32, f16, bf16, q8_0")
                               .arg(val));
            s.dtype = *t;
            continue;
        }
        bool ok = false;
        if (key == QLatin1String("seed")) {
            s.seed = val.toULongLong(&ok);
            if (!ok)
                return bad(QCoreApplication::translate("is::exec::SyntheticModel",
                                                       "seed '%1' is not an unsigned integer")
                               .arg(val));
            continue;
        }
        const int v = val.toInt(&ok);
        struct Field { const char* name; int* target; int min; int max; };
        const Field fields[] = {
            {"dim", &s.dim, 2, 65536},      {"layers", &s.layers, 1, 1024}, {"heads", &s.heads, 1, 1024},
            {"kv_heads", &s.kvHeads, 1, 1024}, {"ffn", &s.ffn, 1, 1 << 20}, {"vocab", &s.vocab, 4, 1 << 22},
            {"experts", &s.experts, 0, 1024}, {"top_k", &s.topK, 0, 1024},  {"ctx", &s.ctx, 1, 1 << 24},
        };
        bool known = false;
        for (const Field& f : fields) {
            if (key != QLatin1String(f.name))
                continue;
            known = true;
            if (!ok || v < f.min || v > f.max)
                return bad(QCoreApplication::translate("is::exec::SyntheticModel",
                                                       "%1 '%2' must be an integer in %3..%4")
                               .arg(key, val, QString::number(f.min), QString::number(f.max)));
            *f.target = v;
            if (key == QLatin1String("kv_heads"))
                kvGiven = true;
        }
        if (!known)
            return bad(QCoreApplication::translate("is::exec::SyntheticModel",
                                                   "unknown field '%1' (dim, layers, heads, kv_heads, ffn, "
                                                   "vocab, dtype, experts, top_k, seed, ctx)")
                           .arg(key));
    }
    if (!kvGiven)
        s.kvHeads = s.heads;
    if (s.dim % s.heads != 0 || (s.dim / s.heads) % 2 != 0)
        return bad(QCoreApplication::translate("is::exec::SyntheticModel",
                                               "dim %1 must be a multiple of heads %2 with an even head size")
                       .arg(s.dim)
                       .arg(s.heads));
    if (s.kvHeads > s.heads || s.heads % s.kvHeads != 0)
        return bad(QCoreApplication::translate("is::exec::SyntheticModel", "kv_heads %1 must divide heads %2")
                       .arg(s.kvHeads)
                       .arg(s.heads));
    if (s.dtype == DType::Q8_0 && (s.dim % 32 != 0 || s.ffn % 32 != 0))
        return bad(QCoreApplication::translate("is::exec::SyntheticModel",
                                               "dtype q8_0 needs dim and ffn to be multiples of 32"));
    if (s.experts > 0 && (s.topK < 1 || s.topK > s.experts))
        return bad(
            QCoreApplication::translate("is::exec::SyntheticModel", "top_k %1 must be in 1..experts (%2)")
                .arg(s.topK)
                .arg(s.experts));
    if (s.experts == 0 && s.topK != 0)
        return bad(QCoreApplication::translate("is::exec::SyntheticModel", "top_k needs experts"));
    return s;
}

double syntheticWeightBytes(const SyntheticSpec& s)
{
    const double dim = s.dim, hid = s.ffn, kv = static_cast<double>(s.dim) / s.heads * s.kvHeads;
    const double experts = s.experts > 0 ? s.experts : 1;
    const double perWeight = static_cast<double>(*rowBytes(s.dtype, kQ8Block)) / kQ8Block;
    const double router = s.experts > 0 ? dim * s.experts * 4.0 : 0.0; // kept in f32
    return perWeight *
               (2.0 * dim * s.vocab + s.layers * (2 * dim * dim + 2 * dim * kv + 3 * dim * hid * experts)) +
           s.layers * router;
}

AlignedBuffer writeSyntheticGguf(const SyntheticSpec& s)
{
    return writeSyntheticGguf(s, {});
}

AlignedBuffer writeSyntheticGguf(const SyntheticSpec& s, const std::function<bool()>& cancelled)
{
    const std::function<bool()>* cancel = cancelled ? &cancelled : nullptr;
    GgufWriter w;
    w.addString("general.architecture", "llama");
    w.addString("general.name", "synthetic " + s.toString().toStdString());
    w.addU32("llama.context_length", static_cast<std::uint32_t>(s.ctx));
    w.addU32("llama.embedding_length", static_cast<std::uint32_t>(s.dim));
    w.addU32("llama.block_count", static_cast<std::uint32_t>(s.layers));
    w.addU32("llama.feed_forward_length", static_cast<std::uint32_t>(s.ffn));
    w.addU32("llama.attention.head_count", static_cast<std::uint32_t>(s.heads));
    w.addU32("llama.attention.head_count_kv", static_cast<std::uint32_t>(s.kvHeads));
    w.addU32("llama.rope.dimension_count", static_cast<std::uint32_t>(s.dim / s.heads));
    w.addF32("llama.rope.freq_base", 10000.0f);
    w.addF32("llama.attention.layer_norm_rms_epsilon", 1e-5f);
    if (s.experts > 0) {
        w.addU32("llama.expert_count", static_cast<std::uint32_t>(s.experts));
        w.addU32("llama.expert_used_count", static_cast<std::uint32_t>(s.topK));
    }
    w.addString("tokenizer.ggml.model", "llama");
    w.addStringArray("tokenizer.ggml.tokens", syntheticVocab(s.vocab));

    const std::uint64_t dim = s.dim, hid = s.ffn, voc = s.vocab;
    const std::uint64_t kv = dim / s.heads * s.kvHeads;
    const DType t = s.dtype;
    auto mat = [&](const std::string& name, std::uint64_t cols, std::uint64_t rows, std::uint64_t experts = 0) {
        std::vector<std::uint64_t> dims{cols, rows};
        if (experts)
            dims.push_back(experts);
        const float sd = 1.0f / std::sqrt(static_cast<float>(cols));
        w.addTensor(name, dims, t, randomFill(name, s.seed, t, cols, rows * (experts ? experts : 1), sd, 0.0f, cancel));
    };
    auto norm = [&](const std::string& name) {
        w.addTensor(name, {dim}, DType::F32, randomFill(name, s.seed, DType::F32, dim, 1, 0.05f, 1.0f));
    };
    w.addTensor("token_embd.weight", {dim, voc}, t, randomFill("token_embd.weight", s.seed, t, dim, voc, 1.0f, 0.0f, cancel));
    norm("output_norm.weight");
    mat("output.weight", dim, voc);
    for (int i = 0; i < s.layers; ++i) {
        const std::string b = "blk." + std::to_string(i) + ".";
        norm(b + "attn_norm.weight");
        norm(b + "ffn_norm.weight");
        mat(b + "attn_q.weight", dim, dim);
        mat(b + "attn_k.weight", dim, kv);
        mat(b + "attn_v.weight", dim, kv);
        mat(b + "attn_output.weight", dim, dim);
        if (s.experts > 0) {
            w.addTensor(b + "ffn_gate_inp.weight", {dim, static_cast<std::uint64_t>(s.experts)}, DType::F32,
                        randomFill(b + "ffn_gate_inp.weight", s.seed, DType::F32, dim, s.experts, 1.0f));
            mat(b + "ffn_gate_exps.weight", dim, hid, s.experts);
            mat(b + "ffn_up_exps.weight", dim, hid, s.experts);
            mat(b + "ffn_down_exps.weight", hid, dim, s.experts);
        } else {
            mat(b + "ffn_gate.weight", dim, hid);
            mat(b + "ffn_up.weight", dim, hid);
            mat(b + "ffn_down.weight", hid, dim);
        }
    }
    AlignedBuffer image = w.build();
    if (cancel && cancelled())
        return {};
    return image;
}

} // namespace is::exec
