// SPDX-License-Identifier: MIT
#pragma once

#include "executor/DType.h"

#include <cstddef>
#include <cstdint>

namespace is::exec {

// An activation vector quantised for Q8_0 dot products: one float scale per 32 values.
struct BlockQ8x
{
    float d;
    std::int8_t qs[kQ8Block];
};

// One instruction-set implementation of the hot loops. Chosen once at run time
// (__builtin_cpu_supports); every set computes the same functions, the scalar one anywhere.
struct KernelSet
{
    const char* name;

    // out[r] = dot(row r, x) for r < rows; rows start at `w`, `stride` bytes apart, n columns.
    // The vector sets prefetch ahead as if the rows were back to back (decode's are).
    // Q8_0 rows use the quantised activation `xq` (n / 32 blocks) instead of `x`.
    void (*dotRows)(DType t, const std::byte* w, std::size_t stride, std::size_t n, std::size_t rows,
                    const float* x, const BlockQ8x* xq, float* out);

    // Converts `rows` (<= gemmRows) weight rows of n columns to the f32 panel the GEMM tile reads:
    // blocks of 16 columns, each block holding gemmRows rows of 16 floats ([n/16][gemmRows][16]),
    // so the conversion is vector stores and the tile's broadcasts come from one pointer.
    // Rows past `rows` and columns past n (up to kpad = n rounded up to 16) are zero.
    void (*packPanel)(DType t, const std::byte* w, std::size_t stride, std::size_t n, std::size_t rows,
                      float* dst);

    // ct[j][t] (+)= sum_k w[j][k] * xt[k][t] for j < gemmRows, t < toks, k < klen: one
    // output tile of the prefill GEMM over a range of the reduction, its accumulators held in
    // registers throughout. xt is one token tile of the transposed activation block (k-major,
    // gemmTokens floats per k, contiguous, zero past the real k); w[j][k] is at
    // panel[(k / 16) * blockStride + j * rowStride + k % 16]: a packed panel (rowStride 16,
    // blockStride 16 gemmRows) or f32 weight rows used in place (rowStride the row length,
    // blockStride 16). Both start at the range's first k; klen is a multiple of 16. With
    // `accumulate` the tile starts from ct's current values (a later k range), else from zero.
    // Tokens from toks (1 to gemmTokens) up to the kernel's next whole vector are computed too;
    // the tile's columns past that are left as they were, neither read nor written.
    // While it runs, the `pfBytes` bytes at `pf` (weight rows used next) are prefetched towards
    // L2, spread over the loop; pf may be null when pfBytes is 0.
    void (*gemmTile)(const float* xt, const float* panel, std::size_t rowStride, std::size_t blockStride,
                     std::size_t klen, std::size_t toks, float* ct, bool accumulate, const std::byte* pf,
                     std::size_t pfBytes);
    std::size_t gemmRows;
    std::size_t gemmTokens;
    // Writes a finished tile token-major: dst[t][col + j] = ct[j * gemmTokens + t], or with
    // `accumulate` dst[t][col + j] += s_t * ct[...] (s_t = scale[t], 1 when scale is null), for
    // j < rows (<= gemmRows) and t < toks (<= gemmTokens). dst[t] is token t's row of C: the
    // prefill's C rows are token-major, the tile row-major, so this is a transpose.
    void (*storeTileT)(const float* ct, std::size_t rows, std::size_t toks, float* const* dst,
                       std::size_t col, const float* scale, bool accumulate);
    // out[i] = silu(g[i]) * u[i] (silu(g) = g / (1 + e^-g)), the SwiGLU activation of prefill
    // and decode; out may be g (element by element, each read before its write).
    void (*siluMul)(const float* g, const float* u, float* out, std::size_t n);
    // x[i] = e^(scale x[i] - m) / sum_j e^(scale x[j] - m), m the largest scale x[i]; scale > 0:
    // attention's scaled softmax over a query's scores (n >= 1).
    void (*softmax)(float* x, std::size_t n, float scale);
    // The same softmax down each column of x ([rows][gemmTokens]: a tile of prefill attention
    // scores, one query per column), column i over its first min(rows, firstLen + i) entries
    // (each query sees one position more than the one before it; firstLen >= 1), and zero below.
    void (*softmaxColumns)(float* x, std::size_t rows, std::size_t firstLen, float scale);
    // out[c] = sum_{p<n} a[p] * rows[p * ld + c] for c < len: decode attention's weighted sum of
    // value rows.
    void (*weightedSum)(const float* a, std::size_t n, const float* rows, std::size_t ld, std::size_t len,
                        float* out);
    // The index of the largest of v[0..n), the first of equals: greedy sampling over the
    // vocabulary. NaN never wins; 0 when no entry is above -infinity (or n is 0). n < 2^31 (the
    // vector sets count indices in 32-bit lanes).
    std::size_t (*argmax)(const float* v, std::size_t n);

    // Streams `bytes` (a multiple of 64) and returns a value depending on all of them: the read
    // bandwidth probe. Uses the widest loads of the set, like the decode kernels.
    std::uint64_t (*readStream)(const std::byte* p, std::size_t bytes);
    // Runs `iters` iterations of independent FMAs; returns a value so the work is kept.
    float (*fmaLoop)(std::size_t iters);
    double fmaFlopsPerIter;
};

void quantizeQ8x(const float* x, std::size_t n, BlockQ8x* out);

// The best set this CPU supports; IS_EXEC_ISA=scalar|avx2|avx512 forces one (tests, comparisons).
const KernelSet& kernels();
// A named set if this CPU can run it, else nullptr.
const KernelSet* kernelSet(const char* name);
// Overrides the set used by kernels() (tests compare paths); nullptr restores the default.
void setKernelSet(const KernelSet* set);

namespace detail {
const KernelSet& scalarKernels();
// Decode reads each weight row once, row after row: one sequential stream per thread, which
// every core's prefetchers follow best. Four rows at a time (x loaded once for the four) are
// four interleaved streams a row apart: on the Zen 5 development VM the target model's decode
// pattern ran them at 0.77-0.96 of the read sweep against 1.0-1.05 row by row (AVX-512), and
// 0.79 against 0.98 for Q8_0. The vector sets prefetch this far ahead in the stream, so enough
// lines are in flight while the loop also converts (F16, BF16, Q8_0), which would otherwise
// leave one core latency-bound.
constexpr std::size_t kDecodePrefetchBytes = 2048;
// Prefetches the cache lines of the `bytes` bytes `offset` bytes on from p, for reading.
// Decode's prefetches run past a row's end into the next row, and past a matrix's end
// harmlessly: a prefetch never faults. The addresses are computed as integers, since a pointer
// past the end of its allocation is undefined even when nothing reads through it.
inline void prefetchLines(const std::byte* p, std::size_t offset, std::size_t bytes)
{
    const std::uintptr_t at = reinterpret_cast<std::uintptr_t>(p) + offset;
    for (std::size_t off = 0; off < bytes; off += 64)
        // NOLINTNEXTLINE(performance-no-int-to-ptr): integer addresses on purpose, as said above
        __builtin_prefetch(reinterpret_cast<const void*>(at + off), 0, 3);
}
const KernelSet* avx2Kernels();
const KernelSet* avx512Kernels();
// Whether the CPU converts half floats in hardware (F16C), from CPUID: both vector sets need it,
// and clang before 15 does not know the "f16c" name of __builtin_cpu_supports.
bool cpuHasF16c();
} // namespace detail

} // namespace is::exec
