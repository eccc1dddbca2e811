// SPDX-License-Identifier: MIT
#include "model/GgufHeader.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <limits>
#include <new>

namespace is::gguf {

GgmlTypeInfo ggmlTypeInfo(std::uint32_t type)
{
    // ggml.h type ids; 4, 5 and 31..38 are removed layouts and stay unknown.
    switch (type) {
    case 0:
        return {"F32", 1, 4};
    case 1:
        return {"F16", 1, 2};
    case 2:
        return {"Q4_0", 32, 18};
    case 3:
        return {"Q4_1", 32, 20};
    case 6:
        return {"Q5_0", 32, 22};
    case 7:
        return {"Q5_1", 32, 24};
    case 8:
        return {"Q8_0", 32, 34};
    case 9:
        return {"Q8_1", 32, 36};
    case 10:
        return {"Q2_K", 256, 84};
    case 11:
        return {"Q3_K", 256, 110};
    case 12:
        return {"Q4_K", 256, 144};
    case 13:
        return {"Q5_K", 256, 176};
    case 14:
        return {"Q6_K", 256, 210};
    case 15:
        return {"Q8_K", 256, 292};
    case 16:
        return {"IQ2_XXS", 256, 66};
    case 17:
        return {"IQ2_XS", 256, 74};
    case 18:
        return {"IQ3_XXS", 256, 98};
    case 19:
        return {"IQ1_S", 256, 50};
    case 20:
        return {"IQ4_NL", 32, 18};
    case 21:
        return {"IQ3_S", 256, 110};
    case 22:
        return {"IQ2_S", 256, 82};
    case 23:
        return {"IQ4_XS", 256, 136};
    case 24:
        return {"I8", 1, 1};
    case 25:
        return {"I16", 1, 2};
    case 26:
        return {"I32", 1, 4};
    case 27:
        return {"I64", 1, 8};
    case 28:
        return {"F64", 1, 8};
    case 29:
        return {"IQ1_M", 256, 56};
    case 30:
        return {"BF16", 1, 2};
    case 34:
        return {"TQ1_0", 256, 54};
    case 35:
        return {"TQ2_0", 256, 66};
    case 39:
        return {"MXFP4", 32, 17};
    default:
        return {};
    }
}

const Value* Header::find(const std::string& key) const
{
    auto it = kv.find(key);
    return it == kv.end() ? nullptr : &it->second;
}

const TensorInfo* Header::tensor(const std::string& name) const
{
    auto it = tensorIndex.find(name);
    return it == tensorIndex.end() ? nullptr : &tensors[it->second];
}

namespace {

struct ParseError
{
    QString message;
    bool needMore = false;
};

[[noreturn]] void fail(const QString& msg)
{
    throw ParseError{msg, false};
}

QString q(const std::string& s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(std::min<std::size_t>(s.size(), 200)));
}

// Bounds-checked little-endian reader. `available` bytes are in memory; the file has `total`.
class Cursor
{
public:
    Cursor(const std::byte* data, std::size_t available, std::uint64_t total)
        : m_data(data), m_avail(available), m_total(std::max<std::uint64_t>(total, available))
    {
    }

    std::uint64_t pos() const { return m_pos; }
    // Bytes left in the file (not only in memory): bounds declared counts.
    std::uint64_t remaining() const { return m_total - m_pos; }

    void need(std::uint64_t n, const QString& what) const
    {
        if (n > m_total - m_pos)
            fail(
                QCoreApplication::translate(
                    "is::gguf::GgufHeader",
                    "truncated: %1 needs %2 bytes at offset %3 but the file has %4 left")
                    .arg(what, QString::number(n), QString::number(m_pos), QString::number(m_total - m_pos)));
        if (n > m_avail - m_pos)
            throw ParseError{
                QCoreApplication::translate("is::gguf::GgufHeader", "header larger than the bytes read"),
                true};
    }

    template <typename T> T read(const char* what) { return read<T>(QLatin1String(what)); }
    template <typename T> T read(const QString& what)
    {
        need(sizeof(T), what);
        T v;
        std::memcpy(&v, m_data + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return v;
    }

    std::uint64_t readLength(const QString& what, std::uint64_t cap)
    {
        const auto len = read<std::uint64_t>(what);
        if (len > cap)
            fail(QCoreApplication::translate("is::gguf::GgufHeader",
                                             "%1: length %2 exceeds the limit of %3 bytes")
                     .arg(what, QString::number(len), QString::number(cap)));
        need(len, what); // bounds a hostile length before any allocation
        return len;
    }

    std::string readString(const QString& what, std::uint64_t cap)
    {
        const auto len = readLength(what, cap);
        std::string s(reinterpret_cast<const char*>(m_data + m_pos), static_cast<std::size_t>(len));
        m_pos += len;
        return s;
    }

    void skip(std::uint64_t n, const QString& what)
    {
        need(n, what);
        m_pos += n;
    }

private:
    const std::byte* m_data;
    std::uint64_t m_avail;
    std::uint64_t m_total;
    std::uint64_t m_pos = 0;
};

std::size_t scalarSize(std::uint32_t t)
{
    switch (t) {
    case U8:
    case I8:
    case BOOL:
        return 1;
    case U16:
    case I16:
        return 2;
    case U32:
    case I32:
    case F32:
        return 4;
    case U64:
    case I64:
    case F64:
        return 8;
    default:
        return 0;
    }
}

void skipArrayBody(Cursor& c, std::uint32_t elementType, std::uint64_t count, const QString& what, int depth);

void skipValue(Cursor& c, std::uint32_t type, const QString& what, int depth)
{
    if (type == STRING) {
        c.skip(c.readLength(what, kMaxStringLength), what);
    } else if (type == ARRAY) {
        if (depth > 3)
            fail(QCoreApplication::translate("is::gguf::GgufHeader",
                                             "%1: metadata arrays nested deeper than 3 levels")
                     .arg(what));
        const auto et = c.read<std::uint32_t>(what + QStringLiteral(" element type"));
        const auto n = c.read<std::uint64_t>(what + QStringLiteral(" array count"));
        skipArrayBody(c, et, n, what, depth + 1);
    } else if (const std::size_t sz = scalarSize(type)) {
        c.skip(sz, what);
    } else {
        fail(QCoreApplication::translate("is::gguf::GgufHeader", "%1: unknown metadata value type %2")
                 .arg(what, QString::number(type)));
    }
}

void skipArrayBody(Cursor& c, std::uint32_t et, std::uint64_t n, const QString& what, int depth)
{
    if (n > kMaxArrayLength)
        fail(QCoreApplication::translate("is::gguf::GgufHeader", "%1: array count %2 exceeds the limit of %3")
                 .arg(what, QString::number(n), QString::number(kMaxArrayLength)));
    if (const std::size_t sz = scalarSize(et)) {
        if (n > c.remaining() / sz)
            fail(QCoreApplication::translate("is::gguf::GgufHeader",
                                             "%1: array of %2 elements runs past the end of the file")
                     .arg(what, QString::number(n)));
        c.skip(n * sz, what);
        return;
    }
    if (et != STRING && et != ARRAY)
        fail(QCoreApplication::translate("is::gguf::GgufHeader", "%1: unknown metadata array element type %2")
                 .arg(what, QString::number(et)));
    // Every string or nested array occupies at least 8 bytes: this bounds the loop.
    if (n > c.remaining() / 8)
        fail(QCoreApplication::translate("is::gguf::GgufHeader",
                                         "%1: array of %2 elements runs past the end of the file")
                 .arg(what, QString::number(n)));
    for (std::uint64_t k = 0; k < n; ++k)
        skipValue(c, et, what, depth);
}

Value readValue(Cursor& c, std::uint32_t type, const QString& what)
{
    Value v;
    v.type = type;
    switch (type) {
    case U8:
        v.isInt = true;
        v.i = c.read<std::uint8_t>(what);
        break;
    case I8:
        v.isInt = true;
        v.i = c.read<std::int8_t>(what); // NOLINT(bugprone-signed-char-misuse): GGUF I8 is a signed number
        break;
    case U16:
        v.isInt = true;
        v.i = c.read<std::uint16_t>(what);
        break;
    case I16:
        v.isInt = true;
        v.i = c.read<std::int16_t>(what);
        break;
    case U32:
        v.isInt = true;
        v.i = c.read<std::uint32_t>(what);
        break;
    case I32:
        v.isInt = true;
        v.i = c.read<std::int32_t>(what);
        break;
    case I64:
        v.isInt = true;
        v.i = c.read<std::int64_t>(what);
        break;
    case U64: {
        v.isInt = true;
        v.u = c.read<std::uint64_t>(what);
        v.uBig = v.u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
        v.i = v.uBig ? std::numeric_limits<std::int64_t>::max() : static_cast<std::int64_t>(v.u);
        break;
    }
    case BOOL:
        v.isInt = true;
        v.i = c.read<std::uint8_t>(what) != 0;
        break;
    case F32:
        v.isFloat = true;
        v.f = c.read<float>(what);
        break;
    case F64:
        v.isFloat = true;
        v.f = c.read<double>(what);
        break;
    case STRING:
        v.s = c.readString(what, kMaxStringLength);
        break;
    case ARRAY: {
        v.arrayType = c.read<std::uint32_t>(what + QStringLiteral(" element type"));
        v.arrayCount = c.read<std::uint64_t>(what + QStringLiteral(" array count"));
        v.arrayPos = static_cast<std::size_t>(c.pos());
        skipArrayBody(c, v.arrayType, v.arrayCount, what, 1);
        break;
    }
    default:
        fail(QCoreApplication::translate("is::gguf::GgufHeader", "%1: unknown metadata value type %2")
                 .arg(what, QString::number(type)));
    }
    return v;
}

TensorInfo readTensorInfo(Cursor& c, std::uint64_t index, std::uint64_t fileSize)
{
    TensorInfo t;
    t.name = c.readString(QStringLiteral("tensor #%1 name").arg(index), kMaxKeyLength);
    const QString tn = QStringLiteral("tensor %1").arg(q(t.name));
    const auto nd = c.read<std::uint32_t>(tn + QStringLiteral(" n_dims"));
    if (nd < 1 || nd > kMaxDims)
        fail(QCoreApplication::translate("is::gguf::GgufHeader", "%1: n_dims %2 is not 1..%3")
                 .arg(tn, QString::number(nd), QString::number(kMaxDims)));
    std::uint64_t elems = 1;
    for (std::uint32_t d = 0; d < nd; ++d) {
        const auto n = c.read<std::uint64_t>(tn + QStringLiteral(" dimension"));
        if (n == 0 || n > (std::uint64_t(1) << 40) || elems > std::numeric_limits<std::uint64_t>::max() / n)
            fail(QCoreApplication::translate("is::gguf::GgufHeader", "%1: dimension %2 = %3 is invalid")
                     .arg(tn, QString::number(d), QString::number(n)));
        elems *= n;
        t.dims.push_back(n);
    }
    t.elements = elems;
    t.type = c.read<std::uint32_t>(tn + QStringLiteral(" type"));
    t.offset = c.read<std::uint64_t>(tn + QStringLiteral(" offset"));
    const GgmlTypeInfo ti = ggmlTypeInfo(t.type);
    if (ti.name) {
        if (t.dims[0] % ti.blockElements != 0)
            fail(QCoreApplication::translate("is::gguf::GgufHeader",
                                             "%1: row length %2 is not a multiple of the %3 block (%4)")
                     .arg(tn, QString::number(t.dims[0]), QLatin1String(ti.name),
                          QString::number(ti.blockElements)));
        const std::uint64_t blocks = elems / ti.blockElements;
        if (blocks > fileSize / ti.blockBytes)
            fail(QCoreApplication::translate("is::gguf::GgufHeader",
                                             "%1: %2 elements of %3 cannot fit in a %4-byte file")
                     .arg(tn, QString::number(elems), QLatin1String(ti.name), QString::number(fileSize)));
        t.bytes = blocks * ti.blockBytes;
    }
    return t;
}

Header parse(Cursor& c, std::uint64_t fileSize)
{
    Header h;
    h.fileSize = fileSize;
    const auto magic = c.read<std::uint32_t>("magic");
    if (magic != kMagic)
        fail(QCoreApplication::translate("is::gguf::GgufHeader", "not a GGUF file (bad magic)"));
    h.version = c.read<std::uint32_t>("version");
    if (h.version != 2 && h.version != 3)
        fail(QCoreApplication::translate("is::gguf::GgufHeader",
                                         "unsupported GGUF version %1 (2 and 3 are read)")
                 .arg(h.version));
    const auto nTensors = c.read<std::uint64_t>("tensor_count");
    const auto nKv = c.read<std::uint64_t>("metadata_kv_count");
    // Each key/value pair takes at least 12 bytes and each tensor info at least 28: counts that
    // cannot fit in the file, or pass the caps, are rejected before any loop or reservation.
    if (nKv > kMaxMetadataKeys || nKv > c.remaining() / 12)
        fail(QCoreApplication::translate("is::gguf::GgufHeader",
                                         "metadata_kv_count %1 is larger than the file can hold")
                 .arg(nKv));
    if (nTensors > kMaxTensors || nTensors > c.remaining() / 28)
        fail(QCoreApplication::translate("is::gguf::GgufHeader",
                                         "tensor_count %1 is larger than the file can hold")
                 .arg(nTensors));

    for (std::uint64_t k = 0; k < nKv; ++k) {
        std::string key = c.readString(QStringLiteral("metadata key #%1").arg(k), kMaxKeyLength);
        const QString what = QStringLiteral("metadata %1").arg(q(key));
        const auto type = c.read<std::uint32_t>(what + QStringLiteral(" value type"));
        Value v = readValue(c, type, what);
        if (h.kv.count(key))
            fail(QCoreApplication::translate("is::gguf::GgufHeader", "metadata key '%1' appears twice")
                     .arg(q(key)));
        h.kv.emplace(std::move(key), std::move(v));
    }

    if (const Value* a = h.find("general.alignment")) {
        if (!a->isInt || a->i < 1 || a->i > (1 << 20) || (a->i & (a->i - 1)) != 0)
            fail(QCoreApplication::translate("is::gguf::GgufHeader",
                                             "general.alignment must be a power of two up to 1 MiB"));
        h.alignment = static_cast<std::uint64_t>(a->i);
    }

    h.tensors.reserve(static_cast<std::size_t>(nTensors));
    for (std::uint64_t k = 0; k < nTensors; ++k)
        h.tensors.push_back(readTensorInfo(c, k, fileSize));

    h.dataStart = (c.pos() + h.alignment - 1) / h.alignment * h.alignment;
    if (h.dataStart > fileSize)
        fail(QCoreApplication::translate("is::gguf::GgufHeader",
                                         "truncated: tensor data section starts past the end of the file"));
    const std::uint64_t dataSize = fileSize - h.dataStart;
    h.tensorIndex.reserve(h.tensors.size());
    for (std::size_t i = 0; i < h.tensors.size(); ++i) {
        const TensorInfo& t = h.tensors[i];
        const QString tn = q(t.name);
        if (t.offset % h.alignment != 0)
            fail(QCoreApplication::translate("is::gguf::GgufHeader",
                                             "tensor %1: data offset %2 is not aligned to %3")
                     .arg(tn, QString::number(t.offset), QString::number(h.alignment)));
        if (t.offset > dataSize || (t.bytes && *t.bytes > dataSize - t.offset))
            fail(QCoreApplication::translate(
                     "is::gguf::GgufHeader",
                     "tensor %1: data (offset %2, %3 bytes) runs past the end of the file")
                     .arg(tn, QString::number(t.offset), QString::number(t.bytes.value_or(0))));
        if (!h.tensorIndex.emplace(t.name, i).second)
            fail(QCoreApplication::translate("is::gguf::GgufHeader", "tensor %1 appears twice").arg(tn));
    }
    return h;
}

} // namespace

ParseResult parseHeader(const std::byte* data, std::size_t available, std::uint64_t fileSize)
{
    ParseResult r;
    try {
        Cursor c(data, available, fileSize);
        r.header = parse(c, std::max<std::uint64_t>(fileSize, available));
    } catch (const ParseError& e) {
        r.error = e.message;
        r.needMore = e.needMore;
    } catch (const std::bad_alloc&) {
        r.error =
            QCoreApplication::translate("is::gguf::GgufHeader", "out of memory while reading the header");
    }
    return r;
}

std::optional<std::vector<std::string>> readStringArray(const std::byte* data, std::size_t size,
                                                        const Value& v, const QString& what, QString* error)
{
    try {
        if (v.type != ARRAY || v.arrayType != STRING)
            fail(QCoreApplication::translate("is::gguf::GgufHeader", "%1 is not an array of strings")
                     .arg(what));
        if (v.arrayCount > size / 8)
            fail(QCoreApplication::translate("is::gguf::GgufHeader",
                                             "%1: array of %2 elements runs past the end of the file")
                     .arg(what, QString::number(v.arrayCount)));
        Cursor c(data, size, size);
        c.skip(v.arrayPos, what);
        std::vector<std::string> out;
        out.reserve(static_cast<std::size_t>(v.arrayCount)); // bounded by the file size above
        for (std::uint64_t k = 0; k < v.arrayCount; ++k)
            out.push_back(c.readString(what, kMaxStringLength));
        return out;
    } catch (const ParseError& e) {
        if (error)
            *error = e.message;
    } catch (const std::bad_alloc&) {
        if (error)
            *error = QCoreApplication::translate("is::gguf::GgufHeader", "%1: out of memory").arg(what);
    }
    return std::nullopt;
}

} // namespace is::gguf
