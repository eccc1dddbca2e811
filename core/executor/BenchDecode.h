// SPDX-License-Identifier: MIT
#pragma once

#include "executor/Model.h"
#include "model/ModelDesc.h"

#include <QJsonObject>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace is::exec {

struct BenchOptions
{
    int threads = 1;
    int promptTokens = 128;
    int genTokens = 128;
    float temperature = 0.0f;
    std::uint64_t seed = 1;
    // Called after each generated token (index, total) and with each token's id.
    std::function<void(int, int)> progress;
    std::function<void(int)> onToken;
    // Polled between phases, between probe repetitions and before every token; when it returns
    // true the run stops and the result has `cancelled` set (empty = never cancelled).
    std::function<bool()> cancelled;
};

struct BenchResult
{
    // The design's contract fields.
    double decode_tok_s = 0;
    double prefill_tok_s = 0;
    double ttft_ms = 0;
    std::size_t model_bytes = 0;
    int threads = 0;
    double read_bw_gbs = 0;
    double predicted_decode_tok_s = 0;
    double bandwidth_fraction = 0;
    bool cancelled = false;
    // Supporting figures.
    std::string dtype;
    std::string isa;
    int prompt_tokens = 0;
    int gen_tokens = 0;
    double decode_bytes_per_token = 0;   // weights + average KV cache
    double decode_gbs = 0;               // achieved
    double llc_bw_gbs = 0;
    std::size_t llc_bytes = 0;
    bool in_llc = false; // the engine streamed the decode step from the LLC
    double peak_gflops = 0;
    double prefill_gflops = 0;
    double prefill_flops_fraction = 0;     // wall clock
    double prefill_flops_fraction_cpu = 0; // per CPU-second: unaffected by other processes' load
    double predicted_error = 0;          // (predicted - measured) / measured
    double predicted_prefill_tok_s = 0;  // the engine's prefill and time to first token
    double predicted_ttft_ms = 0;
    double stream_gbs = 0;               // decode kernel streaming the weight format from DRAM (probe,
                                         // sampled between the tokens when decode streams from
                                         // DRAM, else the mean of before and after decoding)
    double llc_stream_gbs = 0;           // ... and from the last-level cache
    double gemm_gflops = 0;              // prefill GEMM kernel on a cached 1024 x 1024 f32 matrix (probe)
    double kernel_overhead_us = 0;       // per kernel: a fork-join, the activations handed over (probe)
    double dot_gbs = 0;                  // in-cache matrix-vector rate of the weight format
    std::vector<int> tokens;

    QJsonObject toJson() const;
};

// The benchmark's model, or why there is none.
struct BenchModel
{
    enum class Failure {
        None,
        BadInput,    // the file or the spec (error names it and the field), or a synthetic model
                     // too large for this machine's memory, refused before allocating it
        OutOfMemory, // an allocation failed while loading
        Cancelled,   // options.cancelled returned true
    };
    std::unique_ptr<Model> model;
    Failure failure = Failure::None;
    QString error;
};

// Loads the benchmark's model: the GGUF or llama2.c file `modelFile`, else the synthetic model
// `syntheticSpec`, polling options.cancelled (before loading, before each chunk of a file's read
// or each tensor of a synthetic model, and after loading). The command line and the measure panel both load
// through here.
BenchModel loadBenchModel(const QString& modelFile, const QString& syntheticSpec,
                          const BenchOptions& options);

// The executor's model as the engine describes models: the same architecture counts.
is::ModelDesc modelDesc(const Model& model);

// Runs the benchmark: touches every weight byte, warms up, probes the FMA peak and times the
// prefill of a prompt, probes the memory tiers and times decoding (sampling DRAM between its
// tokens when the model streams from there), then asks the engine for
// its estimate on "this machine" (a Cpu-class device built from the probes, engine/ThisMachine.h),
// the same Engine::estimate the GUI and the command line use. Token ids of the prompt are
// deterministic (BOS, then a fixed sequence).
BenchResult runBenchDecode(const Model& model, const BenchOptions& options);

} // namespace is::exec
