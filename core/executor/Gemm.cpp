// SPDX-License-Identifier: MIT
#include "executor/Gemm.h"

#include "executor/Kernels.h"

#include <cmath>

namespace is::exec {

void GemmScratch::reserve(int threads, std::size_t maxKpad, std::size_t rows, std::size_t tokens)
{
    const std::size_t n = static_cast<std::size_t>(threads) * 2;
    if (m_panels.size() < n) {
        m_panels.resize(n);
        m_tiles.resize(n);
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (m_panels[i].size() < maxKpad * rows)
            m_panels[i].resize(maxKpad * rows);
        if (m_tiles[i].size() < rows * tokens)
            m_tiles[i].resize(rows * tokens);
    }
}

namespace {

inline float silu(float g)
{
    return g / (1.0f + std::exp(-g));
}

void emitTile(const GemmOut& o, const float* ct, const float* cu, std::size_t R, std::size_t T, std::size_t n0,
              std::size_t rowsValid, std::size_t t0, std::size_t toksValid)
{
    for (std::size_t j = 0; j < rowsValid; ++j) {
        const float* v = ct + j * T;
        const std::size_t n = n0 + j;
        switch (o.mode) {
        case GemmOut::Store:
            for (std::size_t i = 0; i < toksValid; ++i) {
                const std::size_t t = o.tokenIndex ? static_cast<std::size_t>(o.tokenIndex[t0 + i]) : t0 + i;
                o.c[t * o.ld + n] = v[i];
            }
            break;
        case GemmOut::Accumulate:
            for (std::size_t i = 0; i < toksValid; ++i) {
                const std::size_t t = o.tokenIndex ? static_cast<std::size_t>(o.tokenIndex[t0 + i]) : t0 + i;
                o.c[t * o.ld + n] += (o.scale ? o.scale[t0 + i] : 1.0f) * v[i];
            }
            break;
        case GemmOut::SwiGluT: {
            const float* u = cu + j * T;
            float* dst = o.c + n * o.ld + t0;
            for (std::size_t i = 0; i < toksValid; ++i)
                dst[i] = silu(v[i]) * u[i];
            break;
        }
        }
    }
    (void)R;
}

} // namespace

void gemm(ThreadPool& pool, GemmScratch& scratch, const std::vector<GemmJob>& jobs, const float* xt,
          std::size_t ldt, std::size_t kpad, std::size_t tokens)
{
    const KernelSet& ks = kernels();
    const std::size_t R = ks.gemmRows, T = ks.gemmTokens;
    // Work units are panels of R weight rows, numbered across all jobs.
    std::vector<std::size_t> firstPanel(jobs.size() + 1, 0);
    for (std::size_t j = 0; j < jobs.size(); ++j)
        firstPanel[j + 1] = firstPanel[j] + (jobs[j].w->rows + R - 1) / R;
    const std::size_t panels = firstPanel.back();
    const std::size_t tiles = (tokens + T - 1) / T;

    pool.run([&](int thread, int threads) {
        const auto [b, e] = ThreadPool::split(panels, thread, threads);
        float* pw = scratch.panel(thread, 0);
        float* pu = scratch.panel(thread, 1);
        float* cw = scratch.tile(thread, 0);
        float* cu = scratch.tile(thread, 1);
        std::size_t job = 0;
        for (std::size_t p = b; p < e; ++p) {
            while (p >= firstPanel[job + 1])
                ++job;
            const GemmJob& jb = jobs[job];
            const Tensor& w = *jb.w;
            const std::size_t n0 = (p - firstPanel[job]) * R;
            const std::size_t rows = std::min(R, w.rows - n0);
            ks.packPanel(w.type, w.row(n0), w.rowStride, w.cols, rows, pw);
            if (jb.up)
                ks.packPanel(jb.up->type, jb.up->row(n0), jb.up->rowStride, jb.up->cols, rows, pu);
            for (std::size_t tile = 0; tile < tiles; ++tile) {
                const std::size_t t0 = tile * T;
                ks.gemmTile(xt + t0, ldt, pw, kpad, cw);
                if (jb.up)
                    ks.gemmTile(xt + t0, ldt, pu, kpad, cu);
                emitTile(jb.out, cw, cu, R, T, n0, rows, t0, std::min(T, tokens - t0));
            }
        }
    });
}

} // namespace is::exec
