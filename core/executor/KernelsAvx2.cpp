// SPDX-License-Identifier: MIT
// AVX2 + FMA + F16C kernels: the x86-64 baseline. Compiled with -mavx2 -mfma -mf16c, only called
// after __builtin_cpu_supports confirms those extensions.
#include "executor/Kernels.h"

// GCC 12's AVX-512 headers self-initialise "undefined" vectors, which -Wuninitialized reports
// as our error under -O3 -Werror (GCC bug 105593); the values are never read.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace is::exec::detail {

namespace {

constexpr std::size_t kRows = 6;    // GEMM tile: 6 weight rows ...
constexpr std::size_t kTokens = 16; // ... x 16 tokens = 12 ymm accumulators
static_assert(kTokens % 16 == 0, "prefill code works on runs of 16 tokens of a tile");
static_assert(kRows <= 8, "PrefillAttention::keySlack covers tiles of up to 8 key rows");

template <DType T> inline __m256 load8(const std::byte* row, std::size_t k)
{
    if constexpr (T == DType::F32)
        return _mm256_loadu_ps(reinterpret_cast<const float*>(row) + k);
    else if constexpr (T == DType::F16)
        return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row + 2 * k)));
    else
        return _mm256_castsi256_ps(_mm256_slli_epi32(
            _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row + 2 * k))), 16));
}

inline float toFloat(DType t, const std::byte* row, std::size_t k)
{
    std::uint16_t h;
    switch (t) {
    case DType::F32: {
        float f;
        std::memcpy(&f, row + 4 * k, 4);
        return f;
    }
    case DType::F16: std::memcpy(&h, row + 2 * k, 2); return _cvtsh_ss(h);
    case DType::BF16: {
        std::memcpy(&h, row + 2 * k, 2);
        const std::uint32_t u = static_cast<std::uint32_t>(h) << 16;
        float f;
        std::memcpy(&f, &u, 4);
        return f;
    }
    case DType::Q8_0: break;
    }
    return 0.0f;
}

inline float hsum(__m256 v)
{
    const __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    const __m128 t = _mm_add_ps(s, _mm_movehl_ps(s, s));
    return _mm_cvtss_f32(_mm_add_ss(t, _mm_movehdup_ps(t)));
}

// Row by row (see kDecodePrefetchBytes), 32 columns a step.
template <DType T>
void dotRowsFloat(const std::byte* w, std::size_t stride, std::size_t n, std::size_t rows, const float* x, float* out)
{
    constexpr std::size_t es = T == DType::F32 ? 4 : 2; // bytes an element
    const std::size_t n8 = n / 8 * 8;
    for (std::size_t r = 0; r < rows; ++r) {
        const std::byte* p = w + r * stride;
        // Four independent sums: enough to keep the loop ahead of memory, which bounds decode,
        // though not to keep every FMA unit busy.
        __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
        std::size_t k = 0;
        for (; k + 32 <= n8; k += 32) {
            prefetchLines(p, k * es + kDecodePrefetchBytes, 32 * es);
            a0 = _mm256_fmadd_ps(load8<T>(p, k), _mm256_loadu_ps(x + k), a0);
            a1 = _mm256_fmadd_ps(load8<T>(p, k + 8), _mm256_loadu_ps(x + k + 8), a1);
            a2 = _mm256_fmadd_ps(load8<T>(p, k + 16), _mm256_loadu_ps(x + k + 16), a2);
            a3 = _mm256_fmadd_ps(load8<T>(p, k + 24), _mm256_loadu_ps(x + k + 24), a3);
        }
        if (k < n8)
            prefetchLines(p, k * es + kDecodePrefetchBytes, (n8 - k) * es);
        for (; k < n8; k += 8)
            a0 = _mm256_fmadd_ps(load8<T>(p, k), _mm256_loadu_ps(x + k), a0);
        float s = hsum(_mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3)));
        for (; k < n; ++k)
            s += toFloat(T, p, k) * x[k];
        out[r] = s;
    }
}

// Q8_0 without VNNI: maddubs(|w|, x*sign(w)) gives 16-bit pair sums, madd with ones widens them.
inline __m256 q8Block(const std::byte* blk, const BlockQ8x& xb, __m256i xq, __m256 acc)
{
    const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(blk + 2));
    const __m256i p16 = _mm256_maddubs_epi16(_mm256_abs_epi8(w), _mm256_sign_epi8(xq, w));
    const __m256i p = _mm256_madd_epi16(p16, _mm256_set1_epi16(1));
    std::uint16_t dh;
    std::memcpy(&dh, blk, 2);
    return _mm256_fmadd_ps(_mm256_cvtepi32_ps(p), _mm256_set1_ps(_cvtsh_ss(dh) * xb.d), acc);
}

// Row by row, like dotRowsFloat, two blocks a step into two accumulators.
void dotRowsQ8(const std::byte* w, std::size_t stride, std::size_t n, std::size_t rows, const BlockQ8x* xq, float* out)
{
    const std::size_t nb = n / kQ8Block;
    auto xBlock = [&](std::size_t b) {
        return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(xq[b].qs));
    };
    for (std::size_t r = 0; r < rows; ++r) {
        const std::byte* p = w + r * stride;
        __m256 a0 = _mm256_setzero_ps(), a1 = a0;
        std::size_t b = 0;
        for (; b + 2 <= nb; b += 2) {
            prefetchLines(p, b * kQ8BlockBytes + kDecodePrefetchBytes, 2 * kQ8BlockBytes);
            a0 = q8Block(p + b * kQ8BlockBytes, xq[b], xBlock(b), a0);
            a1 = q8Block(p + (b + 1) * kQ8BlockBytes, xq[b + 1], xBlock(b + 1), a1);
        }
        if (b < nb)
            a0 = q8Block(p + b * kQ8BlockBytes, xq[b], xBlock(b), a0);
        out[r] = hsum(_mm256_add_ps(a0, a1));
    }
}

void dotRows(DType t, const std::byte* w, std::size_t stride, std::size_t n, std::size_t rows, const float* x,
             const BlockQ8x* xq, float* out)
{
    switch (t) {
    case DType::F32: dotRowsFloat<DType::F32>(w, stride, n, rows, x, out); return;
    case DType::F16: dotRowsFloat<DType::F16>(w, stride, n, rows, x, out); return;
    case DType::BF16: dotRowsFloat<DType::BF16>(w, stride, n, rows, x, out); return;
    case DType::Q8_0: dotRowsQ8(w, stride, n, rows, xq, out); return;
    }
}

void packPanel(DType t, const std::byte* w, std::size_t stride, std::size_t n, std::size_t rows, float* dst)
{
    const std::size_t kpad = (n + 15) / 16 * 16;
    std::memset(dst, 0, kpad * kRows * sizeof(float));
    float tmp[16];
    for (std::size_t j = 0; j < rows; ++j) {
        const std::byte* row = w + j * stride;
        for (std::size_t k = 0; k < n; k += 16) {
            const std::size_t len = n - k < 16 ? n - k : 16;
            float* d = dst + (k / 16) * kRows * 16 + j * 16;
            if (len == 16 && t != DType::Q8_0) {
                switch (t) {
                case DType::F32: _mm256_storeu_ps(d, load8<DType::F32>(row, k)); _mm256_storeu_ps(d + 8, load8<DType::F32>(row, k + 8)); break;
                case DType::F16: _mm256_storeu_ps(d, load8<DType::F16>(row, k)); _mm256_storeu_ps(d + 8, load8<DType::F16>(row, k + 8)); break;
                case DType::BF16: _mm256_storeu_ps(d, load8<DType::BF16>(row, k)); _mm256_storeu_ps(d + 8, load8<DType::BF16>(row, k + 8)); break;
                case DType::Q8_0: break;
                }
            } else if (t == DType::Q8_0) {
                const std::byte* blk = row + (k / kQ8Block) * kQ8BlockBytes;
                std::uint16_t dh;
                std::memcpy(&dh, blk, 2);
                const float sc = _cvtsh_ss(dh);
                for (std::size_t i = 0; i < 16; ++i)
                    tmp[i] = sc * static_cast<float>(static_cast<std::int8_t>(blk[2 + k % kQ8Block + i]));
                std::memcpy(d, tmp, sizeof tmp);
            } else {
                for (std::size_t i = 0; i < len; ++i)
                    d[i] = toFloat(t, row, k + i);
            }
        }
    }
}

// 6 rows x 16 tokens, 12 ymm accumulators held over the whole reduction; prefetching as in
// KernelsAvx512.cpp. A tile of up to 8 tokens runs one token vector (V = 1).
template <int V>
void gemmTileV(const float* xt, const float* panel, std::size_t rowStride, std::size_t blockStride,
               std::size_t klen, float* ct, bool accumulate, const std::byte* pf, std::size_t pfBytes)
{
    static_assert(V == 1 || V == 2);
    __m256 acc[kRows][V];
#pragma GCC unroll 6
    for (std::size_t j = 0; j < kRows; ++j)
        for (int v = 0; v < V; ++v)
            acc[j][v] = accumulate ? _mm256_loadu_ps(ct + j * kTokens + 8 * v) : _mm256_setzero_ps();
    const std::size_t blocks = klen / 16;
    const std::size_t pfLines = (pfBytes + 63) / 64;
    const std::size_t pfPerBlock = blocks ? (pfLines + blocks - 1) / blocks : 0;
    std::size_t pfDone = 0;
    for (std::size_t kb = 0; kb < blocks; ++kb) {
        const float* pb = panel + kb * blockStride;
        const float* xb = xt + kb * 16 * kTokens;
        if (kb + 1 < blocks) {
            for (std::size_t l = 0; l < kRows; ++l)
                _mm_prefetch(reinterpret_cast<const char*>(pb + blockStride + l * rowStride), _MM_HINT_T0);
            for (std::size_t l = 0; l < 16; ++l)
                _mm_prefetch(reinterpret_cast<const char*>(xb + 16 * kTokens + l * 16), _MM_HINT_T0);
        }
        for (std::size_t l = 0; l < pfPerBlock && pfDone < pfLines; ++l, ++pfDone)
            _mm_prefetch(reinterpret_cast<const char*>(pf + pfDone * 64), _MM_HINT_T1);
#pragma GCC unroll 16
        for (std::size_t kk = 0; kk < 16; ++kk) {
            const __m256 x0 = _mm256_loadu_ps(xb + kk * kTokens);
            const __m256 x1 = V > 1 ? _mm256_loadu_ps(xb + kk * kTokens + 8) : _mm256_setzero_ps();
#pragma GCC unroll 6
            for (std::size_t j = 0; j < kRows; ++j) {
                const __m256 wv = _mm256_broadcast_ss(pb + j * rowStride + kk);
                acc[j][0] = _mm256_fmadd_ps(wv, x0, acc[j][0]);
                if constexpr (V > 1)
                    acc[j][V - 1] = _mm256_fmadd_ps(wv, x1, acc[j][V - 1]);
            }
        }
    }
#pragma GCC unroll 6
    for (std::size_t j = 0; j < kRows; ++j)
        for (int v = 0; v < V; ++v)
            _mm256_storeu_ps(ct + j * kTokens + 8 * v, acc[j][v]);
}

void gemmTile(const float* xt, const float* panel, std::size_t rowStride, std::size_t blockStride,
              std::size_t klen, std::size_t toks, float* ct, bool accumulate, const std::byte* pf,
              std::size_t pfBytes)
{
    if (toks <= 8 && toks > 0)
        gemmTileV<1>(xt, panel, rowStride, blockStride, klen, ct, accumulate, pf, pfBytes);
    else
        gemmTileV<2>(xt, panel, rowStride, blockStride, klen, ct, accumulate, pf, pfBytes);
}

// e^x as in KernelsAvx512.cpp, with 2^n built in the exponent field.
inline __m256 exp8(__m256 x)
{
    x = _mm256_max_ps(_mm256_min_ps(x, _mm256_set1_ps(88.3f)), _mm256_set1_ps(-87.3f));
    const __m256 n = _mm256_round_ps(_mm256_mul_ps(x, _mm256_set1_ps(1.44269504088896341f)),
                                     _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693359375f), x);
    r = _mm256_fnmadd_ps(n, _mm256_set1_ps(-2.12194440e-4f), r);
    __m256 p = _mm256_set1_ps(1.9875691500e-4f);
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.3981999507e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(8.3334519073e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(4.1665795894e-2f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.6666665459e-1f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(5.0000001201e-1f));
    p = _mm256_fmadd_ps(p, _mm256_mul_ps(r, r), _mm256_add_ps(r, _mm256_set1_ps(1.0f)));
    // n in [-126, 127]: 2^n exactly as a float with exponent n + 127.
    const __m256i e = _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23);
    return _mm256_mul_ps(p, _mm256_castsi256_ps(e));
}

// Eight tokens at a time: the tile's rows (zero past `rows`) are transposed 8 x 8 in registers
// (unpack, shuffle, then 128-bit halves), and each token's run is one masked store (or masked
// load, FMA and store), not a scalar store per output.
void storeTileT(const float* ct, std::size_t rows, std::size_t toks, float* const* dst, std::size_t col,
                const float* scale, bool accumulate)
{
    static_assert(kRows <= 8);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(rows)), lanes);
    for (std::size_t t0 = 0; t0 < toks; t0 += 8) {
        __m256 r[8];
        for (std::size_t j = 0; j < 8; ++j)
            r[j] = j < rows ? _mm256_loadu_ps(ct + j * kTokens + t0) : _mm256_setzero_ps();
        const __m256 a0 = _mm256_unpacklo_ps(r[0], r[1]), a1 = _mm256_unpackhi_ps(r[0], r[1]);
        const __m256 a2 = _mm256_unpacklo_ps(r[2], r[3]), a3 = _mm256_unpackhi_ps(r[2], r[3]);
        const __m256 a4 = _mm256_unpacklo_ps(r[4], r[5]), a5 = _mm256_unpackhi_ps(r[4], r[5]);
        const __m256 a6 = _mm256_unpacklo_ps(r[6], r[7]), a7 = _mm256_unpackhi_ps(r[6], r[7]);
        // b[k] holds rows 0-3 of tokens k and k+4, b[4+k] rows 4-7 of the same tokens.
        const __m256 b[8] = {
            _mm256_shuffle_ps(a0, a2, _MM_SHUFFLE(1, 0, 1, 0)),
            _mm256_shuffle_ps(a0, a2, _MM_SHUFFLE(3, 2, 3, 2)),
            _mm256_shuffle_ps(a1, a3, _MM_SHUFFLE(1, 0, 1, 0)),
            _mm256_shuffle_ps(a1, a3, _MM_SHUFFLE(3, 2, 3, 2)),
            _mm256_shuffle_ps(a4, a6, _MM_SHUFFLE(1, 0, 1, 0)),
            _mm256_shuffle_ps(a4, a6, _MM_SHUFFLE(3, 2, 3, 2)),
            _mm256_shuffle_ps(a5, a7, _MM_SHUFFLE(1, 0, 1, 0)),
            _mm256_shuffle_ps(a5, a7, _MM_SHUFFLE(3, 2, 3, 2)),
        };
        const std::size_t n = std::min<std::size_t>(8, toks - t0);
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t k = i % 4;
            const __m256 v = i < 4 ? _mm256_permute2f128_ps(b[k], b[4 + k], 0x20)
                                   : _mm256_permute2f128_ps(b[k], b[4 + k], 0x31);
            float* d = dst[t0 + i] + col;
            if (accumulate) {
                const __m256 s = _mm256_set1_ps(scale ? scale[t0 + i] : 1.0f);
                _mm256_maskstore_ps(d, mask, _mm256_fmadd_ps(s, v, _mm256_maskload_ps(d, mask)));
            } else {
                _mm256_maskstore_ps(d, mask, v);
            }
        }
    }
}

void siluMul(const float* g, const float* u, float* out, std::size_t n)
{
    std::size_t i = 0;
    const __m256 one = _mm256_set1_ps(1.0f);
    for (; i + 8 <= n; i += 8) {
        const __m256 gv = _mm256_loadu_ps(g + i);
        const __m256 e = exp8(_mm256_sub_ps(_mm256_setzero_ps(), gv));
        _mm256_storeu_ps(out + i, _mm256_mul_ps(_mm256_div_ps(gv, _mm256_add_ps(one, e)), _mm256_loadu_ps(u + i)));
    }
    for (; i < n; ++i)
        out[i] = g[i] / (1.0f + std::exp(-g[i])) * u[i];
}

// Scaled softmax: a max pass, an exp8 pass that also sums, a scaling pass; scalar tails.
void softmax(float* x, std::size_t n, float scale)
{
    const std::size_t n8 = n / 8 * 8;
    __m256 mv = _mm256_set1_ps(x[0]);
    for (std::size_t i = 0; i < n8; i += 8)
        mv = _mm256_max_ps(mv, _mm256_loadu_ps(x + i));
    __m128 m4 = _mm_max_ps(_mm256_castps256_ps128(mv), _mm256_extractf128_ps(mv, 1));
    m4 = _mm_max_ps(m4, _mm_movehl_ps(m4, m4));
    float mx = std::max(_mm_cvtss_f32(m4), _mm_cvtss_f32(_mm_movehdup_ps(m4)));
    for (std::size_t i = n8; i < n; ++i)
        mx = std::max(mx, x[i]);
    const float top = mx * scale;
    const __m256 sv = _mm256_set1_ps(scale), tv = _mm256_set1_ps(top);
    __m256 acc = _mm256_setzero_ps();
    for (std::size_t i = 0; i < n8; i += 8) {
        const __m256 e = exp8(_mm256_fmsub_ps(_mm256_loadu_ps(x + i), sv, tv));
        _mm256_storeu_ps(x + i, e);
        acc = _mm256_add_ps(acc, e);
    }
    __m128 s4 = _mm_add_ps(_mm256_castps256_ps128(acc), _mm256_extractf128_ps(acc, 1));
    s4 = _mm_add_ps(s4, _mm_movehl_ps(s4, s4));
    float sum = _mm_cvtss_f32(_mm_add_ss(s4, _mm_movehdup_ps(s4)));
    for (std::size_t i = n8; i < n; ++i) {
        x[i] = std::exp(x[i] * scale - top);
        sum += x[i];
    }
    const float inv = 1.0f / sum;
    const __m256 iv = _mm256_set1_ps(inv);
    for (std::size_t i = 0; i < n8; i += 8)
        _mm256_storeu_ps(x + i, _mm256_mul_ps(_mm256_loadu_ps(x + i), iv));
    for (std::size_t i = n8; i < n; ++i)
        x[i] *= inv;
}

// Two vectors of eight columns per row; lane i of vector v is valid at row p while
// p < firstLen + 8 v + i, a compare of lane indices against p - firstLen.
void softmaxColumns(float* x, std::size_t rows, std::size_t firstLen, float scale)
{
    static_assert(kTokens == 16);
    const __m256i lane[2] = {_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                             _mm256_setr_epi32(8, 9, 10, 11, 12, 13, 14, 15)};
    auto valid = [&](std::size_t p, int v) {
        const int below = static_cast<int>(p) - static_cast<int>(firstLen);
        return _mm256_castsi256_ps(_mm256_cmpgt_epi32(lane[v], _mm256_set1_epi32(below)));
    };
    __m256 mx[2] = {_mm256_loadu_ps(x), _mm256_loadu_ps(x + 8)}; // row 0 is valid everywhere
    for (std::size_t p = 1; p < rows; ++p)
        for (int v = 0; v < 2; ++v)
            mx[v] = _mm256_blendv_ps(mx[v], _mm256_max_ps(mx[v], _mm256_loadu_ps(x + p * kTokens + 8 * v)),
                                     valid(p, v));
    const __m256 sv = _mm256_set1_ps(scale);
    const __m256 top[2] = {_mm256_mul_ps(mx[0], sv), _mm256_mul_ps(mx[1], sv)};
    __m256 sum[2] = {_mm256_setzero_ps(), _mm256_setzero_ps()};
    for (std::size_t p = 0; p < rows; ++p) {
        for (int v = 0; v < 2; ++v) {
            float* at = x + p * kTokens + 8 * v;
            const __m256 e =
                _mm256_and_ps(exp8(_mm256_fmsub_ps(_mm256_loadu_ps(at), sv, top[v])), valid(p, v));
            _mm256_storeu_ps(at, e);
            sum[v] = _mm256_add_ps(sum[v], e);
        }
    }
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 inv[2] = {_mm256_div_ps(one, sum[0]), _mm256_div_ps(one, sum[1])};
    for (std::size_t p = 0; p < rows; ++p)
        for (int v = 0; v < 2; ++v)
            _mm256_storeu_ps(x + p * kTokens + 8 * v,
                             _mm256_mul_ps(_mm256_loadu_ps(x + p * kTokens + 8 * v), inv[v]));
}

// out[0..len) = sum_p a[p] * rows[p * ld + 0..len): 32 outputs at a time in four vectors.
void weightedSum(const float* a, std::size_t n, const float* rows, std::size_t ld, std::size_t len, float* out)
{
    std::size_t c = 0;
    for (; c + 32 <= len; c += 32) {
        __m256 e0 = _mm256_setzero_ps(), e1 = e0, e2 = e0, e3 = e0;
        const float* r = rows + c;
        for (std::size_t p = 0; p < n; ++p, r += ld) {
            const __m256 av = _mm256_set1_ps(a[p]);
            e0 = _mm256_fmadd_ps(av, _mm256_loadu_ps(r), e0);
            e1 = _mm256_fmadd_ps(av, _mm256_loadu_ps(r + 8), e1);
            e2 = _mm256_fmadd_ps(av, _mm256_loadu_ps(r + 16), e2);
            e3 = _mm256_fmadd_ps(av, _mm256_loadu_ps(r + 24), e3);
        }
        _mm256_storeu_ps(out + c, e0);
        _mm256_storeu_ps(out + c + 8, e1);
        _mm256_storeu_ps(out + c + 16, e2);
        _mm256_storeu_ps(out + c + 24, e3);
    }
    for (; c + 8 <= len; c += 8) {
        __m256 e0 = _mm256_setzero_ps();
        for (std::size_t p = 0; p < n; ++p)
            e0 = _mm256_fmadd_ps(_mm256_set1_ps(a[p]), _mm256_loadu_ps(rows + p * ld + c), e0);
        _mm256_storeu_ps(out + c, e0);
    }
    for (; c < len; ++c) {
        float s = 0.0f;
        for (std::size_t p = 0; p < n; ++p)
            s += a[p] * rows[p * ld + c];
        out[c] = s;
    }
}

// Eight lanes each keep their largest value and its index, as in the AVX-512 set; the last n % 8
// entries continue from the lanes' result one by one.
std::size_t argmax(const float* v, std::size_t n)
{
    const std::size_t n8 = n / 8 * 8;
    __m256 best = _mm256_set1_ps(-std::numeric_limits<float>::infinity());
    __m256i at = _mm256_setzero_si256();
    __m256i index = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i step = _mm256_set1_epi32(8);
    for (std::size_t i = 0; i < n8; i += 8) {
        const __m256 x = _mm256_loadu_ps(v + i);
        const __m256 more = _mm256_cmp_ps(x, best, _CMP_GT_OQ);
        best = _mm256_blendv_ps(best, x, more);
        at = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(at), _mm256_castsi256_ps(index), more));
        index = _mm256_add_epi32(index, step);
    }
    alignas(32) float lanes[8];
    alignas(32) std::int32_t lanesAt[8];
    _mm256_store_ps(lanes, best);
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanesAt), at);
    float top = lanes[0];
    std::size_t topAt = static_cast<std::size_t>(lanesAt[0]);
    for (int j = 1; j < 8; ++j) {
        const auto a = static_cast<std::size_t>(lanesAt[j]);
        if (lanes[j] > top || (lanes[j] == top && a < topAt)) {
            top = lanes[j];
            topAt = a;
        }
    }
    for (std::size_t i = n8; i < n; ++i) {
        if (v[i] > top) {
            top = v[i];
            topAt = i;
        }
    }
    return topAt;
}

std::uint64_t readStream(const std::byte* p, std::size_t bytes)
{
    __m256i a = _mm256_setzero_si256(), b = a, c = a, d = a;
    std::size_t i = 0;
    for (; i + 128 <= bytes; i += 128) {
        a = _mm256_xor_si256(a, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i)));
        b = _mm256_xor_si256(b, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i + 32)));
        c = _mm256_xor_si256(c, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i + 64)));
        d = _mm256_xor_si256(d, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i + 96)));
    }
    const __m256i s = _mm256_xor_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(c, d));
    std::uint64_t v[4];
    std::memcpy(v, &s, sizeof v);
    return v[0] ^ v[1] ^ v[2] ^ v[3];
}

float fmaLoop(std::size_t iters)
{
    __m256 acc[12];
    for (int i = 0; i < 12; ++i)
        acc[i] = _mm256_set1_ps(static_cast<float>(i));
    const __m256 m = _mm256_set1_ps(0.999999f), a = _mm256_set1_ps(1e-7f);
    for (std::size_t it = 0; it < iters; ++it) {
#pragma GCC unroll 12
        for (int i = 0; i < 12; ++i)
            acc[i] = _mm256_fmadd_ps(acc[i], m, a);
    }
    __m256 s = acc[0];
    for (int i = 1; i < 12; ++i)
        s = _mm256_add_ps(s, acc[i]);
    return hsum(s);
}

} // namespace

const KernelSet* avx2Kernels()
{
    static const bool ok = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")
                           && cpuHasF16c();
    static const KernelSet set{"avx2",       &dotRows,    &packPanel,  &gemmTile, kRows,
                               kTokens,      &storeTileT, &siluMul,    &softmax,  &softmaxColumns,
                               &weightedSum, &argmax,     &readStream, &fmaLoop,  12.0 * 8 * 2};
    return ok ? &set : nullptr;
}

} // namespace is::exec::detail

#pragma GCC diagnostic pop
