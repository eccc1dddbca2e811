// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

// Constants of the GGUF container (https://github.com/ggerganov/ggml/blob/master/docs/gguf.md).
namespace is::exec::gguf {

inline constexpr std::uint32_t kMagic = 0x46554747; // "GGUF" read as little-endian uint32
inline constexpr std::uint32_t kDefaultAlignment = 32;

enum ValueType : std::uint32_t {
    U8 = 0, I8 = 1, U16 = 2, I16 = 3, U32 = 4, I32 = 5, F32 = 6, BOOL = 7,
    STRING = 8, ARRAY = 9, U64 = 10, I64 = 11, F64 = 12,
};

} // namespace is::exec::gguf
