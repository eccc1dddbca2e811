// SPDX-License-Identifier: MIT
// Chips that hold weights and KV cache in their own memory (GPUs, MI300X, Sohu, SN40L's HBM, CPUs):
// a step takes the longer of its compute and its memory traffic at achievable rates, plus
// collectives over the topology, plus fixed per-layer overheads.
#include "engine/StepModels.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <utility>

namespace is::detail {

namespace {

// Matrix multiplies with few rows leave most of the tensor cores idle: the achievable fraction of
// peak grows with the row count M as M / (M + M_half), M_half fitted per family.
double gemmRowEfficiency(const FamilyCalibration& cal, double rows)
{
    const double half = cal.gemmHalfRows.value;
    return half > 0 ? rows / (rows + half) : 1.0;
}

// All-reduce: NCCL picks ring or tree, whichever is faster for the message size.
double allReduce(int n, double bytes, const PathCost& path, double linkEff)
{
    return std::min(collectiveTime(Collective::AllReduceRing, n, bytes, path, linkEff),
                    collectiveTime(Collective::AllReduceTree, n, bytes, path, linkEff));
}

struct Shards
{
    int kv = 1;                      // chips a sequence's KV cache is split over within a stage (heads)
    int experts = 1;                 // chips the routed experts of a layer are split over
    double tokensPerExpertGroup = 1; // multiplier: DP replicas that share an EP group
    bool wholeExperts = false;       // experts sit whole on the chips (ep >= tp), else split by TP
};

Shards shardsFor(const EvalContext& ctx, const ParallelPlan& p)
{
    const ModelDesc& m = *ctx.model;
    Shards s;
    // MLA's latent cache has no heads to split: every tensor-parallel rank keeps all of it.
    s.kv = m.attention == AttentionKind::MLA ? 1 : std::max(1, std::min(p.tp, m.kvHeads));
    s.experts = std::max(p.ep, p.tp);
    s.tokensPerExpertGroup = std::max(1.0, static_cast<double>(p.ep) / p.tp);
    s.wholeExperts = p.ep > 1 && p.ep >= p.tp;
    return s;
}

// Activation workspace per chip: hidden states and logits for the running batch, plus one
// prefill chunk (2048 tokens) of intermediate activations.
double activationBytes(const EvalContext& ctx, const ParallelPlan& p, double batch)
{
    const ModelDesc& m = *ctx.model;
    constexpr double kPrefillChunk = 2048;
    const double perToken = (8.0 * m.hidden + static_cast<double>(m.vocab) / p.tp * 2.0) * ctx.actBytes;
    return (batch + kPrefillChunk) * perToken;
}

// Share of a layer's routed experts the busiest chip of the expert group holds: experts split
// over `s.experts` chips, the ones that do not divide evenly going one more to some of them.
double expertShare(const EvalContext& ctx, const Shards& s)
{
    const double e = std::max(1, ctx.model->experts);
    // Split by tensor parallelism, every chip holds the same slice of every expert.
    if (!s.wholeExperts || s.experts > e)
        return 1.0 / s.experts;
    return std::ceil(e / s.experts) / e;
}

// The routed-expert work of one layer on the busiest chip, relative to the mean chip: with
// experts spread whole over ep > 1 chips, the top-k choices of `groupTokens` tokens land
// unevenly and the exchange waits for the chip that got the most (see moeImbalance()).
double expertImbalance(const EvalContext& ctx, const ParallelPlan& p, const Shards& s, double groupTokens)
{
    if (p.ep <= 1 || !ctx.model->isMoe())
        return 1.0;
    const double e = ctx.model->experts;
    const double perRank = std::ceil(e / std::min<double>(s.experts, e));
    const double assigned = groupTokens * ctx.model->activeExperts * perRank / e;
    return moeImbalance(assigned, std::min<double>(s.experts, e),
                        groupTokens * std::min<double>(ctx.model->activeExperts, perRank));
}

double weightsPerChip(const EvalContext& ctx, const ParallelPlan& p, const Shards& s)
{
    const double nonExpert = ctx.weightBytes - ctx.params.expertsAll * ctx.wBytesPerParam;
    return nonExpert / (p.tp * p.pp) +
           ctx.params.expertsAll * ctx.wBytesPerParam * expertShare(ctx, s) / p.pp;
}

MemoryBudget budget(const EvalContext& ctx, const ParallelPlan& p, double batchPerReplica, double kvContext)
{
    const Shards s = shardsFor(ctx, p);
    MemoryBudget b;
    b.capacity = ctx.memCapacity * ctx.cal.maxUsableMemory.value;
    b.weights = weightsPerChip(ctx, p, s) + ctx.draftBytes / (p.tp * p.pp);
    b.kvCache = batchPerReplica * ctx.kvBytesAt(kvContext) / (s.kv * p.pp);
    b.activations = activationBytes(ctx, p, batchPerReplica / p.pp);
    // Tiered memory (SN40L): the KV cache and activations stay in HBM; weights HBM cannot also
    // hold go to DDR, as far as DDR holds them.
    b.slowCapacity = ctx.slowCapacity * ctx.cal.maxUsableMemory.value;
    if (b.slowCapacity > 0 && b.used() > b.capacity) {
        b.slowWeights = std::min({b.used() - b.capacity, b.weights, b.slowCapacity});
        b.weights -= b.slowWeights;
    }
    return b;
}

// Bandwidth at which `bytes`, a share `slowShare` of them in the slower tier, stream: the two
// tiers have their own interfaces and stream in parallel, so the step waits for the slower part.
double tieredBandwidth(double fastBw, double slowBw, double slowShare)
{
    if (slowShare <= 0 || slowBw <= 0)
        return fastBw;
    return 1.0 / std::max((1.0 - slowShare) / fastBw, slowShare / slowBw);
}

// Which weights a tiered device keeps in DDR: routed experts first (a step reads only the few it
// routes to), then dense weights. Returns the DDR share of the expert and of the other weights.
std::pair<double, double> slowShares(const EvalContext& ctx, const ParallelPlan& p, const Shards& s,
                                     const MemoryBudget& b)
{
    if (b.slowWeights <= 0)
        return {0.0, 0.0};
    const double experts = ctx.params.expertsAll * ctx.wBytesPerParam * expertShare(ctx, s) / p.pp;
    const double others = weightsPerChip(ctx, p, s) + ctx.draftBytes / (p.tp * p.pp) - experts;
    const double slowExperts = std::min(b.slowWeights, experts);
    return {experts > 0 ? slowExperts / experts : 0.0,
            others > 0 ? std::min(1.0, (b.slowWeights - slowExperts) / others) : 0.0};
}

// Whether a step's `bytes` (weights and KV cache one chip reads per step) stream from a CPU's
// last-level cache rather than the primary tier.
bool fromCache(const EvalContext& ctx, double bytes)
{
    return streamsFromCpuCache(bytes, ctx.cacheCapacity, ctx.cacheBandwidth, ctx.cal.cacheUsable.value);
}

// Bandwidth at which a step's `bytes` stream: the primary tier's, or the cache's when they fit it.
double streamBandwidth(const EvalContext& ctx, double bytes)
{
    return fromCache(ctx, bytes) ? ctx.cacheBandwidth : ctx.memBandwidth;
}

struct StepTime
{
    double total = 0;
    LatencyBreakdown parts;
    bool fromCache = false; // the tier the step streamed from
};

// Time of a matrix multiply phase: the longer of its FLOPs at the achievable share of `peak` (the
// dense peak of the format its weights multiply at) for its row count and its weight bytes at the
// achievable bandwidth.
double gemmTime(const EvalContext& ctx, double peak, double flops, double bytes, double rows,
                double bandwidth)
{
    const double eff = ctx.cal.computeEfficiency.value * gemmRowEfficiency(ctx.cal, rows);
    return std::max(flops / (peak * eff), bytes / (bandwidth * ctx.cal.memoryEfficiency.value));
}

struct PhaseTimes
{
    double gemm = 0;         // dense projections and FFNs
    double experts = 0;      // routed experts
    double attention = 0;    // score and value products over the KV cache
    double computeBound = 0; // of the above, the time limited by FLOPs
};

// One decode step of `batch` sequences on one replica at context length `context`, each sequence
// verifying `tokensPerSeq` tokens (1, or the draft length under speculative decoding).
// GPUs run the phases one kernel after another, so their times add: the weight-bound matrix
// multiplies, the KV-bound attention and the collectives do not overlap each other.
StepTime decodeStep(const EvalContext& ctx, const ParallelPlan& p, double batch, double context,
                    double tokensPerSeq, std::pair<double, double> slow = {0.0, 0.0})
{
    const ModelDesc& m = *ctx.model;
    const Shards s = shardsFor(ctx, p);
    const double micro = std::max(1.0, batch / p.pp); // sequences per pipeline micro-batch
    const double tokens = micro * tokensPerSeq;
    const double stageLayers = static_cast<double>(m.layers) / p.pp;
    const double shard = static_cast<double>(p.tp) * p.pp;

    const FlopBreakdown f = decodeFlops(m, context);
    const double kvRead = micro * ctx.decodeKvBytesAt(context) / (s.kv * p.pp);

    PhaseTimes t;
    // Dense weights: every step reads them once, whatever the batch.
    const double denseParams = ctx.params.alwaysActive() - ctx.params.norms;
    const double denseFlops = tokens * 2.0 * denseParams / shard;
    const double denseBytes = ctx.alwaysBytes / shard;
    double expertBytes = 0, expertFlops = 0, rowsPerExpert = 1;
    if (m.isMoe()) {
        // Routed experts: the batch touches a growing set of experts (distinct experts read per
        // step); each sees few rows, which the grouped GEMM's row efficiency charges. The chip
        // whose experts got the most tokens sets the step (load imbalance).
        const double groupTokens = tokens * s.tokensPerExpertGroup;
        const double touched = expectedExpertsTouched(m, groupTokens);
        rowsPerExpert = groupTokens * m.activeExperts / std::max(1.0, touched);
        expertFlops = ctx.routedExpertFlops(tokens) / shard * expertImbalance(ctx, p, s, groupTokens);
        expertBytes = touched * expertShare(ctx, s) * ctx.expertBytes * ctx.params.moeLayers / p.pp;
    }
    // Everything the step reads, per chip: on a CPU it decides the tier it streams from.
    const double stepBytes = denseBytes + expertBytes + kvRead;
    const bool cached = fromCache(ctx, stepBytes);
    const double bw = cached ? ctx.cacheBandwidth : ctx.memBandwidth;
    // Tiered devices: the weights placed in DDR stream from it, in parallel with HBM.
    const double denseBw = tieredBandwidth(bw, ctx.slowBandwidth, slow.second);
    t.gemm = gemmTime(ctx, ctx.densePeakFlops, denseFlops, denseBytes, tokens, denseBw);
    if (denseFlops / (ctx.densePeakFlops * ctx.cal.computeEfficiency.value) >
        denseBytes / (denseBw * ctx.cal.memoryEfficiency.value))
        t.computeBound += t.gemm;
    if (m.isMoe())
        t.experts = gemmTime(ctx, ctx.peakFlops, expertFlops, expertBytes, rowsPerExpert,
                             tieredBandwidth(bw, ctx.slowBandwidth, slow.first));
    const double attnCompute =
        tokens * f.attention / shard / (ctx.attnPeakFlops * ctx.cal.computeEfficiency.value);
    const double attnMemory = kvRead / (bw * ctx.cal.memoryEfficiency.value * ctx.cal.kvReadRatio.value);
    t.attention = std::max(attnCompute, attnMemory);
    if (attnCompute > attnMemory)
        t.computeBound += t.attention;

    const double linkEff = ctx.cal.linkEfficiency.value;
    const double hiddenMsg = tokens * ctx.model->hidden * ctx.actBytes;
    double comm = 0;
    if (p.tp > 1 && ctx.topology)
        comm += stageLayers * 2.0 * allReduce(p.tp, hiddenMsg, ctx.topology->groupPath(p.tp), linkEff);
    // The expert exchange: every device of the expert group sends its replica's tokens, each to
    // the experts it goes to, and gets them back. The tensor-parallel ranks of a replica each
    // send all of them, though they could split them, and an exchange is charged even where the
    // experts sit within one tensor-parallel group (ep <= tp), which needs none: the calibration
    // was fitted this way, and charging neither moved one MoE validation row (P30) from 2 % to
    // 14 % off.
    if (p.ep > 1 && m.isMoe() && ctx.topology)
        comm += static_cast<double>(ctx.params.moeLayers) / p.pp * 2.0 *
                collectiveTime(Collective::AllToAll, p.ep, hiddenMsg * m.activeExperts,
                               ctx.topology->groupPath(p.ep * p.pp), linkEff);
    const double overhead = stageLayers * ctx.layerOverheadS;
    const double work = t.gemm + t.experts + t.attention;
    const double stage = work + comm + overhead;
    const double p2p = (p.pp > 1 && ctx.topology)
                           ? (p.pp - 1) * collectiveTime(Collective::PointToPoint, 2, hiddenMsg,
                                                         ctx.topology->groupPath(p.tp * p.pp), linkEff)
                           : 0.0;

    // The serving runtime's host works on every running sequence every step (scheduling, KV
    // block bookkeeping, sampling and stop checks, detokenising), so beyond the chips' own work a
    // step grows by a fixed time per sequence of the replica.
    const double host = ctx.cal.stepOverheadS.value + batch * ctx.cal.sequenceOverheadS.value;

    StepTime st;
    st.total = p.pp * stage + p2p + host;
    st.parts.compute = p.pp * t.computeBound;
    st.parts.memory = p.pp * (work - t.computeBound);
    st.parts.communication = p.pp * comm + p2p;
    st.parts.overhead = p.pp * overhead + host;
    st.fromCache = cached;
    return st;
}

// Prefill of one request's prompt: compute-bound matrix-matrix work, stages in sequence.
// One prompt's prefill on a replica: `latency` with its routed experts' FLOPs spread over every
// chip holding experts, `occupancy` with them at the replica's own tp chips' rate (the same where
// ep <= tp). See evaluateResident() for why they differ.
struct PrefillTimes
{
    double latency = 0;
    double occupancy = 0;
    // Where attention-DP ranks prefill at independent times: the time this prompt holds each
    // other rank of its expert group at the all-to-all (its dense and attention work).
    double stallsOthers = 0;
};

PrefillTimes prefillTime(const EvalContext& ctx, const ParallelPlan& p, double prompt, double slowShare = 0.0,
                         double cached = 0.0)
{
    const ModelDesc& m = *ctx.model;
    const Shards s = shardsFor(ctx, p);
    // With a cached prefix (PrefixReuse.h) only the tokens after it are computed.
    const FlopBreakdown f = freshPrefillFlops(m, prompt, cached);
    const double promptTokens = prompt - cached;
    // The dense projections see every prompt token as a row; a routed expert sees only the
    // tokens routed to it, so its grouped GEMM runs at the efficiency of far fewer rows.
    // Attention is compute-bound at length.
    const double expertRows =
        m.isMoe() ? promptTokens * m.activeExperts / std::max(1.0, expectedExpertsTouched(m, promptTokens))
                  : 0.0;
    const double expertFlops = ctx.routedExpertFlops(promptTokens);
    const double denseFlops = (f.matmul - expertFlops) / p.tp;
    const double wBytes = weightsPerChip(ctx, p, s) * p.pp;
    const double bandwidth = tieredBandwidth(streamBandwidth(ctx, wBytes), ctx.slowBandwidth, slowShare);
    // The routed experts multiply at their own rate, the rest at the rate of its weights' format
    // (16-bit under an experts-only release).
    const double expertRate = ctx.peakFlops * ctx.cal.computeEfficiency.value;
    const double denseRate = ctx.densePeakFlops * ctx.cal.computeEfficiency.value;
    // The logits are computed at the last position only: the classifier's GEMM has one row
    // whatever the prompt's length, so it is bound by reading its weights (weightReadS counts
    // them), not by FLOPs at the prompt's row efficiency.
    const double headFlops = 2.0 * ctx.params.classifier() / p.tp;
    const double denseS = (denseFlops - headFlops) / (denseRate * gemmRowEfficiency(ctx.cal, promptTokens));
    const double weightReadS = wBytes / (bandwidth * ctx.cal.memoryEfficiency.value);
    // The matrix multiplies with the routed experts' FLOPs over `expertRanks` chips, waiting for
    // the busiest of them; the weights stream once for both.
    auto gemmWith = [&](int expertRanks) {
        double expertS = 0;
        if (m.isMoe())
            expertS = expertFlops / expertRanks *
                      expertImbalance(ctx, p, s, promptTokens * s.tokensPerExpertGroup) /
                      (expertRate * gemmRowEfficiency(ctx.cal, expertRows));
        return std::max(denseS + expertS, weightReadS);
    };
    const double gemm = gemmWith(s.experts);
    const double gemmOwn = s.experts > p.tp ? gemmWith(p.tp) : gemm;
    const double attention = f.attention / p.tp / (ctx.attnPeakFlops * ctx.cal.computeEfficiency.value);
    const double linkEff = ctx.cal.linkEfficiency.value;
    const double msg = promptTokens * m.hidden * ctx.actBytes;
    double comm = 0;
    if (p.tp > 1 && ctx.topology)
        comm += m.layers * 2.0 * allReduce(p.tp, msg, ctx.topology->groupPath(p.tp), linkEff);
    if (p.ep > 1 && m.isMoe() && ctx.topology) // as in decodeStep()
        comm += ctx.params.moeLayers * 2.0 *
                collectiveTime(Collective::AllToAll, p.ep, msg * m.activeExperts,
                               ctx.topology->groupPath(p.ep * p.pp), linkEff);
    if (p.pp > 1 && ctx.topology)
        comm += (p.pp - 1) * collectiveTime(Collective::PointToPoint, 2, msg,
                                            ctx.topology->groupPath(p.tp * p.pp), linkEff);
    const double rest = attention + comm + m.layers * ctx.layerOverheadS + ctx.cal.stepOverheadS.value;
    // A rank that prefills on its own holds the other ranks of its expert group at every MoE
    // layer's all-to-all for the length of its dense and attention work.
    double stallsOthers = 0;
    if (m.isMoe() && s.tokensPerExpertGroup > 1 && ctx.deployment &&
        ctx.deployment->attentionDpPrefill == AttentionDpPrefill::Independent)
        stallsOthers = std::max(denseS, weightReadS) + attention;
    return {gemm + rest, gemmOwn + rest, stallsOthers};
}

} // namespace

double admittedContext(const EvalContext& ctx)
{
    return admittedKvContext(ctx.workload,
                             ctx.deployment ? ctx.deployment->kvAdmission : KvAdmission::OnDemand);
}

int runtimeBatchCap(const EvalContext& ctx)
{
    const int cap = ctx.deployment ? ctx.deployment->maxBatchPerReplica : 0;
    return cap > 0 ? std::min(cap, kMaxBatchPerReplica) : kMaxBatchPerReplica;
}

int maxBatchPerReplica(const EvalContext& ctx, const ParallelPlan& p)
{
    // A runtime that reserves each request's whole length admits fewer than one taking blocks on
    // demand: memory is sized at the context it reserves, not at the mean one held.
    const double kvContext = admittedContext(ctx);
    const MemoryBudget empty = budget(ctx, p, 0, kvContext);
    // On a tiered device weights may leave HBM for DDR, but the KV cache may not.
    const double free = std::min(empty.capacity + empty.slowCapacity - empty.used() - empty.slowWeights,
                                 empty.capacity - empty.activations);
    if (free <= 0)
        return 0;
    const MemoryBudget one = budget(ctx, p, p.pp, kvContext);
    const double perSeq = (one.used() + one.slowWeights - empty.used() - empty.slowWeights) / p.pp;
    if (perSeq <= 0)
        return runtimeBatchCap(ctx);
    // The longest sequence must fit on its own at full length.
    const MemoryBudget full = budget(ctx, p, 1, ctx.workload.inputTokens + ctx.workload.outputTokens);
    if (full.used() > full.capacity)
        return 0;
    return static_cast<int>(
        std::clamp(std::floor(free / perSeq), 0.0, static_cast<double>(runtimeBatchCap(ctx))));
}

Estimate evaluateResident(const EvalContext& ctx, const ParallelPlan& p, int batch)
{
    Estimate e;
    e.chips = ctx.chips;
    e.plan = p;
    e.mode = QStringLiteral("resident");
    const double in = ctx.workload.inputTokens;
    const double out = ctx.workload.outputTokens;
    // Replicas beyond the number of streams sit idle.
    const int replicas = std::clamp(batch, 1, std::max(1, p.dp));
    const int perReplica = std::max(1, (batch + replicas - 1) / replicas);

    // Memory holds what the runtime admitted (ReserveFull: every sequence at its whole length);
    // a decode step reads only the context the sequences have reached, in + out / 2 on average.
    const double admitted = admittedContext(ctx);
    e.memory = budget(ctx, p, perReplica, admitted);
    const MemoryBudget full = budget(ctx, p, 1, in + out);
    e.fits = full.used() <= full.capacity && e.memory.used() <= e.memory.capacity;
    if (!e.fits) {
        // The whole deployment's need: weights (and a draft's) once, and the streams' KV cache,
        // at least one stream at full length.
        const double kvAll =
            std::max(perReplica * replicas * ctx.kvBytesAt(admitted), ctx.kvBytesAt(in + out));
        const bool oneStream = perReplica * replicas * ctx.kvBytesAt(admitted) < ctx.kvBytesAt(in + out);
        e.why = residentMemoryShortfall(ctx.weightBytes + ctx.draftBytes + kvAll,
                                        oneStream ? 1 : perReplica * replicas, p,
                                        std::max(full.used(), e.memory.used()), e.memory.capacity, ctx.chips);
    }

    // Speculative decoding: each step verifies the draft's tokens in one pass of the target and
    // pays for the draft's own steps; `acceptance` tokens come out of it on average.
    e.acceptance = ctx.acceptance;
    const double drafted = e.acceptance > 1.0 ? std::ceil(e.acceptance) : 0.0;
    const auto slow = slowShares(ctx, p, shardsFor(ctx, p), e.memory);
    StepTime step = decodeStep(ctx, p, perReplica, in + out / 2.0, drafted + 1.0, slow);
    if (drafted > 0) {
        const double draftS =
            drafted * ctx.draftCostRatio * decodeStep(ctx, p, perReplica, in + out / 2.0, 1.0, slow).total;
        step.total += draftS;
        step.parts.overhead += draftS;
    }
    const double weightsHeld = e.memory.weights + e.memory.slowWeights;
    e.reuse = placePrefixes(ctx, e.memory.capacity - e.memory.used(), shardsFor(ctx, p).kv * p.pp, replicas,
                            {0.0, e.memory.slowWeights});
    const double slowShare = weightsHeld > 0 ? e.memory.slowWeights / weightsHeld : 0.0;
    // A prompt waits for its routed experts on every chip that holds them (ep of them), so its
    // first token comes after the expert work spread over those chips. With ep > tp the chips
    // are shared with other replicas, which step together at each MoE layer's all-to-all: per
    // cycle a replica loses the group's time on the experts of all the prompts it sees (g x b
    // prompts of the g replicas, each taking the expert work over g x tp chips), which is its own
    // b prompts' expert work at its own tp chips' rate, while the replicas' attention and dense
    // work run side by side (prefills scheduled on all ranks together; where each rank prefills on
    // its own, independentPrefillOccupancy adds the stalls).
    const PrefillTimes prefill = prefillTime(ctx, p, in, slowShare, e.reuse.cachedTokens);
    if (e.memory.slowWeights > 0)
        e.notes << QCoreApplication::translate("is::Engine", "%1 GB of weights per chip stream from DDR")
                       .arg(e.memory.slowWeights / 1e9, 0, 'f', 1);
    e.decode = step.parts;
    e.decodeFromCache = step.fromCache;
    const double occupancy = independentPrefillOccupancy(prefill.occupancy, prefill.stallsOthers,
                                                         shardsFor(ctx, p).tokensPerExpertGroup, perReplica,
                                                         cycleDecodeS(ctx, e.acceptance, step.total));
    finishServing(e, ctx, occupancy, prefill.latency, step.total, perReplica, replicas);

    // Name what limits the step.
    const LatencyBreakdown& d = e.decode;
    const double biggest = std::max({d.compute, d.memory, d.communication, d.overhead});
    if (!e.fits)
        e.bottleneck = Bottleneck::Capacity;
    else if (biggest == d.memory)
        e.bottleneck = Bottleneck::MemoryBandwidth;
    else if (biggest == d.compute)
        e.bottleneck = Bottleneck::Compute;
    else if (biggest == d.communication)
        e.bottleneck = Bottleneck::Communication;
    else
        e.bottleneck = Bottleneck::Overhead;
    return e;
}

} // namespace is::detail
