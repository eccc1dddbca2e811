// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <optional>

namespace is {

// What the users ask of a deployment.
struct Workload
{
    double inputTokens = 1000;
    double outputTokens = 1000;
    int concurrency = 1;    // simultaneous streams
    double ttftLimitS = 0;  // 0 = no limit
    double tpotLimitS = 0;  // 0 = no limit
    bool p99Limits = false; // the limits bound the 99th percentile (MLPerf server), not the mean
    // Prefix caching (engine/PrefixReuse.h): the share of each prompt whose KV cache is already
    // held from an earlier turn (0: none, today's engine), and the sessions waiting between turns
    // (on a tool or the user) whose KV is kept for reuse: beyond free device memory it lives in
    // the offload tiers (host DRAM, SSD, MemoryX) and is read back at their bandwidth.
    double prefixHitRate = 0;
    int idleSessions = 0;
    // Whether a request has tokens after its first: one output token comes out of the prefill,
    // with no decode step, no time between tokens and nothing to set apart in a decode pool.
    bool decodes() const { return outputTokens > 1; }
    // The TPOT limit where it means something: without a decode none applies. The engine's TPOT
    // there is the cycle in which other streams' prompts prefill, which a limit would have
    // bounded, and a search reported as binding. 0 = no limit.
    double tpotLimitInForce() const { return decodes() ? tpotLimitS : 0.0; }
    // Whether the users set a latency target (either limit): what the comparison, `estimate` and
    // the Issues panel say whether a deployment meets.
    bool hasLatencyTargets() const { return ttftLimitS > 0 || tpotLimitInForce() > 0; }
    bool operator==(const Workload&) const = default;
};

// How the chips of one deployment split the model: tp x pp chips hold one replica, dp replicas
// serve in parallel, experts are spread over ep chips (within tp x dp).
struct ParallelPlan
{
    int tp = 1;
    int pp = 1;
    int ep = 1;
    int dp = 1;
    int chips() const { return tp * pp * dp; }
    QString toString() const;
    bool operator==(const ParallelPlan&) const = default;
};
// Reads toString()'s form ("TP1 EP4 DP4"): degrees in any order, case-insensitive, each at most
// once and at least 1; nullopt for anything else.
std::optional<ParallelPlan> parallelPlanFromString(const QString& text);

// Speculative decoding: a draft (model, Medusa heads, EAGLE, MTP) proposes tokens the target
// verifies in one step. `acceptance` = mean tokens produced per verification step.
enum class SpeculativeMethod { None, Draft, Medusa, Eagle3, Mtp };
QString speculativeMethodId(SpeculativeMethod m);
std::optional<SpeculativeMethod> speculativeMethodFromId(const QString& id);

// How the serving runtime admits a request against the KV cache. OnDemand (vLLM, SGLang) takes
// blocks as a sequence grows, so the running batch holds sequences at their mean context;
// ReserveFull (TensorRT-LLM's default GUARANTEED_NO_EVICT) admits a request only when its whole
// length, prompt and every output token, fits, so fewer run at once and none is ever evicted.
enum class KvAdmission { OnDemand, ReserveFull };
// "on-demand", "reserve-full": the scenario file's and the validation files' names.
QString kvAdmissionId(KvAdmission a);
std::optional<KvAdmission> kvAdmissionFromId(const QString& id);

// The context each running sequence holds KV cache for, as the runtime admits it: the mean
// context of its decode (input + output / 2) when blocks are taken on demand, the whole length
// when it is reserved at admission.
double admittedKvContext(const Workload& w, KvAdmission a);

// How the runtime schedules prompts across attention data-parallel ranks that share an expert
// group. The ranks meet at every MoE layer's all-to-all, so a step lasts as long as the slowest
// rank's. Aligned (TensorRT-LLM attention_dp_config.enable_balance) holds prompts back until every
// rank has one and prefills them in the same steps; Independent (the runtimes' default) lets each
// rank prefill when its own prompt arrives, and the other ranks wait out its dense and attention
// work.
enum class AttentionDpPrefill { Aligned, Independent };
// "aligned", "independent": the scenario file's and the validation files' names.
QString attentionDpPrefillId(AttentionDpPrefill a);
std::optional<AttentionDpPrefill> attentionDpPrefillFromId(const QString& id);

// How the scenario wants the batch chosen.
enum class ServingGoal {
    FixedConcurrency, // the workload's concurrency (single stream when 1)
    MaxThroughput,    // the largest batch that fits, no latency limit ("offline")
    LatencyBounded    // the best throughput whose mean TTFT and TPOT stay within the limits ("server")
};
// "fixed", "offline", "server": the scenario file's and the command line's names.
QString servingGoalId(ServingGoal g);
std::optional<ServingGoal> servingGoalFromId(const QString& id);

} // namespace is
