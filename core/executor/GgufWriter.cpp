// SPDX-License-Identifier: MIT
#include "executor/GgufWriter.h"

#include "executor/GgufFormat.h"

#include <cstring>
#include <stdexcept>

namespace is::exec {

namespace {

template <typename T> void put(std::vector<std::uint8_t>& out, T v)
{
    const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
    out.insert(out.end(), p, p + sizeof(T));
}

void putString(std::vector<std::uint8_t>& out, const std::string& s)
{
    put<std::uint64_t>(out, s.size());
    out.insert(out.end(), s.begin(), s.end());
}

} // namespace

void GgufWriter::addString(const std::string& key, const std::string& value)
{
    putString(m_kv, key);
    put<std::uint32_t>(m_kv, gguf::STRING);
    putString(m_kv, value);
    ++m_kvCount;
}

void GgufWriter::addU32(const std::string& key, std::uint32_t value)
{
    putString(m_kv, key);
    put<std::uint32_t>(m_kv, gguf::U32);
    put<std::uint32_t>(m_kv, value);
    ++m_kvCount;
}

void GgufWriter::addF32(const std::string& key, float value)
{
    putString(m_kv, key);
    put<std::uint32_t>(m_kv, gguf::F32);
    put<float>(m_kv, value);
    ++m_kvCount;
}

void GgufWriter::addStringArray(const std::string& key, const std::vector<std::string>& values)
{
    putString(m_kv, key);
    put<std::uint32_t>(m_kv, gguf::ARRAY);
    put<std::uint32_t>(m_kv, gguf::STRING);
    put<std::uint64_t>(m_kv, values.size());
    for (const auto& v : values)
        putString(m_kv, v);
    ++m_kvCount;
}

void GgufWriter::addTensor(const std::string& name, std::vector<std::uint64_t> dims, DType type, Fill fill)
{
    std::uint64_t rows = 1;
    for (std::size_t i = 1; i < dims.size(); ++i)
        rows *= dims[i];
    const auto row = rowBytes(type, static_cast<std::size_t>(dims.at(0)));
    if (!row)
        throw std::invalid_argument("GgufWriter: row length does not fit the tensor type: " + name);
    m_tensors.push_back({name, std::move(dims), type, static_cast<std::size_t>(rows) * *row, std::move(fill)});
}

void GgufWriter::addTensorFromFloats(const std::string& name, std::vector<std::uint64_t> dims, DType type,
                                     std::vector<float> data)
{
    const std::size_t cols = static_cast<std::size_t>(dims.at(0));
    addTensor(name, dims, type, [cols, type, d = std::move(data)](std::byte* dst) {
        const std::size_t row = *rowBytes(type, cols);
        for (std::size_t r = 0; r * cols < d.size(); ++r)
            floatToRow(type, d.data() + r * cols, cols, dst + r * row);
    });
}

AlignedBuffer GgufWriter::build() const
{
    std::vector<std::uint8_t> head;
    put<std::uint32_t>(head, gguf::kMagic);
    put<std::uint32_t>(head, 3);
    put<std::uint64_t>(head, m_tensors.size());
    put<std::uint64_t>(head, m_kvCount);
    head.insert(head.end(), m_kv.begin(), m_kv.end());
    std::vector<std::size_t> offsets;
    std::size_t off = 0;
    for (const auto& t : m_tensors) {
        putString(head, t.name);
        put<std::uint32_t>(head, static_cast<std::uint32_t>(t.dims.size()));
        for (auto d : t.dims)
            put<std::uint64_t>(head, d);
        put<std::uint32_t>(head, static_cast<std::uint32_t>(t.type));
        put<std::uint64_t>(head, off);
        offsets.push_back(off);
        off += (t.bytes + m_alignment - 1) / m_alignment * m_alignment;
    }
    const std::size_t dataStart = (head.size() + m_alignment - 1) / m_alignment * m_alignment;
    AlignedBuffer out(dataStart + off);
    std::memcpy(out.data(), head.data(), head.size());
    for (std::size_t i = 0; i < m_tensors.size(); ++i)
        m_tensors[i].fill(out.data() + dataStart + offsets[i]);
    return out;
}

} // namespace is::exec
