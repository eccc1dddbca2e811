// SPDX-License-Identifier: MIT
#include "executor/Gemm.h"

#include "executor/Kernels.h"

#include <algorithm>
#include <cmath>

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

inline float silu(float g)
{
    return g / (1.0f + std::exp(-g));
}

// Writes one finished tile. Rows of C are token-major, so the loops run token by token and
// write each token's run of rowsValid consecutive outputs (one or two cache lines), not a
// column of scattered lines per output row.
void emitTile(const GemmOut& o, const float* ct, const float* cu, std::size_t T, std::size_t n0,
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
            const float* g = ct + j * T;
            const float* u = cu + j * T;
            float* dst = o.c + (t0 / T) * o.ld * T + (n0 + j) * T; // XtLayout, t0 starts a tile
            for (std::size_t i = 0; i < toksValid; ++i)
                dst[i] = silu(g[i]) * u[i];
        }
        break;
    }
}

} // namespace

namespace {
constexpr std::size_t kBlockK = 128;                       // k block: 32 tokens x 128 x 4 B = 16 KiB
constexpr std::size_t kGroupBytes = std::size_t(512) << 10; // packed panels kept in L2
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
    const std::size_t perUnit = pairs ? 2 : 1;
    const std::size_t group = std::clamp<std::size_t>(kGroupBytes / (panelFloats * 4 * perUnit), 1, 64);
    scratch.reserve(pool.size(), group * perUnit * panelFloats, group * perUnit * R * T);

    pool.run([&](int thread, int threads) {
        const auto [b, e] = ThreadPool::split(units, thread, threads);
        float* panels = scratch.panels(thread);
        float* ctiles = scratch.tiles(thread);
        struct Unit
        {
            const GemmJob* job;
            std::size_t n0, rows;
        };
        Unit unit[64];
        std::size_t job = 0;
        for (std::size_t g0 = b; g0 < e; g0 += group) {
            const std::size_t gn = std::min(group, e - g0);
            // The next group's weight rows, prefetched a little at a time while this group
            // computes: packing otherwise waits on DRAM for every group (the weights are read
            // once per prefill and would add their streaming time to the compute time).
            const std::byte* pfBegin = nullptr;
            const std::byte* pfUp = nullptr;
            std::size_t pfBytes = 0;
            if (g0 + gn < e) {
                std::size_t nj = job;
                while (g0 + gn >= firstPanel[nj + 1])
                    ++nj;
                const GemmJob& jn = jobs[nj];
                const std::size_t n0 = (g0 + gn - firstPanel[nj]) * R;
                const std::size_t rows = std::min(std::min(group, e - g0 - gn) * R, jn.w->rows - n0);
                pfBegin = jn.w->row(n0);
                pfUp = jn.up ? jn.up->row(n0) : nullptr;
                pfBytes = rows * jn.w->rowStride;
            }
            const std::size_t calls = tiles * ((kpad + kBlockK - 1) / kBlockK) * gn;
            const std::size_t linesPerCall = (pfBytes / 64 + calls - 1) / calls;
            std::size_t pfLine = 0;
            for (std::size_t i = 0; i < gn; ++i) {
                const std::size_t p = g0 + i;
                while (p >= firstPanel[job + 1])
                    ++job;
                const GemmJob& jb = jobs[job];
                const std::size_t n0 = (p - firstPanel[job]) * R;
                unit[i] = {&jb, n0, std::min(R, jb.w->rows - n0)};
                float* pw = panels + i * perUnit * panelFloats;
                ks.packPanel(jb.w->type, jb.w->row(n0), jb.w->rowStride, jb.w->cols, unit[i].rows, pw);
                if (jb.up)
                    ks.packPanel(jb.up->type, jb.up->row(n0), jb.up->rowStride, jb.up->cols, unit[i].rows, pw + panelFloats);
            }
            for (std::size_t tile = 0; tile < tiles; ++tile) {
                const std::size_t t0 = tile * T;
                for (std::size_t k0 = 0; k0 < kpad; k0 += kBlockK) {
                    const std::size_t kc = std::min(kBlockK, kpad - k0);
                    const float* xb = xt + tile * kpad * T + k0 * T;
                    for (std::size_t i = 0; i < gn; ++i) {
                        for (std::size_t l = 0; l < linesPerCall && pfLine * 64 < pfBytes; ++l, ++pfLine) {
                            __builtin_prefetch(pfBegin + pfLine * 64, 0, 2);
                            if (pfUp)
                                __builtin_prefetch(pfUp + pfLine * 64, 0, 2);
                        }
                        for (std::size_t h = 0; h < (unit[i].job->up ? 2u : 1u); ++h)
                            ks.gemmTile(xb, T, panels + (i * perUnit + h) * panelFloats + k0 * R, kc,
                                        ctiles + (i * perUnit + h) * R * T, k0 > 0);
                    }
                }
                for (std::size_t i = 0; i < gn; ++i) {
                    const float* cw = ctiles + i * perUnit * R * T;
                    emitTile(unit[i].job->out, cw, cw + R * T, T, unit[i].n0, unit[i].rows, t0,
                             std::min(T, tokens - t0));
                }
            }
        }
    });
}

} // namespace is::exec
