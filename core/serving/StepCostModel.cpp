// SPDX-License-Identifier: MIT
#include "serving/StepCostModel.h"

#include "common/Log.h"
#include "engine/StepModels.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace is::serving {

namespace {

// Batches 1..16 one by one (where the step time bends most), then 2^(1/6) apart: linear
// interpolation between neighbours then stays within about 1 % of the engine.
std::vector<double> batchGrid(int maxBatch, int extraPoint)
{
    std::vector<double> g;
    for (int b = 1; b <= std::min(16, maxBatch); ++b)
        g.push_back(b);
    for (double b = 16.0 * std::pow(2.0, 1.0 / 6.0); b < maxBatch; b *= std::pow(2.0, 1.0 / 6.0))
        g.push_back(std::round(b));
    g.push_back(maxBatch);
    // A kink the engine has at a known batch (the wafer pipeline's depth) gets its own point.
    if (extraPoint > 1 && extraPoint < maxBatch) {
        g.push_back(extraPoint);
        g.push_back(extraPoint + 1);
    }
    std::sort(g.begin(), g.end());
    g.erase(std::unique(g.begin(), g.end()), g.end());
    return g;
}

// Context lengths from 1 token, sqrt(2) apart, plus the workload's own lengths exactly.
std::vector<double> contextGrid(double maxContext, const Workload& w)
{
    std::vector<double> g{1, 2, 3, 4};
    for (double c = 4 * std::sqrt(2.0); c < maxContext; c *= std::sqrt(2.0))
        g.push_back(std::round(c));
    g.push_back(std::ceil(maxContext));
    for (double extra : {w.inputTokens, w.inputTokens + w.outputTokens})
        if (extra < maxContext)
            g.push_back(extra);
    std::sort(g.begin(), g.end());
    g.erase(std::unique(g.begin(), g.end()), g.end());
    return g;
}

// The segment of a sorted grid that holds x, and the weight of its upper end; outside the grid
// the end segments extrapolate.
std::pair<size_t, double> segment(const std::vector<double>& g, double x)
{
    if (g.size() < 2)
        return {0, 0.0};
    size_t hi = static_cast<size_t>(std::upper_bound(g.begin(), g.end(), x) - g.begin());
    hi = std::clamp<size_t>(hi, 1, g.size() - 1);
    const size_t lo = hi - 1;
    return {lo, (x - g[lo]) / (g[hi] - g[lo])};
}

// The engine's power rule (Engine::addPower): chips draw dynamic power for the share of
// the step their compute or memory is busy, half of it for the wafer's dataflow latency.
double busyOf(const Estimate& e)
{
    const LatencyBreakdown& b = e.decode;
    const double step = b.total();
    return step > 0 ? std::clamp((b.compute + b.memory + 0.5 * b.dataflow) / step, 0.05, 1.0) : 1.0;
}

} // namespace

std::optional<StepCostModel> StepCostModel::build(const Engine& engine, const Deployment& d,
                                                  const ModelDesc& m, const Workload& w,
                                                  const CostAssumptions& c, const Options& o, QString* error)
{
    if (d.ffnPool) {
        // Its steps are the ping-pong of two pools (engine/AttentionFfnSplit.h), which the step
        // table below, built from one pool's plans, cannot express; a wrong table is worse than none.
        *error = QCoreApplication::translate(
            "is::serving::StepCostModel",
            "splits attention and the FFN across two pools: the request simulator models one pool "
            "per deployment; the engine's estimate covers the split");
        return std::nullopt;
    }
    auto est = engine.estimate(d, m, w, o.planGoal, c, error);
    if (!est)
        return std::nullopt;
    if (!est->fits) {
        *error = QCoreApplication::translate("is::serving::StepCostModel", "does not fit: %1").arg(est->why);
        return std::nullopt;
    }
    StepCostModel s;
    s.m_planEstimate = *est;
    s.m_chips = est->chips;
    s.m_plan = est->plan;
    s.m_mode = est->mode;
    s.m_replicas = servingReplicas(*est);
    s.m_chipsPerReplica = std::max(1, s.m_chips / s.m_replicas);

    // KV capacity from the engine's memory budget at the workload's mean context: two batches
    // give the bytes one more sequence takes and what is left after weights and workspace.
    auto memCtx = engine.prepare(d, m, w, c, s.m_chips, Bound::Mid, error);
    if (!memCtx)
        return std::nullopt;
    const double meanContext = w.inputTokens + w.outputTokens / 2.0;
    const Estimate one = engine.evaluate(*memCtx, s.m_plan, s.m_replicas);
    const Estimate two = engine.evaluate(*memCtx, s.m_plan, 2 * s.m_replicas);
    const double perSeq =
        (two.memory.kvCache + two.memory.activations) - (one.memory.kvCache + one.memory.activations);
    const double fixed =
        one.memory.weights + one.memory.activations - (two.memory.activations - one.memory.activations);
    s.m_kvBytesPerToken = memCtx->kvBytesAt(meanContext) / meanContext;
    const bool spilled = one.kvPlacement == KvPlacement::SpilledExternal;
    if (spilled)
        s.m_kvCapacityTokens = memCtx->externalCapacity / std::max(1.0, s.m_kvBytesPerToken);
    else if (perSeq > 0) // sequences at the context the runtime admits them at, in tokens
        s.m_kvCapacityTokens =
            std::floor((one.memory.capacity - fixed) / perSeq) * admittedKvContext(w, d.kvAdmission);
    else
        s.m_kvCapacityTokens = 1e12; // a model without a KV cache
    if (s.m_kvCapacityTokens < 1) {
        *error = QCoreApplication::translate("is::serving::StepCostModel",
                                             "no memory left for the KV cache of one sequence");
        return std::nullopt;
    }
    s.m_kvAdmission = d.kvAdmission;
    s.m_maxSeqs = o.maxSeqsPerReplica > 0 ? o.maxSeqsPerReplica : detail::kMaxBatchPerReplica;
    const int maxBatch =
        static_cast<int>(std::clamp(s.m_kvCapacityTokens, 1.0, static_cast<double>(s.m_maxSeqs)));
    s.m_maxSeqs = std::min(s.m_maxSeqs, maxBatch);
    s.m_requestOverheadS = memCtx->cal.requestOverheadS.value;

    s.m_offload = memCtx->offload;
    s.m_transferBytesPerS = memCtx->kvHandoverBandwidth(s.m_chipsPerReplica);
    s.m_transferLatencyS = memCtx->kvHandoverLatencyS();

    const bool dataflow = d.device->cls == DeviceClass::SramDataflow;
    s.m_batchGrid = batchGrid(maxBatch, dataflow ? m.layers : 0);
    const double maxContext = std::max(o.maxContext, w.inputTokens + w.outputTokens);
    s.m_ctxGrid = contextGrid(maxContext, w);
    const size_t nb = s.m_batchGrid.size();
    const size_t nc = s.m_ctxGrid.size();
    s.m_table.assign(nb * nc, {0.0, 0.0, 0.0});
    s.m_latency.assign(nc, 0.0);
    for (size_t ci = 0; ci < nc; ++ci) {
        const Workload at{s.m_ctxGrid[ci], 1, 1, 0, 0};
        auto ctx = engine.prepare(d, m, at, c, s.m_chips, Bound::Mid, error);
        if (!ctx)
            return std::nullopt;
        size_t lastOnChip = nb;
        for (size_t bi = 0; bi < nb; ++bi) {
            const int batch = static_cast<int>(s.m_batchGrid[bi]) * s.m_replicas;
            const Estimate e = engine.evaluate(*ctx, s.m_plan, batch);
            if (bi == 0) {
                s.m_latency[ci] = e.prefillS;
                s.m_acceptance = std::max(1.0, e.acceptance);
            }
            // Cells whose KV cache would spill off the wafer lie beyond the capacity the
            // simulator enforces; they are extrapolated from the on-chip cells below.
            if (!spilled && e.kvPlacement == KvPlacement::SpilledExternal) {
                lastOnChip = bi;
                break;
            }
            s.m_table[bi * nc + ci] = {e.decodeStepS, busyOf(e), e.prefillOccupancyS};
        }
        if (lastOnChip == 0) {
            // Not even one sequence stays on chip at this length: the simulator rejects such
            // requests; keep the table monotonic by repeating the shorter context's column.
            for (size_t bi = 0; bi < nb; ++bi)
                s.m_table[bi * nc + ci] = ci > 0 ? s.m_table[bi * nc + ci - 1] : std::array<double, 3>{};
            continue;
        }
        for (size_t bi = lastOnChip; bi < nb; ++bi) {
            const auto& a = s.m_table[(bi >= 2 ? bi - 2 : 0) * nc + ci];
            const auto& b = s.m_table[(bi - 1) * nc + ci];
            const double ba = s.m_batchGrid[bi >= 2 ? bi - 2 : 0];
            const double bb = s.m_batchGrid[bi - 1];
            const double slope = bb > ba ? (b[0] - a[0]) / (bb - ba) : 0.0;
            s.m_table[bi * nc + ci] = {b[0] + slope * (s.m_batchGrid[bi] - bb), b[1], b[2]};
        }
    }
    log::get("serving")->debug(
        "{}: step table {} batches x {} contexts, KV {:.0f} tokens/replica, {} replicas",
        d.name.toStdString(), nb, nc, s.m_kvCapacityTokens, s.m_replicas);
    return s;
}

double StepCostModel::lookup(int batch, double context, int field) const
{
    const auto [bi, bw] = segment(m_batchGrid, batch);
    const auto [ci, cw] = segment(m_ctxGrid, context);
    const size_t nc = m_ctxGrid.size();
    const size_t bj = std::min(bi + 1, m_batchGrid.size() - 1);
    const size_t cj = std::min(ci + 1, nc - 1);
    const auto v = [&](size_t b, size_t c) { return m_table[b * nc + c][static_cast<size_t>(field)]; };
    const double lo = v(bi, ci) + (v(bi, cj) - v(bi, ci)) * cw;
    const double hi = v(bj, ci) + (v(bj, cj) - v(bj, ci)) * cw;
    return std::max(0.0, lo + (hi - lo) * bw);
}

double StepCostModel::prefillLatencyS(double tokens) const
{
    const auto [ci, cw] = segment(m_ctxGrid, tokens);
    const size_t cj = std::min(ci + 1, m_ctxGrid.size() - 1);
    return std::max(0.0, m_latency[ci] + (m_latency[cj] - m_latency[ci]) * cw);
}

double StepCostModel::kvTransferS(double tokens) const
{
    if (m_transferBytesPerS <= 0)
        return 0;
    return m_transferLatencyS + tokens * m_kvBytesPerToken / m_transferBytesPerS;
}

double StepCostModel::kvReadbackS(double tokens, KvTier tier) const
{
    for (const KvTierSpec& t : m_offload)
        if (t.tier == tier && t.bandwidthBytesPerS > 0)
            return tokens * m_kvBytesPerToken / (t.bandwidthBytesPerS * m_chipsPerReplica);
    return 0;
}

std::vector<std::pair<KvTier, double>> StepCostModel::offloadCapacityTokens() const
{
    std::vector<std::pair<KvTier, double>> tiers;
    for (const KvTierSpec& t : m_offload)
        tiers.emplace_back(t.tier,
                           m_kvBytesPerToken > 0 ? t.capacityBytes * m_chips / m_kvBytesPerToken : 0.0);
    return tiers;
}

} // namespace is::serving
