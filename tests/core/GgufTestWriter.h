// SPDX-License-Identifier: MIT
#pragma once

// A minimal GGUF v3 writer for tests that link core only (the executor's GgufWriter needs
// core_executor): metadata of the common types and tensor infos of any ggml type, with zeroed
// data, or with the data left out and the file extended sparsely to its full size.
#include <QByteArray>
#include <QFile>
#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace is::test {

class GgufTestWriter
{
public:
    enum Type : std::uint32_t { F32 = 0, F16 = 1, Q8_0 = 8, Q4_K = 12, Q6_K = 14, BF16 = 30 };

    void u32(const std::string& key, std::uint32_t v)
    {
        keyType(key, 4);
        put(m_kv, v);
    }
    void f32(const std::string& key, float v)
    {
        keyType(key, 6);
        put(m_kv, v);
    }
    void str(const std::string& key, const std::string& v)
    {
        keyType(key, 8);
        putString(m_kv, v);
    }
    void setAlignment(std::uint32_t alignment)
    {
        u32("general.alignment", alignment);
        m_alignment = alignment;
    }
    void tokens(int n)
    {
        keyType("tokenizer.ggml.tokens", 9);
        put<std::uint32_t>(m_kv, 8);
        put<std::uint64_t>(m_kv, static_cast<std::uint64_t>(n));
        for (int i = 0; i < n; ++i)
            putString(m_kv, std::to_string(i)); // (gcc 12 -Wrestrict misfires on "t" + string)
    }
    // Any value: its GGUF type id and its serialised bytes (arrays: element type, count, elements).
    void raw(const std::string& key, std::uint32_t type, const QByteArray& value)
    {
        keyType(key, type);
        m_kv.append(value);
    }
    template <typename T>
    static QByteArray scalarArray(std::uint32_t elementType, const std::vector<T>& values)
    {
        QByteArray out;
        put<std::uint32_t>(out, elementType);
        put<std::uint64_t>(out, values.size());
        for (const T& v : values)
            put<T>(out, v);
        return out;
    }
    // dims in ggml order: dims[0] is the row length.
    void tensor(const std::string& name, std::vector<std::uint64_t> dims, std::uint32_t type = F16)
    {
        m_tensors.push_back({name, std::move(dims), type});
    }
    static std::uint64_t bytesOf(std::uint32_t type, std::uint64_t elements)
    {
        switch (type) {
        case F32:
            return elements * 4;
        case Q8_0:
            return elements / 32 * 34;
        case Q4_K:
            return elements / 256 * 144;
        case Q6_K:
            return elements / 256 * 210;
        default:
            return elements * 2;
        }
    }
    std::uint64_t parameters() const
    {
        std::uint64_t n = 0;
        for (const auto& t : m_tensors)
            n += elements(t);
        return n;
    }

    // The whole file; `withData` false stops after the header (a truncated file).
    QByteArray build(bool withData = true, std::uint64_t* fullSize = nullptr) const
    {
        QByteArray out;
        put<std::uint32_t>(out, 0x46554747);
        put<std::uint32_t>(out, 3);
        put<std::uint64_t>(out, m_tensors.size());
        put<std::uint64_t>(out, m_kvCount);
        out.append(m_kv);
        std::uint64_t offset = 0;
        for (const auto& t : m_tensors) {
            putString(out, t.name);
            put<std::uint32_t>(out, static_cast<std::uint32_t>(t.dims.size()));
            for (auto d : t.dims)
                put<std::uint64_t>(out, d);
            put<std::uint32_t>(out, t.type);
            put<std::uint64_t>(out, offset);
            offset += (bytesOf(t.type, elements(t)) + m_alignment - 1) / m_alignment * m_alignment;
        }
        const auto dataStart =
            static_cast<std::uint64_t>((out.size() + m_alignment - 1) / m_alignment * m_alignment);
        if (fullSize)
            *fullSize = dataStart + offset;
        if (withData)
            out.append(QByteArray(static_cast<qsizetype>(dataStart + offset) - out.size(), '\0'));
        return out;
    }
    bool write(const QString& path) const
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(build()) >= 0;
    }
    // Writes the header and extends the file to its full size without writing the data (sparse).
    bool writeSparse(const QString& path) const
    {
        std::uint64_t full = 0;
        const QByteArray head = build(false, &full);
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(head) == head.size() &&
               f.resize(static_cast<qint64>(full));
    }

    // A llama-architecture model with every tensor llama.cpp writes.
    static GgufTestWriter llama(int dim, int layers, int heads, int kvHeads, int ffn, int vocab,
                                std::uint32_t type = F16, bool tied = false)
    {
        GgufTestWriter w;
        w.str("general.architecture", "llama");
        w.str("general.name", "Test Llama");
        w.u32("llama.embedding_length", static_cast<std::uint32_t>(dim));
        w.u32("llama.block_count", static_cast<std::uint32_t>(layers));
        w.u32("llama.feed_forward_length", static_cast<std::uint32_t>(ffn));
        w.u32("llama.attention.head_count", static_cast<std::uint32_t>(heads));
        w.u32("llama.attention.head_count_kv", static_cast<std::uint32_t>(kvHeads));
        w.u32("llama.context_length", 8192);
        w.f32("llama.rope.freq_base", 500000.0f);
        w.tokens(vocab);
        const auto d = static_cast<std::uint64_t>(dim);
        const auto kv = d / static_cast<std::uint64_t>(heads) * static_cast<std::uint64_t>(kvHeads);
        const auto f = static_cast<std::uint64_t>(ffn);
        w.tensor("token_embd.weight", {d, static_cast<std::uint64_t>(vocab)}, type);
        for (int l = 0; l < layers; ++l) {
            const std::string b = "blk." + std::to_string(l) + ".";
            w.tensor(b + "attn_norm.weight", {d}, F32);
            w.tensor(b + "attn_q.weight", {d, d}, type);
            w.tensor(b + "attn_k.weight", {d, kv}, type);
            w.tensor(b + "attn_v.weight", {d, kv}, type);
            w.tensor(b + "attn_output.weight", {d, d}, type);
            w.tensor(b + "ffn_norm.weight", {d}, F32);
            w.tensor(b + "ffn_gate.weight", {d, f}, type);
            w.tensor(b + "ffn_up.weight", {d, f}, type);
            w.tensor(b + "ffn_down.weight", {f, d}, type);
        }
        w.tensor("output_norm.weight", {d}, F32);
        if (!tied)
            w.tensor("output.weight", {d, static_cast<std::uint64_t>(vocab)}, type);
        return w;
    }

private:
    struct Tensor
    {
        std::string name;
        std::vector<std::uint64_t> dims;
        std::uint32_t type;
    };
    static std::uint64_t elements(const Tensor& t)
    {
        std::uint64_t n = 1;
        for (auto d : t.dims)
            n *= d;
        return n;
    }
    template <typename T> static void put(QByteArray& out, T v)
    {
        out.append(reinterpret_cast<const char*>(&v), sizeof(T));
    }
    static void putString(QByteArray& out, const std::string& s)
    {
        put<std::uint64_t>(out, s.size());
        out.append(s.data(), static_cast<qsizetype>(s.size()));
    }
    void keyType(const std::string& key, std::uint32_t type)
    {
        putString(m_kv, key);
        put<std::uint32_t>(m_kv, type);
        ++m_kvCount;
    }

    QByteArray m_kv;
    std::uint64_t m_kvCount = 0;
    std::uint64_t m_alignment = 32;
    std::vector<Tensor> m_tensors;
};

} // namespace is::test
