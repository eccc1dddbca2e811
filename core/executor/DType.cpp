// SPDX-License-Identifier: MIT
#include "executor/DType.h"

#include "executor/Half.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace is::exec {

std::optional<DType> dtypeFromGgml(std::uint32_t id)
{
    switch (id) {
    case 0: return DType::F32;
    case 1: return DType::F16;
    case 8: return DType::Q8_0;
    case 30: return DType::BF16;
    default: return std::nullopt;
    }
}

std::optional<DType> dtypeFromName(std::string_view name)
{
    if (name == "f32")
        return DType::F32;
    if (name == "f16")
        return DType::F16;
    if (name == "bf16")
        return DType::BF16;
    if (name == "q8_0")
        return DType::Q8_0;
    return std::nullopt;
}

const char* dtypeName(DType t)
{
    switch (t) {
    case DType::F32: return "f32";
    case DType::F16: return "f16";
    case DType::BF16: return "bf16";
    case DType::Q8_0: return "q8_0";
    }
    return "?";
}

std::optional<std::size_t> rowBytes(DType t, std::size_t n)
{
    switch (t) {
    case DType::F32: return n * 4;
    case DType::F16:
    case DType::BF16: return n * 2;
    case DType::Q8_0:
        if (n % kQ8Block != 0)
            return std::nullopt;
        return n / kQ8Block * kQ8BlockBytes;
    }
    return std::nullopt;
}

void rowToFloat(DType t, const std::byte* src, std::size_t n, float* dst)
{
    switch (t) {
    case DType::F32: std::memcpy(dst, src, n * 4); return;
    case DType::F16:
        for (std::size_t i = 0; i < n; ++i) {
            std::uint16_t h;
            std::memcpy(&h, src + 2 * i, 2);
            dst[i] = halfToFloat(h);
        }
        return;
    case DType::BF16:
        for (std::size_t i = 0; i < n; ++i) {
            std::uint16_t h;
            std::memcpy(&h, src + 2 * i, 2);
            dst[i] = bf16ToFloat(h);
        }
        return;
    case DType::Q8_0:
        for (std::size_t b = 0; b < n / kQ8Block; ++b) {
            BlockQ8_0 blk;
            std::memcpy(&blk, src + b * kQ8BlockBytes, kQ8BlockBytes);
            const float d = halfToFloat(blk.d);
            for (std::size_t i = 0; i < kQ8Block; ++i)
                dst[b * kQ8Block + i] = d * static_cast<float>(blk.qs[i]);
        }
        return;
    }
}

void floatToRow(DType t, const float* src, std::size_t n, std::byte* dst)
{
    switch (t) {
    case DType::F32: std::memcpy(dst, src, n * 4); return;
    case DType::F16:
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint16_t h = floatToHalf(src[i]);
            std::memcpy(dst + 2 * i, &h, 2);
        }
        return;
    case DType::BF16:
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint16_t h = floatToBf16(src[i]);
            std::memcpy(dst + 2 * i, &h, 2);
        }
        return;
    case DType::Q8_0:
        for (std::size_t b = 0; b < n / kQ8Block; ++b) {
            const float* x = src + b * kQ8Block;
            float amax = 0.0f;
            for (std::size_t i = 0; i < kQ8Block; ++i)
                amax = std::max(amax, std::fabs(x[i]));
            const float d = amax / 127.0f;
            const float id = d > 0.0f ? 1.0f / d : 0.0f;
            BlockQ8_0 blk;
            blk.d = floatToHalf(d);
            for (std::size_t i = 0; i < kQ8Block; ++i)
            {
                const float q = std::clamp(x[i] * id, -127.0f, 127.0f);
                blk.qs[i] = static_cast<std::int8_t>(static_cast<int>(q + (q >= 0.0f ? 0.5f : -0.5f)));
            }
            std::memcpy(dst + b * kQ8BlockBytes, &blk, kQ8BlockBytes);
        }
        return;
    }
}

} // namespace is::exec
