// SPDX-License-Identifier: MIT
#include "model/GgufImport.h"

#include "common/ErrorText.h"
#include "common/Log.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

namespace is {

namespace {

constexpr int kMaxDim = 1 << 24;

struct ImportError
{
    QString message;
};

[[noreturn]] void fail(const QString& msg)
{
    throw ImportError{msg};
}

class Keys
{
public:
    Keys(const gguf::Header& h, std::string prefix) : m_h(h), m_prefix(std::move(prefix)) {}

    bool has(const char* key) const { return m_h.find(m_prefix + key) != nullptr; }

    // An integer key of the architecture, in [lo, hi]; `def` when absent (required when nullopt).
    int integer(const char* key, std::optional<int> def, int lo, int hi) const
    {
        const std::string full = m_prefix + key;
        const QString name = QString::fromStdString(full);
        const gguf::Value* v = m_h.find(full);
        if (!v) {
            if (!def)
                fail(QCoreApplication::translate("is::GgufImport", "%1: missing").arg(name));
            return *def;
        }
        if (v->type == gguf::ARRAY)
            fail(QCoreApplication::translate("is::GgufImport", "%1: per-layer arrays are not supported")
                     .arg(name));
        if (!v->isInt || v->uBig)
            fail(QCoreApplication::translate("is::GgufImport", "%1: not an integer").arg(name));
        if (v->i < lo || v->i > hi)
            fail(QCoreApplication::translate("is::GgufImport", "%1: %2 is out of range [%3, %4]")
                     .arg(name, QString::number(v->i), QString::number(lo), QString::number(hi)));
        return static_cast<int>(v->i);
    }

private:
    const gguf::Header& m_h;
    std::string m_prefix;
};

QString stringKey(const gguf::Header& h, const char* key)
{
    const gguf::Value* v = h.find(key);
    if (!v || v->type != gguf::STRING)
        return {};
    return QString::fromUtf8(v->s.data(), static_cast<qsizetype>(std::min<std::size_t>(v->s.size(), 256)))
        .trimmed();
}

bool contains(const std::string& s, const char* part)
{
    return s.find(part) != std::string::npos;
}

// The studio precision nearest a weight format: float formats by name, integer quantisations by
// their bits per weight (Q6_K's 6.6 counts as 8-bit, Q5_K_M's 5.7 as 4-bit).
std::optional<Precision> precisionFor(const QString& dominant, double bitsPerWeight)
{
    if (bitsPerWeight <= 0)
        return std::nullopt;
    if (dominant == QLatin1String("F32") || dominant == QLatin1String("F64"))
        return Precision::FP32;
    if (dominant == QLatin1String("F16"))
        return Precision::FP16;
    if (dominant == QLatin1String("BF16"))
        return Precision::BF16;
    if (dominant == QLatin1String("MXFP4"))
        return Precision::FP4;
    if (bitsPerWeight >= 12)
        return Precision::BF16;
    return bitsPerWeight >= 6 ? Precision::INT8 : Precision::INT4;
}

void countTensors(const gguf::Header& h, GgufImport& out, int expertsUsed, int experts)
{
    double total = 0, embedding = 0, routed = 0, norms = 0;
    double matrixElems = 0, matrixBytes = 0;
    std::map<std::string, double> perType;
    for (const gguf::TensorInfo& t : h.tensors) {
        const auto n = static_cast<double>(t.elements);
        total += n;
        if (t.name == "token_embd.weight")
            embedding += n;
        if (contains(t.name, "_exps."))
            routed += n;
        if (t.dims.size() == 1 && contains(t.name, "norm."))
            norms += n;
        if (t.dims.size() >= 2) {
            const gguf::GgmlTypeInfo ti = gguf::ggmlTypeInfo(t.type);
            const std::string type = ti.name ? ti.name : "type " + std::to_string(t.type);
            perType[type] += n;
            if (t.bytes) {
                matrixElems += n;
                matrixBytes += static_cast<double>(*t.bytes);
            }
        }
    }
    out.exactParams = total;
    const double unused = experts > 0 ? routed * (1.0 - static_cast<double>(expertsUsed) / experts) : 0.0;
    // As model cards (and ParamBreakdown::active) count them: no lookup table, no norms.
    out.exactActiveParams = total - embedding - norms - unused;
    const auto dominant = std::max_element(perType.begin(), perType.end(),
                                           [](const auto& a, const auto& b) { return a.second < b.second; });
    if (dominant != perType.end())
        out.dominantType = QString::fromStdString(dominant->first);
    out.bitsPerWeight = matrixElems > 0 ? 8.0 * matrixBytes / matrixElems : 0.0;
    out.weights = precisionFor(out.dominantType, out.bitsPerWeight);
}

GgufImport build(const gguf::Header& h, const QString& origin)
{
    GgufImport out;
    const gguf::Value* archValue = h.find("general.architecture");
    if (!archValue || archValue->type != gguf::STRING || archValue->s.empty())
        fail(QCoreApplication::translate("is::GgufImport", "general.architecture: missing"));
    if (archValue->s.size() > 64)
        fail(
            QCoreApplication::translate("is::GgufImport", "general.architecture: longer than 64 characters"));
    const std::string arch = archValue->s;
    out.architecture = QString::fromStdString(arch);
    const Keys k(h, arch + ".");

    ModelEntry& e = out.entry;
    ModelDesc& m = e.arch;
    m.id = QFileInfo(origin).completeBaseName();
    const QString general = stringKey(h, "general.name");
    m.name = general.isEmpty() ? m.id : general;
    m.source = QStringLiteral("GGUF header: ") + origin;
    m.kind = SourceKind::Datasheet;

    m.hidden = k.integer("embedding_length", std::nullopt, 1, kMaxDim);
    m.layers = k.integer("block_count", std::nullopt, 1, 100000);
    m.heads = k.integer("attention.head_count", std::nullopt, 1, 65536);
    m.kvHeads = k.integer("attention.head_count_kv", m.heads, 1, 65536);
    const int keyLength = k.integer("attention.key_length", std::max(1, m.hidden / m.heads), 1, 65536);
    const int valueLength = k.integer("attention.value_length", keyLength, 1, 65536);
    m.headDim = keyLength;
    m.maxContext = k.integer("context_length", 0, 0, 1 << 30);
    m.attention = attentionKindFor(m.heads, m.kvHeads);

    // Vocabulary: the tokenizer's list (its count only, never its strings), else the embedding.
    const gguf::TensorInfo* embd = h.tensor("token_embd.weight");
    if (const gguf::Value* tokens = h.find("tokenizer.ggml.tokens"); tokens && tokens->type == gguf::ARRAY) {
        if (tokens->arrayCount < 1 || tokens->arrayCount > static_cast<std::uint64_t>(kMaxDim))
            fail(QCoreApplication::translate("is::GgufImport",
                                             "tokenizer.ggml.tokens: %1 entries is out of range")
                     .arg(tokens->arrayCount));
        m.vocab = static_cast<int>(tokens->arrayCount);
    } else if (embd && embd->dims.size() == 2 && embd->dims[1] <= static_cast<std::uint64_t>(kMaxDim)) {
        m.vocab = static_cast<int>(embd->dims[1]);
    } else {
        m.vocab = k.integer("vocab_size", std::nullopt, 1, kMaxDim);
    }
    if (embd && embd->dims[0] != static_cast<std::uint64_t>(m.hidden))
        fail(QCoreApplication::translate(
                 "is::GgufImport", "token_embd.weight: row length %1 differs from %2.embedding_length %3")
                 .arg(QString::number(embd->dims[0]), out.architecture, QString::number(m.hidden)));
    m.tiedEmbeddings = h.tensor("output.weight") == nullptr;

    const int ffn = k.integer("feed_forward_length", 0, 0, kMaxDim);
    m.experts = k.integer("expert_count", 0, 0, 1 << 20);
    m.activeExperts = m.experts > 0 ? k.integer("expert_used_count", std::nullopt, 1, m.experts) : 0;
    if (m.experts > 0) {
        if (k.has("expert_feed_forward_length")) {
            m.expertFfn = k.integer("expert_feed_forward_length", 0, 1, kMaxDim);
            m.denseFfn = ffn;
        } else {
            m.expertFfn = ffn; // Mixtral-style: every layer is MoE, feed_forward_length is per expert
        }
        m.denseLayers = k.integer("leading_dense_block_count", 0, 0, m.layers);
        m.moeEvery = k.integer("interleave_moe_layer_step", 1, 1, 100000);
        m.sharedExperts = k.integer("expert_shared_count", 0, 0, 1 << 20);
        const bool sharedTensors =
            h.tensor("blk." + std::to_string(m.denseLayers) + ".ffn_up_shexp.weight") ||
            h.tensor("blk." + std::to_string(m.layers - 1) + ".ffn_up_shexp.weight");
        if (m.sharedExperts == 0 && sharedTensors) {
            // A shared expert wider than a routed one counts as several (Qwen2-MoE: 4 x 1408).
            const int sharedFfn = k.integer("expert_shared_feed_forward_length", m.expertFfn, 1, kMaxDim);
            m.sharedExperts =
                std::max(1, static_cast<int>(std::lround(static_cast<double>(sharedFfn) / m.expertFfn)));
        }
    } else {
        m.denseFfn = ffn;
    }

    if (k.has("attention.kv_lora_rank")) {
        // DeepSeek-V2/V3, Kimi K2: multi-head latent attention.
        m.attention = AttentionKind::MLA;
        m.kvHeads = m.heads;
        m.qLoraRank = k.integer("attention.q_lora_rank", 0, 0, kMaxDim);
        m.kvLoraRank = k.integer("attention.kv_lora_rank", std::nullopt, 1, kMaxDim);
        m.qkRopeHeadDim = k.integer("rope.dimension_count", 64, 0, 65536);
        const int qkHead = k.integer("attention.key_length_mla", keyLength, 1, 65536);
        m.vHeadDim = k.integer("attention.value_length_mla", valueLength, 1, 65536);
        m.qkNopeHeadDim = qkHead - m.qkRopeHeadDim;
        if (m.qkNopeHeadDim < 1)
            fail(QCoreApplication::translate(
                     "is::GgufImport",
                     "%1.attention.key_length: %2 leaves no room beside the rope dimension %3")
                     .arg(out.architecture, QString::number(qkHead), QString::number(m.qkRopeHeadDim)));
    }

    // Multi-token-prediction layers that GLM and DeepSeek converters append to the block list.
    const int nextn = k.integer("nextn_predict_layers", 0, 0, 64);
    if (nextn > 0 && nextn < m.layers &&
        h.tensor("blk." + std::to_string(m.layers - 1) + ".nextn.eh_proj.weight")) {
        m.layers -= nextn;
        m.mtpLayers = nextn;
    }

    // Sliding-window attention, where the layer pattern is known: alternate layers (Gemma 2,
    // gpt-oss) or every layer (Mistral). Other patterns keep full attention (an upper bound).
    const int window = k.integer("attention.sliding_window", 0, 0, 1 << 30);
    if (window > 0) {
        if (arch == "gemma2" || arch == "gpt-oss") {
            m.slidingWindow = window;
            m.slidingEvery = 2;
        } else if (arch == "llama" || arch == "mistral") {
            m.slidingWindow = window;
            m.slidingEvery = 1;
        }
    }

    countTensors(h, out, m.activeExperts, m.experts);
    m.publishedTotalParams = out.exactParams;
    m.publishedActiveParams = out.exactActiveParams;
    if (const QString why = m.validate(); !why.isEmpty())
        fail(why);
    return out;
}

// Parses the header: from a memory map of the whole file (the kernel pages in only what the
// parser touches), or, where mapping fails, from a prefix read from disk and doubled as needed.
std::optional<gguf::Header> readHeader(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QCoreApplication::translate("is::GgufImport", "%1: cannot open: %2")
                     .arg(path, file.errorString());
        return std::nullopt;
    }
    const qint64 size = file.size();
    if (size <= 0) {
        *error = QCoreApplication::translate("is::GgufImport", "%1: empty file").arg(path);
        return std::nullopt;
    }
    if (const uchar* mapped = file.map(0, size)) {
        const gguf::ParseResult r =
            gguf::parseHeader(reinterpret_cast<const std::byte*>(mapped), static_cast<std::size_t>(size),
                              static_cast<std::uint64_t>(size));
        file.unmap(const_cast<uchar*>(mapped));
        if (!r.header)
            *error = errorAt(path, r.error);
        return r.header;
    }
    constexpr qint64 kMaxHeader = 1ll << 30;
    for (qint64 chunk = 4ll << 20;; chunk *= 2) {
        const qint64 want = std::min(size, chunk);
        if (!file.seek(0)) {
            *error = QCoreApplication::translate("is::GgufImport", "%1: cannot read: %2")
                         .arg(path, file.errorString());
            return std::nullopt;
        }
        const QByteArray bytes = file.read(want);
        if (bytes.size() != want) {
            *error = QCoreApplication::translate("is::GgufImport", "%1: cannot read: %2")
                         .arg(path, file.errorString());
            return std::nullopt;
        }
        const gguf::ParseResult r =
            gguf::parseHeader(reinterpret_cast<const std::byte*>(bytes.constData()),
                              static_cast<std::size_t>(bytes.size()), static_cast<std::uint64_t>(size));
        if (r.header)
            return r.header;
        if (!r.needMore || want >= size || want >= kMaxHeader) {
            *error = errorAt(
                path, r.needMore ? QCoreApplication::translate("is::GgufImport", "header larger than 1 GiB")
                                 : r.error);
            return std::nullopt;
        }
    }
}

} // namespace

std::optional<GgufImport> importGgufHeader(const gguf::Header& header, const QString& origin, QString* error)
{
    try {
        GgufImport out = build(header, origin);
        log::get("model")->info("imported {} ({}, {:.0f} parameters, {}) from {}",
                                out.entry.arch.id.toStdString(), out.architecture.toStdString(),
                                out.exactParams, out.dominantType.toStdString(), origin.toStdString());
        return out;
    } catch (const ImportError& e) {
        *error = errorAt(origin, e.message);
    }
    return std::nullopt;
}

std::optional<GgufImport> importGgufFile(const QString& path, QString* error)
{
    const auto header = readHeader(path, error);
    if (!header)
        return std::nullopt;
    return importGgufHeader(*header, path, error);
}

} // namespace is
