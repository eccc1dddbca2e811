// SPDX-License-Identifier: MIT
// A replica's step: preemption when the KV cache is full, building and timing a step, ending it.
#include "serving/SimulationState.h"

namespace is::serving::sim {

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
        q.reuse = 0; // its cached prefix's blocks were freed with the rest
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
        k = std::min(k, std::max<std::int64_t>(
                            1, static_cast<std::int64_t>(std::floor((m_capBlocks - usedBlocks) / growth))));
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
    while (rep.nDecode > 0 &&
           kvTokens(rep) / m_block + 0.5 * rep.seqs() + m_a * rep.nDecode / m_block > m_capBlocks) {
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
            n = std::min(n,
                         static_cast<int>(std::max(
                             0.0, std::floor(freeTokens(rep, 0) + sch.kvWatermark * m_capBlocks * m_block))));
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
        const bool reserveFull = m_model.kvAdmission() == KvAdmission::ReserveFull;
        if (reserveFull) {
            // Every admitted sequence keeps room for all the tokens it has still to write, so
            // the cache never runs out and nothing is preempted (TensorRT-LLM's policy).
            // Finished sequences leave the admission list here (nothing is preempted to prune it).
            std::erase_if(rep.admitted, [&](int id) { return !live(r, id); });
            for (int id : rep.admitted) {
                const Req& q = m_reqs[static_cast<size_t>(id)];
                const double generated = q.phase == Phase::Decoding
                                             ? q.genAtJoin + m_a * static_cast<double>(rep.step - q.joinStep)
                                             : q.generated;
                promised += std::max(0.0, q.out - generated);
            }
        } else if (rep.nDecode > 0 && !rep.finish.empty()) {
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
            // A cached prefix is held in blocks from admission but never computed.
            const int skip = q.reuse;
            const int n = sch.chunkedPrefill ? std::min(budget, q.prompt - skip) : q.prompt - skip;
            if (!sch.chunkedPrefill && n > budget && !rep.chunks.empty())
                break;
            const double growth =
                reserveFull ? q.out - q.generated : m_a * std::min(untilNext, (q.out - q.generated) / m_a);
            if (freeTokens(rep, 1) < promised + q.prompt + growth)
                break;
            promised += q.prompt - skip - n + growth;
            m_waiting.pop_front();
            q.phase = Phase::Prefilling;
            q.replica = r;
            if (q.admitS < 0)
                firstAdmission(q, t);
            q.prefillStartS = t;
            q.prefilled = skip;
            if (skip > 0) {
                ++m_reuse.requests;
                m_reuse.prefillTokensSkipped += skip;
            }
            q.chunk = n;
            rep.prefilling.push_back(id);
            rep.admitted.push_back(id);
            ++rep.nOther;
            ++m_seqs;
            rep.otherKv += skip + n;
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
    double largestChunk = 0;
    const int batchRef = std::max(1, n);
    for (int id : rep.chunks) {
        const Req& q = m_reqs[static_cast<size_t>(id)];
        prefillS += m_model.prefillOccupancyS(q.prefilled + q.chunk, batchRef) -
                    m_model.prefillOccupancyS(q.prefilled, batchRef);
        largestChunk = std::max(largestChunk, static_cast<double>(q.chunk));
    }
    // Beside a decode batch a chunk costs what it adds to a pass that reads the weights anyway.
    // Alone, the chunks are a pass of their own: it reads every weight and pays the step's fixed
    // costs, which the differences above leave out when a chunk starts after a cached prefix or
    // an earlier chunk (a 200-token turn after a 1,800-token cached history is not 200 tokens'
    // share of a 2,000-token prefill). The pass costs at least a fresh prefill of its largest
    // chunk alone (not of all chunks as one prompt: each attends only to its own tokens).
    if (n == 0 && largestChunk > 0)
        prefillS = std::max(prefillS, m_model.prefillOccupancyS(largestChunk, 1));
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
        if (!serves || !rep.scheduled || rep.interruptible || rep.k <= 1 || !rep.chunks.empty() ||
            rep.stepEnd <= t)
            continue;
        const int n = rep.nDecode;
        const auto runS = [&](std::int64_t j) {
            return static_cast<double>(j) *
                   m_model.decodeStepS(n, rep.context + m_a * static_cast<double>(j - 1) / 2.0);
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

} // namespace is::serving::sim
