// SPDX-License-Identifier: MIT
#include "engine/Engine.h"

#include "common/Log.h"
#include "common/ThreadCheck.h"
#include "engine/AttentionFfnSplit.h"
#include "engine/StepModels.h"
#include "hardware/Catalog.h"

#include <QCoreApplication>
#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>

namespace is {

namespace {

constexpr int kMaxChipSearch = 4096;

// GPU and tiered systems are sold, wired and scheduled as whole systems of several devices (an
// HGX node of 8 GPUs, an NVL72 rack, a SambaNova rack); wafers and LPUs come one by one.
bool soldInSystems(const Deployment& d)
{
    return (d.device->cls == DeviceClass::Tiered || d.device->cls == DeviceClass::HbmAccelerator) &&
           d.devicesPerSystem() > 1;
}

// How far past its usable memory the busiest chip of an estimate is (above 1: it does not fit).
double overfill(const Estimate& e)
{
    return e.memory.capacity > 0 ? e.memory.used() / e.memory.capacity
                                 : std::numeric_limits<double>::infinity();
}

bool better(const Estimate& a, const Estimate& b, ServingGoal goal, int concurrency)
{
    if (a.fits != b.fits)
        return a.fits;
    // Neither fits: the plan that comes closest (the most sharded one), so that what the
    // deployment lacks is stated per chip for the plan one would try, not for one replica per chip.
    if (!a.fits) {
        if (overfill(a) < overfill(b) * (1 - 1e-9))
            return true;
        if (overfill(b) < overfill(a) * (1 - 1e-9))
            return false;
    }
    // A single stream or a fixed number of them: the users' speed. Otherwise: throughput.
    if (goal == ServingGoal::FixedConcurrency && concurrency <= 1)
        return a.tokSUser > b.tokSUser * (1 + 1e-9);
    // Within the latency limits at the same throughput, the point that serves more streams: where
    // throughput stops growing with streams (prompts of one output token queue for the prefill;
    // a wafer pipeline that is full) the full-load point is as many streams as still meet the
    // limits, not the fewest that reach the throughput, which sized fleets by the queue's start.
    if (goal == ServingGoal::LatencyBounded && a.fits &&
        std::abs(a.tokSTotal - b.tokSTotal) <= 1e-9 * std::max(a.tokSTotal, b.tokSTotal))
        return a.batch > b.batch;
    return a.tokSTotal > b.tokSTotal * (1 + 1e-9);
}

} // namespace

Engine::Engine(std::shared_ptr<const Catalog> catalog) : m_catalog(std::move(catalog)) {}

std::optional<EvalContext> Engine::prepare(const Deployment& d, const ModelDesc& m, const Workload& w,
                                           const CostAssumptions& c, int chips, Bound deviceBound,
                                           QString* error) const
{
    if (!d.device) {
        *error = QCoreApplication::translate("is::Engine", "device: missing");
        return std::nullopt;
    }
    if (chips < 1) {
        *error = QCoreApplication::translate("is::Engine", "count: must be at least 1");
        return std::nullopt;
    }
    if (w.inputTokens < 1 || w.outputTokens < 1 || w.concurrency < 1 || !std::isfinite(w.inputTokens) ||
        !std::isfinite(w.outputTokens)) {
        *error = QCoreApplication::translate(
            "is::Engine", "workload: input and output tokens and concurrency must be at least 1");
        return std::nullopt;
    }
    EvalContext ctx;
    ctx.deployment = &d;
    ctx.model = &m;
    ctx.workload = w;
    ctx.cost = c;
    ctx.chips = chips;
    ctx.deviceBound = deviceBound;
    ctx.cal = m_catalog->calibration().family(d.device->family, d.softwareDate);
    ctx.params = paramBreakdown(m);
    const Precision weights = d.weights(m);
    ctx.wBytesPerParam = bytesPerElement(weights);
    ctx.kvPrecision = d.kv(m);
    ctx.actBytes = bytesPerElement(d.activationPrecision);
    // Under an experts-only release (gpt-oss) the other weights are 16-bit: each part is read at
    // its own width.
    const Precision nonExpert = d.nonExpertWeights(m);
    ctx.denseBytesPerParam = bytesPerElement(nonExpert);
    ctx.weightBytes = d.weightBytes(m);
    ctx.embeddingBytes = ctx.params.embedding * ctx.denseBytesPerParam;
    ctx.alwaysBytes = ctx.params.alwaysActive() * ctx.denseBytesPerParam;
    ctx.expertBytes = ctx.params.perRoutedExpert * ctx.wBytesPerParam;
    ctx.layerOverheadS = kernelsPerLayer(m) * ctx.cal.kernelOverheadS.value;
    detail::resolveSpeculative(ctx);
    // A draft is sized against the weights one token runs through (a small dense model, EAGLE or
    // MTP heads), not against every routed expert of an MoE target: the draft for a 671 B model
    // with 37 B active is a 1 B model, not a 13 B one.
    ctx.draftBytes = ctx.draftCostRatio * ctx.tokenWeightBytes(ctx.params.total() - ctx.params.expertsAll);

    const Device& dev = *d.device;
    ctx.peakFlops = dev.peakFlopsFor(weights, deviceBound, d.servesExpertsOnlyRelease(m));
    ctx.densePeakFlops = dev.peakFlopsFor(nonExpert, deviceBound);
    // Attention multiplies activations with the KV cache, not with weights: it runs at the cache's
    // precision where the chip has units for it (fp8 attention kernels), never narrower than fp8,
    // so 4-bit weights do not make attention any faster.
    ctx.attnPeakFlops = dev.peakFlopsFor(
        bytesPerElement(ctx.kvPrecision) < 1.0 ? Precision::FP8 : ctx.kvPrecision, deviceBound);
    const MemoryTier* primary = dev.primaryTier();
    ctx.memCapacity = primary ? primary->capacityBytes.at(deviceBound) : 0;
    ctx.memBandwidth = primary ? primary->bandwidthBytesPerS.at(deviceBound) : 0;
    if (dev.cls == DeviceClass::Cpu) {
        if (const MemoryTier* cache = dev.tier(MemoryTierKind::Sram)) {
            ctx.cacheCapacity = cache->capacityBytes.at(deviceBound);
            ctx.cacheBandwidth = cache->bandwidthBytesPerS.at(deviceBound);
        }
    }
    if (dev.cls == DeviceClass::Tiered) {
        if (const MemoryTier* ddr = dev.tier(MemoryTierKind::Ddr); ddr && ddr != primary) {
            ctx.slowCapacity = ddr->capacityBytes.at(deviceBound);
            ctx.slowBandwidth = ddr->bandwidthBytesPerS.at(deviceBound);
        }
    }
    if (const MemoryTier* ext = dev.tier(MemoryTierKind::External)) {
        ctx.externalBandwidth = ext->bandwidthBytesPerS.at(deviceBound);
        ctx.externalCapacity = ext->capacityBytes.at(deviceBound);
    }
    ctx.offload = offloadTiersPerChip(d, chips, deviceBound);
    ctx.idleW = dev.idlePowerW.at(deviceBound);
    ctx.peakW = dev.peakPowerW.at(deviceBound);
    if (ctx.peakFlops <= 0 || ctx.densePeakFlops <= 0 || ctx.attnPeakFlops <= 0 || ctx.memBandwidth <= 0 ||
        ctx.memCapacity <= 0) {
        *error = QCoreApplication::translate(
                     "is::Engine", "device %1: needs positive compute, memory capacity and bandwidth")
                     .arg(dev.id);
        return std::nullopt;
    }
    if (chips > 1) {
        auto topo = Topology::build(d.topologySpec(chips), error);
        if (!topo)
            return std::nullopt;
        ctx.topology = topo;
    }
    return ctx;
}

bool Engine::streamingOnly(const EvalContext& ctx) const
{
    const Deployment& d = *ctx.deployment;
    if (d.device->cls != DeviceClass::SramDataflow)
        return false;
    if (d.mode == ExecutionMode::WeightStreaming)
        return true;
    // Auto: stream when the weights cannot sit in the wafers' SRAM but external memory exists.
    return d.mode == ExecutionMode::Auto && ctx.externalBandwidth > 0 &&
           ctx.weightBytes > ctx.chips * ctx.memCapacity * ctx.cal.maxUsableMemory.value;
}

Estimate Engine::evaluate(const EvalContext& ctx, const ParallelPlan& plan, int batch) const
{
    threadcheck::expectOffGuiThread("Engine::evaluate");
    Estimate e;
    if (ctx.deployment->device->cls == DeviceClass::SramDataflow)
        e = streamingOnly(ctx) ? detail::evaluateWeightStreaming(ctx, batch)
                               : detail::evaluateDataflow(ctx, plan, batch);
    else
        e = detail::evaluateResident(ctx, plan, batch);
    addPower(e, ctx);
    return e;
}

void Engine::addPower(Estimate& e, const EvalContext& ctx, int prefillChips, double prefillBusy) const
{
    const Deployment& d = *ctx.deployment;
    const LatencyBreakdown& b = e.decode;
    const double step = b.total();
    // Chips draw idle power plus the dynamic share for the time their compute or memory is busy.
    const double busy =
        step > 0 ? std::clamp((b.compute + b.memory + 0.5 * b.dataflow) / step, 0.05, 1.0) : 1.0;
    const double chipW = ctx.idleW + (ctx.peakW - ctx.idleW) * busy;
    const int perSystem = std::max(1, d.devicesPerSystem());
    const int systems = (ctx.chips + perSystem - 1) / perSystem;
    const double hostW = d.system ? d.system->hostPowerW.at(ctx.deviceBound) * systems : 0.0;
    // Chips the plan leaves unused (an automatic count of whole systems may run on part of them)
    // still draw idle power.
    const int active = std::clamp(e.plan.chips(), 1, ctx.chips);
    const int prefilling = std::clamp(prefillChips, 0, active);
    const double prefillW = ctx.idleW + (ctx.peakW - ctx.idleW) * std::clamp(prefillBusy, 0.0, 1.0);
    e.powerW =
        chipW * (active - prefilling) + prefillW * prefilling + ctx.idleW * (ctx.chips - active) + hostW;
    e.facilityPowerW = e.powerW * ctx.cost.pue.value;
    e.joulesPerToken = e.tokSTotal > 0 ? e.facilityPowerW / e.tokSTotal : 0;
    // What it costs is the total cost of ownership's (cost::price), not the engine's.
}

Estimate Engine::bestBatch(const EvalContext& ctx, const ParallelPlan& plan, ServingGoal goal) const
{
    const Workload& w = ctx.workload;
    const bool dataflow = ctx.deployment->device->cls == DeviceClass::SramDataflow;
    int maxBatch = 0;
    if (dataflow)
        maxBatch = streamingOnly(ctx) ? detail::maxBatchStreaming(ctx) : detail::maxBatchDataflow(ctx, plan);
    else
        // In 64 bits and bounded: a million replicas of a large per-replica batch overflow an int.
        maxBatch = static_cast<int>(
            std::min<qint64>(qint64(detail::maxBatchPerReplica(ctx, plan)) * std::max(1, plan.dp),
                             detail::kMaxDeploymentBatch));
    if (dataflow && maxBatch == 0)
        maxBatch = 1; // spills or does not fit: evaluate one stream to say why

    if (goal == ServingGoal::FixedConcurrency) {
        const int batch = std::max(1, maxBatch > 0 ? std::min(w.concurrency, maxBatch) : 1);
        Estimate e = evaluate(ctx, plan, batch);
        detail::queueStreamsBeyondMemory(e, batch, ctx, plan.dp);
        return e;
    }
    if (maxBatch <= 0)
        return evaluate(ctx, plan, std::max(1, plan.dp));

    // Candidate batches: powers of two up to the memory limit, plus the limit itself; the
    // latency-bounded search then bisects between the best feasible and the next candidate.
    std::vector<int> candidates;
    for (qint64 b = std::max(1, plan.dp); b < maxBatch; b *= 2)
        candidates.push_back(static_cast<int>(b));
    candidates.push_back(maxBatch);
    Estimate best;
    bool haveBest = false;
    int bestIndex = -1;
    for (size_t i = 0; i < candidates.size(); ++i) {
        Estimate e = evaluate(ctx, plan, candidates[i]);
        if (goal == ServingGoal::LatencyBounded && !meetsLimits(e, w))
            continue;
        if (!haveBest || better(e, best, goal, w.concurrency)) {
            best = e;
            haveBest = true;
            bestIndex = static_cast<int>(i);
        }
    }
    if (goal == ServingGoal::LatencyBounded) {
        if (!haveBest) {
            Estimate e = evaluate(ctx, plan, std::max(1, plan.dp));
            e.notes << QCoreApplication::translate(
                "is::Engine", "latency limits cannot be met even with one stream per replica");
            return e;
        }
        if (bestIndex + 1 < static_cast<int>(candidates.size())) {
            detail::bisectBatch(candidates[static_cast<size_t>(bestIndex)],
                                candidates[static_cast<size_t>(bestIndex) + 1], [&](int batch) {
                                    Estimate e = evaluate(ctx, plan, batch);
                                    if (!meetsLimits(e, w))
                                        return false;
                                    if (better(e, best, goal, w.concurrency))
                                        best = e;
                                    return true;
                                });
        }
    }
    return best;
}

Estimate Engine::servingPoint(const EvalContext& ctx, const ParallelPlan& plan, ServingGoal goal) const
{
    return ctx.deployment->prefillReplicas > 0 ? prefillDecodeServing(ctx, plan, goal)
                                               : bestBatch(ctx, plan, goal);
}

bool Engine::suits(const Deployment& d, const ParallelPlan& plan)
{
    if (d.prefillReplicas <= 0)
        return true;
    // Both roles hold whole expert groups: experts spread over more chips than a role's replicas
    // have would need the other role's chips in every step.
    const int decodeReplicas = plan.dp - d.prefillReplicas;
    return decodeReplicas >= 1 && plan.ep <= plan.tp * std::min(d.prefillReplicas, decodeReplicas);
}

int Engine::dataflowChipsFor(const Deployment& d, const ModelDesc& m, double streams, double kvContext) const
{
    const MemoryTier* sram = d.device->primaryTier();
    if (!sram)
        return 0;
    const double usable =
        m_catalog->calibration().family(d.device->family, d.softwareDate).maxUsableMemory.value;
    const double weights = d.weightBytes(m);
    const double n = std::ceil((weights + streams * kvBytes(m, kvContext, d.kv(m))) /
                               (sram->capacityBytes.value * usable));
    return n <= kMaxChipSearch ? static_cast<int>(n) : 0;
}

Estimate Engine::unplaceable(const Deployment& d, const ModelDesc& m, const Workload& w) const
{
    const MemoryTier* tier = d.device->primaryTier();
    const double usable =
        tier ? tier->capacityBytes.value *
                   m_catalog->calibration().family(d.device->family, d.softwareDate).maxUsableMemory.value
             : 0.0;
    // Weights and one sequence's KV cache at full length: a lower bound of what it needs.
    const double weights = d.weightBytes(m);
    const double kv = kvBytes(m, w.inputTokens + w.outputTokens, d.kv(m));
    const double count = usable > 0 ? std::ceil((weights + kv) / usable) : 0.0;
    Estimate e;
    e.fits = false;
    e.chips = kMaxChipSearch;
    e.bottleneck = Bottleneck::Capacity;
    e.memory.capacity = usable;
    e.memory.weights = weights / kMaxChipSearch;
    e.memory.kvCache = kv / kMaxChipSearch;
    e.why =
        QCoreApplication::translate("is::Engine", "%1; %2")
            .arg(memoryShortfall(weights + kv, e.memory.used(), usable, kMaxChipSearch),
                 smallestFittingCount(0, kMaxChipSearch, static_cast<int>(std::min<double>(count, INT_MAX))));
    return e;
}

int Engine::minChips(const Deployment& d, const ModelDesc& m, const Workload& w) const
{
    CostAssumptions c;
    QString err;
    const MemoryTier* tier = d.device->primaryTier();
    if (!tier)
        return 0;
    // Weights plus one stream's KV cache in on-chip SRAM.
    if (d.device->cls == DeviceClass::SramDataflow)
        return dataflowChipsFor(d, m, 1, w.inputTokens + w.outputTokens);
    const double usable =
        m_catalog->calibration().family(d.device->family, d.softwareDate).maxUsableMemory.value;
    double capacity = tier->capacityBytes.value * usable;
    // A tiered device also holds weights in its DDR tier.
    if (const MemoryTier* ddr = d.device->tier(MemoryTierKind::Ddr);
        d.device->cls == DeviceClass::Tiered && ddr && ddr != tier)
        capacity += ddr->capacityBytes.value * usable;
    const double weightBytes = d.weightBytes(m);
    // Resident devices: the smallest count whose best plan fits one sequence.
    const int start = std::max(1, static_cast<int>(std::floor(weightBytes / capacity)));
    for (int n = start; n <= kMaxChipSearch; ++n) {
        auto ctx = prepare(d, m, Workload{w.inputTokens, w.outputTokens, 1, 0, 0}, c, n, Bound::Mid, &err);
        if (!ctx)
            return 0;
        for (const ParallelPlan& p : candidatePlans(d, m, n))
            if (detail::maxBatchPerReplica(*ctx, p) >= 1)
                return n;
        if (n > 64)
            n = n + n / 8; // coarser steps for very large models
    }
    return 0;
}

std::optional<Estimate> Engine::estimate(const Deployment& d, const ModelDesc& m, const Workload& w,
                                         ServingGoal goal, const CostAssumptions& c, QString* error,
                                         Bound deviceBound) const
{
    if (d.ffnPool && d.prefillReplicas > 0) {
        *error = QCoreApplication::translate("is::Engine",
                                             "a deployment splits either attention from the FFN or prefill "
                                             "from decode, not both");
        return std::nullopt;
    }
    if (d.ffnPool) // two pools joined by a link: engine/AttentionFfnSplit.cpp
        return estimateAttentionFfnSplit(*this, d, m, w, goal, c, error, deviceBound);
    const int needed = minChips(d, m, w);
    int chips = d.chips;
    bool wholeSystems = false; // the count was rounded up to whole systems
    if (d.autoChips) {
        if (needed == 0) {
            *error = QCoreApplication::translate("is::Engine", "model %1 fits on no count of %2 up to %3: %4")
                         .arg(m.id, d.device->id, QString::number(kMaxChipSearch), unplaceable(d, m, w).why);
            return std::nullopt;
        }
        chips = needed;
        // A wafer pipeline sized automatically also holds the KV cache of the streams it serves:
        // the given concurrency, or for throughput goals one stream per pipeline stage (layer),
        // beyond which streams stop adding throughput.
        if (d.device->cls == DeviceClass::SramDataflow) {
            const int streams = goal == ServingGoal::FixedConcurrency ? w.concurrency : m.layers;
            // More streams than the largest pipeline searched holds: the pipeline at that size,
            // its streams beyond what memory holds queueing (the estimate says how many it holds).
            // Not the count that holds the weights alone: a longer context then needed 48 times
            // fewer wafers, each user 50 times faster, than a shorter one.
            const int holdingAll = dataflowChipsFor(d, m, streams, admittedKvContext(w, d.kvAdmission));
            chips = std::max(chips, holdingAll > 0 ? holdingAll : kMaxChipSearch);
            // Pipelined, the count the batch limit itself takes every stream at: it also holds
            // each stream's activations and a draft model's weights (with weights and KV cache
            // alone, 63 of 64 streams fitted).
            QString ignored;
            if (const auto sized = prepare(d, m, w, c, chips, deviceBound, &ignored);
                sized && !streamingOnly(*sized)) {
                const int holding = detail::dataflowChipsHolding(*sized, streams);
                if (holding <= kMaxChipSearch)
                    chips = std::max(chips, holding);
            }
        }
        // GPU and tiered systems are sold, wired and scheduled as whole systems (an HGX node of
        // 8 GPUs, an NVL72 rack, a SambaNova rack): a serving engineer runs a 405 B model on one
        // node with TP8, not on the 6 GPUs that hold its weights with TP2 PP3.
        if (soldInSystems(d)) {
            const int perSystem = d.devicesPerSystem();
            chips = (chips + perSystem - 1) / perSystem * perSystem;
            wholeSystems = chips > needed;
        }
    }
    auto ctx = prepare(d, m, w, c, chips, deviceBound, error);
    if (!ctx)
        return std::nullopt;
    std::vector<ParallelPlan> plans = candidatePlans(d, m, chips);
    // The plan may leave GPUs of the systems unused where that is faster (TP16 on 16 GPUs of an
    // NVL72 beats TP8 PP9 on all 72 for one user): plans on the powers of two from the smallest
    // count that fits up, the counts serving engines shard over; the unused GPUs idle.
    // So may a stated count that is not whole systems (9 GPUs of HGX nodes): its plans on all
    // chips are the odd ones (TP1 PP3 DP3), which served a user at a third of the speed of TP8 on
    // 8 of them, so adding a GPU made the deployment slower.
    const bool partialSystems = !d.autoChips && soldInSystems(d) && chips % d.devicesPerSystem() != 0;
    if ((wholeSystems || partialSystems) && !d.plan)
        for (int n = 1; n < chips; n *= 2)
            if (n >= needed)
                for (const ParallelPlan& p : candidatePlans(d, m, n))
                    plans.push_back(p);
    Estimate best;
    bool have = false;
    bool bestMeets = false;
    bool anySuits = false;
    for (const ParallelPlan& p : plans) {
        if (!suits(d, p))
            continue;
        anySuits = true;
        Estimate e = servingPoint(*ctx, p, goal);
        // Under latency limits a plan that meets them beats one that cannot even with one
        // stream per replica, however fast the latter would be without them.
        const bool meets = goal != ServingGoal::LatencyBounded || (e.fits && meetsLimits(e, w));
        if (!have || (meets && !bestMeets) || (meets == bestMeets && better(e, best, goal, w.concurrency))) {
            best = e;
            have = true;
            bestMeets = meets;
        }
    }
    if (!anySuits) {
        *error = QCoreApplication::translate(
                     "is::Engine", "%1 prefill replicas need a plan with at least one more replica to "
                                   "decode on (data parallelism above %1, experts within each role); "
                                   "%2 chips of %3 have none")
                     .arg(d.prefillReplicas)
                     .arg(chips)
                     .arg(d.device->id);
        return std::nullopt;
    }
    best.minChips = needed;
    addColdStart(*this, best, d, m, w, goal, c, deviceBound);
    if (!best.fits) {
        // What it lacks (the step model's words), then the smallest count that holds it.
        int smallest = needed > chips ? needed : 0;
        if (needed > 0 && needed <= chips && d.device->cls == DeviceClass::SramDataflow &&
            !streamingOnly(*ctx)) {
            const int holding = detail::dataflowChipsHolding(*ctx, std::max(1, best.batch));
            smallest = holding > chips && holding <= kMaxChipSearch ? holding : 0;
        }
        const QString count =
            smallest > 0 || needed == 0 ? smallestFittingCount(smallest, kMaxChipSearch) : QString();
        if (best.why.isEmpty())
            best.why = count;
        else if (!count.isEmpty())
            best.why = QCoreApplication::translate("is::Engine", "%1; %2").arg(best.why, count);
    }
    // A dataflow system runs pipelines of whole layers (dataflowPlans): a plan the scenario gives
    // otherwise is not used, and the user who set it is told so.
    if (d.plan && d.device->cls == DeviceClass::SramDataflow && !(*d.plan == best.plan))
        best.notes << QCoreApplication::translate(
                          "is::Engine", "parallelism %1 not used: %2 runs pipelines of whole layers "
                                        "(TP 1 and EP 1, PP x DP at most its chips, one pipeline while "
                                        "weights stream); the estimate uses %3")
                          .arg(d.plan->toString(), d.device->name, best.plan.toString());
    // A plan the user gave, or one chosen on a count of partial systems, on fewer chips than the
    // deployment has leaves the rest idle: they are paid for and draw idle power, which the user
    // should see next to the figures. (Idle GPUs of systems an automatic count rounded up to are
    // what whole systems are sold as.)
    // Two texts, not "%n chip(s)": the engine's messages are read untranslated on the command line.
    if (best.fits && best.plan.chips() < chips && (d.plan ? best.plan == *d.plan : partialSystems)) {
        const int idle = chips - best.plan.chips();
        QString note =
            idle == 1 ? QCoreApplication::translate("is::Engine",
                                                    "parallelism %1 uses %L2 of the %L3 chips; the other "
                                                    "one stays idle, paid for and drawing idle power")
                      : QCoreApplication::translate("is::Engine",
                                                    "parallelism %1 uses %L2 of the %L3 chips; the other "
                                                    "%L4 stay idle, paid for and drawing idle power");
        note = note.arg(best.plan.toString()).arg(best.plan.chips()).arg(chips);
        best.notes << (idle == 1 ? note : note.arg(idle));
    }
    refuseBeyondContextWindow(best, w, m.maxContext);
    log::get("engine")->debug("{}: {} chips, {} -> {:.1f} tok/s/user, {:.0f} tok/s", d.name.toStdString(),
                              chips, best.plan.toString().toStdString(), best.tokSUser, best.tokSTotal);
    return best;
}

std::optional<RangedEstimate> Engine::estimateRanged(const Deployment& d, const ModelEntry& entry,
                                                     const Workload& w, ServingGoal goal,
                                                     const CostAssumptions& c, QString* error) const
{
    RangedEstimate r;
    const ModelDesc mid = entry.resolve(Bound::Mid);
    auto m = estimate(d, mid, w, goal, c, error, Bound::Mid);
    if (!m)
        return std::nullopt;
    r.mid = *m;
    r.low = r.high = r.mid;
    // The pessimistic end: the biggest model on the weakest device; the optimistic end the reverse.
    const ModelDesc big = entry.resolve(Bound::High);
    const ModelDesc small = entry.resolve(Bound::Low);
    QString ignored;
    if (auto lo = estimate(d, big, w, goal, c, &ignored, Bound::Low))
        r.low = *lo;
    if (auto hi = estimate(d, small, w, goal, c, &ignored, Bound::High))
        r.high = *hi;
    r.ranged = entry.hasRange() || r.low.tokSUser != r.high.tokSUser;
    return r;
}

std::vector<Engine::ContextPoint> Engine::speedVsContext(const Deployment& d, const ModelDesc& m,
                                                         const Workload& w, ServingGoal goal,
                                                         const CostAssumptions& c,
                                                         const std::vector<double>& contexts) const
{
    std::vector<ContextPoint> points;
    points.reserve(contexts.size());
    for (double ctxLen : contexts) {
        Workload wl = w;
        wl.inputTokens = ctxLen;
        QString err;
        ContextPoint p;
        p.context = ctxLen;
        // Past the model's context window there is nothing to serve.
        if (!m.withinContextWindow(ctxLen + w.outputTokens)) {
            points.push_back(p);
            continue;
        }
        Deployment dd = d;
        if (auto e = estimate(dd, m, wl, goal, c, &err)) {
            p.tokSUser = e->fits ? e->tokSUser : 0;
            p.tokSTotal = e->fits ? e->tokSTotal : 0;
            p.ttftS = e->ttftS;
            p.chips = e->chips;
            p.fits = e->fits;
            p.kvPlacement = e->kvPlacement;
            p.streams = e->batch;
            // A wafer deployment sized automatically grows with the KV cache: say so where it does.
            if (d.autoChips && !points.empty() && points.front().chips > 0 && e->chips > points.front().chips)
                p.kvPlacement = KvPlacement::AddedChips;
        }
        points.push_back(p);
    }
    return points;
}

} // namespace is
