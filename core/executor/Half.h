// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <cstring>

// Portable fp16 / bf16 conversions. The SIMD kernels use hardware conversion; these are for
// the scalar path, the writers and the tests, and must round the same way (to nearest even).
namespace is::exec {

inline float bitsToFloat(std::uint32_t u)
{
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

inline std::uint32_t floatToBits(float f)
{
    std::uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

inline float halfToFloat(std::uint16_t h)
{
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    const std::uint32_t exp = (h >> 10) & 0x1fu;
    std::uint32_t mant = h & 0x3ffu;
    if (exp == 0) {
        if (mant == 0)
            return bitsToFloat(sign);
        // Subnormal half: renormalise.
        int e = -1;
        do {
            ++e;
            mant <<= 1;
        } while ((mant & 0x400u) == 0);
        mant &= 0x3ffu;
        return bitsToFloat(sign | (static_cast<std::uint32_t>(127 - 15 - e) << 23) | (mant << 13));
    }
    if (exp == 31)
        return bitsToFloat(sign | 0x7f800000u | (mant << 13));
    return bitsToFloat(sign | ((exp + 127 - 15) << 23) | (mant << 13));
}

inline std::uint16_t floatToHalf(float f)
{
    const std::uint32_t x = floatToBits(f);
    const std::uint32_t sign = (x >> 16) & 0x8000u;
    std::uint32_t absx = x & 0x7fffffffu;
    if (absx >= 0x7f800000u) // inf or nan
        return static_cast<std::uint16_t>(sign | 0x7c00u | (absx > 0x7f800000u ? 0x200u : 0u));
    if (absx >= 0x477ff000u) // rounds to >= 65520: overflow to inf
        return static_cast<std::uint16_t>(sign | 0x7c00u);
    if (absx < 0x38800000u) { // below the smallest normal half: subnormal or zero
        if (absx < 0x33000000u)
            return static_cast<std::uint16_t>(sign);
        const std::uint32_t e = absx >> 23;
        const std::uint32_t m = (absx & 0x7fffffu) | 0x800000u;
        const std::uint32_t shift = 126 - e; // 14..24
        std::uint32_t r = m >> shift;
        const std::uint32_t rem = m & ((1u << shift) - 1);
        const std::uint32_t half = 1u << (shift - 1);
        if (rem > half || (rem == half && (r & 1u)))
            ++r;
        return static_cast<std::uint16_t>(sign | r);
    }
    // Normal: rebias and round mantissa to 10 bits, nearest even.
    std::uint32_t r = absx - 0x38000000u; // exponent 127 -> 15
    const std::uint32_t rem = r & 0x1fffu;
    r >>= 13;
    if (rem > 0x1000u || (rem == 0x1000u && (r & 1u)))
        ++r;
    return static_cast<std::uint16_t>(sign | r);
}

inline float bf16ToFloat(std::uint16_t b)
{
    return bitsToFloat(static_cast<std::uint32_t>(b) << 16);
}

inline std::uint16_t floatToBf16(float f)
{
    std::uint32_t x = floatToBits(f);
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return static_cast<std::uint16_t>((x >> 16) | 0x40u); // quiet nan
    x += 0x7fffu + ((x >> 16) & 1u);
    return static_cast<std::uint16_t>(x >> 16);
}

} // namespace is::exec
