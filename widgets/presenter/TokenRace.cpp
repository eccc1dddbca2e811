// SPDX-License-Identifier: MIT
#include "presenter/TokenRace.h"

#include "presenter/RaceClock.h"

#include <algorithm>
#include <cmath>

namespace is::gui {

namespace {
// Tokens out after `t` seconds of one call: none before the first token, then one per 1/speed,
// counted whole (a token is shown once it has all arrived). The epsilon keeps a token that lands
// exactly on t from being lost to rounding.
int tokensOfCall(const RaceLane& lane, double ttftS, int callTokens, double t)
{
    if (t < ttftS)
        return 0;
    const double n = std::floor(lane.tokSUser * (t - ttftS) + 1e-9);
    return int(std::clamp(n, 0.0, double(callTokens)));
}

// An agent whose first call prefills the whole prompt and whose later calls reuse the cached
// prefix: the first call takes its own time, the others `callS` each.
RaceProgress agentWithColdStart(const RaceLane& lane, const RacePlan& plan, double t)
{
    RaceProgress p;
    const double streamS = plan.tokensPerCall / lane.tokSUser;
    const double firstS = lane.firstCallTtftS + streamS;
    const double callS = lane.ttftS + streamS;
    p.finishS = firstS + callS * (plan.calls - 1);
    if (t >= p.finishS) {
        p.tokens = plan.totalTokens();
        p.callsStarted = plan.calls;
        p.finished = true;
        p.streamingS = plan.calls * streamS;
        return p;
    }
    int done = 0;
    double inCall = t;
    double ttft = lane.firstCallTtftS;
    if (t >= firstS) {
        done = std::min(plan.calls - 1, 1 + int(std::floor((t - firstS) / callS)));
        inCall = t - firstS - (done - 1) * callS;
        ttft = lane.ttftS;
    }
    p.callsStarted = done + 1;
    p.tokens = done * plan.tokensPerCall + tokensOfCall(lane, ttft, plan.tokensPerCall, inCall);
    p.waiting = inCall < ttft;
    p.streamingS = done * streamS + std::max(0.0, inCall - ttft);
    return p;
}
} // namespace

RaceProgress raceProgressAt(const RaceLane& lane, const RacePlan& plan, double tS)
{
    RaceProgress p;
    if (!lane.runs() || plan.calls < 1 || plan.tokensPerCall < 1)
        return p;
    if (plan.kind == RaceKind::Agent && lane.firstCallTtftS >= 0 && lane.firstCallTtftS != lane.ttftS)
        return agentWithColdStart(lane, plan, std::max(0.0, tS));
    const double callS = lane.ttftS + plan.tokensPerCall / lane.tokSUser;
    p.finishS = callS * plan.calls;
    const double t = std::max(0.0, tS);
    if (t >= p.finishS) {
        p.tokens = plan.totalTokens();
        p.callsStarted = plan.calls;
        p.finished = true;
        p.streamingS = plan.calls * (callS - lane.ttftS);
        return p;
    }
    const int done = std::min(plan.calls - 1, int(std::floor(t / callS)));
    const double inCall = t - done * callS;
    p.callsStarted = done + 1;
    p.tokens = done * plan.tokensPerCall + tokensOfCall(lane, lane.ttftS, plan.tokensPerCall, inCall);
    p.waiting = inCall < lane.ttftS;
    p.streamingS = done * (callS - lane.ttftS) + std::max(0.0, inCall - lane.ttftS);
    return p;
}

RacePlan racePlanFor(RaceKind kind, int outputTokens, int agentCalls)
{
    switch (kind) {
    case RaceKind::LongAnswer:
        return {kind, 1, std::max(1, outputTokens)};
    case RaceKind::Agent:
        return {kind, std::max(1, agentCalls), kAgentTokensPerCall};
    case RaceKind::Voice:
        return {kind, 1, kVoiceTurnTokens};
    }
    return {};
}

TokenRace::TokenRace(std::shared_ptr<const RaceClock> clock) : m_clock(std::move(clock)) {}

void TokenRace::start()
{
    if (m_running)
        return;
    m_startedAtS = m_clock->nowS();
    m_running = true;
}

void TokenRace::pause()
{
    if (!m_running)
        return;
    m_accumulatedS += m_clock->nowS() - m_startedAtS;
    m_running = false;
}

void TokenRace::restart()
{
    m_running = false;
    m_accumulatedS = 0;
}

double TokenRace::elapsedS() const
{
    return m_accumulatedS + (m_running ? m_clock->nowS() - m_startedAtS : 0.0);
}

} // namespace is::gui
