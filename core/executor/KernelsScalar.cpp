// SPDX-License-Identifier: MIT
// The portable path: plain C++ that any CPU runs, and the reference the SIMD sets are tested
// against. Several partial sums give the compiler independent chains to schedule.
#include "executor/Half.h"
#include "executor/Kernels.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace is::exec::detail {

namespace {

constexpr std::size_t kRows = 4;
constexpr std::size_t kTokens = 16;
static_assert(kTokens % 16 == 0, "prefill code works on runs of 16 tokens of a tile");
static_assert(kRows <= 8, "PrefillAttention::keySlack covers tiles of up to 8 key rows");

float dotQ8(const std::byte* w, const BlockQ8x* xq, std::size_t nb)
{
    float sum = 0.0f;
    for (std::size_t b = 0; b < nb; ++b) {
        BlockQ8_0 blk;
        std::memcpy(&blk, w + b * kQ8BlockBytes, kQ8BlockBytes);
        std::int32_t acc = 0;
        for (std::size_t i = 0; i < kQ8Block; ++i)
            acc += static_cast<std::int32_t>(blk.qs[i]) * xq[b].qs[i];
        sum += static_cast<float>(acc) * (halfToFloat(blk.d) * xq[b].d);
    }
    return sum;
}

void dotRows(DType t, const std::byte* w, std::size_t stride, std::size_t n, std::size_t rows, const float* x,
             const BlockQ8x* xq, float* out)
{
    float tmp[256];
    for (std::size_t r = 0; r < rows; ++r) {
        const std::byte* row = w + r * stride;
        if (t == DType::Q8_0) {
            out[r] = dotQ8(row, xq, n / kQ8Block);
            continue;
        }
        float s[4] = {0, 0, 0, 0};
        for (std::size_t k0 = 0; k0 < n; k0 += 256) {
            const std::size_t len = std::min<std::size_t>(256, n - k0);
            const float* v;
            if (t == DType::F32) {
                v = reinterpret_cast<const float*>(row) + k0; // rows of F32 tensors are 4-aligned
            } else {
                rowToFloat(t, row + k0 * 2, len, tmp);
                v = tmp;
            }
            std::size_t k = 0;
            for (; k + 4 <= len; k += 4)
                for (int j = 0; j < 4; ++j)
                    s[j] += v[k + j] * x[k0 + k + j];
            for (; k < len; ++k)
                s[0] += v[k] * x[k0 + k];
        }
        out[r] = (s[0] + s[1]) + (s[2] + s[3]);
    }
}

void packPanel(DType t, const std::byte* w, std::size_t stride, std::size_t n, std::size_t rows, float* dst)
{
    const std::size_t kpad = (n + 15) / 16 * 16;
    std::memset(dst, 0, kpad * kRows * sizeof(float));
    std::vector<float> row(n);
    for (std::size_t j = 0; j < rows; ++j) {
        rowToFloat(t, w + j * stride, n, row.data());
        for (std::size_t k = 0; k < n; ++k)
            dst[(k / 16) * kRows * 16 + j * 16 + k % 16] = row[k];
    }
}

void gemmTile(const float* xt, const float* panel, std::size_t rowStride, std::size_t blockStride,
              std::size_t klen, std::size_t toks, float* ct, bool accumulate, const std::byte*, std::size_t)
{
    const std::size_t n = toks > 0 ? std::min(toks, kTokens) : kTokens;
    float acc[kRows][kTokens] = {};
    if (accumulate)
        for (std::size_t j = 0; j < kRows; ++j)
            std::memcpy(acc[j], ct + j * kTokens, n * sizeof(float));
    for (std::size_t k = 0; k < klen; ++k) {
        const float* xk = xt + k * kTokens;
        const float* pk = panel + (k / 16) * blockStride + k % 16;
        for (std::size_t j = 0; j < kRows; ++j) {
            const float wv = pk[j * rowStride];
            for (std::size_t i = 0; i < n; ++i)
                acc[j][i] += wv * xk[i];
        }
    }
    for (std::size_t j = 0; j < kRows; ++j)
        std::memcpy(ct + j * kTokens, acc[j], n * sizeof(float));
}

void storeTileT(const float* ct, std::size_t rows, std::size_t toks, float* const* dst, std::size_t col,
                const float* scale, bool accumulate)
{
    for (std::size_t t = 0; t < toks; ++t) {
        const float s = scale ? scale[t] : 1.0f;
        for (std::size_t j = 0; j < rows; ++j)
            dst[t][col + j] = accumulate ? dst[t][col + j] + s * ct[j * kTokens + t] : ct[j * kTokens + t];
    }
}

void siluMul(const float* g, const float* u, float* out, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] = g[i] / (1.0f + std::exp(-g[i])) * u[i];
}

void softmax(float* x, std::size_t n, float scale)
{
    float mx = x[0];
    for (std::size_t i = 1; i < n; ++i)
        mx = std::max(mx, x[i]);
    const float top = mx * scale;
    float sum = 0.0f;
    for (std::size_t i = 0; i < n; ++i) {
        x[i] = std::exp(x[i] * scale - top);
        sum += x[i];
    }
    const float inv = 1.0f / sum;
    for (std::size_t i = 0; i < n; ++i)
        x[i] *= inv;
}

void softmaxColumns(float* x, std::size_t rows, std::size_t firstLen, float scale)
{
    for (std::size_t i = 0; i < kTokens; ++i) {
        const std::size_t len = std::min(rows, firstLen + i);
        float mx = x[i];
        for (std::size_t p = 1; p < len; ++p)
            mx = std::max(mx, x[p * kTokens + i]);
        const float top = mx * scale;
        float sum = 0.0f;
        for (std::size_t p = 0; p < len; ++p) {
            float& v = x[p * kTokens + i];
            v = std::exp(v * scale - top);
            sum += v;
        }
        const float inv = 1.0f / sum;
        for (std::size_t p = 0; p < len; ++p)
            x[p * kTokens + i] *= inv;
        for (std::size_t p = len; p < rows; ++p)
            x[p * kTokens + i] = 0.0f;
    }
}

void weightedSum(const float* a, std::size_t n, const float* rows, std::size_t ld, std::size_t len, float* out)
{
    std::fill(out, out + len, 0.0f);
    for (std::size_t p = 0; p < n; ++p) {
        const float* r = rows + p * ld;
        for (std::size_t c = 0; c < len; ++c)
            out[c] += a[p] * r[c];
    }
}

std::size_t argmax(const float* v, std::size_t n)
{
    float best = -std::numeric_limits<float>::infinity();
    std::size_t at = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (v[i] > best) {
            best = v[i];
            at = i;
        }
    }
    return at;
}

std::uint64_t readStream(const std::byte* p, std::size_t bytes)
{
    std::uint64_t a = 0, b = 0, c = 0, d = 0;
    for (std::size_t i = 0; i + 32 <= bytes; i += 32) {
        std::uint64_t v[4];
        std::memcpy(v, p + i, 32);
        a ^= v[0];
        b += v[1];
        c ^= v[2];
        d += v[3];
    }
    return a ^ b ^ c ^ d;
}

float fmaLoop(std::size_t iters)
{
    float acc[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    const float m = 0.999999f, a = 1e-7f;
    for (std::size_t i = 0; i < iters; ++i)
        for (float& v : acc)
            v = v * m + a;
    float s = 0;
    for (float v : acc)
        s += v;
    return s;
}

} // namespace

const KernelSet& scalarKernels()
{
    static const KernelSet set{"scalar",     &dotRows,    &packPanel,  &gemmTile, kRows,
                               kTokens,      &storeTileT, &siluMul,    &softmax,  &softmaxColumns,
                               &weightedSum, &argmax,     &readStream, &fmaLoop,  16.0};
    return set;
}

} // namespace is::exec::detail
