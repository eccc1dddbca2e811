// SPDX-License-Identifier: MIT
#pragma once

#include "engine/PrefixReuse.h"
#include "engine/Workload.h"

#include <QString>
#include <QStringList>

#include <algorithm>
#include <optional>

namespace is {

// What limits a deployment, by name.
enum class Bottleneck {
    Compute,
    MemoryBandwidth,
    Communication,
    DataflowLatency,
    Overhead,
    Capacity,
    WeightStreaming
};
QString bottleneckId(Bottleneck b);

// Where the time of one decode step goes (seconds). The parts add up to the step time.
struct LatencyBreakdown
{
    double compute = 0;
    double memory = 0;
    double communication = 0;
    double dataflow = 0;
    double overhead = 0;
    double total() const { return compute + memory + communication + dataflow + overhead; }
};

// Memory budget of one device (bytes).
struct MemoryBudget
{
    double weights = 0;
    double kvCache = 0;
    double activations = 0;
    double capacity = 0; // usable capacity of the tier that holds them
    // Tiered devices (SN40L): weights placed in the slower tier (DDR) because the fast one is
    // full, and that tier's usable capacity. Not part of used().
    double slowWeights = 0;
    double slowCapacity = 0;
    double used() const { return weights + kvCache + activations; }
};

// An attention-FFN disaggregated deployment (engine/AttentionFfnSplit.h): each pool's and the
// link's busy time in one decode step (seconds, over all layers and micro-batches), and what each
// pool holds and costs.
struct AttentionFfnBreakdown
{
    double attentionS = 0;
    double ffnS = 0;
    double linkS = 0; // one direction; the link is full duplex, the way back overlaps it
    double stepS = 0;
    double linkShare = 0; // the link's part of the step's breakdown (communication / step)
    int microBatches = 1;
    int attentionChips = 0;
    int ffnChips = 0;
    ParallelPlan attentionPlan;
    ParallelPlan ffnPlan;
    MemoryBudget attentionMemory; // per chip of each pool
    MemoryBudget ffnMemory;
    double attentionPowerW = 0;
    double ffnPowerW = 0;
    double linkPowerW = 0;
    double attentionCapexUsd = 0; // set by cost::price, with the Cost view's prices
    double ffnCapexUsd = 0;
};

// Where the KV cache lives when a wafer deployment runs out of SRAM.
enum class KvPlacement { OnChip, AddedChips, SpilledExternal };
QString kvPlacementId(KvPlacement p);

struct Estimate
{
    bool fits = false;
    QString why; // when it does not fit: what and by how much
    // The request is longer than the model's context window: no chip count serves it, whatever
    // `minChips` says of the memory.
    bool beyondContextWindow = false;
    int chips = 0;
    int minChips = 0; // smallest chip count on which the model fits
    ParallelPlan plan;
    int batch = 0; // concurrent streams in flight (whole deployment)
    QString mode;  // "resident", "pipelined", "weight-streaming"
    KvPlacement kvPlacement = KvPlacement::OnChip;

    double prefillS = 0;
    double ttftS = 0;
    double queueingS = 0; // part of ttftS: waiting for a prefill slot, or for memory to hold the stream
    // Part of ttftS: the hosted service's time before a prompt reaches the chips (API, tokenizer,
    // admission; the family's request_overhead_s), during which the request holds no stream.
    double requestOverheadS = 0;
    double tpotS = 0; // mean time per output token one user sees
    // The 99th percentiles over requests (MLPerf's server limits bound these): the TTFT of a
    // request that queued behind more prefills, the TPOT of one interrupted by more of them.
    double ttftP99S = 0;
    double tpotP99S = 0;
    double tokSUser = 0;
    double tokSTotal = 0;
    double acceptance = 1; // tokens per verification step (speculative decoding)
    // The serving cycle's parts, for the request-level simulator (core/serving): one decode step
    // of the running batch on one replica, and the time one request's prefill occupies it.
    double decodeStepS = 0;
    double prefillOccupancyS = 0;

    double powerW = 0;         // devices + hosts + network, before PUE
    double facilityPowerW = 0; // with PUE
    double joulesPerToken = 0;
    // Set by cost::price from the scenario's total cost of ownership; the engine leaves them 0.
    double usdPerMTok = 0;
    double usdPerHour = 0;

    Bottleneck bottleneck = Bottleneck::Compute;
    bool decodeFromCache = false; // CPUs: a decode step's bytes stream from the last-level cache, not DRAM
    LatencyBreakdown decode;      // one decode step
    MemoryBudget memory;          // the busiest device
    PrefixReuse reuse;            // prefix caching: prefill skipped, where the reused KV came from
    QStringList notes;
    std::optional<AttentionFfnBreakdown> split; // attention-FFN disaggregated deployments
    int prefillReplicas = 0;                    // prefill-decode disaggregated: of plan.dp
    double kvHandoverS = 0;                     // and one prompt's KV cache from prefill to decode
    int decodeReplicas() const { return plan.dp - prefillReplicas; }
    int prefillChips() const { return prefillReplicas * std::max(1, plan.tp * plan.pp); }
};

// The independent replicas the estimate's plan serves its streams with: the plan's data-parallel
// degree (GPU replicas, wafer pipelines side by side), except in weight-streaming mode, where the
// plan's dp counts wafers that run as one machine.
int servingReplicas(const Estimate& e);

// Whether the estimate's TTFT and TPOT are within the workload's limits (the 99th percentiles
// where the limits bound them, else the means).
bool meetsLimits(const Estimate& e, const Workload& w);

// What a deployment that does not fit lacks, in one wording for every device class: the total
// need of the deployment, the need per chip at its count and what each chip has ("needs 1,500.6 GB
// in all: 187.6 GB per chip on 8 chips, each has 72.0 GB"). Bytes; `capacityPerChip` usable.
QString memoryShortfall(double totalBytes, double perChipBytes, double capacityPerChip, int chips);
// The same for chips that hold weights and KV cache in their own memory (GPUs, SN40L): the total
// is the weights once and the batch's KV cache, and it names the batch, which the serving goal sets.
// Under a plan with replicas (dp > 1) each replica holds its own copy of the weights it does not
// share, so the need per chip times the chips exceeds the total; the plan and its replicas say why.
QString residentMemoryShortfall(double totalBytes, int batch, const ParallelPlan& plan, double perChipBytes,
                                double capacityPerChip, int chips);
// The end of every does-not-fit message: the smallest count that fits ("the smallest count that
// fits is 24"), or that none up to `searchLimit` does, with the count it would take when known
// (`beyondLimit` > 0).
QString smallestFittingCount(int minChips, int searchLimit, int beyondLimit = 0);

// No hardware serves a request longer than the model's window (vLLM refuses it outright): marks
// the estimate as not fitting, saying why, when prompt and output exceed `maxContext` (0: none).
void refuseBeyondContextWindow(Estimate& e, const Workload& w, int maxContext);

// An estimate whose inputs carry ranges: the point estimate and the two ends of the band.
struct RangedEstimate
{
    Estimate mid;
    Estimate low;  // the pessimistic end (slowest)
    Estimate high; // the optimistic end (fastest)
    bool ranged = false;
};

} // namespace is
