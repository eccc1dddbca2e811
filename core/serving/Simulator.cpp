// SPDX-License-Identifier: MIT
#include "serving/Simulator.h"

#include "common/Log.h"
#include "serving/SimulationState.h"

namespace is::serving::sim {

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
    return q.replica == r &&
           (q.phase == Phase::Prefilling || q.phase == Phase::Awaiting || q.phase == Phase::Decoding);
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
    std::uint32_t recalled = 0; // 1: an agent call whose context was read back from an offload tier
    if (!m_followUps.empty() && (m_nextStatic >= m_reqs.size() ||
                                 m_followUps.top().t <= m_reqs[m_nextStatic].arrivalS + m_overhead)) {
        id = m_followUps.top().id;
        recalled = m_followUps.top().tag;
        m_followUps.pop();
    } else {
        id = static_cast<int>(m_nextStatic);
        m_nextStatic += static_cast<size_t>(m_set.callsPerSession);
    }
    advance(t);
    if (recalled == 0 && recallPrefix(id, t))
        return; // it reaches the scheduler once its context is back in device memory
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
        if (m_set.reusePrefix)
            m_pool.keep(id, q.in + q.out);
        if (m_waiting.empty())
            cut(Role::Prefill, next + m_overhead);
    }
}

bool Simulation::recallPrefix(int id, double t)
{
    const int calls = m_set.callsPerSession;
    if (!m_set.reusePrefix || id % calls == 0)
        return false;
    std::vector<PrefixPool::Tier> tiers;
    for (const auto& [tier, tokens] : m_model.offloadCapacityTokens())
        tiers.push_back({tier, tokens});
    const KvTier tier = m_pool.take(id - 1, m_capTokensAll - m_kvUsed, tiers);
    ++m_reuse.byTier[static_cast<size_t>(tier)];
    if (tier == KvTier::Evicted)
        return false;
    Req& q = m_reqs[static_cast<size_t>(id)];
    const Req& previous = m_reqs[static_cast<size_t>(id) - 1];
    // The previous call's prompt and output, as far as this prompt repeats it; the last token is
    // always computed.
    q.reuse = std::max(q.reuse, std::min(q.in - 1, previous.in + previous.out));
    const double readback = m_model.kvReadbackS(q.reuse, tier);
    if (readback <= 0)
        return false;
    m_readbackSumS += readback;
    m_followUps.push(TimedEntry{t + readback, id, 1});
    return true;
}

void Simulation::joinDecode(int r, int id, double t)
{
    Replica& rep = m_replicas[static_cast<size_t>(r)];
    Req& q = m_reqs[static_cast<size_t>(id)];
    endPrefill(rep, q, t);
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

void Simulation::endPrefill(Replica& rep, Req& q, double t)
{
    rep.otherKv -= q.prompt;
    --rep.nOther;
    --m_seqs;
    if (q.firstTokenS < 0) {
        q.firstTokenS = t;
        q.generated = 1;
        deliver(1);
    }
}

void Simulation::prefillDone(int r, int id, double t)
{
    Replica& rep = m_replicas[static_cast<size_t>(r)];
    Req& q = m_reqs[static_cast<size_t>(id)];
    const auto it = std::find(rep.prefilling.begin(), rep.prefilling.end(), id);
    if (it != rep.prefilling.end())
        rep.prefilling.erase(it);
    // The wafer pipeline's fill latency can outlast the machine time the prefill took.
    // With a cached prefix the new tokens still take one pass through every layer (the latency of
    // a one-token prompt), plus what the tokens after the prefix add to it.
    const double latency = q.reuse > 0 ? m_model.prefillLatencyS(1) + m_model.prefillLatencyS(q.prompt) -
                                             m_model.prefillLatencyS(q.reuse)
                                       : m_model.prefillLatencyS(q.prompt);
    const double ready = std::max(t, q.prefillStartS + latency);
    if (rep.role == Role::Prefill) {
        endPrefill(rep, q, ready);
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

SimResult Simulation::run()
{
    long events = 0;
    for (;;) {
        if (m_opt.cancel && (++events & 4095) == 0 && m_opt.cancel->load(std::memory_order_relaxed))
            break;
        while (!m_steps.empty() &&
               m_steps.top().tag != m_replicas[static_cast<size_t>(m_steps.top().id)].version)
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

} // namespace is::serving::sim

namespace is::serving {

SimResult simulate(const StepCostModel& model, const RequestSet& requests, const SimOptions& options)
{
    if (requests.requests.empty() || requests.callsPerSession < 1)
        return {};
    sim::Simulation sim(model, requests, options);
    SimResult r = sim.run();
    log::get("serving")->debug("simulated {} requests: {} completed, {:.1f} tok/s, {} preemptions",
                               r.requests, r.completed, r.throughputTokS, r.preemptions);
    return r;
}

} // namespace is::serving
