// SPDX-License-Identifier: MIT
#include "executor/GgufReader.h"

#include "common/ErrorText.h"
#include "executor/GgufFormat.h"

#include <QCoreApplication>
#include <QHash>

#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace is::exec {

namespace {

struct ParseError
{
    QString message;
};

[[noreturn]] void fail(const QString& msg)
{
    throw ParseError{msg};
}

struct TensorInfo
{
    std::string name;
    std::vector<std::uint64_t> dims;
    DType type = DType::F32;
    std::uint64_t offset = 0;
    std::size_t bytes = 0;
    std::size_t rowStride = 0;
};

// The header (metadata and tensor infos) is read by the studio's one GGUF parser
// (model/GgufHeader.h), which checks every count, length and extent; this adds what the executor
// needs: tensor types it has kernels for, and the llama tensors themselves.
class GgufParser
{
public:
    GgufParser(const std::byte* data, std::size_t size) : m_data(data), m_size(size) {}

    std::unique_ptr<Model> parse()
    {
        gguf::ParseResult r = gguf::parseHeader(m_data, m_size, m_size);
        if (!r.header)
            fail(r.error);
        m_header = std::move(*r.header);
        m_tensors.reserve(m_header.tensors.size());
        for (const gguf::TensorInfo& h : m_header.tensors)
            m_tensors.push_back(tensorInfo(h));
        for (auto& t : m_tensors)
            m_byName.emplace(t.name, &t);
        m_dataStart = static_cast<std::size_t>(m_header.dataStart);
        return buildModel();
    }

private:
    const gguf::Value* find(const std::string& key) const { return m_header.find(key); }

    TensorInfo tensorInfo(const gguf::TensorInfo& h) const
    {
        TensorInfo t;
        t.name = h.name;
        t.dims = h.dims;
        t.offset = h.offset;
        const QString tn = QString::fromStdString(t.name);
        const auto type = dtypeFromGgml(h.type);
        if (!type)
            fail(QCoreApplication::translate(
                     "is::exec::GgufReader",
                     "tensor %1: unsupported tensor type %2 (F32, F16, BF16, Q8_0 are read)")
                     .arg(tn, QString::number(h.type)));
        t.type = *type;
        const auto row = rowBytes(t.type, static_cast<std::size_t>(t.dims[0]));
        if (!row)
            fail(QCoreApplication::translate("is::exec::GgufReader",
                                             "tensor %1: row length %2 is not a multiple of the %3 block")
                     .arg(tn, QString::number(t.dims[0]), QLatin1String(dtypeName(t.type))));
        const std::uint64_t rows = h.elements / t.dims[0];
        if (*row != 0 && rows > m_size / *row)
            fail(QCoreApplication::translate("is::exec::GgufReader",
                                             "tensor %1: %2 rows of %3 bytes cannot fit in a %4-byte file")
                     .arg(tn, QString::number(rows), QString::number(*row), QString::number(m_size)));
        t.rowStride = *row;
        t.bytes = static_cast<std::size_t>(rows) * *row;
        // The header checked the extent with ggml's block sizes; the executor's must agree.
        if (!h.bytes || *h.bytes != t.bytes)
            fail(QCoreApplication::translate("is::exec::GgufReader",
                                             "tensor %1: size %2 bytes disagrees with the header's layout")
                     .arg(tn, QString::number(t.bytes)));
        return t;
    }

    const TensorInfo* tensor(const std::string& name) const
    {
        auto it = m_byName.find(name);
        return it == m_byName.end() ? nullptr : it->second;
    }

    Tensor view(const TensorInfo& ti) const
    {
        Tensor t;
        t.type = ti.type;
        t.cols = static_cast<std::size_t>(ti.dims[0]);
        t.rows = ti.dims.size() > 1 ? static_cast<std::size_t>(ti.dims[1]) : 1;
        t.experts = 1;
        for (std::size_t d = 2; d < ti.dims.size(); ++d)
            t.experts *= static_cast<std::size_t>(ti.dims[d]);
        t.rowStride = ti.rowStride;
        t.data = m_data + m_dataStart + ti.offset;
        return t;
    }

    Tensor required(const std::string& name) const
    {
        const TensorInfo* ti = tensor(name);
        if (!ti)
            fail(QCoreApplication::translate("is::exec::GgufReader", "tensor %1 is missing")
                     .arg(QString::fromStdString(name)));
        return view(*ti);
    }

    std::vector<float> vectorOf(const std::string& name) const
    {
        const Tensor t = required(name);
        if (t.rows * t.experts != 1)
            fail(QCoreApplication::translate("is::exec::GgufReader", "tensor %1 should be a vector")
                     .arg(QString::fromStdString(name)));
        std::vector<float> v(t.cols);
        rowToFloat(t.type, t.data, t.cols, v.data());
        return v;
    }

    std::int64_t intKey(const std::string& key, std::optional<std::int64_t> def) const
    {
        const gguf::Value* v = find(key);
        if (!v) {
            if (!def)
                fail(QCoreApplication::translate("is::exec::GgufReader", "metadata key %1 is missing")
                         .arg(QString::fromStdString(key)));
            return *def;
        }
        if (!v->isInt || v->uBig)
            fail(QCoreApplication::translate("is::exec::GgufReader", "metadata key %1 is not an integer")
                     .arg(QString::fromStdString(key)));
        if (v->i < 0 || v->i > std::numeric_limits<int>::max())
            fail(QCoreApplication::translate("is::exec::GgufReader", "metadata key %1 = %2 is out of range")
                     .arg(QString::fromStdString(key), QString::number(v->i)));
        return v->i;
    }

    double floatKey(const std::string& key, double def) const
    {
        const gguf::Value* v = find(key);
        if (!v)
            return def;
        if (v->isFloat)
            return v->f;
        if (v->isInt)
            return static_cast<double>(v->i);
        fail(QCoreApplication::translate("is::exec::GgufReader", "metadata key %1 is not a number")
                 .arg(QString::fromStdString(key)));
    }

    std::vector<std::string> stringArray(const gguf::Value& v) const
    {
        QString err;
        auto out = gguf::readStringArray(m_data, m_size, v, QStringLiteral("tokenizer.ggml.tokens"), &err);
        if (!out)
            fail(err);
        return std::move(*out);
    }

    std::unique_ptr<Model> buildModel() const
    {
        auto m = std::make_unique<Model>();
        m->format = QStringLiteral("gguf");
        const gguf::Value* arch = find("general.architecture");
        if (!arch || arch->type != gguf::STRING)
            fail(QCoreApplication::translate("is::exec::GgufReader",
                                             "metadata key general.architecture is missing"));
        if (arch->s != "llama")
            fail(QCoreApplication::translate("is::exec::GgufReader",
                                             "general.architecture '%1' is not supported (llama is)")
                     .arg(QString::fromStdString(arch->s)));
        const std::string p = "llama.";
        ModelConfig& c = m->cfg;
        c.dim = static_cast<int>(intKey(p + "embedding_length", std::nullopt));
        c.layers = static_cast<int>(intKey(p + "block_count", std::nullopt));
        c.hidden = static_cast<int>(intKey(p + "feed_forward_length", std::nullopt));
        c.heads = static_cast<int>(intKey(p + "attention.head_count", std::nullopt));
        c.kvHeads = static_cast<int>(intKey(p + "attention.head_count_kv", c.heads));
        c.seqLen = static_cast<int>(intKey(p + "context_length", 2048));
        c.experts = static_cast<int>(intKey(p + "expert_count", 0));
        c.topK = static_cast<int>(intKey(p + "expert_used_count", 0));
        c.ropeTheta = static_cast<float>(floatKey(p + "rope.freq_base", 10000.0));
        c.normEps = static_cast<float>(floatKey(p + "attention.layer_norm_rms_epsilon", 1e-5));
        if (c.layers < 1 || c.layers > 4096)
            fail(QCoreApplication::translate("is::exec::GgufReader", "llama.block_count = %1 is out of range")
                     .arg(c.layers));

        m->tokenEmbd = required("token_embd.weight");
        c.vocab = static_cast<int>(std::min<std::size_t>(m->tokenEmbd.rows, std::numeric_limits<int>::max()));
        // A missing classifier means it is tied to the embedding.
        m->output = tensor("output.weight") ? required("output.weight") : m->tokenEmbd;
        m->outputNorm = vectorOf("output_norm.weight");
        m->layers.resize(static_cast<std::size_t>(c.layers));
        for (int i = 0; i < c.layers; ++i) {
            const std::string b = "blk." + std::to_string(i) + ".";
            LayerWeights& l = m->layers[static_cast<std::size_t>(i)];
            l.attnNorm = vectorOf(b + "attn_norm.weight");
            l.ffnNorm = vectorOf(b + "ffn_norm.weight");
            l.wq = required(b + "attn_q.weight");
            l.wk = required(b + "attn_k.weight");
            l.wv = required(b + "attn_v.weight");
            l.wo = required(b + "attn_output.weight");
            if (c.experts > 0) {
                l.router = required(b + "ffn_gate_inp.weight");
                l.w1 = required(b + "ffn_gate_exps.weight");
                l.w3 = required(b + "ffn_up_exps.weight");
                l.w2 = required(b + "ffn_down_exps.weight");
            } else {
                l.w1 = required(b + "ffn_gate.weight");
                l.w3 = required(b + "ffn_up.weight");
                l.w2 = required(b + "ffn_down.weight");
            }
        }
        const QString err = validateModel(*m);
        if (!err.isEmpty())
            fail(err);
        if (const gguf::Value* tok = find("tokenizer.ggml.tokens")) {
            // Checked before the strings are materialised, so a hostile count costs nothing.
            if (tok->type == gguf::ARRAY && tok->arrayCount != static_cast<std::uint64_t>(c.vocab))
                fail(QCoreApplication::translate(
                         "is::exec::GgufReader",
                         "tokenizer.ggml.tokens has %1 entries but the embedding has %2 rows")
                         .arg(tok->arrayCount)
                         .arg(c.vocab));
            m->vocab = stringArray(*tok);
        }
        return m;
    }

    const std::byte* m_data;
    std::size_t m_size;
    gguf::Header m_header;
    std::vector<TensorInfo> m_tensors;
    std::unordered_map<std::string, const TensorInfo*> m_byName;
    std::size_t m_dataStart = 0;
};

} // namespace

std::unique_ptr<Model> parseGguf(const std::byte* data, std::size_t size, const QString& name, QString* error)
{
    try {
        GgufParser parser(data, size);
        auto m = parser.parse();
        m->source = name;
        return m;
    } catch (const ParseError& e) {
        if (error)
            *error = errorAt(name, e.message);
    } catch (const std::bad_alloc&) {
        if (error)
            *error = QCoreApplication::translate("is::exec::GgufReader",
                                                 "%1: out of memory while reading the header")
                         .arg(name);
    }
    return nullptr;
}

std::unique_ptr<Model> loadGgufBuffer(AlignedBuffer image, const QString& name, QString* error)
{
    auto m = parseGguf(image.data(), image.size(), name, error);
    if (m)
        m->storage = std::move(image); // the heap block does not move, views stay valid
    return m;
}

} // namespace is::exec
