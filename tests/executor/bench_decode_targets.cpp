// SPDX-License-Identifier: MIT
// Measures the executor against the targets on the synthetic model
// dim=768,layers=12,heads=12,kv_heads=12,ffn=2048,vocab=32000 with 2 threads, plus a model small
// enough for the last-level cache: the largest of a few whose decode step reads at most a quarter
// of it (on a shared machine other tenants hold part of the LLC, and a model near half of it
// sits on the edge of what they leave: its decode speed then swings by half between runs).
// Prints medians over several runs. Not part of ctest: timing on a shared machine is a figure to
// report, not an assertion.
//   bench_decode_targets [--runs N] [--threads N] [--tokens N] [--only f32|f16|bf16|q8_0|llc]
#include "executor/BenchDecode.h"
#include "executor/GgufReader.h"
#include "executor/MachineProbe.h"
#include "executor/SyntheticModel.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

using namespace is::exec;

namespace {

std::unique_ptr<Model> syntheticModel(const QString& specText, QString* err)
{
    const auto spec = parseSyntheticSpec(specText, err);
    return spec ? loadGgufBuffer(writeSyntheticGguf(*spec), specText, err) : nullptr;
}

struct NamedModel
{
    QString spec;
    std::unique_ptr<Model> model;
};

// The largest candidate whose decode step reads at most a quarter of the LLC (else the smallest),
// built once: the one that fits is the one the bench runs.
NamedModel llcModel(QString* err)
{
    const char* candidates[] = {
        "dim=256,layers=4,heads=4,kv_heads=4,ffn=768,vocab=4096,dtype=f32",
        "dim=256,layers=2,heads=4,kv_heads=4,ffn=768,vocab=4096,dtype=f32",
        "dim=256,layers=1,heads=4,kv_heads=4,ffn=768,vocab=4096,dtype=f32",
        "dim=128,layers=2,heads=2,kv_heads=2,ffn=384,vocab=2048,dtype=f32",
        "dim=128,layers=1,heads=2,kv_heads=2,ffn=384,vocab=2048,dtype=f32",
    };
    const std::size_t budget = cacheSizes().llc / 4;
    NamedModel m;
    for (const char* c : candidates) {
        m.spec = QString::fromLatin1(c);
        m.model = syntheticModel(m.spec, err);
        if (!m.model || m.model->decodeWeightBytes() <= budget)
            break;
    }
    return m;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    int runs = 5, threads = 2, tokens = 64;
    const char* only = nullptr;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--runs"))
            runs = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--threads"))
            threads = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--tokens"))
            tokens = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--only"))
            only = argv[i + 1];
    }
    struct Case
    {
        const char* name;
        const char* spec;
        int prompt;
        int gen;
    };
    const QString big = QStringLiteral("dim=768,layers=12,heads=12,kv_heads=12,ffn=2048,vocab=32000,dtype=");
    const Case cases[] = {
        {"f32", "f32", 128, tokens},   {"f16", "f16", 128, tokens}, {"bf16", "bf16", 128, tokens},
        {"q8_0", "q8_0", 128, tokens}, {"llc", "", 16, 256},
    };
    std::printf("%-6s %9s %9s %8s %9s %9s %9s %8s %9s %8s %9s %8s %8s\n", "case", "dec_tok/s", "dec_GB/s", "rd_GB/s",
                "bw_frac", "pred_t/s", "pred_err", "in_llc", "pf_GFLOP", "peak_GF", "pf_frac", "ttft_ms", "pf_fcpu");
    for (const Case& c : cases) {
        if (only && std::strcmp(only, c.name) != 0)
            continue;
        const bool llc = std::strcmp(c.name, "llc") == 0;
        QString err;
        NamedModel named = llc ? llcModel(&err) : NamedModel{big + QLatin1String(c.spec), nullptr};
        if (llc)
            std::fprintf(stderr, "llc model: %s\n", qPrintable(named.spec));
        else
            named.model = syntheticModel(named.spec, &err);
        const std::unique_ptr<Model>& model = named.model;
        if (!model) {
            std::fprintf(stderr, "%s\n", qPrintable(err));
            return 1;
        }
        std::vector<double> tok, gbs, rbw, frac, pred, perr, pfg, peak, pff, ttft, pfc;
        bool inLlc = false;
        for (int r = 0; r < runs; ++r) {
            BenchOptions o;
            o.threads = threads;
            o.promptTokens = c.prompt;
            o.genTokens = c.gen;
            const BenchResult b = runBenchDecode(*model, o);
            tok.push_back(b.decode_tok_s);
            gbs.push_back(b.decode_gbs);
            rbw.push_back(b.read_bw_gbs);
            frac.push_back(b.bandwidth_fraction);
            pred.push_back(b.predicted_decode_tok_s);
            perr.push_back(b.predicted_error);
            pfg.push_back(b.prefill_gflops);
            peak.push_back(b.peak_gflops);
            pff.push_back(b.prefill_flops_fraction);
            ttft.push_back(b.ttft_ms);
            pfc.push_back(b.prefill_flops_fraction_cpu);
            inLlc = b.in_llc;
            std::fprintf(stderr, "  run %d: %s\n", r + 1, QJsonDocument(b.toJson()).toJson(QJsonDocument::Compact).constData());
        }
        std::printf("%-6s %9.2f %9.2f %8.2f %9.3f %9.2f %+9.3f %8s %9.1f %8.1f %9.3f %8.1f %8.3f\n", c.name, median(tok),
                    median(gbs), median(rbw), median(frac), median(pred), median(perr), inLlc ? "yes" : "no", median(pfg),
                    median(peak), median(pff), median(ttft), median(pfc));
        std::fflush(stdout);
    }
    return 0;
}
