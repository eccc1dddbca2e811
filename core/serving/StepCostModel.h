// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Engine.h"

#include <QString>

#include <array>

#include <optional>
#include <vector>

namespace is::serving {

// What the simulator asks of a deployment, answered by the engine once and tabulated: the time
// of one decode step for a batch of b sequences at a mean context c, and the machine time and
// latency of prefilling a prompt. Built from Engine::prepare + Engine::evaluate on a grid of
// batches and context lengths (a few thousand evaluations, milliseconds); lookups interpolate
// linearly, so a simulation of 100,000 requests never calls the engine in its inner loop.
// All times are per replica: a replica is the tp x pp chips that hold one copy of the model.
class StepCostModel
{
public:
    struct Options
    {
        double maxContext = 0; // longest sequence the simulation holds (prompt + output); 0: the workload's
        ServingGoal planGoal = ServingGoal::MaxThroughput; // which plan (and chip count) to simulate
        int maxSeqsPerReplica = 0;                         // 0: the engine's cap on the running batch
    };

    // Fails (error set) when the engine cannot evaluate the deployment or the model does not fit.
    static std::optional<StepCostModel> build(const Engine& engine, const Deployment& d, const ModelDesc& m,
                                              const Workload& w, const CostAssumptions& c, const Options& o,
                                              QString* error);

    // One decode step of `batch` sequences whose mean context is `context` tokens.
    double decodeStepS(int batch, double context) const { return lookup(batch, context, 0); }
    // Fraction of that step the chips' compute or memory is busy (for power; the engine's rule).
    double decodeBusy(int batch, double context) const { return lookup(batch, context, 1); }
    // Machine time to prefill the first `tokens` tokens of a prompt while `batch` sequences decode.
    // Chunked prefill charges chunk [a, a+n) as prefillOccupancyS(a+n) - prefillOccupancyS(a).
    double prefillOccupancyS(double tokens, int batch) const
    {
        return tokens <= 0 ? 0.0 : lookup(batch, tokens, 2);
    }
    // Time from the start of a prompt's prefill to its first token (the wafer pipeline's fill
    // latency can exceed the machine time the prefill occupies).
    double prefillLatencyS(double tokens) const;
    // Time to move one prompt's KV cache from a prefill replica to a decode replica.
    double kvTransferS(double tokens) const;
    // Time to copy `tokens` of a session's KV cache back into device memory from an offload
    // tier (engine/KvTiers.h): each chip of the replica reads its slice at its share of the
    // tier's bandwidth. 0 for device memory.
    double kvReadbackS(double tokens, KvTier tier) const;
    // The offload tiers' capacity in tokens of KV cache, for the whole deployment, fastest first.
    std::vector<std::pair<KvTier, double>> offloadCapacityTokens() const;

    int replicas() const { return m_replicas; }
    int chipsPerReplica() const { return m_chipsPerReplica; }
    int chips() const { return m_chips; }
    const ParallelPlan& plan() const { return m_plan; }
    const QString& mode() const { return m_mode; }
    double kvCapacityTokens() const { return m_kvCapacityTokens; } // per replica
    int maxSeqsPerReplica() const { return m_maxSeqs; }
    // How the deployment's runtime admits requests against the KV cache (its capacity above is
    // counted at the context it admits at); the simulation admits the same way.
    KvAdmission kvAdmission() const { return m_kvAdmission; }
    double acceptance() const { return m_acceptance; }             // tokens per decode step per sequence
    double requestOverheadS() const { return m_requestOverheadS; } // API, tokenizer: before the scheduler
    double kvBytesPerToken() const { return m_kvBytesPerToken; }   // per replica
    double maxContext() const { return m_ctxGrid.back(); }
    // The engine's own estimate for the simulated plan at the scenario workload and the goal.
    const Estimate& planEstimate() const { return m_planEstimate; }

private:
    double lookup(int batch, double context, int field) const;

    std::vector<double> m_batchGrid;
    std::vector<double> m_ctxGrid;
    std::vector<double> m_latency;              // prefill latency over m_ctxGrid
    std::vector<std::array<double, 3>> m_table; // [batch][ctx]: step, busy, prefill occupancy
    int m_replicas = 1;
    int m_chipsPerReplica = 1;
    int m_chips = 1;
    ParallelPlan m_plan;
    QString m_mode;
    double m_kvCapacityTokens = 0;
    int m_maxSeqs = 1;
    KvAdmission m_kvAdmission = KvAdmission::OnDemand;
    double m_acceptance = 1;
    double m_requestOverheadS = 0;
    double m_kvBytesPerToken = 0;
    double m_transferBytesPerS = 0;
    double m_transferLatencyS = 0;
    std::vector<KvTierSpec> m_offload; // per chip
    Estimate m_planEstimate;
};

} // namespace is::serving
