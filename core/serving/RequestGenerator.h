// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Workload.h"
#include "serving/ServingConfig.h"
#include "serving/Trace.h"

#include <optional>
#include <vector>

namespace is::serving {

class Rng;

// One request the simulator serves.
struct RequestSpec
{
    double arrivalS = 0; // for an agent's later calls: filled in by the simulator
    int inputTokens = 1;
    int outputTokens = 1;
    double toolTimeS = 0; // agent sessions: tool time after this call before the next one
    int cachedTokens = 0; // prompt tokens whose KV is already cached (workload.prefix_hit_rate)
};

// Requests in arrival order. With agent sessions, session i's calls are requests
// [i * callsPerSession, (i + 1) * callsPerSession); only each session's first call has a
// known arrival time.
struct RequestSet
{
    std::vector<RequestSpec> requests;
    int callsPerSession = 1;
    double maxContext = 1;    // longest prompt + output
    bool reusePrefix = false; // agent calls reuse the previous call's context (AgentSpec)
};

// Draws requests for a serving configuration. Traces are read once, at creation. Arrival times
// and lengths come from separate streams of the seed, so two deployments simulated at different
// rates see the same request lengths (common random numbers make comparisons fair).
class RequestGenerator
{
public:
    // Reads the trace files the configuration names; errors name the file and line.
    // Trace files named relatively resolve against `baseDir` (the scenario's folder; empty: the
    // current directory).
    static std::optional<RequestGenerator> create(const ServingConfig& c, const Workload& w,
                                                  const QString& baseDir, QString* error);

    // `count` requests (rounded up to whole sessions) arriving at `rateRps` on average. A trace
    // arrival process ignores the rate and yields at most the trace's rows.
    RequestSet generate(double rateRps, int count) const;

    bool fixedArrivals() const { return m_config.arrival.process == ArrivalProcess::Trace; }
    // Mean lengths (for capacity in requests per second).
    double meanInput() const { return m_meanInput; }
    double meanOutput() const { return m_meanOutput; }

private:
    int sampleLength(const LengthSpec& l, double fallback, Rng& rng) const;

    ServingConfig m_config;
    Workload m_workload;
    std::vector<TraceRow> m_arrivalTrace;
    std::vector<TraceRow> m_lengthTrace;
    double m_meanInput = 0;
    double m_meanOutput = 0;
};

} // namespace is::serving
