// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <memory>

namespace is::gui {

class RaceClock;

// The three races the presenter runs (seed articles 001 and 002).
enum class RaceKind {
    LongAnswer, // one answer of the workload's output length
    Agent,      // N serial tool calls, each paying the time to first token and its own output
    Voice,      // one spoken turn: its time to first token against the 100 ms threshold
};

// What one lane of the race streams at: the engine's predictions for its deployment.
struct RaceLane
{
    double ttftS = 0;    // predicted time to first token
    double tokSUser = 0; // predicted per-user decode speed
    // An agent's first call, when it differs: nothing is cached yet, so it prefills its whole
    // prompt; the later calls find the growing prefix cached and pay `ttftS` (engine/PrefixReuse.h).
    // Below 0: every call pays `ttftS`.
    double firstCallTtftS = -1;
    bool runs() const { return tokSUser > 0 && ttftS >= 0; }
};

// A race's shape: how many calls and how many tokens each.
struct RacePlan
{
    RaceKind kind = RaceKind::LongAnswer;
    int calls = 1;
    int tokensPerCall = 1;
    int totalTokens() const { return calls * tokensPerCall; }
};

// Where one lane stands at a moment of the race.
struct RaceProgress
{
    int tokens = 0;       // tokens streamed so far (all calls)
    int callsStarted = 0; // calls whose request has been sent (the current one included)
    bool waiting = false; // inside a call's time to first token
    bool finished = false;
    double finishS = 0;    // when the last token arrives (race time)
    double streamingS = 0; // time spent streaming so far (no TTFT): tokens / streamingS is the rate
};

// Time per call and the whole lane: each call pays the time to first token (an agent's first call
// its own, when the lane has one), then streams its
// output at the per-user speed; calls are serial (an agent waits for a call's answer before the
// next). Token n of a call arrives at TTFT + n / speed, so after t seconds of a call
// floor(speed x (t - TTFT)) tokens are out.
RaceProgress raceProgressAt(const RaceLane& lane, const RacePlan& plan, double tS);

// The plan of a race kind. LongAnswer: one call of `outputTokens`. Agent: `agentCalls` calls of
// kAgentTokensPerCall. Voice: one call of kVoiceTurnTokens.
RacePlan racePlanFor(RaceKind kind, int outputTokens, int agentCalls);

// Assumptions of the races, stated in the presenter's caption.
// An agent's tool call: the call with its arguments and a sentence of reasoning, about 100 tokens.
inline constexpr int kAgentTokensPerCall = 100;
// Seed 002: "an agent that makes 10 serial tool calls".
inline constexpr int kDefaultAgentCalls = 10;
// A spoken reply of two sentences: about 50 tokens (some 15 s of speech at 150 words a minute).
inline constexpr int kVoiceTurnTokens = 50;
// Seed 002: a time to first token under 100 ms is what a real-time voice agent needs.
inline constexpr double kVoiceTtftThresholdS = 0.100;

// The race clock: start, pause, restart. Race time stands still while paused.
class TokenRace
{
public:
    explicit TokenRace(std::shared_ptr<const RaceClock> clock);

    void start();
    void pause();
    void toggle() { running() ? pause() : start(); }
    // Back to zero, paused.
    void restart();
    bool running() const { return m_running; }
    // Race seconds so far.
    double elapsedS() const;
    const RaceClock& clock() const { return *m_clock; }

private:
    std::shared_ptr<const RaceClock> m_clock;
    bool m_running = false;
    double m_accumulatedS = 0; // race time before the current run
    double m_startedAtS = 0;   // clock time the current run started
};

} // namespace is::gui
