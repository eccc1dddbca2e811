// SPDX-License-Identifier: MIT
#pragma once

#include "common/Precision.h"
#include "engine/Workload.h"
#include "hardware/Device.h"
#include "hardware/Link.h"
#include "model/ModelDesc.h"
#include "topology/Topology.h"

#include <QString>

#include <optional>

namespace is {

class Catalog;
struct FamilyCalibration;

// How weights reach the compute: resident in the device's primary memory, or streamed from
// external memory every step (Cerebras MemoryX). Auto picks resident when the model fits.
enum class ExecutionMode { Auto, Resident, WeightStreaming };

// Attention-FFN disaggregation (engine/AttentionFfnSplit.h): the feed-forward layers (or the
// experts) of every layer run on this second pool, joined to the deployment's own chips, which
// keep attention and the KV cache, by `link`.
struct FfnPool
{
    const Device* device = nullptr;
    const SystemPackaging* system = nullptr; // may be null: bare devices
    const Link* scaleUp = nullptr;
    const Link* scaleOut = nullptr;
    int chips = 1;
    std::optional<ParallelPlan> plan; // nullopt = automatic
    const Link* link = nullptr;       // between the pools
    int microBatches = 0;             // ping-pong micro-batches; 0 = automatic
};

// One deployment as the engine sees it: resolved catalog entries, a topology, and choices.
struct Deployment
{
    QString name;
    const Device* device = nullptr;
    const SystemPackaging* system = nullptr; // may be null: bare devices
    const Link* scaleUp = nullptr;
    const Link* scaleOut = nullptr;
    int chips = 1;
    bool autoChips = false;                   // choose the smallest count that fits
    std::optional<ParallelPlan> plan;         // nullopt = automatic
    std::optional<Precision> weightPrecision; // nullopt = see weights()
    std::optional<Precision> kvPrecision;     // nullopt = weight precision, at least fp8
    Precision activationPrecision = Precision::BF16;
    ExecutionMode mode = ExecutionMode::Auto;
    SpeculativeMethod speculative = SpeculativeMethod::None;
    double acceptanceOverride = 0; // 0 = the method's stated default
    QString softwareDate; // "2024-08": calibrate with the software generation of that date; empty = newest
    // Set: attention-FFN disaggregated; the fields above describe the attention pool.
    std::optional<FfnPool> ffnPool;
    // Prefill-decode disaggregated (engine/PrefillDecodeServing.cpp): this many of the plan's
    // replicas only prefill and hand the KV cache over to the others, which only decode.
    // 0: every replica does both.
    int prefillReplicas = 0;
    // The serving runtime's limits (the scenario's serving scheduler, a validation row's stated
    // benchmark settings): at most this many sequences run at once per replica (vLLM max_num_seqs,
    // TensorRT-LLM max_batch_size per attention-DP rank, SGLang max_running_requests; 0: only
    // memory limits the batch), how a request is admitted against the KV cache, and whether
    // attention-DP ranks prefill together.
    int maxBatchPerReplica = 0;
    KvAdmission kvAdmission = KvAdmission::OnDemand;
    AttentionDpPrefill attentionDpPrefill = AttentionDpPrefill::Aligned;

    // The weights' precision serving `m`: the one chosen, else the device's usual serving
    // precision, or, on a device that streams weights from memory, the model's published format
    // where that is narrower (a published checkpoint is not widened to read more bytes).
    Precision weights(const ModelDesc& m) const;
    // Whether this deployment serves `m`'s published checkpoint and that checkpoint quantised its
    // routed experts only, weight-only (ModelDesc::releasedExpertsOnly): the other weights then
    // stay at 16 bits and the experts' multiplies have no 4-bit activations to pair with.
    bool servesExpertsOnlyRelease(const ModelDesc& m) const;
    // The precision of the weights that are not routed experts (attention, dense FFNs, shared
    // experts, embeddings, head): weights(), or 16 bits under an experts-only release.
    Precision nonExpertWeights(const ModelDesc& m) const;
    // All of `m`'s weights in bytes, each part at its own precision.
    double weightBytes(const ModelDesc& m) const;
    // The KV cache's precision: the stated one, else the attention weights' (at least fp8).
    Precision kv(const ModelDesc& m) const;
    int devicesPerSystem() const;
    Topology::Spec topologySpec(int chipCount) const;
};

// Whether a device's replicas can split prefill from decode (Deployment::prefillReplicas): GPUs
// and tiered devices hold whole replicas; a wafer or LPU pipeline serves every stream alike.
bool splitsPrefillFromDecode(const Device& device);

// The links a deployment uses when it names none: its system's, else the device's own.
QString defaultScaleUpLink(const Device& device, const SystemPackaging* system);
QString defaultScaleOutLink(const Device& device, const SystemPackaging* system);

// `chips` devices in their default system with its default links: what a scenario deployment
// resolves to when it only names a device and a count (validation rows, tests, benchmarks).
Deployment defaultDeployment(const Catalog& catalog, const Device& device, int chips);

} // namespace is
