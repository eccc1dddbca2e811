// SPDX-License-Identifier: MIT
#include "executor/BenchDecode.h"

#include "executor/Executor.h"
#include "executor/GgufReader.h"
#include "executor/Kernels.h"
#include "executor/MachineProbe.h"
#include "executor/ModelLoader.h"
#include "executor/Sampler.h"
#include "executor/SyntheticModel.h"
#include "executor/ThreadPool.h"

#include "common/Log.h"
#include "engine/ThisMachine.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <unistd.h>

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
    o[QStringLiteral("predicted_prefill_tok_s")] = predicted_prefill_tok_s;
    o[QStringLiteral("predicted_ttft_ms")] = predicted_ttft_ms;
    o[QStringLiteral("stream_gbs")] = stream_gbs;
    o[QStringLiteral("llc_stream_gbs")] = llc_stream_gbs;
    o[QStringLiteral("gemm_gflops")] = gemm_gflops;
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
    o[QStringLiteral("kernel_overhead_us")] = kernel_overhead_us;
    o[QStringLiteral("dot_gbs")] = dot_gbs;
    return o;
}

namespace {

// The engine's precision for a weight format. Q8_0 is int8 weights with one f16 scale per 32,
// counted by the engine as 1 byte a weight; its probed streaming rate is converted to that
// accounting (bytes of weights the kernel consumes per second x 32/34).
is::Precision precisionOf(DType t)
{
    switch (t) {
    case DType::F32: return is::Precision::FP32;
    case DType::F16: return is::Precision::FP16;
    case DType::BF16: return is::Precision::BF16;
    case DType::Q8_0: return is::Precision::INT8;
    }
    return is::Precision::FP32;
}

double engineBytesPerFileByte(DType t)
{
    const double fileBytesPerWeight = static_cast<double>(*rowBytes(t, kQ8Block)) / kQ8Block;
    return is::bytesPerElement(precisionOf(t)) / fileBytesPerWeight;
}

double physicalMemoryBytes()
{
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? static_cast<double>(pages) * static_cast<double>(page) : 0.0;
}

} // namespace

BenchModel loadBenchModel(const QString& modelFile, const QString& syntheticSpec, const BenchOptions& opt)
{
    const auto stop = [&] { return opt.cancelled && opt.cancelled(); };
    BenchModel r;
    auto fail = [&](BenchModel::Failure f, const QString& error) {
        r.model.reset();
        r.failure = f;
        r.error = error;
        return std::move(r);
    };
    if (stop())
        return fail(BenchModel::Failure::Cancelled, {});
    QString error;
    try {
        if (!modelFile.isEmpty()) {
            r.model = loadModelFile(modelFile, &error, opt.cancelled);
        } else {
            const auto spec = parseSyntheticSpec(syntheticSpec, &error);
            if (!spec)
                return fail(BenchModel::Failure::BadInput, error);
            // Generating keeps the tensors and the file image at once: refuse what cannot fit
            // rather than let the system start swapping or kill the process.
            const double bytes = syntheticWeightBytes(*spec), ram = physicalMemoryBytes();
            if (ram > 0 && bytes > 0.6 * ram)
                return fail(BenchModel::Failure::BadInput,
                            QCoreApplication::translate(
                                "is::exec::BenchDecode",
                                "synthetic:%1: the model needs %2 GB, more than this machine's memory "
                                "allows (%3 GB)")
                                .arg(spec->toString())
                                .arg(bytes / 1e9, 0, 'f', 1)
                                .arg(ram / 1e9, 0, 'f', 1));
            AlignedBuffer image = writeSyntheticGguf(*spec, opt.cancelled);
            if (!image.empty())
                r.model =
                    loadGgufBuffer(std::move(image), QStringLiteral("synthetic:") + spec->toString(), &error);
        }
    } catch (const std::bad_alloc&) {
        return fail(
            BenchModel::Failure::OutOfMemory,
            QCoreApplication::translate("is::exec::BenchDecode", "out of memory while loading the model"));
    }
    if (stop())
        return fail(BenchModel::Failure::Cancelled, {});
    if (!r.model)
        return fail(BenchModel::Failure::BadInput, error);
    return r;
}

is::ModelDesc modelDesc(const Model& model)
{
    const ModelConfig& c = model.cfg;
    is::ModelDesc m;
    m.id = model.source;
    m.name = model.source;
    m.layers = c.layers;
    m.hidden = c.dim;
    m.heads = c.heads;
    m.kvHeads = c.kvHeads;
    m.headDim = c.headDim();
    m.vocab = c.vocab;
    m.tiedEmbeddings = model.output.data == model.tokenEmbd.data;
    m.maxContext = c.seqLen;
    m.attention = is::attentionKindFor(c.heads, c.kvHeads);
    if (c.experts > 0) {
        m.experts = c.experts;
        m.activeExperts = c.topK;
        m.expertFfn = c.hidden;
    } else {
        m.denseFfn = c.hidden;
    }
    return m;
}

BenchResult runBenchDecode(const Model& model, const BenchOptions& opt)
{
    auto log = is::log::get("executor");
    BenchResult r;
    const auto stop = [&] { return opt.cancelled && opt.cancelled(); };
    // Checked between phases: a cancelled run returns what it has, marked cancelled.
    const auto cancelledNow = [&] { return r.cancelled = stop(); };
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
    if (cancelledNow())
        return r;

    std::vector<int> tokens{1 % c.vocab};
    std::uint64_t s = opt.seed * 0x9e3779b97f4a7c15ull + 7;
    while (static_cast<int>(tokens.size()) < prompt) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        tokens.push_back(static_cast<int>(s % static_cast<std::uint64_t>(c.vocab)));
    }

    touch(model, pool);
    // Warm-up: first use of every code path and buffer, outside the timing. The whole prompt, so
    // the prefill's buffers are touched at the size the timed prefill uses: after a shorter
    // warm-up they grew inside the timing, a few hundred page faults (zeroed pages) in it.
    ex.prefill(tokens.data(), prompt);
    ex.decode(tokens[0]);
    ex.reset();
    if (cancelledNow())
        return r;

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
    // The prompt's nominal FLOPs: 2 x the layers' matrix parameters x tokens, the classifier for
    // the one token whose logits are read, attention. A fixed count per prompt, so the fraction
    // tracks prefill speed: the executor itself runs less, its last layer only keys and values
    // past the last token (Executor::prefillLastLayer; 6.9 % fewer FLOPs on the target model).
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
    if (cancelledNow())
        return r;

    // The probes "this machine" is described by, right before decoding: memory tiers as the
    // decode kernel streams the model's weight format from them, the kernels' compute rates,
    // the cost of a kernel boundary at the model's width.
    const DType wt = model.weightType();
    is::MachineProbes mp;
    mp.threads = pool.size();
    mp.peakFlops = peak;
    mp.gemmFlops = probe.gemmRate();
    const double dot = probe.dotRate(wt); // weight bytes/s with the rows in L2
    mp.matvecFlops = dot * engineBytesPerFileByte(wt) / is::bytesPerElement(precisionOf(wt)) * 2.0;
    mp.kernelOverheadS = probe.kernelBoundarySeconds(static_cast<std::size_t>(c.dim));
    mp.memoryBytes = physicalMemoryBytes();
    mp.cacheBytes = static_cast<double>(probe.caches().llc);
    if (cancelledNow())
        return r;
    // Decode forks and joins once per matrix; the streaming probes do too, in regions of the
    // model's matrix sizes (a shared machine's preemptions hit both alike), over rows as long as
    // the model's (short rows cost more per byte than long ones).
    const std::vector<std::size_t> regionBytes = ex.decodeRegionBytes();
    // The cache tier at decode's working set (up to half the LLC): other tenants of a shared
    // LLC leave a model of 19 MB there at a third more bandwidth than a buffer of 24 MB.
    const std::size_t cacheSet = model.decodeWeightBytes();
    const double llcStream =
        probe.streamRate(wt, true, regionBytes, static_cast<std::size_t>(c.dim), 5, cacheSet);
    r.llc_bw_gbs = probe.llcBandwidth() / 1e9;
    if (cancelledNow())
        return r;
    const double dramStream = probe.streamRate(wt, false, regionBytes, static_cast<std::size_t>(c.dim));
    r.read_bw_gbs = probe.readBandwidth() / 1e9;
    mp.cacheBandwidth = llcStream * engineBytesPerFileByte(wt);
    mp.memoryBandwidth = dramStream * engineBytesPerFileByte(wt);
    if (cancelledNow())
        return r;

    // Which tier the engine streams decode from, given the probes so far. From DRAM, the
    // bandwidth is sampled between tokens for the whole run: on a shared machine what is left
    // to us drifts by tens of percent within seconds, and samples taken at the same moments as
    // the tokens see the same drift. Each sample streams a quarter of a token's weight bytes, so
    // sampling adds a quarter to the run's length. From the LLC, a DRAM sample would evict the
    // model, so that tier is probed before and after instead.
    const is::ModelDesc desc = modelDesc(model);
    QString err;
    const auto tierEstimate = is::estimateThisMachine(mp, desc, precisionOf(wt), is::Precision::FP32,
                                                      is::Precision::FP32, prompt, gen, &err);
    const bool sampleDram = tierEstimate && !tierEstimate->decodeFromCache;
    const std::size_t sampleBytes = model.decodeWeightBytes() / 4;
    StreamSample dramDuring;
    double decodeS = 0;
    for (int i = 0; i < gen; ++i) {
        if (cancelledNow())
            return r;
        r.tokens.push_back(next);
        if (opt.onToken)
            opt.onToken(next);
        if (sampleDram)
            dramDuring += probe.streamSample(sampleBytes);
        const auto t1 = Clock::now();
        logits = ex.decode(next);
        next = sampler.sample(logits, static_cast<std::size_t>(c.vocab));
        decodeS += since(t1);
        if (opt.progress)
            opt.progress(i + 1, gen);
    }
    r.decode_tok_s = gen / decodeS;

    if (sampleDram && dramDuring.rate() > 0)
        mp.memoryBandwidth = dramDuring.rate() * engineBytesPerFileByte(wt);
    // The tiers probed before decoding, again right after it: the engine gets the mean of the
    // two sides of the run for each tier not sampled during it.
    if (!stop()) {
        if (!sampleDram) {
            const double dramAfter =
                probe.streamRate(wt, false, regionBytes, static_cast<std::size_t>(c.dim));
            mp.memoryBandwidth = 0.5 * (dramStream + dramAfter) * engineBytesPerFileByte(wt);
        }
        const double llcAfter =
            probe.streamRate(wt, true, regionBytes, static_cast<std::size_t>(c.dim), 5, cacheSet);
        mp.cacheBandwidth = 0.5 * (llcStream + llcAfter) * engineBytesPerFileByte(wt);
    }

    double kv = 0;
    for (int p = prompt; p < prompt + gen; ++p)
        kv += static_cast<double>(ex.kvBytesRead(p));
    kv /= gen;
    r.decode_bytes_per_token = static_cast<double>(model.decodeWeightBytes()) + kv;
    r.decode_gbs = r.decode_bytes_per_token * r.decode_tok_s / 1e9;
    r.bandwidth_fraction = r.decode_gbs / r.read_bw_gbs;
    r.llc_bytes = probe.caches().llc;
    r.stream_gbs = mp.memoryBandwidth / engineBytesPerFileByte(wt) / 1e9;
    r.llc_stream_gbs = mp.cacheBandwidth / engineBytesPerFileByte(wt) / 1e9;
    r.gemm_gflops = mp.gemmFlops / 1e9;
    r.kernel_overhead_us = mp.kernelOverheadS * 1e6;
    r.dot_gbs = dot / 1e9;

    // The engine's estimate for the same model, precisions, threads and lengths on this machine.
    const auto est = is::estimateThisMachine(mp, desc, precisionOf(wt), is::Precision::FP32, is::Precision::FP32, prompt,
                                             gen, &err);
    if (est) {
        r.predicted_decode_tok_s = est->tpotS > 0 ? 1.0 / est->tpotS : 0;
        r.predicted_prefill_tok_s = est->prefillS > 0 ? prompt / est->prefillS : 0;
        r.predicted_ttft_ms = est->ttftS * 1e3;
        r.in_llc = est->decodeFromCache;
    } else {
        log->warn("engine estimate for {} failed: {}", model.source.toStdString(), err.toStdString());
    }
    r.predicted_error = r.predicted_decode_tok_s > 0 ? (r.predicted_decode_tok_s - r.decode_tok_s) / r.decode_tok_s : 0;
    log->info("{}: decode {:.1f} tok/s ({:.2f} GB/s of {:.2f} probed), engine predicts {:.1f} ({} tier), prefill {:.1f} GFLOP/s of {:.1f}",
              model.source.toStdString(), r.decode_tok_s, r.decode_gbs, r.read_bw_gbs, r.predicted_decode_tok_s,
              r.in_llc ? "llc" : "dram", r.prefill_gflops, r.peak_gflops);
    return r;
}

} // namespace is::exec
