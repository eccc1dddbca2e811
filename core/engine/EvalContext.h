// SPDX-License-Identifier: MIT
#pragma once

#include "engine/CostAssumptions.h"
#include "engine/Deployment.h"
#include "engine/KvTiers.h"
#include "hardware/Calibration.h"
#include "model/ModelMath.h"
#include "topology/Topology.h"

#include <optional>

namespace is {

// Everything one evaluation needs that does not change while the plan and batch are searched:
// derived model counts, device numbers at the chosen bound, calibration and the topology.
// Built once per (deployment, model, workload); evaluations then cost microseconds.
struct EvalContext
{
    const Deployment* deployment = nullptr;
    const ModelDesc* model = nullptr;
    Workload workload;
    CostAssumptions cost;
    FamilyCalibration cal;
    Bound deviceBound = Bound::Mid;
    int chips = 1;
    std::optional<Topology> topology;

    // Model, per whole model.
    ParamBreakdown params;
    double weightBytes = 0; // all weights
    double alwaysBytes = 0; // weights every step reads (non-routed)
    double embeddingBytes = 0;
    double expertBytes = 0;     // one routed expert of one layer
    double kvPerTokenLayer = 0; // KV bytes one token adds in one full-attention layer
    double actBytes = 2;
    double layerOverheadS = 0; // fixed per-layer cost: kernels per layer x per-kernel overhead
    SpeculativeMethod speculative = SpeculativeMethod::None; // explicit, or the family's default
    double acceptance = 1;                                   // tokens per verification step
    double draftCostRatio = 0;                               // one draft step relative to one target step
    double draftBytes = 0;         // the draft's weights (a draft step reads them, hence the same ratio)
    double wBytesPerParam = 2;     // routed experts (every weight of a dense model)
    double denseBytesPerParam = 2; // the other weights: 16-bit under an experts-only release
    Precision kvPrecision = Precision::BF16; // the deployment's, resolved once for this model

    // Device at the bound.
    double peakFlops = 0;      // dense, at the precision the weights' matrix multiplies run at
    double densePeakFlops = 0; // the same for the weights that are not routed experts
    double attnPeakFlops = 0;  // dense, at the precision attention runs at (the KV cache's, >= fp8)
    double memCapacity = 0;    // primary tier, per chip
    double memBandwidth = 0;
    // CPUs: the last-level cache (the device's SRAM tier). A step whose working set fits it
    // streams at the cache's bandwidth instead of the primary tier's (0 when none).
    double cacheCapacity = 0;
    double cacheBandwidth = 0;
    // Tiered devices (SN40L): the DDR tier below HBM, where weights go that HBM cannot hold.
    double slowCapacity = 0;
    double slowBandwidth = 0;
    double externalBandwidth = 0; // weight streaming tier (0 when none)
    double externalCapacity = 0;
    // Tiers below device memory where idle sessions' KV cache waits (engine/KvTiers.h), per chip.
    std::vector<KvTierSpec> offload;
    double idleW = 0;
    double peakW = 0;

    // Matrix-multiply FLOPs the routed experts do for `tokens` tokens (their k experts each; 0 for
    // a dense model): the share that runs at the experts' rate, the rest of a step's at the dense one.
    double routedExpertFlops(double tokens) const
    {
        return model->isMoe() ? 2.0 * params.expertsActive * tokens : 0.0;
    }
    // Bytes of the weights one token multiplies with: its routed experts at the experts' width
    // and `otherParams` parameters at the other weights' (16-bit under an experts-only release).
    double tokenWeightBytes(double otherParams) const
    {
        return params.expertsActive * wBytesPerParam + otherParams * denseBytesPerParam;
    }
    // KV bytes of one sequence at context ctx (all layers, windows honoured).
    double kvBytesAt(double ctx) const;
    // Cache bytes one decode step of one sequence reads and writes at context ctx (sparse
    // attention reads only its top-k entries; model/ModelMath.h decodeKvBytes).
    double decodeKvBytesAt(double ctx) const;
    // Disaggregated serving hands a request's KV cache from the replica that prefilled it to one
    // that decodes it, over the scale-out network (else the scale-up one): every chip of a replica
    // sends its own slice through its own port at the calibrated link efficiency. Bytes a second
    // (0 without a link), and the link's latency.
    double kvHandoverBandwidth(int chipsPerReplica) const;
    double kvHandoverLatencyS() const;
};

} // namespace is
