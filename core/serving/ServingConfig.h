// SPDX-License-Identifier: MIT
#pragma once

#include "cost/LatencyTargets.h"
#include "engine/Workload.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <map>
#include <optional>

namespace is::serving {

// How request lengths are drawn. `mean` 0 takes the scenario workload's length.
enum class LengthDist { Fixed, Normal, LogNormal };
struct LengthSpec
{
    LengthDist dist = LengthDist::Fixed;
    double mean = 0;
    double sd = 0;    // normal: standard deviation, tokens
    double sigma = 0; // log-normal: standard deviation of ln(length)
    double min = 1;
    double max = 0; // 0: no cap
    bool operator==(const LengthSpec&) const = default;
};

enum class ArrivalProcess { Poisson, Constant, Gamma, OnOff, Trace };
struct ArrivalSpec
{
    ArrivalProcess process = ArrivalProcess::Poisson;
    double rateRps = 0; // requests per second; 0: `load` times each deployment's capacity
    double load = 0.7;  // fraction of the engine's max-throughput capacity (assumed default)
    double cv = 2.0;    // gamma: coefficient of variation of the gaps (above 1: bursty)
    double onS = 10;    // on/off: mean length of a burst and of a pause (exponential)
    double offS = 30;
    QString traceFile; // trace: the CSV, as written (relative to the scenario's folder)
    bool operator==(const ArrivalSpec&) const = default;
};

// The continuous-batching scheduler (vLLM-style). Defaults are assumptions, stated in the JSON.
struct SchedulerSpec
{
    int maxBatchTokens = 8192; // tokens one step may carry, decode and prefill chunks together
    int maxSeqs = 0;           // running sequences per replica; 0: the engine's cap (4096)
    int blockTokens = 16;      // paged KV cache block size
    bool chunkedPrefill = true;
    double kvWatermark = 0.01; // share of KV blocks kept free when admitting
    // Blocks taken as sequences grow (vLLM), or each request's whole length reserved at
    // admission (TensorRT-LLM): the deployment's (Deployment::kvAdmission), which the estimate
    // and, through its StepCostModel, the simulation follow.
    KvAdmission kvAdmission = KvAdmission::OnDemand;
    // Whether attention-DP ranks sharing an expert group prefill in the same steps
    // (Deployment::attentionDpPrefill); the estimate's cycle, and through it the simulation's
    // prefill cost, follow it.
    AttentionDpPrefill attentionDpPrefill = AttentionDpPrefill::Aligned;
    bool operator==(const SchedulerSpec&) const = default;
};

// Disaggregated serving: replicas that only prefill hand the KV cache to replicas that only
// decode. Counted in replicas of the deployment's plan (tp x pp chips each).
struct DisaggSpec
{
    int prefillReplicas = 0;
    int decodeReplicas = 0;
    bool enabled() const { return prefillReplicas > 0 && decodeReplicas > 0; }
    bool operator==(const DisaggSpec&) const = default;
};

// An agent session: `calls` sequential requests with tool time between them; each call's
// prompt grows by `contextGrowthTokens` over the previous call's.
struct AgentSpec
{
    int calls = 0;
    double toolTimeS = 0;
    bool toolTimeExponential = false;
    double contextGrowthTokens = 0;
    // Each later call finds the previous call's context (prompt and output) cached, wherever the
    // session's KV cache waited in the meantime (device memory, host DRAM, SSD or evicted).
    bool reusePrefix = false;
    bool enabled() const { return calls > 0; }
    bool operator==(const AgentSpec&) const = default;
};

// Per-deployment settings that may differ (keyed by the deployment's id).
struct DeploymentServing
{
    SchedulerSpec scheduler;
    DisaggSpec disaggregated;
    bool operator==(const DeploymentServing&) const = default;
};

// The scenario's optional "serving" section (scenarios/README.md, "serving"). Trace files are
// named as written; RequestGenerator resolves them against the scenario's folder.
struct ServingConfig
{
    ArrivalSpec arrival;
    LengthSpec input;
    LengthSpec output;
    QString lengthTraceFile; // lengths resampled from a trace, as written; empty: the specs above
    DeploymentServing defaults;
    std::map<QString, DeploymentServing> perDeployment;
    AgentSpec agent;
    cost::StatedSlo slo; // goodput targets as serving.slo states them; 0: the workload's limits
    std::optional<ServingGoal> planGoal; // nullopt: "server" when targets exist, else "offline"
    int requests = 10000;
    std::uint64_t seed = 1;
    int timelinePoints = 240;

    const DeploymentServing& forDeployment(const QString& id) const;
    bool operator==(const ServingConfig&) const = default;
};

// Parses the "serving" object. Errors name the field: "serving.arrival.rate_rps: must be positive".
std::optional<ServingConfig> parseServingConfig(const QJsonObject& o, QString* error);
// Every setting, the defaults included.
QJsonObject servingConfigToJson(const ServingConfig& c);
// What a scenario file saves: the settings that differ from the defaults (empty: none do).
QJsonObject servingSectionJson(const ServingConfig& c);

QString arrivalProcessId(ArrivalProcess p);
QString lengthDistId(LengthDist d);

} // namespace is::serving
