// SPDX-License-Identifier: MIT
#include "executor/BenchDecode.h"

#include "executor/Executor.h"
#include "executor/Kernels.h"
#include "executor/MachineProbe.h"
#include "executor/Sampler.h"
#include "executor/ThreadPool.h"

#include "common/Log.h"

#include <QJsonArray>

#include <algorithm>
#include <atomic>
#include <chrono>

#include <time.h>

namespace is::exec {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// CPU seconds used by the whole process (all threads): on a shared machine the time our
// threads were not scheduled does not count, which gives a second, preemption-free view of
// compute efficiency next to the wall-clock one.
double processCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Reads every byte of the model once so no page is faulted in, or first read, while timing.
void touch(const Model& m, ThreadPool& pool)
{
    std::atomic<std::uint64_t> sink{0};
    auto sweep = [&](const std::byte* p, std::size_t n) {
        pool.run([&](int t, int nt) {
            const auto [b, e] = ThreadPool::split(n / 64, t, nt);
            sink.fetch_xor(kernels().readStream(p + b * 64, (e - b) * 64));
        });
    };
    sweep(m.storage.data(), m.storage.size());
    for (const auto& extra : m.extraStorage)
        sweep(extra.data(), extra.size());
}

} // namespace

QJsonObject BenchResult::toJson() const
{
    QJsonObject o;
    o[QStringLiteral("decode_tok_s")] = decode_tok_s;
    o[QStringLiteral("prefill_tok_s")] = prefill_tok_s;
    o[QStringLiteral("ttft_ms")] = ttft_ms;
    o[QStringLiteral("model_bytes")] = static_cast<qint64>(model_bytes);
    o[QStringLiteral("threads")] = threads;
    o[QStringLiteral("read_bw_gbs")] = read_bw_gbs;
    o[QStringLiteral("predicted_decode_tok_s")] = predicted_decode_tok_s;
    o[QStringLiteral("bandwidth_fraction")] = bandwidth_fraction;
    o[QStringLiteral("predicted_error")] = predicted_error;
    o[QStringLiteral("dtype")] = QString::fromStdString(dtype);
    o[QStringLiteral("isa")] = QString::fromStdString(isa);
    o[QStringLiteral("prompt_tokens")] = prompt_tokens;
    o[QStringLiteral("gen_tokens")] = gen_tokens;
    o[QStringLiteral("decode_bytes_per_token")] = decode_bytes_per_token;
    o[QStringLiteral("decode_gbs")] = decode_gbs;
    o[QStringLiteral("llc_bw_gbs")] = llc_bw_gbs;
    o[QStringLiteral("llc_bytes")] = static_cast<qint64>(llc_bytes);
    o[QStringLiteral("in_llc")] = in_llc;
    o[QStringLiteral("peak_gflops")] = peak_gflops;
    o[QStringLiteral("prefill_gflops")] = prefill_gflops;
    o[QStringLiteral("prefill_flops_fraction")] = prefill_flops_fraction;
    o[QStringLiteral("prefill_flops_fraction_cpu")] = prefill_flops_fraction_cpu;
    o[QStringLiteral("sync_us")] = sync_us;
    o[QStringLiteral("dot_gbs")] = dot_gbs;
    return o;
}

BenchResult runBenchDecode(const Model& model, const BenchOptions& opt)
{
    auto log = is::log::get("executor");
    BenchResult r;
    const ModelConfig& c = model.cfg;
    const int prompt = std::max(1, opt.promptTokens);
    const int gen = std::max(1, opt.genTokens);
    ThreadPool pool(opt.threads);
    MachineProbe probe(pool);
    Executor ex(model, pool, prompt + gen);
    Sampler sampler(opt.temperature, opt.seed);

    r.threads = pool.size();
    r.model_bytes = model.weightBytes();
    r.dtype = dtypeName(model.weightType());
    r.isa = kernels().name;
    r.prompt_tokens = prompt;
    r.gen_tokens = gen;

    std::vector<int> tokens{1 % c.vocab};
    std::uint64_t s = opt.seed * 0x9e3779b97f4a7c15ull + 7;
    while (static_cast<int>(tokens.size()) < prompt) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        tokens.push_back(static_cast<int>(s % static_cast<std::uint64_t>(c.vocab)));
    }

    touch(model, pool);
    // Warm-up: first use of every code path and buffer, outside the timing.
    ex.prefill(tokens.data(), std::min(prompt, 8));
    ex.decode(tokens[0]);
    ex.reset();

    // Prefill, next to an FMA-peak probe.
    const double peak = probe.peakFlops();
    const double cpu0 = processCpuSeconds();
    const auto t0 = Clock::now();
    const float* logits = ex.prefill(tokens.data(), prompt);
    const double prefillS = since(t0);
    const double prefillCpu = processCpuSeconds() - cpu0;
    int next = sampler.sample(logits, static_cast<std::size_t>(c.vocab));
    r.ttft_ms = since(t0) * 1e3;
    r.prefill_tok_s = prompt / prefillS;
    const double prefillFlops = model.matmulFlopsPerToken(false) * prompt + 2.0 * c.dim * c.vocab
                                + ex.prefillAttentionFlops(0, prompt);
    r.prefill_gflops = prefillFlops / prefillS / 1e9;
    r.peak_gflops = peak / 1e9;
    r.prefill_flops_fraction = prefillFlops / prefillS / peak;
    // Per CPU-second: FLOPs over the CPU time all threads spent in the prefill (spin-waits
    // included), against one thread's FMA peak per CPU-second.
    r.prefill_flops_fraction_cpu = prefillCpu > 0 && probe.lastPeakPerCpuSecond() > 0
                                       ? prefillFlops / prefillCpu / probe.lastPeakPerCpuSecond()
                                       : 0;

    // Decode, next to the bandwidth probes.
    MachineProfile machine;
    machine.threads = pool.size();
    machine.llc_bytes = cacheSizes().llc;
    machine.peak_flops = peak;
    machine.sync_s = probe.syncSeconds();
    machine.dot_bytes_s = probe.dotRate(model.weightType());
    machine.llc_bw_bytes_s = probe.llcBandwidth();
    machine.read_bw_bytes_s = probe.readBandwidth();
    const auto t1 = Clock::now();
    for (int i = 0; i < gen; ++i) {
        r.tokens.push_back(next);
        if (opt.onToken)
            opt.onToken(next);
        logits = ex.decode(next);
        next = sampler.sample(logits, static_cast<std::size_t>(c.vocab));
        if (opt.progress)
            opt.progress(i + 1, gen);
    }
    const double decodeS = since(t1);
    r.decode_tok_s = gen / decodeS;

    double kv = 0;
    for (int p = prompt; p < prompt + gen; ++p)
        kv += static_cast<double>(ex.kvBytesRead(p));
    kv /= gen;
    DecodeWorkload work;
    work.weight_bytes = static_cast<double>(model.decodeWeightBytes());
    work.kv_bytes = kv;
    work.flops = model.matmulFlopsPerToken(true) + ex.prefillAttentionFlops(prompt, gen) / gen;
    work.regions = ex.regionsPerToken();
    const DecodePrediction pred = predictDecode(machine, work);

    r.decode_bytes_per_token = work.weight_bytes + work.kv_bytes;
    r.decode_gbs = r.decode_bytes_per_token * r.decode_tok_s / 1e9;
    r.read_bw_gbs = machine.read_bw_bytes_s / 1e9;
    r.llc_bw_gbs = machine.llc_bw_bytes_s / 1e9;
    r.llc_bytes = machine.llc_bytes;
    r.in_llc = pred.in_llc;
    r.bandwidth_fraction = r.decode_gbs / r.read_bw_gbs;
    r.predicted_decode_tok_s = pred.tok_s;
    r.predicted_error = (pred.tok_s - r.decode_tok_s) / r.decode_tok_s;
    r.sync_us = machine.sync_s * 1e6;
    r.dot_gbs = machine.dot_bytes_s / 1e9;
    log->info("{}: decode {:.1f} tok/s ({:.2f} GB/s of {:.2f} probed), predicted {:.1f} ({} tier), prefill {:.1f} GFLOP/s of {:.1f}",
              model.source.toStdString(), r.decode_tok_s, r.decode_gbs, r.read_bw_gbs, pred.tok_s,
              pred.in_llc ? "llc" : "dram", r.prefill_gflops, r.peak_gflops);
    return r;
}

} // namespace is::exec
