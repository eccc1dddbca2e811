// SPDX-License-Identifier: MIT
#include "executor/Gemm.h"

#include "executor/Kernels.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstring>
#include <utility>

namespace is::exec {

void GemmScratch::reserve(int threads, std::size_t panelFloats, std::size_t tileFloats)
{
    const std::size_t n = static_cast<std::size_t>(threads);
    if (m_panels.size() < n) {
        m_panels.resize(n);
        m_tiles.resize(n);
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (m_panels[i].size() < panelFloats)
            m_panels[i].resize(panelFloats);
        if (m_tiles[i].size() < tileFloats)
            m_tiles[i].resize(tileFloats);
    }
}

namespace {

constexpr std::size_t kMaxGemmTokens = 64; // the widest kernel set's token tile

// Store and Accumulate write C token-major (through rowsOfC and the transposing store); the other
// modes write rows of an activation block.
bool tokenMajor(GemmOut::Mode mode)
{
    return mode == GemmOut::Store || mode == GemmOut::Accumulate;
}

// The rows of C a token tile's outputs go to (Store and Accumulate), for every panel of a job.
void rowsOfC(const GemmOut& o, std::size_t t0, std::size_t toksValid, float** rows)
{
    for (std::size_t i = 0; i < toksValid; ++i) {
        const std::size_t t = o.tokenIndex ? static_cast<std::size_t>(o.tokenIndex[t0 + i]) : t0 + i;
        rows[i] = o.c + t * o.ld;
    }
}

// Writes one finished tile: Store/Accumulate token-major into C (`rows` from rowsOfC) through the
// kernel set's transposing store (each token's run of rowsValid outputs, one or two cache
// lines), SwiGluT row by row into the next GEMM's activation block.
void emitTile(const KernelSet& ks, const GemmOut& o, float* const* rows, const float* ct, const float* cu,
              std::size_t T, std::size_t n0, std::size_t rowsValid, std::size_t t0, std::size_t toksValid)
{
    const XtLayout lay{T, o.ld}; // the activation block of the row-writing modes (t0 starts a tile)
    switch (o.mode) {
    case GemmOut::Store:
    case GemmOut::Accumulate: {
        const bool accumulate = o.mode == GemmOut::Accumulate;
        ks.storeTileT(ct, rowsValid, toksValid, rows, n0, accumulate && o.scale ? o.scale + t0 : nullptr,
                      accumulate);
        break;
    }
    case GemmOut::SwiGluT:
        for (std::size_t j = 0; j < rowsValid; ++j) {
            ks.siluMul(ct + j * T, cu + j * T, o.c + lay.index(n0 + j, t0), toksValid);
        }
        break;
    case GemmOut::StoreT:
        assert(!o.tokenIndex); // no caller gathers tokens for it
        for (std::size_t j = 0; j < rowsValid; ++j)
            std::memcpy(o.c + lay.index(n0 + j, t0), ct + j * T, toksValid * sizeof(float));
        break;
    case GemmOut::AccumulateT:
        if (o.tokenIndex) { // a gathered subset: each token to its own column
            for (std::size_t j = 0; j < rowsValid; ++j)
                for (std::size_t i = 0; i < toksValid; ++i)
                    o.c[lay.index(n0 + j, static_cast<std::size_t>(o.tokenIndex[t0 + i]))] +=
                        (o.scale ? o.scale[t0 + i] : 1.0f) * ct[j * T + i];
            break;
        }
        for (std::size_t j = 0; j < rowsValid; ++j) {
            float* dst = o.c + lay.index(n0 + j, t0);
            const float* src = ct + j * T;
            if (o.scale)
                for (std::size_t i = 0; i < toksValid; ++i)
                    dst[i] += o.scale[t0 + i] * src[i];
            else
                for (std::size_t i = 0; i < toksValid; ++i)
                    dst[i] += src[i];
        }
        break;
    }
}

// Where a tile reads a panel's weights: f32 rows with whole 16-column blocks are used in place,
// one cache line per row and block as in a packed panel (two where the tensor sits 32 bytes off
// the line grid, as GGUF's default alignment allows: still cheaper than the copy, which took
// ~7 % of the prefill; rows a multiple of 4 KiB apart, whose blocks share an L1 set, measured
// faster in place too). Other formats and a matrix's last partial panel are packed.
struct PanelView
{
    const float* w = nullptr;
    std::size_t rowStride = 0, blockStride = 0; // in floats, as KernelSet::gemmTile takes them
};

bool usableInPlace(const Tensor& w, std::size_t rows, std::size_t panelRows, std::size_t kpad)
{
    return w.type == DType::F32 && w.cols == kpad && rows == panelRows && w.rowStride % sizeof(float) == 0;
}

// Panels handed out per claim, a group: each token tile's activation slice is loaded into L1
// once per group and used by all of its panels, so the activation block streams from L2 once
// per group instead of once per panel. At least four panels, and as many more as it takes for a
// group's rows to fill whole cache lines of a token-major C (Store and Accumulate write a run of
// the group's rows per token): then, where a job's rows start on a line, neighbouring groups
// (often another thread's) never write the same line. Four panels of six rows (96 bytes a
// token) shared a line at every token, and the two-thread GEMM ran ~5 % slower than with eight
// (192 bytes). The larger group only while its weights (all halves) stay within kGroupBytes of
// L2, next to the activation block; groups stay small enough that a thread slowed by another
// process leaves little for the others to wait on.
constexpr std::size_t kMinGroup = 4, kMaxGroup = 16;
constexpr std::size_t kGroupBytes = std::size_t(512) << 10;
std::size_t groupPanels(std::size_t rowsPerPanel, std::size_t kpad, std::size_t halves)
{
    std::size_t g = kMinGroup;
    while (g < kMaxGroup && g * rowsPerPanel * sizeof(float) % 64 != 0)
        ++g;
    return g * halves * rowsPerPanel * kpad * sizeof(float) <= kGroupBytes ? g : kMinGroup;
}
// Reduction length per kernel call: a token tile's slice of the activation block (32 KB: 128 k
// of AVX-512's 64 tokens) stays in L1 while every panel of the group runs against it; the
// panels' slices stream from L2. The accumulators go back to memory once per slice, a few
// dozen stores against thousands of FMAs.
std::size_t kBlockFor(std::size_t tokensPerTile)
{
    return std::max<std::size_t>(16, (std::size_t(32) << 10) / (tokensPerTile * sizeof(float)) / 16 * 16);
}

// Spreads the prefetch of the next group's weight rows over this group's kernel calls, so
// packing or reading them does not wait on DRAM.
class PrefetchPlan
{
public:
    void add(const std::byte* p, std::size_t bytes)
    {
        if (p && bytes) {
            m_ranges[m_count++] = {p, bytes};
            m_lines += (bytes + 63) / 64;
        }
    }
    // Call once all ranges are added: `calls` kernel calls will share the work.
    void spreadOver(std::size_t calls)
    {
        // Twice the even share: a call's chunk stops at the end of a range, and getting ahead
        // is harmless.
        m_quota = calls ? 2 * 64 * ((m_lines + calls - 1) / calls) : 0;
    }
    // The next chunk to prefetch (null when done).
    std::pair<const std::byte*, std::size_t> next()
    {
        while (m_index < m_count && m_offset >= m_ranges[m_index].second) {
            ++m_index;
            m_offset = 0;
        }
        if (m_index >= m_count)
            return {nullptr, 0};
        const auto& [p, bytes] = m_ranges[m_index];
        const std::size_t n = std::min(m_quota, bytes - m_offset);
        const std::pair<const std::byte*, std::size_t> chunk{p + m_offset, n};
        m_offset += n;
        return chunk;
    }

private:
    std::pair<const std::byte*, std::size_t> m_ranges[2 * kMaxGroup];
    std::size_t m_count = 0, m_lines = 0, m_quota = 0, m_index = 0, m_offset = 0;
};

} // namespace

void gemm(ThreadPool& pool, GemmScratch& scratch, const std::vector<GemmJob>& jobs, const float* xt,
          std::size_t kpad, std::size_t tokens)
{
    const KernelSet& ks = kernels();
    const std::size_t R = ks.gemmRows, T = ks.gemmTokens;
    assert(T <= kMaxGemmTokens);
    // Work units are panels of R weight rows, numbered across all jobs (a gate/up pair is one
    // unit of two panels).
    std::vector<std::size_t> firstPanel(jobs.size() + 1, 0);
    for (std::size_t j = 0; j < jobs.size(); ++j)
        firstPanel[j + 1] = firstPanel[j] + (jobs[j].w->rows + R - 1) / R;
    const std::size_t units = firstPanel.back();
    const std::size_t tiles = (tokens + T - 1) / T;
    const std::size_t kBlock = kBlockFor(T), kBlocks = (kpad + kBlock - 1) / kBlock;
    const std::size_t panelFloats = kpad * R, tileFloats = R * T;
    bool pairs = false, anyTokenMajor = false;
    for (const GemmJob& j : jobs) {
        pairs = pairs || j.up;
        anyTokenMajor = anyTokenMajor || tokenMajor(j.out.mode);
    }
    const std::size_t groupSize = groupPanels(R, kpad, pairs ? 2 : 1);
    scratch.reserve(pool.size(), 2 * groupSize * panelFloats, 2 * groupSize * tileFloats);
    std::atomic<std::size_t> next{0};
    // Groups shrink towards the end, so that the threads run out of work at about the same time
    // rather than one waiting out another's last full group; not below kMinGroup (each group
    // reloads the activation slices) nor, while a job writes token-major C, below the size that
    // keeps groups on whole cache lines of C.
    const std::size_t minGroup = anyTokenMajor ? groupSize : std::min(groupSize, kMinGroup);
    const std::size_t shareOf = 2 * static_cast<std::size_t>(pool.size());
    auto claim = [&](std::size_t& size) {
        const std::size_t claimed = next.load(std::memory_order_relaxed);
        size = std::clamp((claimed < units ? units - claimed : 0) / shareOf, minGroup, groupSize);
        return next.fetch_add(size, std::memory_order_relaxed);
    };

    struct Unit
    {
        const GemmJob* job = nullptr;
        std::size_t n0 = 0, rows = 0;
        const std::byte* raw[2] = {nullptr, nullptr}; // first weight row of the panel(s)
        std::size_t bytes = 0;                        // raw bytes of one panel
        std::size_t halves() const { return job->up ? 2 : 1; }
    };
    auto unitAt = [&](std::size_t p) {
        std::size_t j = static_cast<std::size_t>(std::upper_bound(firstPanel.begin(), firstPanel.end(), p) -
                                                 firstPanel.begin()) -
                        1;
        Unit u;
        u.job = &jobs[j];
        u.n0 = (p - firstPanel[j]) * R;
        u.rows = std::min(R, jobs[j].w->rows - u.n0);
        u.raw[0] = jobs[j].w->row(u.n0);
        u.raw[1] = jobs[j].up ? jobs[j].up->row(u.n0) : nullptr;
        u.bytes = u.rows * jobs[j].w->rowStride;
        return u;
    };

    // Each thread claims a group of panels at a time from a shared counter (no barrier between
    // groups), packs those that need it to f32 once, then, token tile by token tile and k slice
    // by k slice, runs every panel of the group against the slice while it sits in L1. Panel
    // (unit, half) i of the group uses packed buffer i (if packed) and output tile i.
    pool.run([&](int thread, int) {
        float* panels = scratch.panels(thread);
        float* ctiles = scratch.tiles(thread);
        std::size_t size = 0;
        std::size_t g = claim(size);
        while (g < units) {
            const std::size_t count = std::min(size, units - g);
            // The group after this one, claimed now so that its rows can be prefetched.
            std::size_t nextSize = 0;
            const std::size_t q = claim(nextSize);
            Unit group[kMaxGroup];
            PanelView view[2 * kMaxGroup]; // panel (unit, half) i of the group at view[2 i + half]
            std::size_t calls = 0;
            for (std::size_t i = 0; i < count; ++i) {
                group[i] = unitAt(g + i);
                const Unit& u = group[i];
                for (std::size_t h = 0; h < u.halves(); ++h) {
                    const Tensor& w = h ? *u.job->up : *u.job->w;
                    PanelView& v = view[2 * i + h];
                    if (usableInPlace(w, u.rows, R, kpad)) {
                        v = {reinterpret_cast<const float*>(u.raw[h]), w.rowStride / sizeof(float), 16};
                    } else {
                        float* packed = panels + (2 * i + h) * panelFloats;
                        ks.packPanel(w.type, u.raw[h], w.rowStride, w.cols, u.rows, packed);
                        v = {packed, 16, 16 * R};
                    }
                }
                calls += u.halves() * tiles * kBlocks;
            }
            PrefetchPlan prefetch;
            for (std::size_t p = q; p < std::min(q + nextSize, units); ++p) {
                const Unit nu = unitAt(p);
                prefetch.add(nu.raw[0], nu.bytes);
                prefetch.add(nu.raw[1], nu.bytes);
            }
            prefetch.spreadOver(calls);
            for (std::size_t tile = 0; tile < tiles; ++tile) {
                const float* xTile = xt + tile * kpad * T;
                const std::size_t t0 = tile * T, toksValid = std::min(T, tokens - t0);
                for (std::size_t k0 = 0; k0 < kpad; k0 += kBlock) {
                    const std::size_t klen = std::min(kBlock, kpad - k0);
                    for (std::size_t i = 0; i < count; ++i) {
                        for (std::size_t h = 0; h < group[i].halves(); ++h) {
                            const auto [pf, pfBytes] = prefetch.next();
                            const PanelView& v = view[2 * i + h];
                            ks.gemmTile(xTile + k0 * T, v.w + k0 / 16 * v.blockStride, v.rowStride,
                                        v.blockStride, klen, toksValid, ctiles + (2 * i + h) * tileFloats,
                                        k0 > 0, pf, pfBytes);
                        }
                    }
                }
                float* rows[kMaxGemmTokens];
                const GemmJob* rowsFor = nullptr; // the job `rows` were found for
                for (std::size_t i = 0; i < count; ++i) {
                    if (group[i].job != rowsFor && tokenMajor(group[i].job->out.mode)) {
                        rowsOfC(group[i].job->out, t0, toksValid, rows);
                        rowsFor = group[i].job;
                    }
                    emitTile(ks, group[i].job->out, rows, ctiles + 2 * i * tileFloats,
                             ctiles + (2 * i + 1) * tileFloats, T, group[i].n0, group[i].rows, t0, toksValid);
                }
            }
            g = q;
            size = nextSize;
        }
    });
}

} // namespace is::exec
