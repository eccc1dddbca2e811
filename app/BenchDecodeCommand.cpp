// SPDX-License-Identifier: MIT
// `inference-studio bench-decode`: runs the real decode executor on this CPU and prints the
// measured speeds next to the prediction from probed machine characteristics.
#include "Command.h"

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

// Parses `--name value` and `--name=value`; returns an error message or an empty string.
QString parse(const QStringList& args, Options& o)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        QString name = args[i];
        QString value;
        bool hasValue = false;
        if (const qsizetype eq = name.indexOf(QLatin1Char('=')); name.startsWith(QLatin1String("--")) && eq > 0) {
            value = name.mid(eq + 1);
            name = name.left(eq);
            hasValue = true;
        }
        if (name == QLatin1String("--json")) {
            if (hasValue)
                return QStringLiteral("--json takes no value");
            o.json = true;
            continue;
        }
        const bool known = name == QLatin1String("--model") || name == QLatin1String("--synthetic")
                           || name == QLatin1String("--threads") || name == QLatin1String("--tokens")
                           || name == QLatin1String("--prompt") || name == QLatin1String("--temperature");
        if (!known)
            return QStringLiteral("unknown argument '%1'").arg(args[i]);
        if (!hasValue) {
            if (i + 1 >= args.size())
                return QStringLiteral("%1 needs a value").arg(name);
            value = args[++i];
        }
        auto positive = [&](int& target, int min, int max) -> QString {
            bool ok = false;
            const int v = value.toInt(&ok);
            if (!ok || v < min || v > max)
                return QStringLiteral("%1: '%2' is not an integer in %3..%4")
                    .arg(name, value, QString::number(min), QString::number(max));
            target = v;
            return {};
        };
        QString err;
        if (name == QLatin1String("--model"))
            o.model = value;
        else if (name == QLatin1String("--synthetic"))
            o.synthetic = value;
        else if (name == QLatin1String("--threads"))
            err = positive(o.threads, 1, 1024);
        else if (name == QLatin1String("--tokens"))
            err = positive(o.tokens, 1, 1 << 20);
        else if (name == QLatin1String("--prompt"))
            err = positive(o.prompt, 1, 1 << 20);
        else if (name == QLatin1String("--temperature")) {
            bool ok = false;
            o.temperature = value.toDouble(&ok);
            if (!ok || o.temperature < 0 || o.temperature > 100)
                err = QStringLiteral("--temperature: '%1' is not a number in 0..100").arg(value);
        }
        if (!err.isEmpty())
            return err;
    }
    if (!o.model.isEmpty() && !o.synthetic.isEmpty())
        return QStringLiteral("give either --model or --synthetic, not both");
    return {};
}

int runBenchDecode(const QStringList& args)
{
    Options o;
    if (const QString err = parse(args, o); !err.isEmpty())
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
        << QString::number(static_cast<double>(r.model_bytes) / 1e6, 'f', 1) << " MB)\n";
    out << "Threads:    " << r.threads << " (" << r.isa.c_str() << " kernels)\n";
    out << "Prefill:    " << QString::number(r.prefill_tok_s, 'f', 1) << " tok/s over " << r.prompt_tokens
        << " tokens, TTFT " << QString::number(r.ttft_ms, 'f', 1) << " ms, "
        << QString::number(r.prefill_gflops, 'f', 1) << " GFLOP/s = "
        << QString::number(100 * r.prefill_flops_fraction, 'f', 0) << "% of the probed FMA peak ("
        << QString::number(r.peak_gflops, 'f', 1) << " GFLOP/s)\n";
    out << "Decode:     " << QString::number(r.decode_tok_s, 'f', 1) << " tok/s, "
        << QString::number(r.decode_gbs, 'f', 2) << " GB/s = " << QString::number(100 * r.bandwidth_fraction, 'f', 0)
        << "% of the probed read bandwidth (" << QString::number(r.read_bw_gbs, 'f', 2) << " GB/s)\n";
    out << "Predicted:  " << QString::number(r.predicted_decode_tok_s, 'f', 1)
        << " tok/s by the engine on this machine, streaming from "
        << (r.in_llc ? "the last-level cache" : "DRAM") << " (probed "
        << QString::number(r.in_llc ? r.llc_stream_gbs : r.stream_gbs, 'f', 2) << " GB/s), error "
        << QString::number(100 * r.predicted_error, 'f', 1) << "%; prefill "
        << QString::number(r.predicted_prefill_tok_s, 'f', 1) << " tok/s, TTFT "
        << QString::number(r.predicted_ttft_ms, 'f', 1) << " ms\n";
    if (!model->vocab.empty()) {
        std::string text;
        for (int t : r.tokens)
            text += is::exec::tokenText(model->vocab[static_cast<std::size_t>(t)]);
        out << "Generated: " << QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())) << "\n";
    }
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg(
    "bench-decode", "bench-decode [--model FILE | --synthetic SPEC] [--threads N] [--tokens N] [--prompt N] [--json]",
    &runBenchDecode);

} // namespace
