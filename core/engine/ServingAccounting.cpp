// SPDX-License-Identifier: MIT
#include "engine/StepModels.h"

#include "engine/Queueing.h"

#include <QCoreApplication>

#include <boost/math/tools/roots.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace is::detail {

double cycleDecodeS(const EvalContext& ctx, double acceptance, double stepS)
{
    return std::max(1.0, ctx.workload.outputTokens) / std::max(1.0, acceptance) * stepS;
}

void finishServing(Estimate& e, const EvalContext& ctx, double prefillOccupancyS, double prefillLatencyS,
                   double stepS, int batchPerReplica, int replicas)
{
    const double out = std::max(1.0, ctx.workload.outputTokens);
    const double b = std::max(1, batchPerReplica);
    // In steady state a replica finishes b requests per cycle: each request's prefill occupies the
    // replica once, and the b streams share out/a decode steps.
    // One output token: the prefill's last position gives it, so the request takes no decode
    // step (a step per cycle had each request of the seed benchmark's H100s take 2.09 s where its
    // first token, its only one, came at 1.81 s).
    // Nor can a stream's next prompt start before its last one is through: on a wafer pipeline a
    // prompt crosses every wafer, far longer than the pipeline is busy with it, so until b
    // prompts fill the pipeline a stream's cycle is that crossing.
    const bool decodes = ctx.workload.decodes();
    const double decodeS = decodes ? cycleDecodeS(ctx, e.acceptance, stepS) : 0.0;
    const double cycle =
        decodes ? b * prefillOccupancyS + decodeS : std::max(b * prefillOccupancyS, prefillLatencyS);
    // A user's own prefill is its TTFT; the other streams' prefills interrupt its decode. With one
    // token, the time from one of a stream's tokens to the next is its whole cycle.
    const double tpot = decodes ? (decodeS + (b - 1) * prefillOccupancyS) / out : cycle;
    // Queueing for a prefill slot behind others' prefills (M/D/1 mean wait), plus half a decode
    // step to join the running batch.
    // One output token: a request is its prefill, so there is no decode for the others' prompts
    // to interrupt; a stream's next prompt queues behind the other streams' prompts instead (each
    // of them is waiting for its own), and its first token, its only one, comes at the end of its
    // cycle: about b - 1 prefills of waiting on a GPU, none on a pipeline not yet full.
    // The M/D/1 wait, whose load is capped, held the first token near ten prefills whatever the
    // batch, while each request took b prefills (Little's law): 1,024 streams on a replica had a
    // first token in 5 s and a request every 8 s.
    const double rho = b > 1 ? std::min(kMaxPrefillLoad, b * prefillOccupancyS / cycle) : 0.0;
    const double wait = !decodes ? cycle - prefillLatencyS
                        : b > 1  ? prefillOccupancyS * rho / (2.0 * (1.0 - rho)) + stepS / 2.0
                                 : 0.0;

    e.prefillS = prefillLatencyS;
    e.prefillOccupancyS = prefillOccupancyS;
    e.decodeStepS = stepS;
    // A reused prefix that waited in an offload tier is copied back before the prefill can use it.
    e.requestOverheadS = ctx.cal.requestOverheadS.value;
    e.ttftS = e.requestOverheadS + prefillLatencyS + wait + e.reuse.readbackS;
    e.queueingS = wait;
    e.tpotS = tpot;
    // Percentiles. While one request decodes, the other b - 1 streams each start about one new
    // request, whose prefill interrupts it: a Poisson count with mean b - 1, so the 99th
    // percentile request sees about mean + 2.33 sqrt(mean) of them (normal approximation). The
    // wait for a prefill slot has an exponential tail: its 99th percentile is ln(100) times the
    // mean wait, plus a full decode step to join the running batch.
    constexpr double kZ99 = 2.326;
    const double interruptions = b - 1;
    const double interruptionsP99 = interruptions > 0 ? interruptions + kZ99 * std::sqrt(interruptions) : 0.0;
    e.tpotP99S = decodes ? (decodeS + interruptionsP99 * prefillOccupancyS) / out : cycle;
    const double waitP99 =
        !decodes ? std::max(wait, (interruptionsP99 + 1.0) * prefillOccupancyS - prefillLatencyS)
        : b > 1  ? (wait - stepS / 2.0) * kP99WaitFactor + stepS
                 : 0.0;
    e.ttftP99S = e.requestOverheadS + prefillLatencyS + waitP99 + e.reuse.readbackS;
    e.tokSUser = tpot > 0 ? 1.0 / tpot : 0.0;
    e.tokSTotal = cycle > 0 ? replicas * b * out / cycle : 0.0;
    e.batch = static_cast<int>(b) * replicas;
}

double independentPrefillOccupancy(double ownS, double othersS, double groupRanks, int batch, double decodeS)
{
    const double b = std::max(1, batch);
    if (groupRanks <= 1.0 || othersS <= 0.0 || decodeS <= 0.0)
        return ownS;
    // T - (b ownS + decodeS / (1 - b othersS / T)^(g-1)) rises with T from below zero at the aligned
    // cycle b ownS + decodeS to above it. A rank's own prefill includes the dense and attention
    // work it holds the others for (ownS >= othersS), so the base stays positive from there on.
    const double lo = b * std::max(ownS, othersS) + decodeS;
    auto excess = [&](double t) {
        return t - b * ownS - decodeS / std::pow(1.0 - b * othersS / t, groupRanks - 1.0);
    };
    double hi = 2.0 * lo;
    while (excess(hi) < 0)
        hi *= 2.0;
    std::uintmax_t iterations = 64;
    const auto [a, z] = boost::math::tools::toms748_solve(
        excess, lo, hi, boost::math::tools::eps_tolerance<double>(40), iterations);
    return ((a + z) / 2.0 - decodeS) / b;
}

void queueStreamsBeyondMemory(Estimate& e, int held, const EvalContext& ctx, int replicas)
{
    const Workload& w = ctx.workload;
    if (!e.fits || held <= 0 || held >= w.concurrency)
        return;
    // A stream beyond what memory holds waits for as many requests to finish as are queued ahead
    // of it, and requests finish at the deployment's request rate (Little's law over the held
    // streams). A request's own first-token time is not how long it holds its slot: on a wafer
    // pipeline a prompt's latency spans every wafer while the pipeline finishes a prompt far more
    // often, and the client's request overhead holds no slot at all.
    const double extra = queueWaitS(w.concurrency, held, requestsPerS(e, w));
    e.queueingS += extra;
    e.ttftS += extra;
    e.ttftP99S += extra;
    const bool byRuntime = ctx.deployment && ctx.deployment->maxBatchPerReplica > 0 &&
                           qint64(held) >= qint64(runtimeBatchCap(ctx)) * std::max(1, replicas);
    e.notes << (byRuntime
                    ? QCoreApplication::translate(
                          "is::Engine", "the serving runtime runs %L1 of %L2 streams at once; the rest queue")
                    : QCoreApplication::translate("is::Engine",
                                                  "memory holds %L1 of %L2 streams; the rest queue"))
                   .arg(held)
                   .arg(w.concurrency);
    e.bottleneck = Bottleneck::Capacity;
}

void setSplitFirstToken(Estimate& e, double prefillAloneS, double waitS, double handoverS)
{
    e.queueingS = waitS;
    e.kvHandoverS = handoverS;
    e.ttftS = prefillAloneS + waitS + handoverS + e.decodeStepS / 2.0;
    e.ttftP99S = prefillAloneS + waitS * kP99WaitFactor + handoverS + e.decodeStepS;
}

} // namespace is::detail
