// SPDX-License-Identifier: MIT
#pragma once

#include "executor/AlignedVector.h"
#include "executor/Model.h"
#include "executor/ThreadPool.h"

#include <cstddef>
#include <vector>

namespace is::exec {

// Where one weight matrix's GEMM results go. Tokens are the columns of the transposed
// activation block; `tokenIndex` maps them to rows of C when the block is a gathered subset.
struct GemmOut
{
    enum Mode {
        Store,       // C[t][n] = v: prefill's keys and values, on their way into the KV cache
        Accumulate,  // C[t][n] += scale[t] * v (scale 1 when null)
        SwiGluT,     // with a pair (gate, up): silu(gate) * up into the next GEMM's activation block
        StoreT,      // C = v with C an activation block (XtLayout): prefill's queries, for attention
        AccumulateT, // C (+)= as Accumulate, but C is an activation block (XtLayout): the residual
                     // adds and expert outputs into prefill's residual stream, which its RMSNorm
                     // then reads without a transpose
    };
    Mode mode = Store;
    float* c = nullptr;
    std::size_t ld = 0; // Store/Accumulate: floats per row of C; the others: kpad of the block
    const float* scale = nullptr;
    const int* tokenIndex = nullptr;
};

struct GemmJob
{
    const Tensor* w = nullptr;
    const Tensor* up = nullptr; // SwiGluT only
    GemmOut out;
};

// Per-thread scratch for the prefill GEMM: the packed f32 panel(s) a thread is working on and
// their output tiles.
class GemmScratch
{
public:
    // Room for panelFloats packed floats and tileFloats output floats per thread.
    void reserve(int threads, std::size_t panelFloats, std::size_t tileFloats);
    float* panels(int thread) { return m_panels[static_cast<std::size_t>(thread)].data(); }
    float* tiles(int thread) { return m_tiles[static_cast<std::size_t>(thread)].data(); }

private:
    std::vector<AlignedVector<float>> m_panels;
    std::vector<AlignedVector<float>> m_tiles;
};

// v rounded up to a multiple of m: the 16-float k blocks and token runs the kernels work in.
inline std::size_t roundUp(std::size_t v, std::size_t m)
{
    return (v + m - 1) / m * m;
}

// The activation block a GEMM reads: tokens in tiles of the kernel's gemmTokens columns, each
// tile stored k-major and contiguous ([tile][kpad][T]), zero past the real k. Contiguous tiles
// keep a k block of one tile in distinct L1 sets (a power-of-two row stride did not).
struct XtLayout
{
    std::size_t tileTokens;
    std::size_t kpad;
    std::size_t index(std::size_t k, std::size_t t) const
    {
        return (t / tileTokens) * kpad * tileTokens + k * tileTokens + t % tileTokens;
    }
    std::size_t floats(std::size_t tokens) const
    {
        return (tokens + tileTokens - 1) / tileTokens * tileTokens * kpad;
    }
};

// Y = W X for every job, the prefill's matrix-matrix product over `tokens` columns of the
// activation block `xt` (XtLayout with the kernel's tile and `kpad`).
// Groups of a few panels of gemmRows weight rows are claimed by the pool's threads from a shared
// counter (no barrier inside the product; a thread slowed down by another process takes fewer).
// Each panel is converted to f32 once into a per-thread buffer (f32 rows are read in place) and
// reused against every token tile. The reduction runs in slices: a token tile's slice of the activation block
// is loaded into L1 once and used by every panel of the group (the FMA units, not L2, set the pace), and the
// next group's weight rows are prefetched meanwhile, so neither the weight format nor DRAM does.
void gemm(ThreadPool& pool, GemmScratch& scratch, const std::vector<GemmJob>& jobs, const float* xt,
          std::size_t kpad, std::size_t tokens);

} // namespace is::exec
