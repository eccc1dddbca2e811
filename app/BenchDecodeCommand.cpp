// SPDX-License-Identifier: MIT
// `inference-studio bench-decode`: runs the real decode executor on this CPU and prints the
// measured speeds next to the prediction from probed machine characteristics.
#include "CliSupport.h"
#include "Command.h"
#include "common/NumberText.h"

#include "executor/BenchDecode.h"
#include "executor/Sampler.h"

#include <QJsonDocument>
#include <QTextStream>

#include <chrono>
#include <cstdio>
#include <memory>
#include <new>
#include <string>
#include <thread>

namespace {

const char* const kDefaultSpec = "dim=768,layers=12,heads=12,kv_heads=12,ffn=2048,vocab=32000,dtype=f16";

struct Options
{
    QString model;
    QString synthetic;
    int threads = 0;
    int tokens = 128;
    int prompt = 128;
    double temperature = 0.0;
    bool json = false;
};

int badInput(const QString& msg)
{
    QTextStream(stderr) << "inference-studio bench-decode: " << msg << "\n";
    return is::app::ExitBadInput;
}

constexpr const char* kUsage =
    "bench-decode [--model FILE | --synthetic SPEC] [--threads N] [--tokens N] [--prompt N] [--json]";

// Checks the values read by `args` into `o`; returns an error message or an empty string.
QString readOptions(const is::app::CommandLine& args, Options& o)
{
    o.json = args.isSet(QStringLiteral("json"));
    o.model = args.value(QStringLiteral("model"));
    o.synthetic = args.value(QStringLiteral("synthetic"));
    const auto whole = [&](const char* name, int& target, int min, int max) -> QString {
        if (!args.isSet(QLatin1String(name)))
            return {};
        const QString value = args.value(QLatin1String(name));
        bool ok = false;
        const int v = value.toInt(&ok);
        if (!ok || v < min || v > max)
            return QStringLiteral("--%1: '%2' is not an integer in %3..%4")
                .arg(QLatin1String(name), value, QString::number(min), QString::number(max));
        target = v;
        return {};
    };
    for (const QString& e : {whole("threads", o.threads, 1, 1024), whole("tokens", o.tokens, 1, 1 << 20),
                             whole("prompt", o.prompt, 1, 1 << 20)})
        if (!e.isEmpty())
            return e;
    if (args.isSet(QStringLiteral("temperature"))) {
        const QString value = args.value(QStringLiteral("temperature"));
        bool ok = false;
        o.temperature = value.toDouble(&ok);
        if (!ok || o.temperature < 0 || o.temperature > 100)
            return QStringLiteral("--temperature: '%1' is not a number in 0..100").arg(value);
    }
    if (!o.model.isEmpty() && !o.synthetic.isEmpty())
        return QStringLiteral("give either --model or --synthetic, not both");
    return {};
}

int runBenchDecode(const QStringList& argsIn)
{
    is::app::CommandLine args(QStringLiteral("inference-studio bench-decode"), QLatin1String(kUsage),
                              QString());
    args.addOption({QStringLiteral("model")}, QStringLiteral("FILE"),
                   QStringLiteral("A GGUF or llama2.c model to run."));
    args.addOption(
        {QStringLiteral("synthetic")}, QStringLiteral("SPEC"),
        QStringLiteral("A model of random weights (default: %1).").arg(QLatin1String(kDefaultSpec)));
    args.addOption({QStringLiteral("threads")}, QStringLiteral("N"),
                   QStringLiteral("Threads, 1 to 1024 (default: every core)."));
    args.addOption({QStringLiteral("tokens")}, QStringLiteral("N"),
                   QStringLiteral("Tokens to generate (default 128)."));
    args.addOption({QStringLiteral("prompt")}, QStringLiteral("N"),
                   QStringLiteral("Prompt tokens to prefill (default 128)."));
    args.addOption({QStringLiteral("temperature")}, QStringLiteral("T"),
                   QStringLiteral("Sampling temperature, 0 (greedy) to 100 (default 0)."));
    args.addFlag(QStringLiteral("json"), QStringLiteral("Print the measurement and the prediction as JSON."));
    {
        QTextStream out(stdout), err(stderr);
        if (const auto stop = args.parse(argsIn, out, err))
            return *stop;
    }
    Options o;
    if (const QString err = readOptions(args, o); !err.isEmpty())
        return badInput(err);
    if (o.threads == 0)
        o.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));

    const QString specText = o.synthetic.isEmpty() ? QLatin1String(kDefaultSpec) : o.synthetic;
    is::exec::BenchModel load =
        is::exec::loadBenchModel(o.model, o.model.isEmpty() ? specText : QString(), {});
    if (load.failure == is::exec::BenchModel::Failure::OutOfMemory) {
        QTextStream(stderr) << "inference-studio bench-decode: " << load.error << "\n";
        return is::app::ExitRuntimeFailure;
    }
    if (!load.model)
        return badInput(load.error);
    const std::unique_ptr<is::exec::Model> model = std::move(load.model);

    // Progress on stderr, redrawn in place at most ten times a second.
    auto lastDraw = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    is::exec::BenchOptions bo;
    bo.threads = o.threads;
    bo.promptTokens = o.prompt;
    bo.genTokens = o.tokens;
    bo.temperature = static_cast<float>(o.temperature);
    bo.progress = [&](int done, int total) {
        const auto now = std::chrono::steady_clock::now();
        if (done != total && now - lastDraw < std::chrono::milliseconds(100))
            return;
        lastDraw = now;
        std::fprintf(stderr, "\rdecoding: %d/%d tokens", done, total);
        if (done == total)
            std::fprintf(stderr, "\r%*s\r", 60, "");
        std::fflush(stderr);
    };
    std::fprintf(stderr, "prefill: %d tokens, probing the machine...", o.prompt);
    std::fflush(stderr);

    is::exec::BenchResult r;
    try {
        r = is::exec::runBenchDecode(*model, bo);
    } catch (const std::bad_alloc&) {
        QTextStream(stderr) << "\ninference-studio bench-decode: out of memory while running the model\n";
        return is::app::ExitRuntimeFailure;
    }

    QTextStream out(stdout);
    if (o.json) {
        QJsonObject j = r.toJson();
        j[QStringLiteral("model")] = model->source;
        j[QStringLiteral("format")] = model->format;
        out << QJsonDocument(j).toJson(QJsonDocument::Compact) << "\n";
        return is::app::ExitOk;
    }
    out << "Model:      " << model->source << " (" << model->format << ", " << r.dtype.c_str() << ", "
        << is::fixedDecimals(static_cast<double>(r.model_bytes) / 1e6, 1) << " MB)\n";
    out << "Threads:    " << r.threads << " (" << r.isa.c_str() << " kernels)\n";
    out << "Prefill:    " << is::fixedDecimals(r.prefill_tok_s, 1) << " tok/s over " << r.prompt_tokens
        << " tokens, TTFT " << is::fixedDecimals(r.ttft_ms, 1) << " ms, "
        << is::fixedDecimals(r.prefill_gflops, 1)
        << " GFLOP/s = " << is::fixedDecimals(100 * r.prefill_flops_fraction, 0)
        << "% of the probed FMA peak (" << is::fixedDecimals(r.peak_gflops, 1) << " GFLOP/s)\n";
    out << "Decode:     " << is::fixedDecimals(r.decode_tok_s, 1) << " tok/s, "
        << is::fixedDecimals(r.decode_gbs, 2)
        << " GB/s = " << is::fixedDecimals(100 * r.bandwidth_fraction, 0)
        << "% of the probed read bandwidth (" << is::fixedDecimals(r.read_bw_gbs, 2) << " GB/s)\n";
    out << "Predicted:  " << is::fixedDecimals(r.predicted_decode_tok_s, 1)
        << " tok/s by the engine on this machine, streaming from "
        << (r.in_llc ? "the last-level cache" : "DRAM") << " (probed "
        << is::fixedDecimals(r.in_llc ? r.llc_stream_gbs : r.stream_gbs, 2) << " GB/s), error "
        << is::fixedDecimals(100 * r.predicted_error, 1) << "%; prefill "
        << is::fixedDecimals(r.predicted_prefill_tok_s, 1) << " tok/s, TTFT "
        << is::fixedDecimals(r.predicted_ttft_ms, 1) << " ms\n";
    if (!model->vocab.empty()) {
        std::string text;
        for (int t : r.tokens)
            text += is::exec::tokenText(model->vocab[static_cast<std::size_t>(t)]);
        out << "Generated: " << QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())) << "\n";
    }
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg("bench-decode", kUsage, &runBenchDecode);

} // namespace
