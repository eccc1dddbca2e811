// SPDX-License-Identifier: MIT
#pragma once

#include "executor/DecodePrediction.h"
#include "executor/Model.h"

#include <QJsonObject>

#include <cstdint>
#include <functional>
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
    // Supporting figures.
    std::string dtype;
    std::string isa;
    int prompt_tokens = 0;
    int gen_tokens = 0;
    double decode_bytes_per_token = 0;   // weights + average KV cache
    double decode_gbs = 0;               // achieved
    double llc_bw_gbs = 0;
    std::size_t llc_bytes = 0;
    bool in_llc = false;
    double peak_gflops = 0;
    double prefill_gflops = 0;
    double prefill_flops_fraction = 0;     // wall clock
    double prefill_flops_fraction_cpu = 0; // per CPU-second: unaffected by other processes' load
    double predicted_error = 0;          // (predicted - measured) / measured
    double sync_us = 0;
    double dot_gbs = 0;                  // in-cache matrix-vector rate of the weight format
    std::vector<int> tokens;

    QJsonObject toJson() const;
};

// Runs the benchmark: touches every weight byte, warms up, probes the FMA peak and times the
// prefill of a prompt, probes the read bandwidth and times decoding, then predicts the decode
// speed from the probes. Token ids of the prompt are deterministic (BOS, then a fixed sequence).
BenchResult runBenchDecode(const Model& model, const BenchOptions& options);

} // namespace is::exec
