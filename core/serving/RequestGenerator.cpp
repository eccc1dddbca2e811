// SPDX-License-Identifier: MIT
#include "serving/RequestGenerator.h"

#include "serving/Random.h"

#include <QDir>

#include <algorithm>
#include <cmath>

namespace is::serving {

namespace {

constexpr std::uint64_t kLengthStream = 0x9E3779B97F4A7C15ULL;

double meanOf(const LengthSpec& l, double fallback)
{
    double m = l.mean > 0 ? l.mean : fallback;
    if (l.max > 0)
        m = std::min(m, l.max);
    return std::max(m, l.min);
}

} // namespace

std::optional<RequestGenerator> RequestGenerator::create(const ServingConfig& c, const Workload& w,
                                                         const QString& baseDir, QString* error)
{
    const QDir dir(baseDir.isEmpty() ? QDir::currentPath() : baseDir);
    RequestGenerator g;
    g.m_config = c;
    g.m_workload = w;
    if (c.arrival.process == ArrivalProcess::Trace) {
        auto rows = loadTraceCsv(dir.filePath(c.arrival.traceFile), error);
        if (!rows)
            return std::nullopt;
        g.m_arrivalTrace = std::move(*rows);
    }
    if (!c.lengthTraceFile.isEmpty()) {
        auto rows = loadTraceCsv(dir.filePath(c.lengthTraceFile), error);
        if (!rows)
            return std::nullopt;
        g.m_lengthTrace = std::move(*rows);
    }
    const std::vector<TraceRow>& lengths = !g.m_arrivalTrace.empty() ? g.m_arrivalTrace : g.m_lengthTrace;
    if (!lengths.empty()) {
        double in = 0;
        double out = 0;
        for (const TraceRow& r : lengths) {
            in += r.inputTokens;
            out += r.outputTokens;
        }
        g.m_meanInput = in / static_cast<double>(lengths.size());
        g.m_meanOutput = out / static_cast<double>(lengths.size());
    } else {
        g.m_meanInput = meanOf(c.input, w.inputTokens);
        g.m_meanOutput = meanOf(c.output, w.outputTokens);
    }
    return g;
}

int RequestGenerator::sampleLength(const LengthSpec& l, double fallback, Rng& rng) const
{
    const double mean = l.mean > 0 ? l.mean : fallback;
    double v = mean;
    switch (l.dist) {
    case LengthDist::Fixed:
        break;
    case LengthDist::Normal:
        v = mean + l.sd * rng.normal();
        break;
    case LengthDist::LogNormal:
        // Parametrised by the arithmetic mean: mu = ln(mean) - sigma^2 / 2.
        v = std::exp(std::log(mean) - 0.5 * l.sigma * l.sigma + l.sigma * rng.normal());
        break;
    }
    v = std::max(std::round(v), l.min);
    if (l.max > 0)
        v = std::min(v, l.max);
    return static_cast<int>(std::clamp(v, 1.0, static_cast<double>(1 << 30)));
}

RequestSet RequestGenerator::generate(double rateRps, int count) const
{
    RequestSet set;
    const AgentSpec& agent = m_config.agent;
    set.callsPerSession = agent.enabled() ? agent.calls : 1;
    Rng arrivals(m_config.seed);
    Rng lengths(m_config.seed ^ kLengthStream);
    const ArrivalSpec& a = m_config.arrival;

    if (a.process == ArrivalProcess::Trace) {
        // Each row is a request (or, with agent sessions, a session whose calls share its lengths).
        const size_t wanted =
            static_cast<size_t>((std::max(1, count) + set.callsPerSession - 1) / set.callsPerSession);
        const size_t n = std::min(m_arrivalTrace.size(), wanted);
        set.requests.reserve(n * static_cast<size_t>(set.callsPerSession));
        for (size_t s = 0; s < n; ++s) {
            const TraceRow& r = m_arrivalTrace[s];
            for (int k = 0; k < set.callsPerSession; ++k) {
                RequestSpec q;
                q.arrivalS = k == 0 ? r.timestampS : -1;
                q.inputTokens = r.inputTokens + static_cast<int>(std::round(k * agent.contextGrowthTokens));
                q.outputTokens = r.outputTokens;
                set.requests.push_back(q);
            }
        }
    } else {
        const int sessions = (std::max(1, count) + set.callsPerSession - 1) / set.callsPerSession;
        set.requests.reserve(static_cast<size_t>(sessions) * static_cast<size_t>(set.callsPerSession));
        // Sessions start at rate / calls, so that requests arrive at `rateRps` on average.
        const double rate = std::max(rateRps, 1e-12) / set.callsPerSession;
        const double gap = 1.0 / rate;
        // On/off: Poisson at a higher rate while on, silent while off; same long-run mean.
        const double onRate = rate * (a.onS + a.offS) / a.onS;
        double t = 0;
        double phaseEnd = a.process == ArrivalProcess::OnOff ? arrivals.exponential(a.onS) : 0.0;
        for (int s = 0; s < sessions; ++s) {
            switch (a.process) {
            case ArrivalProcess::Poisson:
                t += arrivals.exponential(gap);
                break;
            case ArrivalProcess::Constant:
                t = s * gap;
                break;
            case ArrivalProcess::Gamma: {
                const double shape = 1.0 / (a.cv * a.cv);
                t += arrivals.gamma(shape, gap / shape);
                break;
            }
            case ArrivalProcess::OnOff: {
                double next = t + arrivals.exponential(1.0 / onRate);
                // Gaps that run past the burst resume after the pause (memoryless, so exact).
                while (next > phaseEnd) {
                    const double pause = a.offS > 0 ? arrivals.exponential(a.offS) : 0.0;
                    const double resume = phaseEnd + pause;
                    phaseEnd = resume + arrivals.exponential(a.onS);
                    next = resume + arrivals.exponential(1.0 / onRate);
                }
                t = next;
                break;
            }
            case ArrivalProcess::Trace:
                break;
            }
            int growth = 0;
            for (int k = 0; k < set.callsPerSession; ++k) {
                RequestSpec q;
                q.arrivalS = k == 0 ? t : -1;
                if (!m_lengthTrace.empty()) {
                    const TraceRow& r = m_lengthTrace[lengths.below(m_lengthTrace.size())];
                    q.inputTokens = r.inputTokens;
                    q.outputTokens = r.outputTokens;
                } else {
                    q.inputTokens = sampleLength(m_config.input, m_workload.inputTokens, lengths);
                    q.outputTokens = sampleLength(m_config.output, m_workload.outputTokens, lengths);
                }
                q.inputTokens += growth;
                growth += static_cast<int>(std::round(agent.contextGrowthTokens));
                set.requests.push_back(q);
            }
        }
    }
    if (agent.enabled()) {
        for (RequestSpec& q : set.requests)
            q.toolTimeS = agent.toolTimeExponential && agent.toolTimeS > 0
                              ? lengths.exponential(agent.toolTimeS)
                              : agent.toolTimeS;
    }
    set.reusePrefix = agent.enabled() && agent.reusePrefix;
    for (RequestSpec& q : set.requests) {
        set.maxContext = std::max(set.maxContext, static_cast<double>(q.inputTokens) + q.outputTokens);
        // A shared prefix (system prompt, documents) the hit rate says is cached; the last token
        // is always computed (engine/PrefixReuse.h, requestedCachedTokens).
        if (m_workload.prefixHitRate > 0)
            q.cachedTokens = static_cast<int>(
                std::clamp(std::floor(m_workload.prefixHitRate * q.inputTokens), 0.0, q.inputTokens - 1.0));
    }
    return set;
}

} // namespace is::serving
