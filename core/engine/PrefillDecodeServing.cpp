// SPDX-License-Identifier: MIT
// Prefill-decode disaggregation (DistServe, Splitwise, NVIDIA Dynamo) for one deployment: some of
// its replicas only prefill prompts and hand each request's KV cache over the scale-out network to
// the others, which only decode. A decoding stream is never stopped by another request's prefill;
// the price is the prefill replicas, the hand-over on the first token and, when prompts arrive
// faster than the prefill replicas take them, the queue in front of them.
#include "engine/Engine.h"
#include "engine/StepModels.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace is {

namespace {

// A decode replica's time per output token: its step over the tokens a step yields, nothing else.
void decodeOnly(Estimate& e)
{
    e.tpotS = e.decodeStepS / std::max(1.0, e.acceptance);
    e.tpotP99S = e.tpotS;
    e.tokSUser = e.tpotS > 0 ? 1.0 / e.tpotS : 0.0;
    e.tokSTotal = e.tpotS > 0 ? e.batch / e.tpotS : 0.0;
}

} // namespace

Estimate Engine::decodeRole(const EvalContext& ctx, const ParallelPlan& plan, ServingGoal goal,
                            bool* cappedByMemory) const
{
    const Workload& w = ctx.workload;
    const int replicas = std::max(1, plan.dp);
    const qint64 cap = std::min<qint64>(qint64(detail::maxBatchPerReplica(ctx, plan)) * replicas,
                                        detail::kMaxDeploymentBatch);
    auto at = [&](qint64 batch) {
        Estimate e = evaluate(ctx, plan, static_cast<int>(std::max<qint64>(1, batch)));
        decodeOnly(e);
        return e;
    };
    if (cappedByMemory)
        *cappedByMemory = false;
    if (cap <= 0)
        return at(replicas); // does not fit: say why at one stream per replica
    if (goal == ServingGoal::FixedConcurrency)
        return at(std::min<qint64>(w.concurrency, cap));
    if (goal == ServingGoal::MaxThroughput || w.tpotLimitInForce() <= 0) {
        if (cappedByMemory)
            *cappedByMemory = true;
        return at(cap);
    }
    // Latency-bounded: a step grows with its batch, so the largest batch within the TPOT limit
    // gives the most tokens a second. Doubling, then bisection to the last that works.
    auto works = [&](const Estimate& e) { return e.fits && e.tpotS <= w.tpotLimitInForce(); };
    Estimate best = at(replicas);
    if (!works(best))
        return best;
    qint64 lo = replicas;
    qint64 hi = 0;
    for (qint64 b = std::min(cap, lo * 2); b > lo; b = std::min(cap, b * 2)) {
        Estimate e = at(b);
        if (!works(e)) {
            hi = b;
            break;
        }
        best = e;
        lo = b;
    }
    if (hi == 0) {
        if (cappedByMemory)
            *cappedByMemory = true;
        return best;
    }
    detail::bisectBatch(lo, hi, [&](qint64 batch) {
        Estimate e = at(batch);
        if (!works(e))
            return false;
        best = e;
        return true;
    });
    return best;
}

double Engine::kvHandoverS(const EvalContext& ctx, const ParallelPlan& plan) const
{
    const double bandwidth = ctx.kvHandoverBandwidth(std::max(1, plan.tp * plan.pp));
    if (bandwidth <= 0)
        return -1.0;
    return ctx.kvHandoverLatencyS() + ctx.kvBytesAt(ctx.workload.inputTokens) / bandwidth;
}

Estimate Engine::prefillDecodeServing(const EvalContext& ctx, const ParallelPlan& plan,
                                      ServingGoal goal) const
{
    const Workload& w = ctx.workload;
    const int prefillReplicas = ctx.deployment->prefillReplicas;
    ParallelPlan prefillPlan = plan;
    prefillPlan.dp = prefillReplicas;
    ParallelPlan decodePlan = plan;
    decodePlan.dp = plan.dp - prefillReplicas;

    // A prefill replica takes one prompt at a time: the engine's figures at one stream per
    // replica, where nothing queues (request overhead, prefill and any prefix read-back).
    const Estimate one = evaluate(ctx, prefillPlan, prefillReplicas);
    const double handover = kvHandoverS(ctx, plan);
    const double out = std::max(1.0, w.outputTokens);
    const double occ = one.prefillOccupancyS;
    const double capacityRps = occ > 0 ? detail::kMaxPrefillLoad * prefillReplicas / occ : 0.0;

    // A decode-role estimate as the whole deployment's: its plan, mode and the prefill side.
    auto asDeployment = [&](Estimate e) {
        e.plan = plan;
        e.mode = QStringLiteral("prefill-decode");
        e.prefillReplicas = prefillReplicas;
        e.reuse = one.reuse;
        e.prefillS = one.prefillS;
        e.prefillOccupancyS = occ;
        if (!one.fits) {
            e.fits = false;
            e.why = one.why;
        }
        return e;
    };
    // The deployment with `decode` streams in flight on its decode replicas.
    auto complete = [&](const Estimate& decode) {
        Estimate e = asDeployment(decode);
        if (handover < 0) {
            e.fits = false;
            e.why =
                QCoreApplication::translate("is::Engine", "no scale-out link to hand the KV cache over on");
            return e;
        }
        // Each decoding stream finishes a request every out x TPOT and starts the next: that is
        // the rate prompts reach the prefill replicas, which take at most one each per occupancy.
        double rps = e.tpotS > 0 ? e.batch / (out * e.tpotS) : 0.0;
        double wait = 0;
        if (occ > 0 && rps > capacityRps) {
            // The prefill replicas bind: they pass capacityRps prompts a second, and the streams
            // beyond what that keeps decoding wait in front of them (a closed loop: each
            // stream's request takes batch / rps from one arrival to the next). Only the streams
            // the prefills feed decode (rps x out x TPOT of them, Little's law), in shorter steps.
            rps = capacityRps;
            const int inFlight = e.batch;
            const int decoding = static_cast<int>(std::ceil(rps * out * e.tpotS - 1e-9));
            if (decoding < inFlight) {
                Estimate fewer = evaluate(ctx, decodePlan, std::max(decodePlan.dp, decoding));
                decodeOnly(fewer);
                if (fewer.fits) {
                    e = asDeployment(fewer);
                    e.batch = inFlight;
                }
            }
            wait = std::max(0.0, e.batch / rps - out * e.tpotS - one.ttftS - handover);
            e.notes << QCoreApplication::translate("is::Engine",
                                                   "%1 prefill replicas take at most %2 prompts a second; "
                                                   "the decode replicas wait for them")
                           .arg(prefillReplicas)
                           .arg(capacityRps, 0, 'f', 1);
        } else if (occ > 0) {
            const double rho = rps * occ / prefillReplicas;
            wait = occ * rho / (2.0 * (1.0 - rho)); // M/D/1 mean wait
        }
        e.tokSTotal = rps * out;
        detail::setSplitFirstToken(e, one.ttftS, wait, handover);
        if (goal == ServingGoal::FixedConcurrency) // streams the decode replicas cannot hold queue
            detail::queueStreamsBeyondMemory(e, e.batch, ctx, decodePlan.dp);
        // Prefill chips compute flat out while they work and idle between prompts.
        addPower(e, ctx, e.prefillChips(), occ > 0 ? std::min(1.0, rps * occ / prefillReplicas) : 0.0);
        return e;
    };

    Estimate best = complete(decodeRole(ctx, decodePlan, goal, nullptr));
    if (goal != ServingGoal::LatencyBounded || !best.fits || meetsLimits(best, w) ||
        best.batch <= decodePlan.dp)
        return best;
    // The decode batch the TPOT limit allows sends prompts faster than the prefill replicas keep
    // the first token within its limit: fewer streams, a shorter queue. Bisection on the batch.
    auto at = [&](int batch) {
        Estimate e = evaluate(ctx, decodePlan, batch);
        decodeOnly(e);
        return complete(e);
    };
    Estimate low = at(decodePlan.dp);
    if (!meetsLimits(low, w))
        return low; // not even one stream per decode replica: its figures say by how much
    const int hi = best.batch;
    best = low;
    detail::bisectBatch(decodePlan.dp, hi, [&](int batch) {
        Estimate e = at(batch);
        if (!meetsLimits(e, w))
            return false;
        best = e;
        return true;
    });
    return best;
}

} // namespace is
