// SPDX-License-Identifier: MIT
// The simulation's result: latency percentiles, throughput, goodput, KV use and the timeline.
#include "serving/SimulationState.h"

namespace is::serving::sim {

SimResult Simulation::summarise()
{
    SimResult res;
    res.requests = static_cast<int>(m_reqs.size());
    res.rejected = m_rejected;
    res.preemptions = m_preemptions;
    res.reuse = m_reuse;
    res.reuse.readbackMeanS = m_reuse.requests > 0 ? m_readbackSumS / m_reuse.requests : 0.0;
    res.ttftTargetS = m_opt.ttftTargetS;
    res.tpotTargetS = m_opt.tpotTargetS;

    std::vector<double> ttft;
    std::vector<double> tpot;
    std::vector<double> e2e;
    std::vector<double> wait;
    double firstArrival = kInf;
    double lastDone = 0;
    int good = 0;
    for (const Req& q : m_reqs) {
        if (q.arrivalS >= 0)
            firstArrival = std::min(firstArrival, q.arrivalS);
        if (q.phase != Phase::Done)
            continue;
        ++res.completed;
        const double t1 = q.firstTokenS - q.arrivalS;
        const double tp = q.out > 1 ? (q.doneS - q.firstTokenS) / (q.out - 1) : 0.0;
        ttft.push_back(t1);
        tpot.push_back(tp);
        e2e.push_back(q.doneS - q.arrivalS);
        wait.push_back(std::max(0.0, q.admitS - q.enterS));
        lastDone = std::max(lastDone, q.doneS);
        res.inputTokens += q.in;
        res.outputTokens += q.out;
        if ((m_opt.ttftTargetS <= 0 || t1 <= m_opt.ttftTargetS) &&
            (m_opt.tpotTargetS <= 0 || tp <= m_opt.tpotTargetS))
            ++good;
    }
    if (res.completed == 0)
        return res;
    res.durationS = lastDone - firstArrival;

    // Throughput while the system is fed: from the admission of a tenth of the requests to the
    // admission of the last, free of the start-up ramp and of the drain that follows. When that
    // is shorter than a request's life (everything admitted at once), there is no steady state
    // to measure and the whole run's average stands in.
    std::vector<double> lives = e2e;
    std::nth_element(lives.begin(), lives.begin() + static_cast<std::ptrdiff_t>(lives.size() / 2),
                     lives.end());
    const double life = lives[lives.size() / 2];
    const double fedS = m_tAtLast - m_tAt10;
    if (m_tAt10 >= 0 && fedS > life && m_tokensAtLast - m_tokensAt10 > 0.1 * m_tokensTotal) {
        res.throughputTokS = (m_tokensAtLast - m_tokensAt10) / fedS;
        res.throughputRps = res.throughputTokS * res.completed / res.outputTokens;
    } else if (res.durationS > 0) {
        res.throughputTokS = res.outputTokens / res.durationS;
        res.throughputRps = res.completed / res.durationS;
    }
    res.inputTokS = res.outputTokens > 0 ? res.throughputTokS * res.inputTokens / res.outputTokens : 0.0;
    // Goodput counts only requests that met the latency targets. A request that never completed
    // (rejected: longer than the KV cache) met none, so the share is of every request offered, not
    // of the completed ones; the rate is the completed rate times the share of those that were good.
    res.goodputFraction = res.requests > 0 ? static_cast<double>(good) / res.requests : 0.0;
    res.goodputRps = res.throughputRps * static_cast<double>(good) / res.completed;

    // Little's law over the middle of the arrivals: L from the time each request spent in the
    // window, lambda from the entries, W from the sojourns of the requests that entered in it.
    std::vector<double> enters;
    for (const Req& q : m_reqs)
        if (q.phase == Phase::Done)
            enters.push_back(q.enterS);
    std::sort(enters.begin(), enters.end());
    const double wa = enters[enters.size() / 10];
    const double wb = enters[enters.size() - 1 - enters.size() / 10];
    if (wb > wa) {
        double area = 0;
        double sojourn = 0;
        int entered = 0;
        for (const Req& q : m_reqs) {
            if (q.phase != Phase::Done)
                continue;
            area += std::max(0.0, std::min(q.doneS, wb) - std::max(q.enterS, wa));
            if (q.enterS >= wa && q.enterS < wb) {
                ++entered;
                sojourn += q.doneS - q.enterS;
            }
        }
        res.littleL = area / (wb - wa);
        res.littleLambdaW = entered > 0 ? entered / (wb - wa) * (sojourn / entered) : 0.0;
    }

    res.ttftS = serving::summarise(ttft);
    res.tpotS = serving::summarise(tpot);
    res.e2eS = serving::summarise(e2e);
    res.queueWaitS = serving::summarise(wait);

    const double span = std::max(m_now - std::max(0.0, firstArrival), 1e-12);
    res.timeline = m_timeline.points(m_now);
    // Means over the run, from the first arrival (before it everything is zero).
    res.queueMean = m_queueIntegral / span;
    res.batchMean = m_batchIntegral / span;
    res.kvUseMean = m_kvIntegral / span;
    res.utilisationMean = m_utilIntegral / span;
    res.queueMax = m_queueMax;
    res.batchMax = m_batchMax;
    res.kvUseMax = m_kvMax;
    res.prefillShare = m_busyS > 0 ? m_prefillS / m_busyS : 0.0;
    // Offered load: sessions' first calls arrive at known times; later calls follow their tool
    // time, so count every request over the span of the first calls' arrivals.
    if (m_reqs.size() > static_cast<size_t>(m_set.callsPerSession)) {
        const double lastFirst =
            m_set.requests[m_reqs.size() - static_cast<size_t>(m_set.callsPerSession)].arrivalS;
        const double sessions = static_cast<double>(m_reqs.size()) / m_set.callsPerSession;
        if (lastFirst > firstArrival)
            res.arrivalRps = (sessions - 1) * m_set.callsPerSession / (lastFirst - firstArrival);
    }

    const int calls = m_set.callsPerSession;
    if (calls > 1) {
        std::vector<double> sessions;
        for (size_t s = 0; s + static_cast<size_t>(calls) <= m_reqs.size(); s += static_cast<size_t>(calls)) {
            const Req& last = m_reqs[s + static_cast<size_t>(calls) - 1];
            if (last.phase == Phase::Done)
                sessions.push_back(last.doneS - m_reqs[s].arrivalS);
        }
        res.sessions.sessions = static_cast<int>(sessions.size());
        res.sessions.callsPerSession = calls;
        res.sessions.e2eS = serving::summarise(sessions);
    }
    return res;
}

} // namespace is::serving::sim
