// SPDX-License-Identifier: MIT
// AVX-512 (F, BW, VL) kernels with VNNI for Q8_0. Compiled with -mavx512*, only ever called
// after __builtin_cpu_supports says the CPU has every one of those extensions.
#include "executor/Kernels.h"

// GCC 12's AVX-512 headers self-initialise "undefined" vectors, which -Wuninitialized reports
// as our error under -O3 -Werror (GCC bug 105593); the values are never read.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include <algorithm>
#include <cstring>
#include <limits>

namespace is::exec::detail {

namespace {

constexpr std::size_t kRows = 6;    // GEMM tile: 6 weight rows ...
constexpr std::size_t kTokens = 64; // ... x 64 tokens = 24 zmm accumulators
static_assert(kTokens % 16 == 0, "prefill code works on runs of 16 tokens of a tile");
static_assert(kRows <= 8, "PrefillAttention::keySlack covers tiles of up to 8 key rows");

template <DType T> inline __m512 load16(const std::byte* row, std::size_t k)
{
    if constexpr (T == DType::F32)
        return _mm512_loadu_ps(reinterpret_cast<const float*>(row) + k);
    else if constexpr (T == DType::F16)
        return _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + 2 * k)));
    else
        return _mm512_castsi512_ps(_mm512_slli_epi32(
            _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + 2 * k))), 16));
}

template <DType T> inline __m512 load16Masked(const std::byte* row, std::size_t k, __mmask16 m)
{
    if constexpr (T == DType::F32)
        return _mm512_maskz_loadu_ps(m, reinterpret_cast<const float*>(row) + k);
    else if constexpr (T == DType::F16)
        return _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(m, row + 2 * k));
    else
        return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, row + 2 * k)), 16));
}

// Row by row (see kDecodePrefetchBytes), 64 columns a step.
template <DType T>
void dotRowsFloat(const std::byte* w, std::size_t stride, std::size_t n, std::size_t rows, const float* x, float* out)
{
    constexpr std::size_t es = T == DType::F32 ? 4 : 2; // bytes an element
    const std::size_t n16 = n / 16 * 16;
    const __mmask16 tail = static_cast<__mmask16>((1u << (n - n16)) - 1u);
    for (std::size_t r = 0; r < rows; ++r) {
        const std::byte* p = w + r * stride;
        // Four independent sums: enough to keep the loop ahead of memory, which bounds decode,
        // though not to keep every FMA unit busy.
        __m512 a0 = _mm512_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
        std::size_t k = 0;
        for (; k + 64 <= n16; k += 64) {
            prefetchLines(p, k * es + kDecodePrefetchBytes, 64 * es);
            a0 = _mm512_fmadd_ps(load16<T>(p, k), _mm512_loadu_ps(x + k), a0);
            a1 = _mm512_fmadd_ps(load16<T>(p, k + 16), _mm512_loadu_ps(x + k + 16), a1);
            a2 = _mm512_fmadd_ps(load16<T>(p, k + 32), _mm512_loadu_ps(x + k + 32), a2);
            a3 = _mm512_fmadd_ps(load16<T>(p, k + 48), _mm512_loadu_ps(x + k + 48), a3);
        }
        if (k < n16)
            prefetchLines(p, k * es + kDecodePrefetchBytes, (n16 - k) * es);
        for (; k < n16; k += 16)
            a0 = _mm512_fmadd_ps(load16<T>(p, k), _mm512_loadu_ps(x + k), a0);
        if (tail)
            a1 = _mm512_fmadd_ps(load16Masked<T>(p, k, tail), _mm512_maskz_loadu_ps(tail, x + k), a1);
        out[r] = _mm512_reduce_add_ps(_mm512_add_ps(_mm512_add_ps(a0, a1), _mm512_add_ps(a2, a3)));
    }
}

// One Q8_0 block against one quantised activation block with VNNI: |w| (unsigned) times
// x*sign(w) (signed) gives w*x in 32-bit lanes; then one scale per block.
inline __m256 q8Block(const std::byte* blk, const BlockQ8x& xb, __m256i xq, __m256 acc)
{
    const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(blk + 2));
    const __m256i p = _mm256_dpbusd_epi32(_mm256_setzero_si256(), _mm256_abs_epi8(w), _mm256_sign_epi8(xq, w));
    std::uint16_t dh;
    std::memcpy(&dh, blk, 2);
    const __m256 d = _mm256_set1_ps(_cvtsh_ss(dh) * xb.d);
    return _mm256_fmadd_ps(_mm256_cvtepi32_ps(p), d, acc);
}

inline float hsum256(__m256 v)
{
    const __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    const __m128 t = _mm_add_ps(s, _mm_movehl_ps(s, s));
    return _mm_cvtss_f32(_mm_add_ss(t, _mm_movehdup_ps(t)));
}

// Two consecutive Q8_0 blocks (64 weights) of one row against two activation blocks in one
// 512-bit step: the sign of w moves onto x with a mask (AVX-512 has no 512-bit vpsignb), |w|
// times signed x with VNNI, then lanes 0-7 take block 0's scales and lanes 8-15 block 1's. About
// a quarter fewer instructions than two 256-bit blocks, which matters because Q8_0 decode does
// more work per byte than any other format and must keep up with DRAM on one core's share.
inline __m512 q8Pair(const std::byte* blk, __m512i x, __m512 xd, __m512 acc)
{
    const __m512i w = _mm512_inserti64x4(
        _mm512_castsi256_si512(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(blk + 2))),
        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(blk + kQ8BlockBytes + 2)), 1);
    const __m512i xs = _mm512_mask_sub_epi8(x, _mm512_movepi8_mask(w), _mm512_setzero_si512(), x);
    const __m512i p = _mm512_dpbusd_epi32(_mm512_setzero_si512(), _mm512_abs_epi8(w), xs);
    std::uint16_t d0, d1;
    std::memcpy(&d0, blk, 2);
    std::memcpy(&d1, blk + kQ8BlockBytes, 2);
    const __m128 dd =
        _mm_cvtph_ps(_mm_cvtsi32_si128(static_cast<int>(d0 | (static_cast<std::uint32_t>(d1) << 16))));
    const __m512 d = _mm512_permutexvar_ps(_mm512_set_epi32(1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0),
                                           _mm512_castps128_ps512(dd));
    return _mm512_fmadd_ps(_mm512_cvtepi32_ps(p), _mm512_mul_ps(d, xd), acc);
}

// Row by row, like dotRowsFloat, two block pairs (136 bytes) a step into two accumulators.
void dotRowsQ8(const std::byte* w, std::size_t stride, std::size_t n, std::size_t rows, const BlockQ8x* xq, float* out)
{
    const std::size_t nb = n / kQ8Block, pairs = nb / 2;
    // The activation's quants and scales of block pair i.
    auto xPair = [&](std::size_t i, __m512i& x, __m512& xd) {
        const std::size_t b = 2 * i;
        x = _mm512_inserti64x4(
            _mm512_castsi256_si512(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(xq[b].qs))),
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(xq[b + 1].qs)), 1);
        xd = _mm512_insertf32x8(_mm512_set1_ps(xq[b].d), _mm256_set1_ps(xq[b + 1].d), 1);
    };
    constexpr std::size_t kPairBytes = 2 * kQ8BlockBytes;
    for (std::size_t r = 0; r < rows; ++r) {
        const std::byte* p = w + r * stride;
        __m512 a0 = _mm512_setzero_ps(), a1 = a0;
        std::size_t i = 0;
        for (; i + 2 <= pairs; i += 2) {
            prefetchLines(p, i * kPairBytes + kDecodePrefetchBytes, 2 * kPairBytes);
            __m512i x;
            __m512 xd;
            xPair(i, x, xd);
            a0 = q8Pair(p + i * kPairBytes, x, xd, a0);
            xPair(i + 1, x, xd);
            a1 = q8Pair(p + (i + 1) * kPairBytes, x, xd, a1);
        }
        if (i < pairs) {
            __m512i x;
            __m512 xd;
            xPair(i, x, xd);
            a0 = q8Pair(p + i * kPairBytes, x, xd, a0);
        }
        const __m512 acc = _mm512_add_ps(a0, a1);
        __m256 a = _mm256_add_ps(_mm512_castps512_ps256(acc), _mm512_extractf32x8_ps(acc, 1));
        if (nb % 2) {
            const std::size_t b = nb - 1;
            a = q8Block(p + b * kQ8BlockBytes, xq[b],
                        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(xq[b].qs)), a);
        }
        out[r] = hsum256(a);
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

inline __m512 q8Load16(const std::byte* row, std::size_t k)
{
    const std::byte* blk = row + (k / kQ8Block) * kQ8BlockBytes;
    std::uint16_t dh;
    std::memcpy(&dh, blk, 2);
    const __m128i q = _mm_loadu_si128(reinterpret_cast<const __m128i*>(blk + 2 + k % kQ8Block));
    return _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(q)), _mm512_set1_ps(_cvtsh_ss(dh)));
}

template <DType T> void packRows(const std::byte* w, std::size_t stride, std::size_t n, std::size_t rows, float* dst)
{
    const std::size_t n16 = n / 16 * 16;
    const __mmask16 tail = static_cast<__mmask16>((1u << (n - n16)) - 1u);
    for (std::size_t j = 0; j < rows; ++j) {
        const std::byte* row = w + j * stride;
        float* d = dst + j * 16;
        std::size_t k = 0;
        for (; k < n16; k += 16, d += kRows * 16) {
            if constexpr (T == DType::Q8_0)
                _mm512_storeu_ps(d, q8Load16(row, k));
            else
                _mm512_storeu_ps(d, load16<T>(row, k));
        }
        if constexpr (T == DType::Q8_0) {
            (void)tail; // Q8_0 rows are whole 32-blocks: no tail
        } else if (tail) {
            _mm512_storeu_ps(d, load16Masked<T>(row, k, tail));
        }
    }
}

void packPanel(DType t, const std::byte* w, std::size_t stride, std::size_t n, std::size_t rows, float* dst)
{
    const std::size_t kpad = (n + 15) / 16 * 16;
    if (rows < kRows) {
        // Zero the unused rows of every 16-column block.
        for (std::size_t kb = 0; kb < kpad / 16; ++kb)
            std::memset(dst + kb * kRows * 16 + rows * 16, 0, (kRows - rows) * 16 * sizeof(float));
    }
    switch (t) {
    case DType::F32: packRows<DType::F32>(w, stride, n, rows, dst); return;
    case DType::F16: packRows<DType::F16>(w, stride, n, rows, dst); return;
    case DType::BF16: packRows<DType::BF16>(w, stride, n, rows, dst); return;
    case DType::Q8_0: packRows<DType::Q8_0>(w, stride, n, rows, dst); return;
    }
}

// 6 rows x 64 tokens: per k four token vectors are loaded and each of the 6 weights is
// broadcast once, 24 FMAs to 10 loads. Broadcasts compete with FMAs for an execution port on
// some cores (in isolation from L1 on the development VM, 12 x 32 tiles with 12 broadcasts per
// 24 FMAs ran at ~65 % of the FMA peak; 6 x 64 at ~75 % median and ~90 % at best). The caller keeps the token
// slice in L1 (gemm() runs a few panels against a k range of it); panel slices stream from L2 with their next
// 16-column block prefetched. The accumulators are 24 named registers and stay there for the whole range; the
// loop walks two pointers: an array of vectors with a fully unrolled k loop made GCC spill accumulators. The
// next panels' raw weight rows (pf) are pulled towards L2 a few lines per block, so packing or reading them
// does not wait on DRAM. A tile with fewer tokens runs only its V token vectors: a 16-token
// prompt costs a quarter of a full tile, not all of it.
template <int V>
void gemmTileV(const float* xt, const float* panel, std::size_t rowStride, std::size_t blockStride,
               std::size_t klen, float* ct, bool accumulate, const std::byte* pf, std::size_t pfBytes)
{
    static_assert(V >= 1 && V * 16 <= static_cast<int>(kTokens));
#define IS_ACC(j, v)                                                                                         \
    __m512 c##j##v = (v) < V && accumulate ? _mm512_loadu_ps(ct + (j)*kTokens + (v)*16) : _mm512_setzero_ps();
#define IS_ACC4(j) IS_ACC(j, 0) IS_ACC(j, 1) IS_ACC(j, 2) IS_ACC(j, 3)
    IS_ACC4(0)
    IS_ACC4(1)
    IS_ACC4(2)
    IS_ACC4(3) IS_ACC4(4) IS_ACC4(5)
#undef IS_ACC4
#undef IS_ACC
        const std::size_t blocks = klen / 16;
    const std::size_t pfLines = (pfBytes + 63) / 64;
    const std::size_t pfPerBlock = blocks ? (pfLines + blocks - 1) / blocks : 0;
    std::size_t pfDone = 0;
    const float* xp = xt;
    for (std::size_t kb = 0; kb < blocks; ++kb) {
        const float* pk = panel + kb * blockStride;
        if (kb + 1 < blocks)
            for (std::size_t l = 0; l < kRows; ++l)
                _mm_prefetch(reinterpret_cast<const char*>(pk + blockStride + l * rowStride), _MM_HINT_T0);
        for (std::size_t l = 0; l < pfPerBlock && pfDone < pfLines; ++l, ++pfDone)
            _mm_prefetch(reinterpret_cast<const char*>(pf + pfDone * 64), _MM_HINT_T1);
        for (std::size_t kk = 0; kk < 16; ++kk, ++pk, xp += kTokens) {
            const __m512 x0 = _mm512_loadu_ps(xp);
            const __m512 x1 = V > 1 ? _mm512_loadu_ps(xp + 16) : _mm512_setzero_ps();
            const __m512 x2 = V > 2 ? _mm512_loadu_ps(xp + 32) : _mm512_setzero_ps();
            const __m512 x3 = V > 3 ? _mm512_loadu_ps(xp + 48) : _mm512_setzero_ps();
#define IS_FMA(j)                                                                                            \
    {                                                                                                        \
        const __m512 w = _mm512_set1_ps(pk[(j)*rowStride]);                                                  \
        c##j##0 = _mm512_fmadd_ps(w, x0, c##j##0);                                                           \
        if constexpr (V > 1)                                                                                 \
            c##j##1 = _mm512_fmadd_ps(w, x1, c##j##1);                                                       \
        if constexpr (V > 2)                                                                                 \
            c##j##2 = _mm512_fmadd_ps(w, x2, c##j##2);                                                       \
        if constexpr (V > 3)                                                                                 \
            c##j##3 = _mm512_fmadd_ps(w, x3, c##j##3);                                                       \
    }
            IS_FMA(0) IS_FMA(1) IS_FMA(2) IS_FMA(3) IS_FMA(4) IS_FMA(5)
#undef IS_FMA
        }
    }
#define IS_STORE(j)                                                                                          \
    _mm512_storeu_ps(ct + (j)*kTokens, c##j##0);                                                             \
    if constexpr (V > 1)                                                                                     \
        _mm512_storeu_ps(ct + (j)*kTokens + 16, c##j##1);                                                    \
    if constexpr (V > 2)                                                                                     \
        _mm512_storeu_ps(ct + (j)*kTokens + 32, c##j##2);                                                    \
    if constexpr (V > 3)                                                                                     \
        _mm512_storeu_ps(ct + (j)*kTokens + 48, c##j##3);
    IS_STORE(0) IS_STORE(1) IS_STORE(2) IS_STORE(3) IS_STORE(4) IS_STORE(5)
#undef IS_STORE
}

void gemmTile(const float* xt, const float* panel, std::size_t rowStride, std::size_t blockStride,
              std::size_t klen, std::size_t toks, float* ct, bool accumulate, const std::byte* pf,
              std::size_t pfBytes)
{
    switch ((std::min(toks, kTokens) + 15) / 16) {
    case 1:
        gemmTileV<1>(xt, panel, rowStride, blockStride, klen, ct, accumulate, pf, pfBytes);
        return;
    case 2:
        gemmTileV<2>(xt, panel, rowStride, blockStride, klen, ct, accumulate, pf, pfBytes);
        return;
    case 3:
        gemmTileV<3>(xt, panel, rowStride, blockStride, klen, ct, accumulate, pf, pfBytes);
        return;
    default:
        gemmTileV<4>(xt, panel, rowStride, blockStride, klen, ct, accumulate, pf, pfBytes);
        return;
    }
}

// e^x for x <= 0 down to the float range (silu needs e^-g and g may be large positive, giving
// e^-g -> 0): Cody-Waite range reduction by ln 2, a degree-6 polynomial, scaled by 2^n with
// scalef. Relative error about 2 ulp; inputs are clamped to [-87.3, 88.7].
inline __m512 exp16(__m512 x)
{
    x = _mm512_max_ps(_mm512_min_ps(x, _mm512_set1_ps(88.7f)), _mm512_set1_ps(-87.3f));
    const __m512 n = _mm512_roundscale_ps(_mm512_mul_ps(x, _mm512_set1_ps(1.44269504088896341f)),
                                          _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m512 r = _mm512_fnmadd_ps(n, _mm512_set1_ps(0.693359375f), x);
    r = _mm512_fnmadd_ps(n, _mm512_set1_ps(-2.12194440e-4f), r);
    __m512 p = _mm512_set1_ps(1.9875691500e-4f);
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.3981999507e-3f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(8.3334519073e-3f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(4.1665795894e-2f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.6666665459e-1f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(5.0000001201e-1f));
    p = _mm512_fmadd_ps(p, _mm512_mul_ps(r, r), _mm512_add_ps(r, _mm512_set1_ps(1.0f)));
    return _mm512_scalef_ps(p, n);
}

// Sixteen tokens at a time: the tile's rows (zero past `rows`) are transposed in registers
// (unpack and shuffle within 128-bit lanes, then a two-source permute pairs the lanes), and each
// token's run is one masked 256-bit store (or masked load, FMA and store), not a scalar store
// per output: the scalar transpose took ~7 % of the prefill GEMM.
void storeTileT(const float* ct, std::size_t rows, std::size_t toks, float* const* dst, std::size_t col,
                const float* scale, bool accumulate)
{
    static_assert(kRows <= 8);
    const __mmask8 mask = static_cast<__mmask8>((1u << rows) - 1u);
    // Lanes L0/L1 (then L2/L3) of the rows-0-3 vector next to the same lanes of the rows-4-7 one.
    const __m512i pairLo = _mm512_setr_epi32(0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23);
    const __m512i pairHi = _mm512_setr_epi32(8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31);
    for (std::size_t t0 = 0; t0 < toks; t0 += 16) {
        __m512 r[8];
        for (std::size_t j = 0; j < 8; ++j)
            r[j] = j < rows ? _mm512_loadu_ps(ct + j * kTokens + t0) : _mm512_setzero_ps();
        const __m512 a0 = _mm512_unpacklo_ps(r[0], r[1]), a1 = _mm512_unpackhi_ps(r[0], r[1]);
        const __m512 a2 = _mm512_unpacklo_ps(r[2], r[3]), a3 = _mm512_unpackhi_ps(r[2], r[3]);
        const __m512 a4 = _mm512_unpacklo_ps(r[4], r[5]), a5 = _mm512_unpackhi_ps(r[4], r[5]);
        const __m512 a6 = _mm512_unpacklo_ps(r[6], r[7]), a7 = _mm512_unpackhi_ps(r[6], r[7]);
        // Lane L of b[k] holds rows 0-3 of token 4L + k, of b[4 + k] rows 4-7.
        const __m512 b[8] = {
            _mm512_shuffle_ps(a0, a2, _MM_SHUFFLE(1, 0, 1, 0)),
            _mm512_shuffle_ps(a0, a2, _MM_SHUFFLE(3, 2, 3, 2)),
            _mm512_shuffle_ps(a1, a3, _MM_SHUFFLE(1, 0, 1, 0)),
            _mm512_shuffle_ps(a1, a3, _MM_SHUFFLE(3, 2, 3, 2)),
            _mm512_shuffle_ps(a4, a6, _MM_SHUFFLE(1, 0, 1, 0)),
            _mm512_shuffle_ps(a4, a6, _MM_SHUFFLE(3, 2, 3, 2)),
            _mm512_shuffle_ps(a5, a7, _MM_SHUFFLE(1, 0, 1, 0)),
            _mm512_shuffle_ps(a5, a7, _MM_SHUFFLE(3, 2, 3, 2)),
        };
        const std::size_t n = std::min<std::size_t>(16, toks - t0);
        for (std::size_t k = 0; k < 4; ++k) {
            // Tokens k, 4 + k (from lanes 0/1) and 8 + k, 12 + k (lanes 2/3), a 256-bit half each.
            const __m512 lo = _mm512_permutex2var_ps(b[k], pairLo, b[4 + k]);
            const __m512 hi = _mm512_permutex2var_ps(b[k], pairHi, b[4 + k]);
            const __m256 v[4] = {_mm512_castps512_ps256(lo), _mm512_extractf32x8_ps(lo, 1),
                                 _mm512_castps512_ps256(hi), _mm512_extractf32x8_ps(hi, 1)};
            for (std::size_t q = 0; q < 4; ++q) {
                const std::size_t i = 4 * q + k;
                if (i >= n)
                    continue;
                float* d = dst[t0 + i] + col;
                if (accumulate) {
                    const __m256 s = _mm256_set1_ps(scale ? scale[t0 + i] : 1.0f);
                    _mm256_mask_storeu_ps(d, mask, _mm256_fmadd_ps(s, v[q], _mm256_maskz_loadu_ps(mask, d)));
                } else {
                    _mm256_mask_storeu_ps(d, mask, v[q]);
                }
            }
        }
    }
}

void siluMul(const float* g, const float* u, float* out, std::size_t n)
{
    std::size_t i = 0;
    const __m512 one = _mm512_set1_ps(1.0f);
    for (; i + 16 <= n; i += 16) {
        const __m512 gv = _mm512_loadu_ps(g + i);
        const __m512 e = exp16(_mm512_sub_ps(_mm512_setzero_ps(), gv));
        _mm512_storeu_ps(out + i, _mm512_mul_ps(_mm512_div_ps(gv, _mm512_add_ps(one, e)), _mm512_loadu_ps(u + i)));
    }
    if (i < n) {
        const __mmask16 m = static_cast<__mmask16>((1u << (n - i)) - 1u);
        const __m512 gv = _mm512_maskz_loadu_ps(m, g + i);
        const __m512 e = exp16(_mm512_sub_ps(_mm512_setzero_ps(), gv));
        _mm512_mask_storeu_ps(out + i, m,
                              _mm512_mul_ps(_mm512_div_ps(gv, _mm512_add_ps(one, e)), _mm512_maskz_loadu_ps(m, u + i)));
    }
}

// Scaled softmax: a max pass, an exp16 pass that also sums, a scaling pass; masked tails.
void softmax(float* x, std::size_t n, float scale)
{
    const std::size_t n16 = n / 16 * 16;
    const __mmask16 tail = static_cast<__mmask16>((1u << (n - n16)) - 1u);
    __m512 mv = _mm512_set1_ps(x[0]);
    for (std::size_t i = 0; i < n16; i += 16)
        mv = _mm512_max_ps(mv, _mm512_loadu_ps(x + i));
    if (tail)
        mv = _mm512_mask_max_ps(mv, tail, mv, _mm512_maskz_loadu_ps(tail, x + n16));
    const float top = _mm512_reduce_max_ps(mv) * scale;
    const __m512 sv = _mm512_set1_ps(scale), tv = _mm512_set1_ps(top);
    __m512 acc = _mm512_setzero_ps();
    for (std::size_t i = 0; i < n16; i += 16) {
        const __m512 e = exp16(_mm512_fmsub_ps(_mm512_loadu_ps(x + i), sv, tv));
        _mm512_storeu_ps(x + i, e);
        acc = _mm512_add_ps(acc, e);
    }
    if (tail) {
        const __m512 e = exp16(_mm512_fmsub_ps(_mm512_maskz_loadu_ps(tail, x + n16), sv, tv));
        _mm512_mask_storeu_ps(x + n16, tail, e);
        acc = _mm512_mask_add_ps(acc, tail, acc, e);
    }
    const __m512 iv = _mm512_set1_ps(1.0f / _mm512_reduce_add_ps(acc));
    for (std::size_t i = 0; i < n16; i += 16)
        _mm512_storeu_ps(x + i, _mm512_mul_ps(_mm512_loadu_ps(x + i), iv));
    if (tail)
        _mm512_mask_storeu_ps(x + n16, tail, _mm512_mul_ps(_mm512_maskz_loadu_ps(tail, x + n16), iv));
}

// Four vectors of sixteen columns per row; lane i of vector v is valid at row p while
// p < firstLen + 16 v + i, a compare of lane indices against p - firstLen.
void softmaxColumns(float* x, std::size_t rows, std::size_t firstLen, float scale)
{
    static_assert(kTokens == 64);
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    auto valid = [&](std::size_t p, int v) {
        const int below = static_cast<int>(p) - static_cast<int>(firstLen) - 16 * v;
        return _mm512_cmpgt_epi32_mask(lane, _mm512_set1_epi32(below));
    };
    __m512 mx[4];
    for (int v = 0; v < 4; ++v)
        mx[v] = _mm512_loadu_ps(x + 16 * v); // row 0 is valid everywhere
    for (std::size_t p = 1; p < rows; ++p)
        for (int v = 0; v < 4; ++v)
            mx[v] = _mm512_mask_max_ps(mx[v], valid(p, v), mx[v], _mm512_loadu_ps(x + p * kTokens + 16 * v));
    const __m512 sv = _mm512_set1_ps(scale);
    __m512 top[4], sum[4];
    for (int v = 0; v < 4; ++v) {
        top[v] = _mm512_mul_ps(mx[v], sv);
        sum[v] = _mm512_setzero_ps();
    }
    for (std::size_t p = 0; p < rows; ++p) {
        for (int v = 0; v < 4; ++v) {
            float* at = x + p * kTokens + 16 * v;
            const __m512 e =
                _mm512_maskz_mov_ps(valid(p, v), exp16(_mm512_fmsub_ps(_mm512_loadu_ps(at), sv, top[v])));
            _mm512_storeu_ps(at, e);
            sum[v] = _mm512_add_ps(sum[v], e);
        }
    }
    __m512 inv[4];
    for (int v = 0; v < 4; ++v)
        inv[v] = _mm512_div_ps(_mm512_set1_ps(1.0f), sum[v]);
    for (std::size_t p = 0; p < rows; ++p)
        for (int v = 0; v < 4; ++v)
            _mm512_storeu_ps(x + p * kTokens + 16 * v,
                             _mm512_mul_ps(_mm512_loadu_ps(x + p * kTokens + 16 * v), inv[v]));
}

// out[0..len) = sum_p a[p] * rows[p * ld + 0..len): 64 outputs at a time in four vectors, two
// sets of accumulators (even and odd p) so the FMA latency is hidden.
void weightedSum(const float* a, std::size_t n, const float* rows, std::size_t ld, std::size_t len, float* out)
{
    for (std::size_t c = 0; c < len; c += 64) {
        const std::size_t w = std::min<std::size_t>(64, len - c);
        __mmask16 m[4];
        for (std::size_t v = 0; v < 4; ++v) {
            const std::size_t lo = v * 16;
            const std::size_t cnt = w > lo ? std::min<std::size_t>(16, w - lo) : 0;
            m[v] = static_cast<__mmask16>((1u << cnt) - 1u);
        }
        __m512 e0 = _mm512_setzero_ps(), e1 = e0, e2 = e0, e3 = e0, o0 = e0, o1 = e0, o2 = e0, o3 = e0;
        const float* r = rows + c;
        std::size_t p = 0;
        if (w == 64) {
            for (; p + 2 <= n; p += 2, r += 2 * ld) {
                const __m512 ae = _mm512_set1_ps(a[p]), ao = _mm512_set1_ps(a[p + 1]);
                e0 = _mm512_fmadd_ps(ae, _mm512_loadu_ps(r), e0);
                e1 = _mm512_fmadd_ps(ae, _mm512_loadu_ps(r + 16), e1);
                e2 = _mm512_fmadd_ps(ae, _mm512_loadu_ps(r + 32), e2);
                e3 = _mm512_fmadd_ps(ae, _mm512_loadu_ps(r + 48), e3);
                o0 = _mm512_fmadd_ps(ao, _mm512_loadu_ps(r + ld), o0);
                o1 = _mm512_fmadd_ps(ao, _mm512_loadu_ps(r + ld + 16), o1);
                o2 = _mm512_fmadd_ps(ao, _mm512_loadu_ps(r + ld + 32), o2);
                o3 = _mm512_fmadd_ps(ao, _mm512_loadu_ps(r + ld + 48), o3);
            }
        }
        for (; p < n; ++p, r += ld) {
            const __m512 ae = _mm512_set1_ps(a[p]);
            e0 = _mm512_fmadd_ps(ae, _mm512_maskz_loadu_ps(m[0], r), e0);
            e1 = _mm512_fmadd_ps(ae, _mm512_maskz_loadu_ps(m[1], r + 16), e1);
            e2 = _mm512_fmadd_ps(ae, _mm512_maskz_loadu_ps(m[2], r + 32), e2);
            e3 = _mm512_fmadd_ps(ae, _mm512_maskz_loadu_ps(m[3], r + 48), e3);
        }
        _mm512_mask_storeu_ps(out + c, m[0], _mm512_add_ps(e0, o0));
        _mm512_mask_storeu_ps(out + c + 16, m[1], _mm512_add_ps(e1, o1));
        _mm512_mask_storeu_ps(out + c + 32, m[2], _mm512_add_ps(e2, o2));
        _mm512_mask_storeu_ps(out + c + 48, m[3], _mm512_add_ps(e3, o3));
    }
}

// Sixteen lanes each keep their largest value and its index (the first, by strict >); of the
// lanes holding the overall largest, the lowest index is the first occurrence. The scalar loop's
// running best index is a chain of dependent compares: 2.6 us over a 4,096-entry vocabulary, 5 %
// of a cache-resident model's decode step.
std::size_t argmax(const float* v, std::size_t n)
{
    const std::size_t n16 = n / 16 * 16;
    const __mmask16 tail = static_cast<__mmask16>((1u << (n - n16)) - 1u);
    const __m512 lowest = _mm512_set1_ps(-std::numeric_limits<float>::infinity());
    __m512 best = lowest;
    __m512i at = _mm512_setzero_si512();
    __m512i index = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i step = _mm512_set1_epi32(16);
    auto take = [&](__m512 x) {
        const __mmask16 more = _mm512_cmp_ps_mask(x, best, _CMP_GT_OQ);
        best = _mm512_mask_mov_ps(best, more, x);
        at = _mm512_mask_mov_epi32(at, more, index);
        index = _mm512_add_epi32(index, step);
    };
    for (std::size_t i = 0; i < n16; i += 16)
        take(_mm512_loadu_ps(v + i));
    if (tail)
        take(_mm512_mask_loadu_ps(lowest, tail, v + n16));
    const __mmask16 holders =
        _mm512_cmp_ps_mask(best, _mm512_set1_ps(_mm512_reduce_max_ps(best)), _CMP_EQ_OQ);
    return static_cast<std::size_t>(_mm512_mask_reduce_min_epi32(holders, at));
}

std::uint64_t readStream(const std::byte* p, std::size_t bytes)
{
    __m512i a = _mm512_setzero_si512(), b = a, c = a, d = a;
    std::size_t i = 0;
    for (; i + 256 <= bytes; i += 256) {
        a = _mm512_xor_si512(a, _mm512_loadu_si512(p + i));
        b = _mm512_xor_si512(b, _mm512_loadu_si512(p + i + 64));
        c = _mm512_xor_si512(c, _mm512_loadu_si512(p + i + 128));
        d = _mm512_xor_si512(d, _mm512_loadu_si512(p + i + 192));
    }
    for (; i + 64 <= bytes; i += 64)
        a = _mm512_xor_si512(a, _mm512_loadu_si512(p + i));
    const __m512i s = _mm512_xor_si512(_mm512_xor_si512(a, b), _mm512_xor_si512(c, d));
    return static_cast<std::uint64_t>(_mm512_reduce_or_epi64(s));
}

float fmaLoop(std::size_t iters)
{
    __m512 acc[24];
    for (int i = 0; i < 24; ++i)
        acc[i] = _mm512_set1_ps(static_cast<float>(i));
    const __m512 m = _mm512_set1_ps(0.999999f), a = _mm512_set1_ps(1e-7f);
    for (std::size_t it = 0; it < iters; ++it) {
#pragma GCC unroll 24
        for (int i = 0; i < 24; ++i)
            acc[i] = _mm512_fmadd_ps(acc[i], m, a);
    }
    __m512 s = acc[0];
    for (int i = 1; i < 24; ++i)
        s = _mm512_add_ps(s, acc[i]);
    return _mm512_reduce_add_ps(s);
}

} // namespace

const KernelSet* avx512Kernels()
{
    static const bool ok = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
                           && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vnni")
                           && __builtin_cpu_supports("avx512dq") && cpuHasF16c()
                           && __builtin_cpu_supports("fma");
    static const KernelSet set{"avx512",     &dotRows,    &packPanel,  &gemmTile, kRows,
                               kTokens,      &storeTileT, &siluMul,    &softmax,  &softmaxColumns,
                               &weightedSum, &argmax,     &readStream, &fmaLoop,  24.0 * 16 * 2};
    return ok ? &set : nullptr;
}

} // namespace is::exec::detail

#pragma GCC diagnostic pop
