// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

// The GGUF container's header (https://github.com/ggerganov/ggml/blob/master/docs/gguf.md):
// magic, version, metadata key/values and tensor infos, read without touching the tensor data.
// The one GGUF parser of the studio: the model import (model/GgufImport.h) and the CPU executor
// (executor/GgufReader.h) both read through it. Every count, length, size and offset is checked
// against the file size and against fixed caps before it is used, so a truncated or hostile file
// gives an error naming the field rather than a crash, a hang or a large allocation.
namespace is::gguf {

inline constexpr std::uint32_t kMagic = 0x46554747; // "GGUF" read as little-endian uint32
inline constexpr std::uint32_t kDefaultAlignment = 32;

enum ValueType : std::uint32_t {
    U8 = 0,
    I8 = 1,
    U16 = 2,
    I16 = 3,
    U32 = 4,
    I32 = 5,
    F32 = 6,
    BOOL = 7,
    STRING = 8,
    ARRAY = 9,
    U64 = 10,
    I64 = 11,
    F64 = 12,
};

// Caps on what a header may declare; real files are far below them.
inline constexpr std::uint64_t kMaxKeyLength = 64 * 1024;
inline constexpr std::uint64_t kMaxStringLength = 64ull * 1024 * 1024;
inline constexpr std::uint64_t kMaxMetadataKeys = 1u << 20;
inline constexpr std::uint64_t kMaxTensors = 1u << 22;
inline constexpr std::uint64_t kMaxArrayLength = 1ull << 32;
inline constexpr std::uint32_t kMaxDims = 4;

// ggml tensor types the header knows the block layout of (type ids of ggml.h).
struct GgmlTypeInfo
{
    const char* name = nullptr;
    std::uint32_t blockElements = 0; // elements per block
    std::uint32_t blockBytes = 0;    // bytes per block
};
// Null name for an id this build does not know (a newer ggml type).
GgmlTypeInfo ggmlTypeInfo(std::uint32_t type);

// A metadata value: scalars decoded, strings kept, arrays remembered by position so that a big
// array (a 150k-entry vocabulary) is only materialised when it is used.
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
    std::size_t arrayPos = 0; // offset of the first element in the file
};

struct TensorInfo
{
    std::string name;
    std::vector<std::uint64_t> dims; // ggml order: dims[0] is contiguous
    std::uint32_t type = 0;          // ggml type id
    std::uint64_t offset = 0;        // relative to the data section
    std::uint64_t elements = 0;
    std::optional<std::uint64_t> bytes; // unset when the type is unknown
};

struct Header
{
    std::uint32_t version = 0;
    std::uint64_t alignment = kDefaultAlignment;
    std::uint64_t dataStart = 0; // offset of the tensor data section
    std::uint64_t fileSize = 0;
    std::unordered_map<std::string, Value> kv;
    std::vector<TensorInfo> tensors;
    std::unordered_map<std::string, std::size_t> tensorIndex; // name -> index in tensors

    const Value* find(const std::string& key) const;
    const TensorInfo* tensor(const std::string& name) const;
};

struct ParseResult
{
    std::optional<Header> header;
    QString error;         // what is wrong, naming the field (without the file name)
    bool needMore = false; // the header runs past `available` but not past `fileSize`
};

// Parses the header of a GGUF file of `fileSize` bytes whose first `available` bytes are at
// `data` (the whole file mapped, or a prefix read from disk). Tensor data is never read; tensor
// extents are checked against fileSize. When the header does not fit in `available` bytes,
// needMore is set: read more and call again.
ParseResult parseHeader(const std::byte* data, std::size_t available, std::uint64_t fileSize);

// Reads an array-of-strings value (a tokenizer vocabulary) from the image the header was parsed
// from; nullopt with an error naming `what` when the value is not such an array or runs past size.
std::optional<std::vector<std::string>> readStringArray(const std::byte* data, std::size_t size,
                                                        const Value& v, const QString& what, QString* error);

} // namespace is::gguf
