// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace is::exec {

// Tensor element formats the executor runs. Values are the GGML type ids stored in GGUF.
enum class DType : std::uint32_t { F32 = 0, F16 = 1, Q8_0 = 8, BF16 = 30 };

// Q8_0: blocks of 32 signed bytes sharing one fp16 scale (34 bytes a block).
inline constexpr std::size_t kQ8Block = 32;
inline constexpr std::size_t kQ8BlockBytes = 34;

struct BlockQ8_0
{
    std::uint16_t d; // fp16 scale
    std::int8_t qs[kQ8Block];
};
static_assert(sizeof(BlockQ8_0) == kQ8BlockBytes);

// The known formats, or nullopt for any other GGML type id.
std::optional<DType> dtypeFromGgml(std::uint32_t id);
std::optional<DType> dtypeFromName(std::string_view name); // "f32", "f16", "bf16", "q8_0"
const char* dtypeName(DType t);

// Bytes of one row of n elements, or nullopt when n does not fit the format (Q8_0 needs n % 32 == 0).
std::optional<std::size_t> rowBytes(DType t, std::size_t n);

// Converts one row of n elements to float.
void rowToFloat(DType t, const std::byte* src, std::size_t n, float* dst);
// Converts n floats to one row of the format (round to nearest; Q8_0 with per-block absmax scale).
void floatToRow(DType t, const float* src, std::size_t n, std::byte* dst);

} // namespace is::exec
