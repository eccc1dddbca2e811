// SPDX-License-Identifier: MIT
// Attention-FFN disaggregation: two pools joined by a link, micro-batches ping-ponging between them.
//
// The schedule. Per layer, one micro-batch of n tokens passes four stages in a ring: attention on
// pool A (tA), the link towards B (tL), the FFN on pool B (tB), the link back (tL, the other
// direction of a full-duplex link). m micro-batches circulate in that ring, each needing the
// previous layer's result before its next stage, so one layer of all m takes
//     period = max(tA + tL + tB + tL, m x max(tA, tB, tL))
// (a closed pipeline of m jobs: each job must go round the ring once, and the busiest stage must
// serve all m of them). With enough micro-batches the second term wins: the step is set by the
// busiest of the attention pool, the FFN pool and the link, the others' work hidden behind it.
// With one micro-batch nothing overlaps and the step is the sum. Smaller micro-batches cost
// something too: each one reads the weights again, so m x t(b / m) grows with m on a memory-bound
// pool; the automatic count takes the fastest.
#include "engine/AttentionFfnSplit.h"

#include "engine/Engine.h"
#include "engine/StepModels.h"
#include "hardware/Catalog.h"
#include "model/ModelMath.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace is {

namespace {

// A ring of four stages is full with four micro-batches; more only shrink them.
constexpr int kMaxAutoMicroBatches = 4;

struct Pool
{
    Deployment deployment;
    ModelDesc model;
    std::optional<EvalContext> ctx;
    ParallelPlan plan;
};

struct SplitSetup
{
    Pool attention;
    Pool ffn;
    double linkBandwidth = 0; // bytes/s across the boundary, one direction, achievable
    double linkLatencyS = 0;
    double linkPowerW = 0;
    double bytesPerTokenLayer = 0;
    int fixedMicroBatches = 0; // 0 = automatic
};

// Prepares one pool's context: the engine's own, with the fixed per-kernel cost of only the blocks
// this pool runs and without speculative decoding (not modelled across two pools). The host's
// per-step and per-sequence work (scheduling, sampling) happens once, beside the KV cache on the
// attention pool; the FFN pool only serves layers.
bool preparePool(const Engine& engine, Pool& p, const ModelDesc& full, const Workload& w,
                 const CostAssumptions& c, Bound bound, bool attentionSide, QString* error)
{
    p.ctx = engine.prepare(p.deployment, p.model, w, c, p.deployment.chips, bound, error);
    if (!p.ctx)
        return false;
    EvalContext& ctx = *p.ctx;
    const double kernels = attentionSide ? attentionKernelsPerLayer(full) : ffnKernelsPerLayer(full);
    ctx.layerOverheadS = kernels * ctx.cal.kernelOverheadS.value;
    ctx.speculative = SpeculativeMethod::None;
    ctx.acceptance = 1;
    ctx.draftCostRatio = 0;
    ctx.draftBytes = 0;
    if (!attentionSide) {
        ctx.cal.stepOverheadS.value = 0;
        ctx.cal.sequenceOverheadS.value = 0;
        ctx.cal.requestOverheadS.value = 0;
    }
    return true;
}

// Streams the pool holds at once with its plan: KV cache (attention) or activations (FFN).
int poolMaxBatch(const Pool& p)
{
    const EvalContext& ctx = *p.ctx;
    if (p.deployment.device->cls == DeviceClass::SramDataflow)
        return detail::maxBatchDataflow(ctx);
    return static_cast<int>(
        std::min<qint64>(qint64(detail::maxBatchPerReplica(ctx, p.plan)) * std::max(1, p.plan.dp),
                         detail::kMaxDeploymentBatch));
}

// The pool's plan: the scenario's, else the candidate (one pipeline stage: the ring already
// sequences the layers) that fits and steps fastest at `batch`.
ParallelPlan choosePlan(const Engine& engine, const Pool& p, int batch)
{
    if (p.deployment.plan)
        return *p.deployment.plan;
    std::vector<ParallelPlan> plans = engine.candidatePlans(p.deployment, p.model, p.deployment.chips);
    // A wafer pool is one pipeline over all its wafers (its batch limit, maxBatch above, is that
    // pipeline's): the ring of micro-batches, not replicas, keeps its layers busy.
    if (p.deployment.device->cls == DeviceClass::SramDataflow)
        plans.erase(
            std::remove_if(plans.begin(), plans.end(), [](const ParallelPlan& q) { return q.dp > 1; }),
            plans.end());
    const auto staged =
        std::remove_if(plans.begin(), plans.end(), [](const ParallelPlan& q) { return q.pp > 1; });
    if (staged != plans.begin())
        plans.erase(staged, plans.end());
    ParallelPlan best = plans.front();
    Estimate bestEstimate;
    bool have = false;
    for (const ParallelPlan& q : plans) {
        const Estimate e = engine.evaluate(*p.ctx, q, batch);
        if (!have || (e.fits && !bestEstimate.fits) ||
            (e.fits == bestEstimate.fits && e.decodeStepS < bestEstimate.decodeStepS)) {
            best = q;
            bestEstimate = e;
            have = true;
        }
    }
    return best;
}

// Power of a pool that works only `workShare` of the step: idle (and host) power all the time,
// the dynamic part its own estimate draws while working, for that share of the time.
double poolPowerW(const Pool& p, const Estimate& own, double workShare)
{
    const EvalContext& ctx = *p.ctx;
    const Deployment& d = p.deployment;
    const int perSystem = std::max(1, d.devicesPerSystem());
    const int systems = (ctx.chips + perSystem - 1) / perSystem;
    const double staticW =
        ctx.idleW * ctx.chips + (d.system ? d.system->hostPowerW.at(ctx.deviceBound) * systems : 0.0);
    return staticW + std::max(0.0, own.powerW - staticW) * std::clamp(workShare, 0.0, 1.0);
}

double usedShare(const MemoryBudget& m)
{
    return m.capacity > 0 ? m.used() / m.capacity : 0.0;
}

// Adds `part` seconds of a pool's work to the step's breakdown, split as its own breakdown is.
void addPoolShare(LatencyBreakdown& out, const LatencyBreakdown& own, double part)
{
    const double total = own.total();
    if (total <= 0 || part <= 0)
        return;
    const double k = part / total;
    out.compute += own.compute * k;
    out.memory += own.memory * k;
    out.communication += own.communication * k;
    out.dataflow += own.dataflow * k;
    out.overhead += own.overhead * k;
}

// One configuration: batch b in m micro-batches.
Estimate evaluateSplit(const Engine& engine, const SplitSetup& s, int b, int m)
{
    const EvalContext& a = *s.attention.ctx;
    const EvalContext& f = *s.ffn.ctx;
    const double layers = s.attention.model.layers;
    const int n = (b + m - 1) / m; // the largest micro-batch sets the pace
    const Estimate microA = engine.evaluate(a, s.attention.plan, n);
    const Estimate microF = engine.evaluate(f, s.ffn.plan, n);
    const Estimate fullA = engine.evaluate(a, s.attention.plan, b);
    const Estimate fullF = engine.evaluate(f, s.ffn.plan, b);

    // Per layer and micro-batch.
    const double tA = microA.decodeStepS / layers;
    const double tF = microF.decodeStepS / layers;
    const double tL = s.linkLatencyS + n * s.bytesPerTokenLayer / s.linkBandwidth;
    const double ring = tA + tF + 2.0 * tL;
    const double busiest = std::max({tA, tF, tL});
    const double step = layers * std::max(ring, m * busiest);

    Estimate e;
    AttentionFfnBreakdown split;
    split.attentionS = layers * m * tA;
    split.ffnS = layers * m * tF;
    split.linkS = layers * m * tL;
    split.stepS = step;
    split.microBatches = m;
    split.attentionChips = a.chips;
    split.ffnChips = f.chips;
    split.attentionPlan = s.attention.plan;
    split.ffnPlan = s.ffn.plan;
    split.attentionMemory = fullA.memory;
    split.ffnMemory = fullF.memory;

    // The step's parts: each resource's share of the work done in it (the link's both directions),
    // so that they add up to the step and a link that carries most of the work shows as most of it.
    const double work = split.attentionS + split.ffnS + 2.0 * split.linkS;
    const double attentionPart = work > 0 ? step * split.attentionS / work : 0.0;
    const double ffnPart = work > 0 ? step * split.ffnS / work : 0.0;
    const double linkPart = work > 0 ? step * 2.0 * split.linkS / work : 0.0;
    addPoolShare(e.decode, microA.decode, attentionPart);
    addPoolShare(e.decode, microF.decode, ffnPart);
    e.decode.communication += linkPart;
    split.linkShare = step > 0 ? linkPart / step : 0.0;

    e.fits = fullA.fits && fullF.fits;
    if (!fullA.fits)
        e.why = QCoreApplication::translate("is::AttentionFfnSplit", "attention pool: %1").arg(fullA.why);
    else if (!fullF.fits)
        e.why = QCoreApplication::translate("is::AttentionFfnSplit", "FFN pool: %1").arg(fullF.why);
    e.chips = a.chips + f.chips;
    e.minChips = e.fits ? e.chips : 0;
    e.plan = s.attention.plan;
    e.mode = QStringLiteral("attention-ffn");
    e.kvPlacement = fullA.kvPlacement;
    e.memory = usedShare(fullF.memory) > usedShare(fullA.memory) ? fullF.memory : fullA.memory;

    // Prefill: the prompt's tokens go round the same ring in m chunks (per layer: each pool's
    // prefill of the whole prompt, and its hidden states over the link).
    const double pA = fullA.prefillS / layers;
    const double pF = fullF.prefillS / layers;
    const double pL = s.linkLatencyS + a.workload.inputTokens * s.bytesPerTokenLayer / s.linkBandwidth;
    const double prefillLatency = layers * std::max((pA + pF + 2.0 * pL) / m, std::max({pA, pF, pL}));
    const double prefillOccupancy =
        std::max({fullA.prefillOccupancyS, fullF.prefillOccupancyS, layers * (pL - s.linkLatencyS)});
    detail::finishServing(e, a, prefillOccupancy, prefillLatency, step, b, 1);

    if (!e.fits)
        e.bottleneck = Bottleneck::Capacity;
    else if (linkPart >= attentionPart && linkPart >= ffnPart)
        e.bottleneck = Bottleneck::Communication;
    else
        e.bottleneck = attentionPart >= ffnPart ? microA.bottleneck : microF.bottleneck;

    // Power of both pools and the link's ports; what they cost is cost::price's.
    split.attentionPowerW = poolPowerW(s.attention, microA, step > 0 ? split.attentionS / step : 1.0);
    split.ffnPowerW = poolPowerW(s.ffn, microF, step > 0 ? split.ffnS / step : 1.0);
    split.linkPowerW = s.linkPowerW;
    const CostAssumptions& c = a.cost;
    e.powerW = split.attentionPowerW + split.ffnPowerW + split.linkPowerW;
    e.facilityPowerW = e.powerW * c.pue.value;
    e.joulesPerToken = e.tokSTotal > 0 ? e.facilityPowerW / e.tokSTotal : 0;
    e.split = split;
    return e;
}

// The micro-batch count: the scenario's, else the one that steps fastest.
Estimate evaluateBatch(const Engine& engine, const SplitSetup& s, int b)
{
    if (s.fixedMicroBatches > 0)
        return evaluateSplit(engine, s, b, std::min(b, s.fixedMicroBatches));
    Estimate best = evaluateSplit(engine, s, b, 1);
    for (int m = 2; m <= std::min(b, kMaxAutoMicroBatches); ++m) {
        Estimate e = evaluateSplit(engine, s, b, m);
        if (e.decodeStepS < best.decodeStepS * (1 - 1e-12))
            best = std::move(e);
    }
    return best;
}

bool withinLimits(const Estimate& e, const Workload& w)
{
    const double ttft = w.p99Limits ? e.ttftP99S : e.ttftS;
    const double tpot = w.p99Limits ? e.tpotP99S : e.tpotS;
    return (w.ttftLimitS <= 0 || ttft <= w.ttftLimitS) &&
           (w.tpotLimitInForce() <= 0 || tpot <= w.tpotLimitInForce());
}

// The batch for the goal with the plans fixed: the workload's concurrency (those memory cannot hold
// wait), or the best throughput over batches doubling up to what memory holds (within the limits).
Estimate chooseBatch(const Engine& engine, const SplitSetup& s, const Workload& w, ServingGoal goal)
{
    const int maxBatch = std::min(poolMaxBatch(s.attention), poolMaxBatch(s.ffn));
    if (maxBatch <= 0)
        return evaluateBatch(engine, s, 1); // says which pool does not hold one stream
    if (goal == ServingGoal::FixedConcurrency) {
        const int b = std::min(w.concurrency, maxBatch);
        Estimate e = evaluateBatch(engine, s, b);
        if (b < w.concurrency && e.fits) {
            const double waiting =
                (static_cast<double>(w.concurrency) / b - 1.0) * (e.ttftS + w.outputTokens * e.tpotS);
            e.queueingS += waiting;
            e.ttftS += waiting;
            e.ttftP99S += waiting;
            e.bottleneck = Bottleneck::Capacity;
            e.notes << QCoreApplication::translate(
                           "is::AttentionFfnSplit",
                           "the attention pool's memory holds %L1 of %L2 streams; the rest queue")
                           .arg(b)
                           .arg(w.concurrency);
        }
        return e;
    }
    std::vector<int> batches;
    for (qint64 b = 1; b < maxBatch; b *= 2)
        batches.push_back(static_cast<int>(b));
    batches.push_back(maxBatch);
    std::optional<Estimate> best;
    for (int b : batches) {
        Estimate e = evaluateBatch(engine, s, b);
        if (goal == ServingGoal::LatencyBounded && !withinLimits(e, w))
            continue;
        if (!best || e.tokSTotal > best->tokSTotal * (1 + 1e-9))
            best = std::move(e);
    }
    if (best)
        return *best;
    Estimate e = evaluateBatch(engine, s, 1);
    e.notes << QCoreApplication::translate("is::AttentionFfnSplit",
                                           "latency limits cannot be met even with one stream");
    return e;
}

} // namespace

ModelDesc attentionPartOf(const ModelDesc& m)
{
    ModelDesc a = m;
    a.denseFfn = 0;
    a.experts = 0;
    a.activeExperts = 0;
    a.sharedExperts = 0;
    a.expertFfn = 0;
    a.denseLayers = 0;
    a.mtpLayers = 0;
    return a;
}

ModelDesc ffnPartOf(const ModelDesc& m)
{
    ModelDesc f = m;
    // Head dimension 0: no attention weights, no KV cache and no attention FLOPs, while the head
    // counts stay for the plans' divisibility rules.
    f.attention = AttentionKind::GQA;
    f.headDim = 0;
    f.attentionOutputGate = false;
    f.qLoraRank = f.kvLoraRank = f.qkNopeHeadDim = f.qkRopeHeadDim = f.vHeadDim = 0;
    f.kvHeads = std::max(1, std::min(f.kvHeads, f.heads));
    f.slidingWindow = f.slidingEvery = f.attentionChunk = f.chunkGlobalEvery = 0;
    f.sparseTopK = f.indexerHeads = f.indexerHeadDim = 0;
    f.linearFullEvery = f.linearKeyHeads = f.linearValueHeads = f.linearKeyDim = f.linearValueDim = 0;
    f.linearConvKernel = 0;
    f.vocab = 0;
    f.tiedEmbeddings = false;
    f.mtpLayers = 0;
    return f;
}

double splitBytesPerTokenLayer(const ModelDesc& m, Precision activations)
{
    const double moeLayers = m.moeLayerCount();
    const double copies =
        m.layers > 0 ? ((m.layers - moeLayers) + moeLayers * std::max(1, m.activeExperts)) / m.layers : 1.0;
    return copies * hiddenStateBytes(m, activations);
}

std::optional<Estimate> estimateAttentionFfnSplit(const Engine& engine, const Deployment& d,
                                                  const ModelDesc& m, const Workload& w, ServingGoal goal,
                                                  const CostAssumptions& c, QString* error, Bound deviceBound)
{
    const FfnPool& pool = *d.ffnPool;
    if (!pool.device) {
        *error = QCoreApplication::translate("is::AttentionFfnSplit", "ffn_pool.device: missing");
        return std::nullopt;
    }
    if (!pool.link) {
        *error = QCoreApplication::translate("is::AttentionFfnSplit", "ffn_pool.link: missing");
        return std::nullopt;
    }
    const double linkBw = pool.link->bandwidthBytesPerS.at(deviceBound);
    const double linkLatency = pool.link->latencyS.at(deviceBound);
    if (!(linkBw > 0) || !(linkLatency >= 0)) {
        *error = QCoreApplication::translate("is::AttentionFfnSplit",
                                             "ffn_pool.link: link %1 needs a positive bandwidth")
                     .arg(pool.link->id);
        return std::nullopt;
    }
    if (d.autoChips || d.chips < 1 || pool.chips < 1) {
        *error = QCoreApplication::translate(
            "is::AttentionFfnSplit",
            "count: an attention-FFN deployment needs a fixed count of chips in each pool");
        return std::nullopt;
    }
    SplitSetup s;
    s.attention.deployment = d;
    s.attention.deployment.ffnPool.reset();
    s.attention.deployment.mode = ExecutionMode::Resident;
    s.attention.deployment.speculative = SpeculativeMethod::None;
    s.attention.model = attentionPartOf(m);
    // The attention part has no experts, so it could not tell an experts-only release (gpt-oss)
    // from one quantised whole: its weights are the release's 16-bit ones.
    if (d.servesExpertsOnlyRelease(m))
        s.attention.deployment.weightPrecision = d.nonExpertWeights(m);
    Deployment& f = s.ffn.deployment;
    f.name = d.name;
    f.device = pool.device;
    f.system = pool.system;
    f.scaleUp = pool.scaleUp;
    f.scaleOut = pool.scaleOut;
    f.chips = pool.chips;
    f.plan = pool.plan;
    f.weightPrecision = d.weightPrecision;
    f.activationPrecision = d.activationPrecision;
    f.mode = ExecutionMode::Resident;
    f.softwareDate = d.softwareDate;
    s.ffn.model = ffnPartOf(m);
    QString err;
    if (!preparePool(engine, s.attention, m, w, c, deviceBound, true, &err)) {
        *error = QCoreApplication::translate("is::AttentionFfnSplit", "attention pool: %1").arg(err);
        return std::nullopt;
    }
    if (!preparePool(engine, s.ffn, m, w, c, deviceBound, false, &err)) {
        *error = QCoreApplication::translate("is::AttentionFfnSplit", "ffn_pool: %1").arg(err);
        return std::nullopt;
    }
    // Every chip has one port on the link; the boundary carries what the smaller side's ports do.
    s.linkBandwidth = linkBw * s.attention.ctx->cal.linkEfficiency.value * std::min(d.chips, pool.chips);
    s.linkLatencyS = linkLatency;
    s.linkPowerW = pool.link->powerWPerPort.at(deviceBound) * (d.chips + pool.chips);
    s.bytesPerTokenLayer = splitBytesPerTokenLayer(m, d.activationPrecision);
    s.fixedMicroBatches = pool.microBatches;

    // Plans at the batch the goal starts from: the workload's concurrency, or for throughput goals
    // a full attention pool.
    s.attention.plan = choosePlan(engine, s.attention, w.concurrency);
    const int probe =
        goal == ServingGoal::FixedConcurrency ? w.concurrency : std::max(1, poolMaxBatch(s.attention));
    s.attention.plan =
        choosePlan(engine, s.attention, std::min(probe, std::max(1, poolMaxBatch(s.attention))));
    s.ffn.plan = choosePlan(engine, s.ffn, std::min(probe, std::max(1, poolMaxBatch(s.attention))));

    Estimate e = chooseBatch(engine, s, w, goal);
    // The catalog's names, as the Issues panel shows them; two texts, not "%n micro-batch(es)": the
    // engine's notes are read untranslated on the command line.
    const int microBatches = e.split ? e.split->microBatches : 1;
    const QString layout =
        (microBatches == 1
             ? QCoreApplication::translate("is::AttentionFfnSplit",
                                           "attention and KV cache on %L1 x %2, FFN on %L3 x %4, "
                                           "one batch at a time over %5")
             : QCoreApplication::translate("is::AttentionFfnSplit",
                                           "attention and KV cache on %L1 x %2, FFN on %L3 x %4, "
                                           "%L6 micro-batches over %5"))
            .arg(d.chips)
            .arg(d.device->name)
            .arg(pool.chips)
            .arg(pool.device->name, pool.link->name);
    e.notes << (microBatches == 1 ? layout : layout.arg(microBatches));
    refuseBeyondContextWindow(e, w, m.maxContext);
    return e;
}

} // namespace is
