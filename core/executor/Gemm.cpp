// SPDX-License-Identifier: MIT
#include "executor/Gemm.h"

#include "executor/Kernels.h"

#include <algorithm>
#include <atomic>

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

// Writes one finished tile. Rows of C are token-major, so the loops run token by token and
// write each token's run of rowsValid consecutive outputs (one or two cache lines), not a
// column of scattered lines per output row.
void emitTile(const KernelSet& ks, const GemmOut& o, const float* ct, const float* cu, std::size_t T, std::size_t n0,
              std::size_t rowsValid, std::size_t t0, std::size_t toksValid)
{
    switch (o.mode) {
    case GemmOut::Store:
    case GemmOut::Accumulate:
        for (std::size_t i = 0; i < toksValid; ++i) {
            const std::size_t t = o.tokenIndex ? static_cast<std::size_t>(o.tokenIndex[t0 + i]) : t0 + i;
            float* dst = o.c + t * o.ld + n0;
            if (o.mode == GemmOut::Store) {
                for (std::size_t j = 0; j < rowsValid; ++j)
                    dst[j] = ct[j * T + i];
            } else {
                const float s = o.scale ? o.scale[t0 + i] : 1.0f;
                for (std::size_t j = 0; j < rowsValid; ++j)
                    dst[j] += s * ct[j * T + i];
            }
        }
        break;
    case GemmOut::SwiGluT:
        for (std::size_t j = 0; j < rowsValid; ++j) {
            float* dst = o.c + (t0 / T) * o.ld * T + (n0 + j) * T; // XtLayout, t0 starts a tile
            ks.siluMul(ct + j * T, cu + j * T, dst, toksValid);
        }
        break;
    }
}

// Panels handed out per claim: small enough that a thread slowed by another process leaves
// little for the others to wait on, large enough that claims are rare (one atomic per ~0.1 ms).
constexpr std::size_t kClaim = 2;

} // namespace

void gemm(ThreadPool& pool, GemmScratch& scratch, const std::vector<GemmJob>& jobs, const float* xt,
          std::size_t kpad, std::size_t tokens)
{
    const KernelSet& ks = kernels();
    const std::size_t R = ks.gemmRows, T = ks.gemmTokens;
    // Work units are panels of R weight rows, numbered across all jobs (a gate/up pair is one
    // unit of two panels).
    std::vector<std::size_t> firstPanel(jobs.size() + 1, 0);
    bool pairs = false;
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        firstPanel[j + 1] = firstPanel[j] + (jobs[j].w->rows + R - 1) / R;
        pairs = pairs || jobs[j].up;
    }
    const std::size_t units = firstPanel.back();
    const std::size_t tiles = (tokens + T - 1) / T;
    const std::size_t panelFloats = kpad * R;
    scratch.reserve(pool.size(), 2 * panelFloats, 2 * R * T);
    std::atomic<std::size_t> next{0};

    struct Unit
    {
        const GemmJob* job = nullptr;
        std::size_t n0 = 0, rows = 0;
        const std::byte* raw[2] = {nullptr, nullptr}; // first weight row of the panel(s)
        std::size_t bytes = 0;                        // raw bytes of one panel
    };
    auto unitAt = [&](std::size_t p) {
        std::size_t j = static_cast<std::size_t>(std::upper_bound(firstPanel.begin(), firstPanel.end(), p) - firstPanel.begin()) - 1;
        Unit u;
        u.job = &jobs[j];
        u.n0 = (p - firstPanel[j]) * R;
        u.rows = std::min(R, jobs[j].w->rows - u.n0);
        u.raw[0] = jobs[j].w->row(u.n0);
        u.raw[1] = jobs[j].up ? jobs[j].up->row(u.n0) : nullptr;
        u.bytes = u.rows * jobs[j].w->rowStride;
        return u;
    };

    // Each thread claims a few panels at a time from a shared counter (no barrier between
    // tiles or panels), packs a panel to f32 once, then runs it against every token tile with
    // the accumulators in registers over the whole k range. The packed panel (kpad x R floats)
    // stays in L1/L2 for its tiles; the token tiles are shared by both threads and stream from
    // L2; the next panel's raw rows are prefetched while the current one computes.
    pool.run([&](int thread, int) {
        float* panels = scratch.panels(thread);
        float* ctiles = scratch.tiles(thread);
        std::size_t p = next.fetch_add(kClaim, std::memory_order_relaxed);
        std::size_t claimEnd = std::min(p + kClaim, units);
        while (p < units) {
            const Unit u = unitAt(p);
            // The panel after this one: the rest of this claim or, at its end, the next claim.
            std::size_t q = p + 1;
            if (q >= claimEnd) {
                q = next.fetch_add(kClaim, std::memory_order_relaxed);
                claimEnd = std::min(q + kClaim, units);
            }
            const Unit nu = q < units ? unitAt(q) : Unit{};
            const std::size_t halves = u.job->up ? 2 : 1;
            ks.packPanel(u.job->w->type, u.raw[0], u.job->w->rowStride, u.job->w->cols, u.rows, panels);
            if (u.job->up)
                ks.packPanel(u.job->up->type, u.raw[1], u.job->up->rowStride, u.job->up->cols, u.rows,
                             panels + panelFloats);
            for (std::size_t tile = 0; tile < tiles; ++tile) {
                const std::size_t t0 = tile * T;
                // This tile's share of the next panel's rows to prefetch.
                const std::size_t pb = nu.bytes * tile / tiles, pe = nu.bytes * (tile + 1) / tiles;
                for (std::size_t h = 0; h < halves; ++h) {
                    const std::byte* pf = nu.raw[h] ? nu.raw[h] + pb : nullptr;
                    ks.gemmTile(xt + tile * kpad * T, panels + h * panelFloats, kpad, ctiles + h * R * T, pf,
                                pf ? pe - pb : 0);
                }
                emitTile(ks, u.job->out, ctiles, ctiles + R * T, T, u.n0, u.rows, t0, std::min(T, tokens - t0));
            }
            p = q;
        }
    });
}

} // namespace is::exec
