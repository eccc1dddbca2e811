// SPDX-License-Identifier: MIT
#include "executor/GgufReader.h"

#include "executor/GgufFormat.h"

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

// Bounds-checked little-endian reader over the image.
class Cursor
{
public:
    Cursor(const std::byte* data, std::size_t size) : m_data(data), m_size(size) {}

    std::size_t pos() const { return m_pos; }
    std::size_t remaining() const { return m_size - m_pos; }

    void need(std::size_t n, const char* what) const
    {
        if (n > remaining())
            fail(QStringLiteral("truncated: %1 needs %2 bytes at offset %3 but the file has %4")
                     .arg(QLatin1String(what))
                     .arg(n)
                     .arg(m_pos)
                     .arg(remaining()));
    }

    template <typename T> T read(const char* what)
    {
        need(sizeof(T), what);
        T v;
        std::memcpy(&v, m_data + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return v;
    }

    std::string readString(const char* what)
    {
        const auto len = read<std::uint64_t>(what);
        need(len, what); // also bounds a hostile length before any allocation
        std::string s(reinterpret_cast<const char*>(m_data + m_pos), static_cast<std::size_t>(len));
        m_pos += static_cast<std::size_t>(len);
        return s;
    }

    void skip(std::size_t n, const char* what)
    {
        need(n, what);
        m_pos += n;
    }

private:
    const std::byte* m_data;
    std::size_t m_size;
    std::size_t m_pos = 0;
};

// A metadata value: scalars decoded, arrays remembered by position so that a big array
// (a 128k-entry vocabulary) is only materialised when it is used.
struct Value
{
    std::uint32_t type = 0;
    bool isInt = false;
    bool isFloat = false;
    std::int64_t i = 0;
    std::uint64_t u = 0;
    bool uBig = false; // u64 above int64 range
    double f = 0;
    std::string s;
    std::uint32_t arrayType = 0;
    std::uint64_t arrayCount = 0;
    std::size_t arrayPos = 0;
};

std::size_t scalarSize(std::uint32_t t)
{
    switch (t) {
    case gguf::U8: case gguf::I8: case gguf::BOOL: return 1;
    case gguf::U16: case gguf::I16: return 2;
    case gguf::U32: case gguf::I32: case gguf::F32: return 4;
    case gguf::U64: case gguf::I64: case gguf::F64: return 8;
    default: return 0;
    }
}

void skipValue(Cursor& c, std::uint32_t type, int depth);

void skipArray(Cursor& c, int depth)
{
    if (depth > 3)
        fail(QStringLiteral("metadata arrays nested deeper than 3 levels"));
    const auto et = c.read<std::uint32_t>("array element type");
    const auto n = c.read<std::uint64_t>("array length");
    if (const std::size_t sz = scalarSize(et)) {
        if (n > c.remaining() / sz)
            fail(QStringLiteral("array of %1 elements runs past the end of the file").arg(n));
        c.skip(static_cast<std::size_t>(n) * sz, "array");
        return;
    }
    if (et != gguf::STRING && et != gguf::ARRAY)
        fail(QStringLiteral("unknown metadata array element type %1").arg(et));
    // Every string or nested array occupies at least 8 bytes: this bounds the loop.
    if (n > c.remaining() / 8)
        fail(QStringLiteral("array of %1 elements runs past the end of the file").arg(n));
    for (std::uint64_t k = 0; k < n; ++k)
        skipValue(c, et, depth + 1);
}

void skipValue(Cursor& c, std::uint32_t type, int depth)
{
    if (type == gguf::STRING) {
        const auto len = c.read<std::uint64_t>("string length");
        c.skip(len > c.remaining() ? c.remaining() + 1 : static_cast<std::size_t>(len), "string");
    } else if (type == gguf::ARRAY) {
        skipArray(c, depth);
    } else if (const std::size_t sz = scalarSize(type)) {
        c.skip(sz, "value");
    } else {
        fail(QStringLiteral("unknown metadata value type %1").arg(type));
    }
}

Value readValue(Cursor& c, std::uint32_t type)
{
    Value v;
    v.type = type;
    switch (type) {
    case gguf::U8: v.isInt = true; v.i = c.read<std::uint8_t>("u8"); break;
    case gguf::I8: v.isInt = true; v.i = c.read<std::int8_t>("i8"); break;
    case gguf::U16: v.isInt = true; v.i = c.read<std::uint16_t>("u16"); break;
    case gguf::I16: v.isInt = true; v.i = c.read<std::int16_t>("i16"); break;
    case gguf::U32: v.isInt = true; v.i = c.read<std::uint32_t>("u32"); break;
    case gguf::I32: v.isInt = true; v.i = c.read<std::int32_t>("i32"); break;
    case gguf::I64: v.isInt = true; v.i = c.read<std::int64_t>("i64"); break;
    case gguf::U64: {
        v.isInt = true;
        v.u = c.read<std::uint64_t>("u64");
        v.uBig = v.u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
        v.i = v.uBig ? std::numeric_limits<std::int64_t>::max() : static_cast<std::int64_t>(v.u);
        break;
    }
    case gguf::BOOL: v.isInt = true; v.i = c.read<std::uint8_t>("bool") != 0; break;
    case gguf::F32: v.isFloat = true; v.f = c.read<float>("f32"); break;
    case gguf::F64: v.isFloat = true; v.f = c.read<double>("f64"); break;
    case gguf::STRING: v.s = c.readString("string value"); break;
    case gguf::ARRAY: {
        // The body is validated and skipped by the caller; the value keeps its position.
        v.arrayType = c.read<std::uint32_t>("array element type");
        v.arrayCount = c.read<std::uint64_t>("array length");
        v.arrayPos = c.pos();
        break;
    }
    default: fail(QStringLiteral("unknown metadata value type %1").arg(type));
    }
    return v;
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

class GgufParser
{
public:
    GgufParser(const std::byte* data, std::size_t size) : m_data(data), m_size(size), m_c(data, size) {}

    std::unique_ptr<Model> parse()
    {
        const auto magic = m_c.read<std::uint32_t>("magic");
        if (magic != gguf::kMagic)
            fail(QStringLiteral("not a GGUF file (bad magic)"));
        const auto version = m_c.read<std::uint32_t>("version");
        if (version != 2 && version != 3)
            fail(QStringLiteral("unsupported GGUF version %1 (2 and 3 are read)").arg(version));
        const auto nTensors = m_c.read<std::uint64_t>("tensor_count");
        const auto nKv = m_c.read<std::uint64_t>("metadata_kv_count");
        // Each key/value pair takes at least 12 bytes and each tensor info at least 28: counts
        // that cannot fit in the file are rejected before any loop or reservation.
        if (nKv > m_c.remaining() / 12)
            fail(QStringLiteral("metadata_kv_count %1 is larger than the file can hold").arg(nKv));
        if (nTensors > m_c.remaining() / 28)
            fail(QStringLiteral("tensor_count %1 is larger than the file can hold").arg(nTensors));

        for (std::uint64_t k = 0; k < nKv; ++k) {
            std::string key = m_c.readString("metadata key");
            const auto type = m_c.read<std::uint32_t>("metadata value type");
            Value v = readValue(m_c, type);
            if (type == gguf::ARRAY)
                skipArrayBody(v);
            if (m_kv.count(key))
                fail(QStringLiteral("metadata key '%1' appears twice").arg(QString::fromStdString(key)));
            m_kv.emplace(std::move(key), std::move(v));
        }

        std::uint64_t alignment = gguf::kDefaultAlignment;
        if (const Value* a = find("general.alignment")) {
            if (!a->isInt || a->i < 1 || a->i > (1 << 20) || (a->i & (a->i - 1)) != 0)
                fail(QStringLiteral("general.alignment must be a power of two up to 1 MiB"));
            alignment = static_cast<std::uint64_t>(a->i);
        }

        m_tensors.reserve(static_cast<std::size_t>(nTensors));
        for (std::uint64_t k = 0; k < nTensors; ++k)
            m_tensors.push_back(readTensorInfo());

        const std::size_t dataStart = (m_c.pos() + alignment - 1) / alignment * alignment;
        if (dataStart > m_size)
            fail(QStringLiteral("truncated: tensor data section starts past the end of the file"));
        const std::size_t dataSize = m_size - dataStart;
        for (auto& t : m_tensors) {
            const QString tn = QString::fromStdString(t.name);
            if (t.offset % alignment != 0)
                fail(QStringLiteral("tensor %1: data offset %2 is not aligned to %3").arg(tn).arg(t.offset).arg(alignment));
            if (t.offset > dataSize || t.bytes > dataSize - t.offset)
                fail(QStringLiteral("tensor %1: data (offset %2, %3 bytes) runs past the end of the file")
                         .arg(tn)
                         .arg(t.offset)
                         .arg(t.bytes));
            if (m_byName.count(t.name))
                fail(QStringLiteral("tensor %1 appears twice").arg(tn));
            m_byName.emplace(t.name, &t);
        }
        m_dataStart = dataStart;
        return buildModel();
    }

private:
    const Value* find(const std::string& key) const
    {
        auto it = m_kv.find(key);
        return it == m_kv.end() ? nullptr : &it->second;
    }

    void skipArrayBody(const Value& v)
    {
        // m_c is positioned after the array header; skip the elements with full validation.
        if (const std::size_t sz = scalarSize(v.arrayType)) {
            if (v.arrayCount > m_c.remaining() / sz)
                fail(QStringLiteral("array of %1 elements runs past the end of the file").arg(v.arrayCount));
            m_c.skip(static_cast<std::size_t>(v.arrayCount) * sz, "array");
            return;
        }
        if (v.arrayType != gguf::STRING && v.arrayType != gguf::ARRAY)
            fail(QStringLiteral("unknown metadata array element type %1").arg(v.arrayType));
        if (v.arrayCount > m_c.remaining() / 8)
            fail(QStringLiteral("array of %1 elements runs past the end of the file").arg(v.arrayCount));
        for (std::uint64_t k = 0; k < v.arrayCount; ++k)
            skipValue(m_c, v.arrayType, 1);
    }

    TensorInfo readTensorInfo()
    {
        TensorInfo t;
        t.name = m_c.readString("tensor name");
        const QString tn = QString::fromStdString(t.name);
        const auto nd = m_c.read<std::uint32_t>("tensor n_dims");
        if (nd < 1 || nd > 4)
            fail(QStringLiteral("tensor %1: n_dims %2 is not 1..4").arg(tn).arg(nd));
        std::uint64_t elems = 1;
        for (std::uint32_t d = 0; d < nd; ++d) {
            const auto n = m_c.read<std::uint64_t>("tensor dimension");
            if (n == 0 || n > (std::uint64_t(1) << 40) || elems > std::numeric_limits<std::uint64_t>::max() / n)
                fail(QStringLiteral("tensor %1: dimension %2 = %3 is invalid").arg(tn).arg(d).arg(n));
            elems *= n;
            t.dims.push_back(n);
        }
        const auto typeId = m_c.read<std::uint32_t>("tensor type");
        const auto type = dtypeFromGgml(typeId);
        if (!type)
            fail(QStringLiteral("tensor %1: unsupported tensor type %2 (F32, F16, BF16, Q8_0 are read)")
                     .arg(tn)
                     .arg(typeId));
        t.type = *type;
        t.offset = m_c.read<std::uint64_t>("tensor offset");
        const auto row = rowBytes(t.type, static_cast<std::size_t>(t.dims[0]));
        if (!row)
            fail(QStringLiteral("tensor %1: row length %2 is not a multiple of the %3 block")
                     .arg(tn)
                     .arg(t.dims[0])
                     .arg(QLatin1String(dtypeName(t.type))));
        const std::uint64_t rows = elems / t.dims[0];
        if (*row != 0 && rows > m_size / *row)
            fail(QStringLiteral("tensor %1: %2 rows of %3 bytes cannot fit in a %4-byte file")
                     .arg(tn)
                     .arg(rows)
                     .arg(*row)
                     .arg(m_size));
        t.rowStride = *row;
        t.bytes = static_cast<std::size_t>(rows) * *row;
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
            fail(QStringLiteral("tensor %1 is missing").arg(QString::fromStdString(name)));
        return view(*ti);
    }

    std::vector<float> vectorOf(const std::string& name) const
    {
        const Tensor t = required(name);
        if (t.rows * t.experts != 1)
            fail(QStringLiteral("tensor %1 should be a vector").arg(QString::fromStdString(name)));
        std::vector<float> v(t.cols);
        rowToFloat(t.type, t.data, t.cols, v.data());
        return v;
    }

    std::int64_t intKey(const std::string& key, std::optional<std::int64_t> def) const
    {
        const Value* v = find(key);
        if (!v) {
            if (!def)
                fail(QStringLiteral("metadata key %1 is missing").arg(QString::fromStdString(key)));
            return *def;
        }
        if (!v->isInt || v->uBig)
            fail(QStringLiteral("metadata key %1 is not an integer").arg(QString::fromStdString(key)));
        if (v->i < 0 || v->i > std::numeric_limits<int>::max())
            fail(QStringLiteral("metadata key %1 = %2 is out of range").arg(QString::fromStdString(key)).arg(v->i));
        return v->i;
    }

    double floatKey(const std::string& key, double def) const
    {
        const Value* v = find(key);
        if (!v)
            return def;
        if (v->isFloat)
            return v->f;
        if (v->isInt)
            return static_cast<double>(v->i);
        fail(QStringLiteral("metadata key %1 is not a number").arg(QString::fromStdString(key)));
    }

    std::vector<std::string> stringArray(const Value& v) const
    {
        std::vector<std::string> out;
        if (v.type != gguf::ARRAY || v.arrayType != gguf::STRING)
            fail(QStringLiteral("tokenizer.ggml.tokens is not an array of strings"));
        Cursor c(m_data, m_size);
        c.skip(v.arrayPos, "array");
        out.reserve(static_cast<std::size_t>(v.arrayCount)); // bounded: validated while skipping
        for (std::uint64_t k = 0; k < v.arrayCount; ++k)
            out.push_back(c.readString("token"));
        return out;
    }

    std::unique_ptr<Model> buildModel() const
    {
        auto m = std::make_unique<Model>();
        m->format = QStringLiteral("gguf");
        const Value* arch = find("general.architecture");
        if (!arch || arch->type != gguf::STRING)
            fail(QStringLiteral("metadata key general.architecture is missing"));
        if (arch->s != "llama")
            fail(QStringLiteral("general.architecture '%1' is not supported (llama is)")
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
            fail(QStringLiteral("llama.block_count = %1 is out of range").arg(c.layers));

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
        if (const Value* tok = find("tokenizer.ggml.tokens")) {
            // Checked before the strings are materialised, so a hostile count costs nothing.
            if (tok->type == gguf::ARRAY && tok->arrayCount != static_cast<std::uint64_t>(c.vocab))
                fail(QStringLiteral("tokenizer.ggml.tokens has %1 entries but the embedding has %2 rows")
                         .arg(tok->arrayCount)
                         .arg(c.vocab));
            m->vocab = stringArray(*tok);
        }
        return m;
    }

    const std::byte* m_data;
    std::size_t m_size;
    Cursor m_c;
    std::unordered_map<std::string, Value> m_kv;
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
            *error = name + QStringLiteral(": ") + e.message;
    } catch (const std::bad_alloc&) {
        if (error)
            *error = name + QStringLiteral(": out of memory while reading the header");
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
