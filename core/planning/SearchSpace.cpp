// SPDX-License-Identifier: MIT
#include "planning/SearchSpace.h"

#include "cost/CostModel.h"
#include "engine/AttentionFfnSplit.h"
#include "engine/Engine.h"
#include "engine/EvalContext.h"
#include "hardware/Catalog.h"
#include "model/ModelMath.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace is::planning::detail {

namespace {

// Largest unit the search builds: the engine's own chip search limit.
constexpr int kMaxUnitChips = 4096;

// Weight precisions worth trying on a device: its serving default and every one it has units for;
// where weights stream from memory, also 4-bit ones without 4-bit units (weight-only kernels read
// half the bytes of FP8 and fit twice the model, Device::computePrecisionFor).
std::vector<Precision> weightPrecisions(const Device& dev)
{
    std::vector<Precision> out{dev.defaultPrecision};
    for (Precision p : {Precision::BF16, Precision::FP8, Precision::INT8, Precision::FP4, Precision::INT4})
        if (dev.supportsNatively(p) && p != dev.defaultPrecision)
            out.push_back(p);
    if (dev.cls != DeviceClass::SramDataflow && !dev.supportsNatively(Precision::FP4) &&
        !dev.supportsNatively(Precision::INT4))
        out.push_back(Precision::FP4);
    return out;
}

std::vector<SpeculativeMethod> speculativeMethods(const ModelDesc& m, const Workload& w)
{
    if (!w.decodes()) // one output token: no decode step to draft tokens for
        return {SpeculativeMethod::None};
    std::vector<SpeculativeMethod> out{SpeculativeMethod::None, SpeculativeMethod::Draft,
                                       SpeculativeMethod::Medusa, SpeculativeMethod::Eagle3};
    if (m.mtpLayers > 0) // multi-token prediction needs the model's own MTP heads
        out.push_back(SpeculativeMethod::Mtp);
    return out;
}

// Unit chip counts for a device that holds the model on `needed` chips. GPU and tiered systems
// come in whole systems (1x, 2x and 4x the smallest); wafer and LPU pipelines in steps of the
// smallest count (more chips hold more streams' KV cache, so the pipeline fills); weight streaming
// needs no count to hold the weights.
std::vector<int> unitCounts(const Deployment& d, ExecutionMode mode, int needed)
{
    std::vector<int> counts;
    if (mode == ExecutionMode::WeightStreaming) {
        counts = {1, 2, 4, 8, 16};
    } else if (d.device->cls == DeviceClass::SramDataflow) {
        for (double f : {1.0, 1.5, 2.0, 3.0, 4.0})
            counts.push_back(static_cast<int>(std::ceil(needed * f)));
    } else {
        const int per = std::max(1, d.devicesPerSystem());
        const int systems = (needed + per - 1) / per;
        for (int k : {1, 2, 4})
            counts.push_back(systems * k * per);
    }
    counts.erase(
        std::remove_if(counts.begin(), counts.end(), [](int c) { return c < 1 || c > kMaxUnitChips; }),
        counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    return counts;
}

// What one unit costs an hour at idle power: no serving point of it draws less.
double idleHourlyCost(const Deployment& d, const cost::TcoAssumptions& tco, int chips)
{
    const cost::DeploymentCostInputs in = cost::costInputs(d, QString(), chips, tco);
    return cost::hourlyCost(in, tco, in.power.idleFacilityPowerW(), 1).total();
}

// $/M output tokens of an hourly cost at a throughput.
double perMTok(double usdPerHour, double tokS)
{
    return tokS > 0 ? usdPerHour / (tokS * 3600.0) * 1e6 : 0.0;
}

} // namespace

// No unit makes more output tokens a second than its chips at peak doing nothing but the 2 FLOPs
// per active parameter each token needs.
double computeTokS(const Deployment& d, const ModelDesc& m, int chips)
{
    const double flopsPerToken = 2.0 * paramBreakdown(m).active();
    const double peak = d.device->peakFlopsFor(d.weights(m), Bound::Mid, d.servesExpertsOnlyRelease(m));
    return flopsPerToken > 0 && peak > 0 ? chips * peak / flopsPerToken
                                         : std::numeric_limits<double>::infinity();
}

double refinedCostBound(const SearchGroup& g, const EvalContext& ctx)
{
    if (ctx.deployment->device->cls != DeviceClass::HbmAccelerator)
        return g.costBound;
    // The engine runs a GPU's matrix units at no more than the family's compute efficiency and its
    // memory at no more than its memory efficiency. Each output token costs at least 2 FLOPs per
    // active parameter, and its request's prompt as many per prompt token, once per request.
    const Workload& w = ctx.workload;
    const double flopsPerToken =
        2.0 * ctx.params.active() * (1.0 + (w.outputTokens > 0 ? w.inputTokens / w.outputTokens : 0.0));
    const double computeTokS =
        flopsPerToken > 0 ? ctx.chips * ctx.peakFlops * ctx.cal.computeEfficiency.value / flopsPerToken
                          : std::numeric_limits<double>::infinity();
    // Each sequence of a step reads its KV cache (at least the prompt's) and the step reads the
    // weights every token uses, all at no more than that bandwidth on all chips, and yields at most
    // `acceptance` tokens per sequence. The batch is at most what the memory holds beside one copy
    // of the weights, and at most what keeps the step within the TPOT limit; throughput
    // a * B / step rises with B, so the largest B both allow caps tokens per second.
    const double kvPerSeq = ctx.decodeKvBytesAt(w.inputTokens);
    const double heldPerSeq = ctx.kvBytesAt(w.inputTokens);
    const double bandwidth = ctx.chips * ctx.memBandwidth * ctx.cal.memoryEfficiency.value;
    double tokS = computeTokS;
    if (kvPerSeq > 0 && heldPerSeq > 0 && bandwidth > 0) {
        double batch = (ctx.chips * ctx.memCapacity - ctx.weightBytes) / heldPerSeq;
        if (w.tpotLimitInForce() > 0)
            batch = std::min(batch, (w.tpotLimitInForce() * ctx.acceptance * bandwidth - ctx.alwaysBytes) /
                                        kvPerSeq);
        if (batch >= 1) // else the engine decides what does not fit; no bound from here
            tokS = std::min(tokS, ctx.acceptance * batch * bandwidth / (ctx.alwaysBytes + batch * kvPerSeq));
    }
    return std::max(g.costBound, perMTok(g.idleUsdPerHour, tokS));
}

double speedBound(const EvalContext& ctx, const ParallelPlan& plan)
{
    if (ctx.deployment->device->cls != DeviceClass::HbmAccelerator || ctx.alwaysBytes <= 0)
        return std::numeric_limits<double>::infinity();
    // A GPU step runs its phases one after another: the weights a token uses, the fixed per-layer
    // cost of every layer the token passes, the runtime's fixed cost per step; a draft's own steps
    // come on top of that. A token's pipeline stages run one after another, so the weights every
    // token reads stream at no more than its tensor-parallel group's bandwidth, and the routed
    // experts it picks at no more than one stage's chips' bandwidth.
    const double routedBytes =
        ctx.model->isMoe() ? double(ctx.model->moeLayerCount()) * ctx.model->activeExperts * ctx.expertBytes
                           : 0.0;
    const double stageChips = std::max(1, ctx.chips / std::max(1, plan.pp));
    const double bandwidth = ctx.memBandwidth * ctx.cal.memoryEfficiency.value;
    const double weightsS =
        ctx.alwaysBytes / (std::max(1, plan.tp) * bandwidth) + routedBytes / (stageChips * bandwidth);
    const double fixedS = ctx.model->layers * ctx.layerOverheadS + ctx.cal.stepOverheadS.value;
    const double drafted = ctx.acceptance > 1.0 ? std::ceil(ctx.acceptance) : 0.0;
    const double stepS = (weightsS + fixedS) * (1.0 + drafted * ctx.draftCostRatio);
    return stepS > 0 ? ctx.acceptance / stepS : std::numeric_limits<double>::infinity();
}

std::vector<SearchGroup> searchGroups(const Engine& engine, const ModelDesc& model, const Workload& workload,
                                      const cost::TcoAssumptions& tco, const PlanTargets& targets)
{
    const Catalog& catalog = engine.catalog();
    std::vector<SearchGroup> groups;
    for (const Device* dev : catalog.devices()) {
        if (dev->cls == DeviceClass::Cpu)
            continue;
        if (!targets.devices.isEmpty() && !targets.devices.contains(dev->id))
            continue;
        std::vector<ExecutionMode> modes{ExecutionMode::Resident};
        if (dev->cls == DeviceClass::SramDataflow && dev->tier(MemoryTierKind::External))
            modes.push_back(ExecutionMode::WeightStreaming);
        std::vector<Precision> formats = weightPrecisions(*dev);
        for (const auto& [device, p] : targets.alsoWeights)
            if (device == dev->id && std::find(formats.begin(), formats.end(), p) == formats.end())
                formats.push_back(p);
        for (Precision weights : formats)
            for (Precision kv : {Precision::BF16, Precision::FP8})
                for (ExecutionMode mode : modes) {
                    PlanConfig base;
                    base.device = dev;
                    base.weights = weights;
                    base.kv = kv;
                    base.mode = mode;
                    Deployment d = base.deployment(catalog);
                    d.plan.reset(); // the smallest count over every plan the engine considers
                    const int needed = engine.minChips(d, model, workload);
                    if (needed == 0 && mode != ExecutionMode::WeightStreaming)
                        continue; // fits on no count the engine searches
                    const std::vector<int> counts = unitCounts(d, mode, needed);
                    for (size_t i = 0; i < counts.size(); ++i)
                        for (SpeculativeMethod s : speculativeMethods(model, workload)) {
                            SearchGroup g;
                            g.config = base;
                            g.config.unitChips = counts[i];
                            g.config.speculative = s;
                            g.neededChips = needed;
                            g.smallestUnit = i == 0;
                            g.idleUsdPerHour = idleHourlyCost(d, tco, counts[i]);
                            g.costBound = perMTok(g.idleUsdPerHour, computeTokS(d, model, counts[i]));
                            groups.push_back(g);
                        }
                }
    }
    auto key = [](const SearchGroup& g) {
        const PlanConfig& c = g.config;
        return std::make_tuple(g.costBound, c.device->id, static_cast<int>(c.weights), static_cast<int>(c.kv),
                               static_cast<int>(c.mode), c.unitChips, static_cast<int>(c.speculative));
    };
    std::sort(groups.begin(), groups.end(),
              [&](const SearchGroup& a, const SearchGroup& b) { return key(a) < key(b); });
    return groups;
}

std::vector<PlanConfig> splitUnits(const Engine& engine, const ModelDesc& model, const Workload& workload,
                                   const PlanTargets& targets)
{
    const Catalog& catalog = engine.catalog();
    auto listed = [&](const Device* dev) {
        return targets.devices.isEmpty() || targets.devices.contains(dev->id);
    };
    const ModelDesc attentionPart = attentionPartOf(model);
    const ModelDesc ffnPart = ffnPartOf(model);
    std::vector<PlanConfig> units;
    for (const Device* attention : catalog.devices()) {
        if (attention->cls != DeviceClass::HbmAccelerator || !listed(attention))
            continue;
        Deployment a = defaultDeployment(catalog, *attention, 1);
        const int perSystem = std::max(1, a.devicesPerSystem());
        const int attentionNeeded = engine.minChips(a, attentionPart, workload);
        if (attentionNeeded == 0)
            continue;
        const int systems = (attentionNeeded + perSystem - 1) / perSystem;
        for (const Device* ffn : catalog.devices()) {
            if (ffn->cls != DeviceClass::SramDataflow || !listed(ffn))
                continue;
            const Deployment f = defaultDeployment(catalog, *ffn, 1);
            const int ffnNeeded = engine.minChips(f, ffnPart, workload);
            if (ffnNeeded == 0)
                continue;
            std::vector<Precision> weights{ffn->defaultPrecision};
            if (attention->defaultPrecision != ffn->defaultPrecision)
                weights.push_back(attention->defaultPrecision);
            std::vector<int> ffnCounts;
            for (double g : {1.0, 1.5, 2.0})
                if (const int n = static_cast<int>(std::ceil(ffnNeeded * g));
                    n <= kMaxUnitChips && (ffnCounts.empty() || ffnCounts.back() != n))
                    ffnCounts.push_back(n);
            for (int k : {1, 2})
                for (int n : ffnCounts)
                    for (Precision wp : weights)
                        for (Precision kv : {Precision::BF16, Precision::FP8}) {
                            PlanConfig c;
                            c.layout = PoolLayout::AttentionFfn;
                            c.device = attention;
                            c.unitChips = systems * k * perSystem;
                            c.ffnDevice = ffn;
                            c.ffnChips = n;
                            c.weights = wp;
                            c.kv = kv;
                            if (c.unitChips <= kMaxUnitChips)
                                units.push_back(c);
                        }
        }
    }
    return units;
}

std::vector<ParallelPlan> groupPlans(const Engine& engine, const Deployment& d, const ModelDesc& model,
                                     const SearchGroup& group)
{
    const int chips = group.config.unitChips;
    std::vector<ParallelPlan> plans = engine.candidatePlans(d, model, chips);
    if (d.device->cls == DeviceClass::SramDataflow) {
        // Wafers and LPUs are not sold in systems of several: a unit whose pipelines leave a chip
        // idle (three pipelines of 5 on 16 wafers) is the smaller unit at the price of a larger.
        plans.erase(std::remove_if(plans.begin(), plans.end(),
                                   [chips](const ParallelPlan& p) { return p.pp * p.dp != chips; }),
                    plans.end());
        return plans;
    }
    if (!group.smallestUnit) {
        plans.erase(std::remove_if(plans.begin(), plans.end(),
                                   [](const ParallelPlan& p) { return p.dp > 1 && p.ep == 1; }),
                    plans.end());
        return plans;
    }
    for (int n = 1; n < chips; n *= 2)
        if (n >= group.neededChips)
            for (const ParallelPlan& p : engine.candidatePlans(d, model, n))
                plans.push_back(p);
    return plans;
}

} // namespace is::planning::detail
