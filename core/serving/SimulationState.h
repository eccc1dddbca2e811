// SPDX-License-Identifier: MIT
#pragma once
// The request-level simulation's state and event handlers (core/serving internal): shared by
// Simulator.cpp (arrivals, admission, completion), SimulationSteps.cpp (building and ending a
// replica's step, preemption) and SimulationSummary.cpp (the result's statistics).
#include "serving/PrefixPool.h"
#include "serving/Simulator.h"
#include "serving/Statistics.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <queue>

namespace is::serving::sim {

constexpr double kInf = std::numeric_limits<double>::infinity();

enum class Role : std::uint8_t { Mixed, Prefill, Decode };
enum class Phase : std::uint8_t {
    Future,
    Waiting,
    Prefilling,
    Awaiting,
    Decoding,
    Transferring,
    DecodeWaiting,
    Done,
    Rejected
};

struct Req
{
    double arrivalS = -1;
    double enterS = 0;  // arrival plus the per-request overhead: reaches the scheduler
    double admitS = -1; // first admission
    double firstTokenS = -1;
    double doneS = -1;
    double prefillStartS = 0;
    double base = 0; // decoding: KV context at replica step s is base + a * s
    double genAtJoin = 0;
    double generated = 0; // output tokens so far, outside decoding
    std::int64_t joinStep = 0;
    int in = 1;
    int out = 1;
    int prompt = 0; // tokens this prefill covers (the prompt, plus output when recomputed)
    int prefilled = 0;
    int reuse = 0; // prompt tokens whose KV is cached at admission (0 after a preemption)
    int chunk = 0; // tokens scheduled in the running step
    int replica = -1;
    std::uint32_t epoch = 0; // bumped on preemption: invalidates heap entries
    Phase phase = Phase::Future;
};

template <typename T> using MinHeap = std::priority_queue<T, std::vector<T>, std::greater<T>>;

struct FinishEntry
{
    std::int64_t step;
    int req;
    std::uint32_t epoch;
    bool operator>(const FinishEntry& o) const { return step != o.step ? step > o.step : req > o.req; }
};

struct TimedEntry
{
    double t;
    int id;
    std::uint32_t tag;
    bool operator>(const TimedEntry& o) const { return t != o.t ? t > o.t : id > o.id; }
};

struct Replica
{
    Role role = Role::Mixed;
    bool scheduled = false;     // an event is pending
    bool interruptible = false; // the pending event only waits for a first token
    std::uint32_t version = 0;
    std::int64_t step = 0; // decode steps run so far
    int nDecode = 0;
    double sumBase = 0;
    double otherKv = 0; // KV tokens of prefilling and awaiting sequences
    int nOther = 0;
    MinHeap<FinishEntry> finish;
    MinHeap<TimedEntry> awaiting;
    std::vector<int> admitted; // admission order, newest last (dead entries skipped lazily)
    std::deque<int> prefilling;
    // The running step.
    std::int64_t k = 0;
    double stepStart = 0;
    double stepEnd = 0;
    double context = 0; // mean context at the start of a run of decode steps
    std::vector<int> chunks;
    double util = 0;
    double kvTokens = 0; // as last published to the totals
    int seqs() const { return nDecode + nOther; }
};

class Simulation
{
public:
    Simulation(const StepCostModel& model, const RequestSet& set, const SimOptions& o)
        : m_model(model), m_set(set), m_opt(o), m_a(model.acceptance()), m_overhead(model.requestOverheadS()),
          m_block(std::max(1, o.scheduler.blockTokens)),
          m_capBlocks(std::floor(model.kvCapacityTokens() / m_block)),
          m_maxSeqs(o.scheduler.maxSeqs > 0 ? o.scheduler.maxSeqs : model.maxSeqsPerReplica()),
          m_timeline(o.timelinePoints, 1.0), m_pool(set.reusePrefix ? set.requests.size() : 0)
    {
        const size_t n = set.requests.size();
        m_reqs.resize(n);
        for (size_t i = 0; i < n; ++i) {
            m_reqs[i].in = set.requests[i].inputTokens;
            m_reqs[i].out = set.requests[i].outputTokens;
            m_reqs[i].arrivalS = set.requests[i].arrivalS;
            m_reqs[i].reuse = set.requests[i].cachedTokens;
            m_tokensTotal += m_reqs[i].out;
        }
        if (o.disaggregated.enabled()) {
            m_replicas.resize(
                static_cast<size_t>(o.disaggregated.prefillReplicas + o.disaggregated.decodeReplicas));
            for (size_t r = 0; r < m_replicas.size(); ++r)
                m_replicas[r].role =
                    static_cast<int>(r) < o.disaggregated.prefillReplicas ? Role::Prefill : Role::Decode;
        } else {
            m_replicas.resize(static_cast<size_t>(model.replicas()));
        }
        m_capTokensAll = model.kvCapacityTokens() * static_cast<double>(m_replicas.size());
        double lastStatic = 0;
        for (size_t i = 0; i < n; i += static_cast<size_t>(set.callsPerSession))
            lastStatic = std::max(lastStatic, set.requests[i].arrivalS);
        m_timeline = TimelineAccumulator(o.timelinePoints, std::max(1.0, lastStatic * 1.1));
    }

    SimResult run();

private:
    // Events.
    double nextArrival() const;
    void onArrival(double t);
    void onTransfer(double t, int id);
    void onStepEnd(double t, int r);
    void advance(double t);

    // A replica's scheduler.
    void startStep(int r, double t);
    void finishStep(int r, double t);
    void wake(Role forQueue, double t);
    void cut(Role forQueue, double t);
    std::int64_t macroSteps(int r, double t, double context);
    double freeTokens(const Replica& rep, int extraSeqs) const;
    double kvTokens(const Replica& rep) const
    {
        return rep.sumBase + m_a * rep.nDecode * static_cast<double>(rep.step) + rep.otherKv;
    }
    void publish(int r);
    void joinDecode(int r, int id, double t);
    // The prompt's prefill is over on `rep`: its tokens leave the prefill side of the replica's KV
    // cache and, for a request without one yet, the first token comes out at `t`.
    void endPrefill(Replica& rep, Req& q, double t);
    void prefillDone(int r, int id, double t);
    bool preempt(int r);
    void complete(int id, double t);
    void deliver(double tokens) { m_tokensDone += tokens; }
    void firstAdmission(Req& q, double t);
    bool live(int r, int id) const;

    SimResult summarise();

    const StepCostModel& m_model;
    const RequestSet& m_set;
    const SimOptions& m_opt;
    const double m_a;
    const double m_overhead;
    const int m_block;
    const double m_capBlocks;
    const int m_maxSeqs;
    std::vector<Req> m_reqs;
    std::vector<Replica> m_replicas;
    double m_capTokensAll = 0;

    size_t m_nextStatic = 0;
    MinHeap<TimedEntry> m_followUps; // agents' later calls
    MinHeap<TimedEntry> m_transfers;
    MinHeap<TimedEntry> m_steps; // id = replica, tag = version
    std::deque<int> m_waiting;
    std::deque<int> m_decodeWaiting;

    // Totals, integrated over time.
    double m_now = 0;
    double m_kvUsed = 0;
    int m_seqs = 0;
    double m_utilSum = 0;
    double m_utilIntegral = 0;
    double m_queueIntegral = 0;
    double m_batchIntegral = 0;
    double m_kvIntegral = 0;
    double m_busyS = 0;
    double m_prefillS = 0;
    double m_kvMax = 0;
    double m_queueMax = 0;
    double m_batchMax = 0;
    long m_preemptions = 0;
    // Output tokens delivered so far, sampled when a tenth of the requests and when the last one
    // had been admitted: between the two the system is fed, so throughput is measured there.
    double m_tokensTotal = 0;
    double m_tokensDone = 0;
    int m_admittedCount = 0;
    double m_tAt10 = -1;
    double m_tokensAt10 = 0;
    double m_tAtLast = -1;
    double m_tokensAtLast = 0;
    int m_rejected = 0;
    TimelineAccumulator m_timeline;
    // Prefix caching: agent contexts kept between calls, and what reuse saved.
    PrefixPool m_pool;
    bool recallPrefix(int id, double t);
    ReuseStats m_reuse;
    double m_readbackSumS = 0;
};

} // namespace is::serving::sim
