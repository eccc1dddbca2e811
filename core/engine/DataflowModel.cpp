// SPDX-License-Identifier: MIT
// SRAM dataflow chips (Cerebras WSE, Groq LPU). Weights live in on-chip SRAM spread over as many
// chips as needed and the layers form a pipeline. SRAM bandwidth is so high that one user's speed
// is set by latency: each layer's partial sums cross the part of the core mesh it occupies, and
// each hop between chips adds link latency. Concurrent streams fill the pipeline's other stages.
// Also the weight-streaming mode (Cerebras MemoryX), where SRAM holds only activations and KV.
#include "engine/StepModels.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace is::detail {

namespace {

double sramUsable(const EvalContext& ctx)
{
    return ctx.memCapacity * ctx.cal.maxUsableMemory.value;
}

// Fraction of one chip's mesh a layer's weights occupy (above 1: the layer spans chips).
double layerArea(const EvalContext& ctx)
{
    const double layerBytes = (ctx.weightBytes - ctx.embeddingBytes) / ctx.model->layers;
    return layerBytes / sramUsable(ctx);
}

// Fraction of one chip's mesh that the weights one token multiplies with in a layer occupy: the
// whole layer when dense, its attention, shared experts and the k routed experts it is sent to
// in an MoE layer (the other experts sit idle for this token).
double touchedLayerArea(const EvalContext& ctx)
{
    const ModelDesc& m = *ctx.model;
    if (!m.isMoe())
        return layerArea(ctx);
    const double touched = ctx.tokenWeightBytes(ctx.params.active() - ctx.params.expertsActive -
                                                ctx.params.classifier() + ctx.params.norms);
    return touched / m.layers / sramUsable(ctx);
}

// Fraction of a chip's mesh a layer's non-routed weights (attention, shared experts, router) occupy.
double denseLayerArea(const EvalContext& ctx)
{
    const double always = (ctx.params.alwaysActive() - ctx.params.classifier()) * ctx.denseBytesPerParam;
    return always / ctx.model->layers / sramUsable(ctx);
}

// Seconds one chip at full occupancy takes for `f`, the FLOPs of `tokens` tokens: each part at the
// rate of its own operands, as on a GPU (ResidentModel.cpp). The routed experts multiply at the
// experts' format, the other weights at theirs (16-bit under an experts-only release) and
// attention at the KV cache's.
double computeSeconds(const EvalContext& ctx, const FlopBreakdown& f, double tokens)
{
    const double experts = ctx.routedExpertFlops(tokens);
    const double dense = std::max(0.0, f.matmul - experts);
    return (experts / ctx.peakFlops + dense / ctx.densePeakFlops + f.attention / ctx.attnPeakFlops) /
           ctx.cal.computeEfficiency.value;
}

// The link latency between neighbours of a pipeline over `chips` of the deployment's chips.
double linkLatency(const EvalContext& ctx, int chips)
{
    if (!ctx.topology || chips <= 1)
        return 0;
    return ctx.topology->groupPath(chips).latencyS;
}

struct TokenLatency
{
    double layers = 0; // mesh latency of all layers
    double hops = 0;   // chip-to-chip transfers along the pipeline
    double kv = 0;     // reading this stream's KV cache
    double total() const { return layers + hops + kv; }
};

TokenLatency tokenLatency(const EvalContext& ctx, int chips, double context, bool kvExternal)
{
    const ModelDesc& m = *ctx.model;
    const double area = layerArea(ctx);
    TokenLatency t;
    // A token's partial sums cross the mesh area of the weights it multiplies with: for an MoE
    // layer its attention and its k experts, not the experts it is not routed to.
    const double touched = touchedLayerArea(ctx);
    const double perLayer =
        ctx.cal.dataflowLayerS.value + ctx.cal.dataflowAreaS.value * std::sqrt(std::min(touched, 1.0));
    t.layers = m.layers * perLayer;
    const double hop = linkLatency(ctx, chips) + ctx.cal.dataflowHopS.value;
    // Between layer groups on different chips, and inside a layer that spans chips (its partial
    // sums reduce over a tree of the chips it occupies).
    const double chipsPerLayer = std::max(1.0, std::ceil(area));
    const double pipelineHops = std::min<double>(chips - 1, m.layers);
    double reductionHops = chipsPerLayer > 1 ? m.layers * std::ceil(std::log2(chipsPerLayer)) : 0.0;
    if (m.isMoe() && chipsPerLayer > 1) {
        // Experts placed across the wafers a layer spans: a token goes out to the wafers of its
        // experts and back (two hops, its k experts in parallel); only the layer's dense part
        // reduces over a tree of the chips it spans.
        const double denseChips = std::max(1.0, std::ceil(denseLayerArea(ctx)));
        const double moeLayers = ctx.params.moeLayers;
        reductionHops = moeLayers * (2.0 + std::ceil(std::log2(denseChips))) +
                        (m.layers - moeLayers) * std::ceil(std::log2(chipsPerLayer));
    }
    t.hops = (pipelineHops + reductionHops) * hop;
    const double kvBytes = ctx.decodeKvBytesAt(context);
    t.kv = kvExternal ? kvBytes / (ctx.externalBandwidth * ctx.cal.memoryEfficiency.value)
                      : kvBytes / (chips * ctx.memBandwidth * ctx.cal.memoryEfficiency.value);
    return t;
}

// SRAM one stream of the pipeline holds: its KV cache at the context the runtime admits it at,
// and activations.
double dataflowBytesPerStream(const EvalContext& ctx)
{
    return ctx.kvBytesAt(admittedContext(ctx)) + 4.0 * ctx.model->hidden * ctx.actBytes * ctx.model->layers;
}

} // namespace

int dataflowPipelineChips(const EvalContext& ctx, const ParallelPlan& plan)
{
    // A plan without pipeline stages (the default plan) spans every chip, as wafers always have.
    return plan.dp > 1 || plan.pp > 1 ? std::clamp(plan.pp, 1, ctx.chips) : ctx.chips;
}

int maxBatchDataflow(const EvalContext& ctx, const ParallelPlan& plan)
{
    const int replicas = std::max(1, plan.dp);
    const double free = dataflowPipelineChips(ctx, plan) * sramUsable(ctx) - ctx.weightBytes - ctx.draftBytes;
    const double perSeq = dataflowBytesPerStream(ctx);
    if (free <= 0)
        return 0;
    const double perReplica =
        std::clamp(std::floor(free / perSeq), 0.0, static_cast<double>(runtimeBatchCap(ctx)));
    return static_cast<int>(std::min<double>(perReplica * replicas, kMaxDeploymentBatch));
}

int maxBatchDataflow(const EvalContext& ctx)
{
    return maxBatchDataflow(ctx, ParallelPlan{1, ctx.chips, 1, 1});
}

int dataflowChipsHolding(const EvalContext& ctx, int streams)
{
    const double bytes = ctx.weightBytes + ctx.draftBytes + streams * dataflowBytesPerStream(ctx);
    return static_cast<int>(std::ceil(bytes / sramUsable(ctx)));
}

Estimate evaluateDataflow(const EvalContext& ctx, const ParallelPlan& plan, int batch)
{
    const ModelDesc& m = *ctx.model;
    // Each replica is a pipeline of its own over `chips` chips, holding all weights and its share
    // of the streams; replicas share nothing, so the deployment's throughput is theirs added up.
    const int chips = dataflowPipelineChips(ctx, plan);
    Estimate e;
    e.chips = ctx.chips;
    e.plan = ParallelPlan{1, chips, 1, std::max(1, plan.dp)};
    // Replicas beyond the number of streams sit idle (as resident replicas do).
    const int replicas = std::clamp(batch, 1, std::max(1, plan.dp));
    e.mode = QStringLiteral("pipelined");
    const double in = ctx.workload.inputTokens;
    const double out = ctx.workload.outputTokens;
    const double context = in + out / 2.0;
    const int b = std::max(1, (batch + replicas - 1) / replicas); // streams of one replica

    // Memory: weights must sit in SRAM; the KV cache too, or it spills to external memory.
    const double capacity = chips * sramUsable(ctx);
    const double kv = b * ctx.kvBytesAt(admittedContext(ctx)); // held; a step reads `context`
    e.memory.capacity = sramUsable(ctx);
    e.memory.weights = (ctx.weightBytes + ctx.draftBytes) / chips;
    e.memory.kvCache = kv / chips;
    e.memory.activations = b * 4.0 * m.hidden * ctx.actBytes * m.layers / chips;
    bool kvExternal = false;
    e.fits = ctx.weightBytes <= capacity;
    if (!e.fits) {
        e.why = memoryShortfall(ctx.weightBytes, ctx.weightBytes / chips, sramUsable(ctx), chips);
    } else if (ctx.weightBytes + kv + e.memory.activations * chips > capacity) {
        // One pipeline may spill to the deployment's external memory; replicas would share it,
        // which is not modelled, so each holds its streams in its own SRAM (the batch search keeps
        // them there: maxBatchDataflow).
        if (replicas == 1 && ctx.externalBandwidth > 0 && kv <= ctx.externalCapacity) {
            kvExternal = true;
            e.kvPlacement = KvPlacement::SpilledExternal;
            e.memory.kvCache = 0;
            e.notes << QCoreApplication::translate("is::Engine",
                                                   "KV cache spills from SRAM to external memory");
        } else {
            e.fits = false;
            const double need = ctx.weightBytes + kv + e.memory.activations * chips;
            e.why = memoryShortfall(need, need / chips, sramUsable(ctx), chips);
        }
    }

    e.acceptance = ctx.acceptance;
    const double drafted = e.acceptance > 1.0 ? std::ceil(e.acceptance) : 0.0;
    const double verifyTokens = drafted + 1.0;
    const TokenLatency lat = tokenLatency(ctx, chips, context, kvExternal);
    // Verifying the draft's tokens streams them through the pipeline right behind each other;
    // the draft model's own steps come first.
    const double single =
        lat.total() + ctx.cal.stepOverheadS.value + drafted * ctx.draftCostRatio * lat.total();
    // Each layer is a pipeline stage: up to `layers` streams advance without slowing each other;
    // beyond that, or when the chips' compute saturates, the step stretches.
    const double depth = m.layers;
    const double computeS = b * verifyTokens * computeSeconds(ctx, decodeFlops(m, context), 1.0) / chips;
    const double pipelineS = single * std::max(1.0, b / depth);
    const double step = std::max(pipelineS, computeS);

    // The parts add up to the step: one stream's latency (its layers, hops, KV reads and the
    // step overhead), and what the step takes beyond it: compute where the chips' compute
    // saturates, the pipeline's fill (and the draft model's steps) where it does not. (The
    // compute part was the step less the whole pipeline time, so the parts summed to less than
    // the step, and more bandwidth, a shorter stream latency, made them sum to more.)
    e.decode.dataflow = lat.layers + lat.hops;
    e.decode.memory = lat.kv;
    e.decode.overhead = ctx.cal.stepOverheadS.value;
    const double oneStream = lat.total() + ctx.cal.stepOverheadS.value;
    if (step > pipelineS)
        e.decode.compute = step - oneStream;
    else
        e.decode.dataflow += pipelineS - oneStream;

    // Prefill: the prompt streams through the pipeline; each layer computes with the cores it
    // occupies, so a prompt takes the fill latency plus its tokens at one layer's throughput.
    const double area = layerArea(ctx);
    const double layerChips = area > 1 ? std::ceil(area) : area; // the share of chips one layer computes on
    // Idle sessions' prefixes: SRAM the pipeline leaves free, then MemoryX beside any spilled KV.
    e.reuse = placePrefixes(ctx, kvExternal ? 0.0 : e.memory.capacity - e.memory.used(), chips, replicas,
                            {0.0, 0.0, 0.0, kvExternal ? kv / chips : 0.0});
    const FlopBreakdown pf = freshPrefillFlops(m, in, e.reuse.cachedTokens);
    const double promptS = computeSeconds(ctx, pf, in - e.reuse.cachedTokens);
    const double prefillLatency = single + promptS / m.layers / layerChips;
    const double prefillOccupancy = promptS / chips;
    finishServing(e, ctx, prefillOccupancy, prefillLatency, step, b, replicas);

    if (!e.fits)
        e.bottleneck = Bottleneck::Capacity;
    else if (kvExternal)
        e.bottleneck = Bottleneck::MemoryBandwidth;
    else if (step > pipelineS)
        e.bottleneck = Bottleneck::Compute;
    else if (lat.hops > lat.layers)
        e.bottleneck = Bottleneck::Communication;
    else
        e.bottleneck = Bottleneck::DataflowLatency;
    return e;
}

int maxBatchStreaming(const EvalContext& ctx)
{
    const double perSeq =
        ctx.kvBytesAt(admittedContext(ctx)) + 4.0 * ctx.model->hidden * ctx.actBytes * ctx.model->layers;
    const double free = ctx.chips * sramUsable(ctx) * 0.5; // half the SRAM buffers streamed layers
    return static_cast<int>(
        std::clamp(std::floor(free / perSeq), 0.0, static_cast<double>(runtimeBatchCap(ctx))));
}

Estimate evaluateWeightStreaming(const EvalContext& ctx, int batch)
{
    const ModelDesc& m = *ctx.model;
    Estimate e;
    e.chips = ctx.chips;
    e.plan = ParallelPlan{1, 1, 1, ctx.chips};
    e.mode = QStringLiteral("weight-streaming");
    const double in = ctx.workload.inputTokens;
    const double out = ctx.workload.outputTokens;
    const double context = in + out / 2.0;
    const int b = std::max(1, batch);

    e.memory.capacity = sramUsable(ctx);
    e.memory.kvCache = b * ctx.kvBytesAt(admittedContext(ctx)) / ctx.chips;
    e.memory.activations = b * 4.0 * m.hidden * ctx.actBytes * m.layers / ctx.chips;
    e.memory.weights = e.memory.capacity * 0.5; // streaming buffers
    e.fits = ctx.externalBandwidth > 0 && ctx.weightBytes <= ctx.externalCapacity &&
             e.memory.used() <= e.memory.capacity;
    if (!e.fits) {
        if (ctx.externalBandwidth <= 0)
            e.why = QCoreApplication::translate("is::Engine",
                                                "the device has no external memory to stream weights from");
        else if (ctx.weightBytes > ctx.externalCapacity)
            e.why = QCoreApplication::translate("is::Engine",
                                                "weights need %L1 GB of external memory, it has %L2 GB")
                        .arg(ctx.weightBytes / 1e9, 0, 'f', 1)
                        .arg(ctx.externalCapacity / 1e9, 0, 'f', 1);
        else // the batch's KV cache and activations, beside the streaming buffers
            e.why =
                memoryShortfall(e.memory.used() * ctx.chips, e.memory.used(), e.memory.capacity, ctx.chips);
    }

    // Every step streams all weights once (SwarmX broadcasts them to every wafer); the batch
    // shares that cost, which is why this mode suits large batches and not single users.
    const double streamS = ctx.externalBandwidth > 0
                               ? ctx.weightBytes / (ctx.externalBandwidth * ctx.cal.memoryEfficiency.value)
                               : 0;
    const double computeS = b * computeSeconds(ctx, decodeFlops(m, context), 1.0) / ctx.chips;
    const double overhead = m.layers * ctx.layerOverheadS + ctx.cal.stepOverheadS.value;
    const double step = std::max(streamS, computeS) + overhead;
    (streamS >= computeS ? e.decode.memory : e.decode.compute) = std::max(streamS, computeS);
    e.decode.overhead = overhead;

    // Idle sessions' prefixes: SRAM beside the streaming buffers, then MemoryX beside the weights.
    e.reuse = placePrefixes(ctx, e.memory.capacity - e.memory.used(), ctx.chips, 1,
                            {0.0, 0.0, 0.0, ctx.weightBytes / ctx.chips});
    const double prefillCompute =
        computeSeconds(ctx, freshPrefillFlops(m, in, e.reuse.cachedTokens), in - e.reuse.cachedTokens) /
        ctx.chips;
    const double prefill = std::max(streamS, prefillCompute) + overhead;
    finishServing(e, ctx, prefill / std::max(1, b), prefill, step, b, 1);
    e.bottleneck = !e.fits ? Bottleneck::Capacity
                           : (streamS >= computeS ? Bottleneck::WeightStreaming : Bottleneck::Compute);
    return e;
}

} // namespace is::detail
