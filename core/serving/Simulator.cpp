// SPDX-License-Identifier: MIT
#include "serving/Simulator.h"

#include "common/Log.h"
#include "serving/Statistics.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <queue>

namespace is::serving {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

enum class Role : std::uint8_t { Mixed, Prefill, Decode };
enum class Phase : std::uint8_t { Future, Waiting, Prefilling, Awaiting, Decoding, Transferring, DecodeWaiting, Done, Rejected };

struct Req
{
    double arrivalS = -1;
    double enterS = 0;       // arrival plus the per-request overhead: reaches the scheduler
    double admitS = -1;      // first admission
    double firstTokenS = -1;
    double doneS = -1;
    double prefillStartS = 0;
    double base = 0;         // decoding: KV context at replica step s is base + a * s
    double genAtJoin = 0;
    double generated = 0;    // output tokens so far, outside decoding
    std::int64_t joinStep = 0;
    int in = 1;
    int out = 1;
    int prompt = 0;          // tokens this prefill covers (the prompt, plus output when recomputed)
    int prefilled = 0;
    int chunk = 0;           // tokens scheduled in the running step
    int replica = -1;
    std::uint32_t epoch = 0; // bumped on preemption: invalidates heap entries
    Phase phase = Phase::Future;
};

template <typename T>
using MinHeap = std::priority_queue<T, std::vector<T>, std::greater<T>>;

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
    std::int64_t step = 0;      // decode steps run so far
    int nDecode = 0;
    double sumBase = 0;
    double otherKv = 0;         // KV tokens of prefilling and awaiting sequences
    int nOther = 0;
    MinHeap<FinishEntry> finish;
    MinHeap<TimedEntry> awaiting;
    std::vector<int> admitted;  // admission order, newest last (dead entries skipped lazily)
    std::deque<int> prefilling;
    // The running step.
    std::int64_t k = 0;
    double stepStart = 0;
    double stepEnd = 0;
    double context = 0; // mean context at the start of a run of decode steps
    std::vector<int> chunks;
    double util = 0;
    double kvTokens = 0;        // as last published to the totals
    int seqs() const { return nDecode + nOther; }
};

class Simulation
{
public:
    Simulation(const StepCostModel& model, const RequestSet& set, const SimOptions& o)
        : m_model(model), m_set(set), m_opt(o), m_a(model.acceptance()),
          m_overhead(model.requestOverheadS()), m_block(std::max(1, o.scheduler.blockTokens)),
          m_capBlocks(std::floor(model.kvCapacityTokens() / m_block)),
          m_maxSeqs(o.scheduler.maxSeqs > 0 ? o.scheduler.maxSeqs : model.maxSeqsPerReplica()),
          m_timeline(o.timelinePoints, 1.0)
    {
        const size_t n = set.requests.size();
        m_reqs.resize(n);
        for (size_t i = 0; i < n; ++i) {
            m_reqs[i].in = set.requests[i].inputTokens;
            m_reqs[i].out = set.requests[i].outputTokens;
            m_reqs[i].arrivalS = set.requests[i].arrivalS;
            m_tokensTotal += m_reqs[i].out;
        }
        if (o.disaggregated.enabled()) {
            m_replicas.resize(static_cast<size_t>(o.disaggregated.prefillReplicas + o.disaggregated.decodeReplicas));
            for (size_t r = 0; r < m_replicas.size(); ++r)
                m_replicas[r].role = static_cast<int>(r) < o.disaggregated.prefillReplicas ? Role::Prefill : Role::Decode;
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
    double kvTokens(const Replica& rep) const { return rep.sumBase + m_a * rep.nDecode * static_cast<double>(rep.step) + rep.otherKv; }
    void publish(int r);
    void joinDecode(int r, int id, double t);
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
    MinHeap<TimedEntry> m_steps;     // id = replica, tag = version
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
};

double Simulation::nextArrival() const
{
    double t = kInf;
    if (m_nextStatic < m_reqs.size())
        t = m_reqs[m_nextStatic].arrivalS + m_overhead;
    if (!m_followUps.empty())
        t = std::min(t, m_followUps.top().t);
    return t;
}

void Simulation::advance(double t)
{
    if (t > m_now) {
        const double dt = t - m_now;
        const double queue = static_cast<double>(m_waiting.size() + m_decodeWaiting.size());
        const double kv = m_capTokensAll > 0 ? m_kvUsed / m_capTokensAll : 0.0;
        const double util = m_utilSum / static_cast<double>(m_replicas.size());
        m_timeline.add(m_now, t, TimelinePoint{0, queue, static_cast<double>(m_seqs), kv, util});
        m_utilIntegral += util * dt;
        m_queueIntegral += queue * dt;
        m_batchIntegral += m_seqs * dt;
        m_kvIntegral += kv * dt;
        m_queueMax = std::max(m_queueMax, queue);
        m_batchMax = std::max(m_batchMax, static_cast<double>(m_seqs));
        m_kvMax = std::max(m_kvMax, kv);
        m_now = t;
    }
}

void Simulation::publish(int r)
{
    Replica& rep = m_replicas[static_cast<size_t>(r)];
    const double kv = kvTokens(rep);
    m_kvUsed += kv - rep.kvTokens;
    rep.kvTokens = kv;
}

bool Simulation::live(int r, int id) const
{
    const Req& q = m_reqs[static_cast<size_t>(id)];
    return q.replica == r && (q.phase == Phase::Prefilling || q.phase == Phase::Awaiting || q.phase == Phase::Decoding);
}

double Simulation::freeTokens(const Replica& rep, int extraSeqs) const
{
    // Paged blocks: every sequence's last block is half empty on average.
    const double usedBlocks = kvTokens(rep) / m_block + 0.5 * (rep.seqs() + extraSeqs);
    return (m_capBlocks * (1.0 - m_opt.scheduler.kvWatermark) - usedBlocks) * m_block;
}

void Simulation::onArrival(double t)
{
    int id = -1;
    if (!m_followUps.empty() && (m_nextStatic >= m_reqs.size() || m_followUps.top().t <= m_reqs[m_nextStatic].arrivalS + m_overhead)) {
        id = m_followUps.top().id;
        m_followUps.pop();
    } else {
        id = static_cast<int>(m_nextStatic);
        m_nextStatic += static_cast<size_t>(m_set.callsPerSession);
    }
    advance(t);
    Req& q = m_reqs[static_cast<size_t>(id)];
    q.enterS = t;
    q.prompt = q.in;
    q.phase = Phase::Waiting;
    m_waiting.push_back(id);
    wake(Role::Prefill, t);
}

void Simulation::onTransfer(double t, int id)
{
    advance(t);
    Req& q = m_reqs[static_cast<size_t>(id)];
    q.phase = Phase::DecodeWaiting;
    m_decodeWaiting.push_back(id);
    wake(Role::Decode, t);
}

void Simulation::wake(Role forQueue, double t)
{
    for (size_t r = 0; r < m_replicas.size(); ++r) {
        const std::deque<int>& queue = forQueue == Role::Decode ? m_decodeWaiting : m_waiting;
        if (queue.empty())
            return;
        Replica& rep = m_replicas[r];
        const bool serves = forQueue == Role::Decode ? rep.role == Role::Decode : rep.role != Role::Decode;
        if (!serves || (rep.scheduled && !rep.interruptible))
            continue;
        if (rep.scheduled) {
            ++rep.version; // drop the pending wait; the new step re-arms it if still needed
            rep.scheduled = false;
        }
        startStep(static_cast<int>(r), t);
    }
}

void Simulation::onStepEnd(double t, int r)
{
    advance(t);
    Replica& rep = m_replicas[static_cast<size_t>(r)];
    rep.scheduled = false;
    m_utilSum -= rep.util;
    rep.util = 0;
    finishStep(r, t);
    startStep(r, t);
    // Completions, preemptions and hand-offs may have left work that idle replicas can take.
    if (!m_waiting.empty())
        wake(Role::Prefill, t);
    if (!m_decodeWaiting.empty())
        wake(Role::Decode, t);
}

void Simulation::firstAdmission(Req& q, double t)
{
    q.admitS = t;
    ++m_admittedCount;
    const int tenth = std::max(1, static_cast<int>(m_reqs.size()) / 10);
    if (m_admittedCount == tenth) {
        m_tAt10 = t;
        m_tokensAt10 = m_tokensDone;
    }
    if (m_admittedCount == static_cast<int>(m_reqs.size())) {
        m_tAtLast = t;
        m_tokensAtLast = m_tokensDone;
    }
}

void Simulation::complete(int id, double t)
{
    Req& q = m_reqs[static_cast<size_t>(id)];
    q.doneS = t;
    q.phase = Phase::Done;
    q.replica = -1;
    const size_t calls = static_cast<size_t>(m_set.callsPerSession);
    if ((static_cast<size_t>(id) + 1) % calls != 0) {
        // The agent's next call, after its tool runs.
        const double next = t + m_set.requests[static_cast<size_t>(id)].toolTimeS;
        m_reqs[static_cast<size_t>(id) + 1].arrivalS = next;
        m_followUps.push(TimedEntry{next + m_overhead, id + 1, 0});
        if (m_waiting.empty())
            cut(Role::Prefill, next + m_overhead);
    }
}

void Simulation::joinDecode(int r, int id, double t)
{
    Replica& rep = m_replicas[static_cast<size_t>(r)];
    Req& q = m_reqs[static_cast<size_t>(id)];
    rep.otherKv -= q.prompt;
    --rep.nOther;
    --m_seqs;
    if (q.firstTokenS < 0) {
        q.firstTokenS = t;
        q.generated = 1;
        deliver(1);
    }
    if (q.generated >= q.out) {
        complete(id, t);
        return;
    }
    q.phase = Phase::Decoding;
    q.joinStep = rep.step;
    q.genAtJoin = q.generated;
    q.base = q.prompt - m_a * static_cast<double>(rep.step);
    const auto steps = static_cast<std::int64_t>(std::ceil((q.out - q.generated) / m_a - 1e-9));
    rep.finish.push(FinishEntry{rep.step + std::max<std::int64_t>(1, steps), id, q.epoch});
    ++rep.nDecode;
    ++m_seqs;
    rep.sumBase += q.base;
}

void Simulation::prefillDone(int r, int id, double t)
{
    Replica& rep = m_replicas[static_cast<size_t>(r)];
    Req& q = m_reqs[static_cast<size_t>(id)];
    const auto it = std::find(rep.prefilling.begin(), rep.prefilling.end(), id);
    if (it != rep.prefilling.end())
        rep.prefilling.erase(it);
    // The wafer pipeline's fill latency can outlast the machine time the prefill took.
    const double ready = std::max(t, q.prefillStartS + m_model.prefillLatencyS(q.prompt));
    if (rep.role == Role::Prefill) {
        rep.otherKv -= q.prompt;
        --rep.nOther;
        --m_seqs;
        if (q.firstTokenS < 0) {
            q.firstTokenS = ready;
            q.generated = 1;
            deliver(1);
        }
        q.replica = -1;
        if (q.generated >= q.out) {
            complete(id, ready);
            return;
        }
        q.phase = Phase::Transferring;
        const double arrives = ready + m_model.kvTransferS(q.prompt);
        m_transfers.push(TimedEntry{arrives, id, 0});
        if (m_decodeWaiting.empty())
            cut(Role::Decode, arrives);
        return;
    }
    if (ready <= t) {
        joinDecode(r, id, t);
        return;
    }
    q.phase = Phase::Awaiting;
    rep.awaiting.push(TimedEntry{ready, id, q.epoch});
}

bool Simulation::preempt(int r)
{
    Replica& rep = m_replicas[static_cast<size_t>(r)];
    while (!rep.admitted.empty()) {
        const int id = rep.admitted.back();
        rep.admitted.pop_back();
        if (!live(r, id))
            continue;
        Req& q = m_reqs[static_cast<size_t>(id)];
        double generated = q.generated;
        switch (q.phase) {
        case Phase::Decoding:
            generated = q.genAtJoin + m_a * static_cast<double>(rep.step - q.joinStep);
            --rep.nDecode;
            rep.sumBase -= q.base;
            break;
        case Phase::Prefilling: {
            const auto it = std::find(rep.prefilling.begin(), rep.prefilling.end(), id);
            if (it != rep.prefilling.end())
                rep.prefilling.erase(it);
            rep.otherKv -= q.prefilled;
            --rep.nOther;
            break;
        }
        case Phase::Awaiting:
            rep.otherKv -= q.prompt;
            --rep.nOther;
            break;
        default:
            break;
        }
        --m_seqs;
        ++q.epoch;
        // Recompute: the prompt and what was generated are prefilled again later; tokens already
        // streamed to the user stay streamed.
        q.generated = q.firstTokenS >= 0 ? std::min<double>(std::floor(generated), q.out - 1) : 0.0;
        q.prompt = q.in + static_cast<int>(q.generated);
        q.prefilled = 0;
        q.chunk = 0;
        q.replica = -1;
        q.phase = Phase::Waiting;
        m_waiting.push_front(id);
        ++m_preemptions;
        return true;
    }
    return false;
}

void Simulation::finishStep(int r, double t)
{
    Replica& rep = m_replicas[static_cast<size_t>(r)];
    deliver(m_a * rep.nDecode * static_cast<double>(rep.k));
    rep.step += rep.k;
    rep.k = 0;
    while (!rep.finish.empty() && rep.finish.top().step <= rep.step) {
        const FinishEntry e = rep.finish.top();
        rep.finish.pop();
        Req& q = m_reqs[static_cast<size_t>(e.req)];
        if (q.epoch != e.epoch || q.phase != Phase::Decoding || q.replica != r)
            continue;
        --rep.nDecode;
        --m_seqs;
        rep.sumBase -= q.base;
        complete(e.req, t);
    }
    for (int id : rep.chunks) {
        Req& q = m_reqs[static_cast<size_t>(id)];
        q.prefilled += q.chunk;
        q.chunk = 0;
        if (q.prefilled >= q.prompt)
            prefillDone(r, id, t);
    }
    rep.chunks.clear();
    publish(r);
}

std::int64_t Simulation::macroSteps(int r, double t, double context)
{
    Replica& rep = m_replicas[static_cast<size_t>(r)];
    const int n = rep.nDecode;
    while (!rep.finish.empty()) {
        const FinishEntry& e = rep.finish.top();
        const Req& q = m_reqs[static_cast<size_t>(e.req)];
        if (q.epoch == e.epoch && q.phase == Phase::Decoding && q.replica == r)
            break;
        rep.finish.pop();
    }
    std::int64_t k = rep.finish.empty() ? 1 : std::max<std::int64_t>(1, rep.finish.top().step - rep.step);
    // Until the batch's growth would overflow the KV blocks.
    const double usedBlocks = kvTokens(rep) / m_block + 0.5 * rep.seqs();
    const double growth = m_a * n / m_block;
    if (growth > 0)
        k = std::min(k, std::max<std::int64_t>(1, static_cast<std::int64_t>(std::floor((m_capBlocks - usedBlocks) / growth))));
    // Until the first step boundary after something that could change this batch: a first
    // token that becomes ready, or a request this replica could admit.
    double ext = rep.awaiting.empty() ? kInf : rep.awaiting.top().t;
    if (rep.role == Role::Decode) {
        if (m_decodeWaiting.empty() && !m_transfers.empty())
            ext = std::min(ext, m_transfers.top().t);
    } else if (m_waiting.empty()) {
        ext = std::min(ext, nextArrival());
    }
    if (std::isfinite(ext) && ext > t) {
        const double delta = ext - t;
        const double t0 = m_model.decodeStepS(n, context);
        const double span = static_cast<double>(std::min<std::int64_t>(k, 1 << 20));
        const double slope = (m_model.decodeStepS(n, context + m_a * span) - t0) / span;
        // Smallest j with j * t0 + slope * j * (j - 1) / 2 >= delta.
        double j = 0;
        if (slope > 1e-15) {
            const double b = t0 - slope / 2;
            j = std::ceil((-b + std::sqrt(b * b + 2 * slope * delta)) / slope);
        } else {
            j = std::ceil(delta / std::max(t0, 1e-12));
        }
        k = std::min(k, std::max<std::int64_t>(1, static_cast<std::int64_t>(std::min(j, 1e15))));
    }
    return std::max<std::int64_t>(1, k);
}

void Simulation::startStep(int r, double t)
{
    Replica& rep = m_replicas[static_cast<size_t>(r)];
    const SchedulerSpec& sch = m_opt.scheduler;

    // First tokens that are due join the batch.
    while (!rep.awaiting.empty() && rep.awaiting.top().t <= t) {
        const TimedEntry e = rep.awaiting.top();
        rep.awaiting.pop();
        Req& q = m_reqs[static_cast<size_t>(e.id)];
        if (q.epoch != e.tag || q.phase != Phase::Awaiting || q.replica != r)
            continue;
        if (q.firstTokenS < 0) {
            q.firstTokenS = e.t;
            deliver(1);
        }
        if (q.generated < 1)
            q.generated = 1;
        joinDecode(r, e.id, t);
    }
    // The next decode step must fit: preempt the newest sequences until it does.
    while (rep.nDecode > 0 && kvTokens(rep) / m_block + 0.5 * rep.seqs() + m_a * rep.nDecode / m_block > m_capBlocks) {
        if (!preempt(r))
            break;
    }

    int budget = sch.maxBatchTokens - rep.nDecode;
    if (rep.role != Role::Decode) {
        for (int id : rep.prefilling) {
            if (budget <= 0)
                break;
            Req& q = m_reqs[static_cast<size_t>(id)];
            int n = std::min(budget, q.prompt - q.prefilled);
            n = std::min(n, static_cast<int>(std::max(0.0, std::floor(freeTokens(rep, 0) + sch.kvWatermark * m_capBlocks * m_block))));
            if (n <= 0)
                break;
            q.chunk = n;
            rep.otherKv += n;
            budget -= n;
            rep.chunks.push_back(id);
        }
        const double longest = m_capBlocks * m_block * (1.0 - sch.kvWatermark) - m_block;
        // Admission keeps room for what is already promised: the rest of the prompts being
        // prefilled, and the batch's growth until its next sequence finishes and frees blocks.
        // Without that reserve a nearly full cache preempts (and recomputes) constantly. Like a
        // real scheduler it looks no further, so cohorts admitted together (fixed lengths under
        // overload) still outgrow the cache and preempt.
        double promised = 0;
        for (int id : rep.prefilling) {
            const Req& q = m_reqs[static_cast<size_t>(id)];
            promised += q.prompt - q.prefilled - q.chunk;
        }
        double untilNext = std::numeric_limits<double>::infinity();
        if (rep.nDecode > 0 && !rep.finish.empty()) {
            untilNext = static_cast<double>(std::max<std::int64_t>(0, rep.finish.top().step - rep.step));
            promised += m_a * rep.seqs() * untilNext;
        }
        while (budget > 0 && !m_waiting.empty() && rep.seqs() < m_maxSeqs) {
            const int id = m_waiting.front();
            Req& q = m_reqs[static_cast<size_t>(id)];
            if (q.in + q.out > longest) {
                // Longer than the whole KV cache: it could never finish.
                m_waiting.pop_front();
                q.phase = Phase::Rejected;
                ++m_rejected;
                continue;
            }
            const int n = sch.chunkedPrefill ? std::min(budget, q.prompt) : q.prompt;
            if (!sch.chunkedPrefill && n > budget && !rep.chunks.empty())
                break;
            const double growth = m_a * std::min(untilNext, (q.out - q.generated) / m_a);
            if (freeTokens(rep, 1) < promised + q.prompt + growth)
                break;
            promised += q.prompt - n + growth;
            m_waiting.pop_front();
            q.phase = Phase::Prefilling;
            q.replica = r;
            if (q.admitS < 0)
                firstAdmission(q, t);
            q.prefillStartS = t;
            q.prefilled = 0;
            q.chunk = n;
            rep.prefilling.push_back(id);
            rep.admitted.push_back(id);
            ++rep.nOther;
            ++m_seqs;
            rep.otherKv += n;
            budget -= n;
            rep.chunks.push_back(id);
        }
    } else {
        while (!m_decodeWaiting.empty() && rep.seqs() < m_maxSeqs) {
            const int id = m_decodeWaiting.front();
            Req& q = m_reqs[static_cast<size_t>(id)];
            if (freeTokens(rep, 1) < q.prompt + m_a)
                break;
            m_decodeWaiting.pop_front();
            q.replica = r;
            if (q.admitS < 0)
                firstAdmission(q, t);
            rep.admitted.push_back(id);
            rep.otherKv += q.prompt;
            ++rep.nOther;
            ++m_seqs;
            joinDecode(r, id, t);
        }
    }

    const int n = rep.nDecode;
    double prefillS = 0;
    const int batchRef = std::max(1, n);
    for (int id : rep.chunks) {
        const Req& q = m_reqs[static_cast<size_t>(id)];
        prefillS += m_model.prefillOccupancyS(q.prefilled + q.chunk, batchRef) - m_model.prefillOccupancyS(q.prefilled, batchRef);
    }
    publish(r);
    if (n == 0 && rep.chunks.empty()) {
        // Nothing to run. Sleep until a pending first token is due (an arrival may cut it short).
        if (!rep.awaiting.empty()) {
            rep.scheduled = true;
            rep.interruptible = true;
            m_steps.push(TimedEntry{std::max(t, rep.awaiting.top().t), r, ++rep.version});
        }
        return;
    }
    const double context = n > 0 ? (rep.sumBase + m_a * n * static_cast<double>(rep.step)) / n : 0.0;
    double decodeS = 0;
    rep.k = 0;
    if (n > 0) {
        rep.k = rep.chunks.empty() ? macroSteps(r, t, context) : 1;
        rep.context = context;
        // Step times grow with context; the middle step stands for the run.
        const double mid = context + m_a * static_cast<double>(rep.k - 1) / 2.0;
        decodeS = static_cast<double>(rep.k) * m_model.decodeStepS(n, mid);
        rep.util = decodeS * m_model.decodeBusy(n, mid);
    } else {
        rep.util = 0;
    }
    const double duration = std::max(decodeS + prefillS, 1e-9);
    // Prefill is compute-bound: the chips draw full dynamic power for it.
    rep.util = (rep.util + prefillS) / duration;
    m_utilSum += rep.util;
    m_busyS += duration;
    m_prefillS += prefillS;
    rep.scheduled = true;
    rep.interruptible = false;
    rep.stepStart = t;
    rep.stepEnd = t + duration;
    m_steps.push(TimedEntry{rep.stepEnd, r, ++rep.version});
}

void Simulation::cut(Role forQueue, double t)
{
    // A run of decode steps was planned before this event existed (a hand-off or an agent's
    // next call created by another replica); end it at the first step boundary after the event
    // so the new request is admitted when a real scheduler would admit it.
    for (size_t r = 0; r < m_replicas.size(); ++r) {
        Replica& rep = m_replicas[r];
        const bool serves = forQueue == Role::Decode ? rep.role == Role::Decode : rep.role != Role::Decode;
        if (!serves || !rep.scheduled || rep.interruptible || rep.k <= 1 || !rep.chunks.empty() || rep.stepEnd <= t)
            continue;
        const int n = rep.nDecode;
        const auto runS = [&](std::int64_t j) {
            return static_cast<double>(j) * m_model.decodeStepS(n, rep.context + m_a * static_cast<double>(j - 1) / 2.0);
        };
        std::int64_t lo = 1;
        std::int64_t hi = rep.k;
        while (lo < hi) {
            const std::int64_t mid = lo + (hi - lo) / 2;
            if (rep.stepStart + runS(mid) >= t)
                hi = mid;
            else
                lo = mid + 1;
        }
        if (lo >= rep.k)
            continue;
        const double end = rep.stepStart + runS(lo);
        m_busyS -= rep.stepEnd - end;
        rep.k = lo;
        rep.stepEnd = end;
        m_steps.push(TimedEntry{end, static_cast<int>(r), ++rep.version});
    }
}

SimResult Simulation::run()
{
    long events = 0;
    for (;;) {
        if (m_opt.cancel && (++events & 4095) == 0 && m_opt.cancel->load(std::memory_order_relaxed))
            break;
        while (!m_steps.empty() && m_steps.top().tag != m_replicas[static_cast<size_t>(m_steps.top().id)].version)
            m_steps.pop();
        const double tArrival = nextArrival();
        const double tTransfer = m_transfers.empty() ? kInf : m_transfers.top().t;
        const double tStep = m_steps.empty() ? kInf : m_steps.top().t;
        if (!std::isfinite(std::min({tArrival, tTransfer, tStep})))
            break;
        // At equal times transfers and arrivals go first, so the step that starts then sees them.
        if (tTransfer <= tArrival && tTransfer <= tStep) {
            const int id = m_transfers.top().id;
            m_transfers.pop();
            onTransfer(tTransfer, id);
        } else if (tArrival <= tStep) {
            onArrival(tArrival);
        } else {
            const int r = m_steps.top().id;
            m_steps.pop();
            onStepEnd(tStep, r);
        }
    }
    return summarise();
}

SimResult Simulation::summarise()
{
    SimResult res;
    res.requests = static_cast<int>(m_reqs.size());
    res.rejected = m_rejected;
    res.preemptions = m_preemptions;
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
        if ((m_opt.ttftTargetS <= 0 || t1 <= m_opt.ttftTargetS) && (m_opt.tpotTargetS <= 0 || tp <= m_opt.tpotTargetS))
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
    std::nth_element(lives.begin(), lives.begin() + static_cast<std::ptrdiff_t>(lives.size() / 2), lives.end());
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
        const double lastFirst = m_set.requests[m_reqs.size() - static_cast<size_t>(m_set.callsPerSession)].arrivalS;
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

} // namespace

SimResult simulate(const StepCostModel& model, const RequestSet& requests, const SimOptions& options)
{
    if (requests.requests.empty() || requests.callsPerSession < 1)
        return {};
    Simulation sim(model, requests, options);
    SimResult r = sim.run();
    log::get("serving")->debug("simulated {} requests: {} completed, {:.1f} tok/s, {} preemptions", r.requests,
                               r.completed, r.throughputTokS, r.preemptions);
    return r;
}

} // namespace is::serving
