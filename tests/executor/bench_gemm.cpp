// SPDX-License-Identifier: MIT
// The prefill GEMM alone, on the shapes of the targets' synthetic model (dim 768, ffn 2048,
// 128 tokens), against the FMA peak probed with the same thread count. "hot" reuses one
// layer's matrices (weights in L2/LLC), "cold" walks twelve layers' worth (weights from DRAM),
// as a real prefill does. Prints medians; not part of ctest.
//   bench_gemm [--runs N] [--dtype f32|f16|bf16|q8_0] [--tokens N]
#include "ExecutorFixture.h"

#include "executor/AlignedVector.h"
#include "executor/DType.h"
#include "executor/Gemm.h"
#include "executor/Kernels.h"
#include "executor/MachineProbe.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <random>
#include <vector>

using namespace is::exec;

namespace {

double processCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct Layer
{
    AlignedBuffer q, k, v, o, gate, up, down;
    Tensor tq, tk, tv, to, tgate, tup, tdown;
};

Tensor makeTensor(AlignedBuffer& buf, DType type, std::size_t rows, std::size_t cols, std::mt19937& rng)
{
    const std::size_t rowB = *rowBytes(type, cols);
    buf = AlignedBuffer(rowB * rows);
    std::uniform_real_distribution<float> u(-0.05f, 0.05f);
    std::vector<float> row(cols);
    for (std::size_t r = 0; r < rows; ++r) {
        for (float& x : row)
            x = u(rng);
        floatToRow(type, row.data(), cols, buf.data() + r * rowB);
    }
    return test::tensorOver(buf, type, rows, cols, rowB);
}

} // namespace

int main(int argc, char** argv)
{
    int runs = 7, tokens = 128;
    DType type = DType::F32;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--runs"))
            runs = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--tokens"))
            tokens = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--dtype"))
            type = !std::strcmp(argv[i + 1], "f16")    ? DType::F16
                   : !std::strcmp(argv[i + 1], "bf16") ? DType::BF16
                   : !std::strcmp(argv[i + 1], "q8_0") ? DType::Q8_0
                                                       : DType::F32;
    }
    const std::size_t dim = 768, ffn = 2048, layers = 12, N = static_cast<std::size_t>(tokens);
    std::mt19937 rng(7);
    std::vector<Layer> ls(layers);
    for (Layer& l : ls) {
        l.tq = makeTensor(l.q, type, dim, dim, rng);
        l.tk = makeTensor(l.k, type, dim, dim, rng);
        l.tv = makeTensor(l.v, type, dim, dim, rng);
        l.to = makeTensor(l.o, type, dim, dim, rng);
        l.tgate = makeTensor(l.gate, type, ffn, dim, rng);
        l.tup = makeTensor(l.up, type, ffn, dim, rng);
        l.tdown = makeTensor(l.down, type, dim, ffn, rng);
    }
    const KernelSet& ks = kernels();
    const XtLayout layDim{ks.gemmTokens, dim}, layHid{ks.gemmTokens, ffn};
    AlignedVector<float> xt(layDim.floats(N), 0.01f), ht(layHid.floats(N), 0.0f),
        ht2(layHid.floats(N), 0.01f);
    AlignedVector<float> c(N * dim, 0.0f), cq(N * dim), ck(N * dim), cv(N * dim);
    const double flopsPerLayer = 2.0 * static_cast<double>(N) * (4.0 * dim * dim + 3.0 * dim * ffn);
    std::printf("kernels %s, dtype %s, %d tokens, %zu layers of %.1f MFLOP\n", ks.name, dtypeName(type),
                tokens, layers, flopsPerLayer / 1e6);
    // frac: against the wall-clock peak of the same threads; frac_cpu: per CPU-second, against
    // one thread's peak per CPU-second (time other processes took from us does not count).
    std::printf("%-8s %-5s %10s %10s %8s %9s\n", "threads", "mode", "GFLOP/s", "peak", "frac", "frac_cpu");
    for (int threads : {1, 2}) {
        ThreadPool pool(threads);
        MachineProbe probe(pool);
        GemmScratch scratch;
        auto runLayer = [&](const Layer& l) {
            gemm(pool, scratch,
                 {{&l.tq, nullptr, {GemmOut::Store, cq.data(), dim, nullptr, nullptr}},
                  {&l.tk, nullptr, {GemmOut::Store, ck.data(), dim, nullptr, nullptr}},
                  {&l.tv, nullptr, {GemmOut::Store, cv.data(), dim, nullptr, nullptr}}},
                 xt.data(), dim, N);
            gemm(pool, scratch, {{&l.to, nullptr, {GemmOut::Accumulate, c.data(), dim, nullptr, nullptr}}},
                 xt.data(), dim, N);
            gemm(pool, scratch, {{&l.tgate, &l.tup, {GemmOut::SwiGluT, ht.data(), ffn, nullptr, nullptr}}},
                 xt.data(), dim, N);
            gemm(pool, scratch, {{&l.tdown, nullptr, {GemmOut::Accumulate, c.data(), dim, nullptr, nullptr}}},
                 ht2.data(), ffn, N);
        };
        for (const char* mode : {"hot", "cold"}) {
            const bool cold = !std::strcmp(mode, "cold");
            std::vector<double> rate, peak, fracCpu;
            for (int r = 0; r < runs; ++r) {
                peak.push_back(probe.peakFlops(3));
                const double cpu0 = processCpuSeconds();
                const auto t0 = std::chrono::steady_clock::now();
                for (std::size_t i = 0; i < layers; ++i)
                    runLayer(ls[cold ? i : 0]);
                const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                rate.push_back(flopsPerLayer * layers / s);
                fracCpu.push_back(flopsPerLayer * layers / (processCpuSeconds() - cpu0) /
                                  probe.lastPeakPerCpuSecond());
            }
            std::vector<double> frac(rate.size());
            for (std::size_t i = 0; i < rate.size(); ++i)
                frac[i] = rate[i] / peak[i];
            std::printf("%-8d %-5s %10.1f %10.1f %8.3f %9.3f\n", threads, mode, median(rate) / 1e9,
                        median(peak) / 1e9, median(frac), median(fracCpu));
        }
    }
    return 0;
}
