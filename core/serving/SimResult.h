// SPDX-License-Identifier: MIT
#pragma once

#include "engine/KvTiers.h"

#include <array>
#include <vector>

namespace is::serving {

// Summary of a latency distribution (seconds). `cdf` holds evenly spaced quantiles
// (0, 1/(n-1), ..., 1) for a CDF chart.
struct Percentiles
{
    double mean = 0;
    double p50 = 0;
    double p90 = 0;
    double p99 = 0;
    double max = 0;
    std::vector<double> cdf;
};

// Time averages over one bucket of the run (for timeline charts).
struct TimelinePoint
{
    double tS = 0;          // bucket centre
    double queue = 0;       // requests waiting for admission
    double batch = 0;       // sequences on the replicas (prefilling and decoding)
    double kvUse = 0;       // share of the KV cache in use, 0..1
    double utilisation = 0; // share of the chips' dynamic power drawn, 0..1 (power)
};

// What prefix caching did over the run (workload.prefix_hit_rate, serving.agent.reuse_prefix).
struct ReuseStats
{
    int requests = 0; // requests admitted with part of their prompt cached
    double prefillTokensSkipped = 0;
    double readbackMeanS = 0;               // over those requests: copying their KV back from an offload tier
    std::array<int, kKvTierCount> byTier{}; // agent calls by the tier their context waited in
};

struct SessionStats
{
    int sessions = 0;
    int callsPerSession = 0;
    Percentiles e2eS; // first call's arrival to last call's last token
};

// Everything one simulation of one deployment yields. Plain data: a Qt widget reads it directly.
struct SimResult
{
    int requests = 0;
    int completed = 0;
    int rejected = 0;      // longer than the whole KV cache: never admitted
    double durationS = 0;  // first arrival to last completion
    double arrivalRps = 0; // offered load

    Percentiles ttftS;
    Percentiles tpotS; // per request: (last token - first token) / (output - 1)
    Percentiles e2eS;
    Percentiles queueWaitS; // arrival at the scheduler to first admission

    double throughputTokS = 0; // output tokens/s while fed (admission of 10 % to 100 % of requests)
    double throughputRps = 0;
    double inputTokS = 0;
    double goodputRps = 0;      // requests/s that met both latency targets
    double goodputFraction = 0; // of all requests (rejected ones included), the share that met both targets
    double ttftTargetS = 0;
    double tpotTargetS = 0;

    long preemptions = 0;
    double kvUseMean = 0;
    double kvUseMax = 0;
    double queueMean = 0;
    double queueMax = 0;
    double batchMean = 0;
    double batchMax = 0;
    // Little's law over the middle of the run: mean requests in the system vs arrival rate x
    // mean time in the system.
    double littleL = 0;
    double littleLambdaW = 0;

    double utilisationMean = 0; // time average over the run, for energy
    double prefillShare = 0;    // of the busy machine time, the share spent prefilling
    double inputTokens = 0;     // prompt tokens of completed requests
    double outputTokens = 0;

    std::vector<TimelinePoint> timeline;
    SessionStats sessions;
    ReuseStats reuse;
};

} // namespace is::serving
