// SPDX-License-Identifier: MIT
#include "planning/DeploymentSearch.h"

#include "common/Log.h"
#include "engine/Engine.h"
#include "engine/EvalContext.h"
#include "hardware/Catalog.h"
#include "planning/PlanRanking.h"
#include "planning/PrefillDecodeSplit.h"
#include "planning/SearchSpace.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <map>
#include <queue>

namespace is::planning {

namespace {
// In the order of Binding; the ids are the JSON contract's, translated for the interface.
const char* const kBindingIds[] = {
    QT_TRANSLATE_NOOP("is::planning", "TTFT limit"),        QT_TRANSLATE_NOOP("is::planning", "TPOT limit"),
    QT_TRANSLATE_NOOP("is::planning", "tok/s/user target"), QT_TRANSLATE_NOOP("is::planning", "KV capacity"),
    QT_TRANSLATE_NOOP("is::planning", "throughput"),        QT_TRANSLATE_NOOP("is::planning", "power budget"),
    QT_TRANSLATE_NOOP("is::planning", "capex budget")};
} // namespace

QString bindingId(Binding b)
{
    return QString::fromLatin1(kBindingIds[static_cast<int>(b)]);
}

QString bindingText(Binding b)
{
    return QCoreApplication::translate("is::planning", kBindingIds[static_cast<int>(b)]);
}

QString poolLayoutId(PoolLayout l)
{
    switch (l) {
    case PoolLayout::PrefillDecode:
        return QStringLiteral("prefill-decode");
    case PoolLayout::AttentionFfn:
        return QStringLiteral("attention-ffn");
    case PoolLayout::Colocated:
        break;
    }
    return QStringLiteral("colocated");
}

Deployment PlanConfig::deployment(const Catalog& catalog) const
{
    Deployment d = defaultDeployment(catalog, *device, std::max(1, unitChips));
    d.weightPrecision = weights;
    d.kvPrecision = kv;
    d.mode = mode;
    d.speculative = speculative;
    if (layout == PoolLayout::AttentionFfn && ffnDevice) {
        // Each pool's plan and the micro-batches are the engine's choice (AttentionFfnSplit.cpp).
        const Deployment f = defaultDeployment(catalog, *ffnDevice, std::max(1, ffnChips));
        FfnPool pool;
        pool.device = f.device;
        pool.system = f.system;
        pool.scaleUp = f.scaleUp;
        pool.scaleOut = f.scaleOut;
        pool.chips = f.chips;
        pool.link = d.scaleOut ? d.scaleOut : d.scaleUp; // the attention pool's own network
        d.ffnPool = pool;
        return d;
    }
    d.plan = plan;
    return d;
}

namespace {

QString ms(double s)
{
    return QString::number(s * 1000.0, 'f', s < 0.1 ? 1 : 0);
}

// Evaluates the plans of one group: the unit's serving point under the latency targets, the fleet
// for the load, the budgets.
class GroupEvaluator
{
public:
    GroupEvaluator(const Engine& engine, const Workload& w, const cost::TcoAssumptions& tco,
                   const PlanTargets& t)
        : m_engine(engine), m_w(w), m_tco(tco), m_t(t)
    {
        m_slo.ttftS = w.ttftLimitS;
        m_slo.tpotS = w.tpotLimitInForce();
        m_slo.origin = cost::SloOrigin::CommandLine;
        m_slo.source = cost::sloSourceText(cost::SloOrigin::CommandLine);
        m_relaxed = w;
        m_relaxed.ttftLimitS = 0;
        m_relaxed.tpotLimitS = 0;
        m_noSlo.ttftS = 0;
        m_noSlo.tpotS = 0;
    }

    PlanRow evaluate(const EvalContext& ctx, const Deployment& d, const ParallelPlan& plan, PlanRow row) const
    {
        row.config.plan = plan;
        const Estimate e = m_engine.bestBatch(ctx, plan, ServingGoal::LatencyBounded);
        return judge(
            d, e, std::move(row), [&] { return m_engine.bestBatch(ctx, plan, ServingGoal::MaxThroughput); },
            [&](int probe) { return m_engine.evaluate(ctx, plan, probe); });
    }

    // An attention-FFN unit: the engine's whole estimate (both pools' plans, the batch and the
    // micro-batches are its choice), judged like any other unit.
    PlanRow evaluateSplit(const Deployment& d, const ModelDesc& model, PlanRow row) const
    {
        QString err;
        const auto e = m_engine.estimate(d, model, m_w, ServingGoal::LatencyBounded, m_tco, &err);
        if (!e) {
            row.binding = Binding::KvCapacity;
            row.why = err;
            row.miss = std::numeric_limits<double>::infinity();
            return row;
        }
        row.config.plan = e->split ? e->split->attentionPlan : e->plan;
        auto fixedBatch = [&](int batch) {
            Workload w = m_w;
            w.concurrency = batch;
            QString ignored;
            const auto p = m_engine.estimate(d, model, w, ServingGoal::FixedConcurrency, m_tco, &ignored);
            Estimate out = p ? *p : Estimate{};
            if (p && p->bottleneck == Bottleneck::Capacity) // memory held fewer streams: they queued
                out.fits = false;
            return out;
        };
        return judge(
            d, *e, std::move(row),
            [&] {
                QString ignored;
                const auto r =
                    m_engine.estimate(d, model, m_relaxed, ServingGoal::MaxThroughput, m_tco, &ignored);
                return r ? *r : *e;
            },
            fixedBatch);
    }

    // A prefill-decode unit: feasible rows only, since where it misses a target its colocated
    // twin (the same unit and plan) already says how close the unit comes.
    std::optional<PlanRow> evaluatePrefillDecode(const EvalContext& ctx, const Deployment& d,
                                                 const ParallelPlan& plan, PlanRow row) const
    {
        row.config.plan = plan;
        row.config.layout = PoolLayout::PrefillDecode;
        const PrefillDecodePoint p = prefillDecodePoint(m_engine, ctx, plan);
        if (!p.feasible)
            return std::nullopt;
        const cost::FleetRow f =
            sizePrefillDecode(d, p, m_w, m_tco, m_t.load, &row.prefillUnits, &row.decodeUnits);
        if (!f.feasible)
            return std::nullopt;
        fillFleet(row, f);
        if (!withinBudgets(row))
            return std::nullopt;
        row.feasible = true;
        row.binding = p.batchCappedByMemory ? Binding::KvCapacity : tpotBinding();
        return row;
    }

private:
    // What the search reports for a unit at its latency-bounded serving point `e`: whether it fits,
    // meets the latency targets (else its cost at `relaxed()`, the best throughput without them),
    // carries the load and stays within the budgets; for a feasible one what binds it (a
    // somewhat larger batch `probe(batch)` breaks memory or a limit, else throughput had peaked).
    template <typename Relaxed, typename Probe>
    PlanRow judge(const Deployment& d, const Estimate& e, PlanRow row, Relaxed relaxedPoint,
                  Probe probe) const
    {
        row.ttftS = latency(e.ttftS, e.ttftP99S);
        row.tpotS = latency(e.tpotS, e.tpotP99S);
        row.tokSUser = e.tokSUser;
        if (!e.fits) {
            row.binding = Binding::KvCapacity;
            row.why = e.why;
            row.miss = e.memory.capacity > 0 ? e.memory.used() / e.memory.capacity
                                             : std::numeric_limits<double>::infinity();
            return row;
        }
        const double ttftOver = m_w.ttftLimitS > 0 ? row.ttftS / m_w.ttftLimitS : 0;
        const double tpotOver = m_w.tpotLimitInForce() > 0 ? row.tpotS / m_w.tpotLimitInForce() : 0;
        if (ttftOver > 1 || tpotOver > 1) {
            // Misses a latency target even at one stream per replica: the cost it would have without
            // it, and the speed and latencies it has where it comes closest (one stream per replica),
            // which the miss and the reason state.
            const Estimate relaxed = relaxedPoint();
            const double ttft = row.ttftS;
            const double tpot = row.tpotS;
            fillFleet(row,
                      cost::sizeServingPoint(d, QString(), relaxed, m_relaxed, m_tco, m_t.load, m_noSlo));
            row.tokSUser = e.tokSUser;
            row.ttftS = ttft;
            row.tpotS = tpot;
            row.feasible = false;
            row.miss = std::max(ttftOver, tpotOver);
            if (ttftOver >= tpotOver) {
                row.binding = Binding::TtftLimit;
                row.why = QCoreApplication::translate("is::planning",
                                                      "TTFT %1 ms at one stream per replica, limit %2 ms")
                              .arg(ms(row.ttftS), ms(m_w.ttftLimitS));
            } else {
                row.binding = tpotBinding();
                row.why = QCoreApplication::translate("is::planning",
                                                      "TPOT %1 ms at one stream per replica, limit %2 ms")
                              .arg(ms(row.tpotS), ms(m_w.tpotLimitInForce()));
            }
            return row;
        }
        const cost::FleetRow f = cost::sizeServingPoint(d, QString(), e, m_w, m_tco, m_t.load, m_slo);
        if (!f.feasible) {
            row.binding = Binding::Throughput;
            row.why = f.why;
            row.miss = std::numeric_limits<double>::infinity();
            return row;
        }
        fillFleet(row, f);
        if (!withinBudgets(row)) {
            const double powerOver = m_t.powerMW > 0 ? row.powerMW / m_t.powerMW : 0;
            const double capexOver = m_t.capexUsd > 0 ? row.capexUsd / m_t.capexUsd : 0;
            row.miss = std::max(powerOver, capexOver);
            if (powerOver >= capexOver) {
                row.binding = Binding::PowerBudget;
                row.why =
                    QCoreApplication::translate("is::planning", "the fleet needs %1 MW at peak, budget %2 MW")
                        .arg(row.powerMW, 0, 'f', 2)
                        .arg(m_t.powerMW, 0, 'f', 2);
            } else {
                row.binding = Binding::CapexBudget;
                row.why =
                    QCoreApplication::translate("is::planning", "the fleet costs $%1 M to buy, budget $%2 M")
                        .arg(row.capexUsd / 1e6, 0, 'f', 1)
                        .arg(m_t.capexUsd / 1e6, 0, 'f', 1);
            }
            return row;
        }
        row.feasible = true;
        row.binding = unitBinding(e, probe);
        return row;
    }

    bool withinBudgets(const PlanRow& row) const
    {
        return (m_t.powerMW <= 0 || row.powerMW <= m_t.powerMW) &&
               (m_t.capexUsd <= 0 || row.capexUsd <= m_t.capexUsd);
    }

    double latency(double mean, double p99) const { return m_w.p99Limits ? p99 : mean; }

    Binding tpotBinding() const
    {
        const bool fromSpeed = m_t.minTokSUser > 0 && (m_t.tpotS <= 0 || 1.0 / m_t.minTokSUser < m_t.tpotS);
        return fromSpeed ? Binding::TokSUserTarget : Binding::TpotLimit;
    }

    // Why the batch is not larger: one step beyond the serving point either does not fit in
    // memory or breaks a latency limit; where it does neither, throughput had stopped growing.
    template <typename Probe> Binding unitBinding(const Estimate& e, Probe probe) const
    {
        const Estimate p = probe(e.batch + std::max(1, e.batch / 16));
        if (!p.fits || p.kvPlacement == KvPlacement::SpilledExternal)
            return Binding::KvCapacity;
        const double ttftOver = m_w.ttftLimitS > 0 ? latency(p.ttftS, p.ttftP99S) / m_w.ttftLimitS : 0;
        const double tpotOver =
            m_w.tpotLimitInForce() > 0 ? latency(p.tpotS, p.tpotP99S) / m_w.tpotLimitInForce() : 0;
        if (ttftOver > 1 || tpotOver > 1)
            return ttftOver >= tpotOver ? Binding::TtftLimit : tpotBinding();
        return Binding::Throughput;
    }

    static void fillFleet(PlanRow& row, const cost::FleetRow& f)
    {
        row.units = f.units;
        row.unitSystems = f.unitSystems;
        row.chips = f.chips;
        row.systems = f.systems;
        row.usdPerMTok = f.costs.usdPerMTok;
        row.tokSUser = f.tokSUser;
        row.ttftS = f.ttftS;
        row.tpotS = f.tpotS;
        row.powerMW = f.peakMW;
        row.capexUsd = f.capexUsd;
    }

    const Engine& m_engine;
    const Workload& m_w;
    Workload m_relaxed;
    const cost::TcoAssumptions& m_tco;
    const PlanTargets& m_t;
    cost::SloTargets m_slo;
    cost::SloTargets m_noSlo;
};

// The feasible configurations found so far, kept as much as pruning needs: the `top` cheapest
// costs, and the cost-speed staircase (the fastest user speed at or below each cost). A group is
// dominated when `top` feasible configurations already cost no more than its cost bound and one
// of them also gives a user at least its speed bound: none of its configurations can then be among
// the cheapest `top` or on the frontier. Both questions take a logarithmic look-up, not a pass over
// every configuration found (tens of thousands for a large MoE model).
class FeasibleIndex
{
public:
    explicit FeasibleIndex(int top) : m_top(std::max(1, top)) {}

    void add(double cost, double speed)
    {
        m_cheapest.push(cost);
        if (static_cast<int>(m_cheapest.size()) > m_top)
            m_cheapest.pop();
        // The staircase keeps a point only if nothing cheaper (or as cheap) is at least as fast.
        auto it = m_staircase.upper_bound(cost);
        if (it != m_staircase.begin() && std::prev(it)->second >= speed)
            return;
        it = m_staircase.insert_or_assign(it, cost, speed);
        for (auto next = std::next(it); next != m_staircase.end() && next->second <= speed;)
            next = m_staircase.erase(next);
    }

    bool dominates(double costBound, double speedBound) const
    {
        if (static_cast<int>(m_cheapest.size()) < m_top || m_cheapest.top() > costBound)
            return false;
        const auto it = m_staircase.upper_bound(costBound);
        return it != m_staircase.begin() && std::prev(it)->second >= speedBound;
    }

private:
    int m_top;
    std::priority_queue<double> m_cheapest; // the `top` lowest costs; the largest of them on top
    std::map<double, double> m_staircase;   // cost -> fastest speed at or below it, rising
};

} // namespace

std::optional<PlanResult> searchDeployments(const Engine& engine, const ModelDesc& model,
                                            const Workload& workload, const cost::TcoAssumptions& tco,
                                            const PlanTargets& targets, const SearchControl& control,
                                            QString* error)
{
    if (QString bad = checkTargets(targets, engine.catalog()); !bad.isEmpty()) {
        *error = bad;
        return std::nullopt;
    }
    if (!model.withinContextWindow(workload.inputTokens + workload.outputTokens)) {
        *error = QCoreApplication::translate(
                     "is::planning",
                     "workload: %L1 prompt + %L2 output tokens exceed the model's %L3-token context window")
                     .arg(workload.inputTokens, 0, 'f', 0)
                     .arg(workload.outputTokens, 0, 'f', 0)
                     .arg(model.maxContext);
        return std::nullopt;
    }
    Workload w = workload;
    w.ttftLimitS = targets.ttftS;
    w.tpotLimitS = targets.effectiveTpotS();
    w.concurrency = 1;

    PlanResult result;
    result.targets = targets;
    result.decodes = w.decodes();
    const std::vector<detail::SearchGroup> groups = detail::searchGroups(engine, model, w, tco, targets);
    result.stats.groups = static_cast<int>(groups.size());
    const GroupEvaluator evaluator(engine, w, tco, targets);
    std::vector<PlanRow> feasible;
    std::vector<PlanRow> infeasible;
    FeasibleIndex found(targets.top);
    auto keep = [&](PlanRow row) {
        ++result.stats.configurations;
        if (row.feasible)
            found.add(row.usdPerMTok, userSpeed(row, result.decodes));
        (row.feasible ? feasible : infeasible).push_back(std::move(row));
    };
    // Attention-FFN units first: few, not pruned, and whatever they find only tightens the
    // pruning of the groups after them.
    const std::vector<PlanConfig> splits = detail::splitUnits(engine, model, w, targets);
    result.stats.splitUnits = static_cast<int>(splits.size());
    for (const PlanConfig& c : splits) {
        if (control.cancel && control.cancel->load())
            break;
        PlanRow base;
        base.config = c;
        base.costBound = 0;
        keep(evaluator.evaluateSplit(c.deployment(engine.catalog()), model, base));
    }
    for (size_t i = 0; i < groups.size(); ++i) {
        if (control.cancel && control.cancel->load()) {
            result.cancelled = true;
            break;
        }
        const detail::SearchGroup& g = groups[i];
        Deployment d = g.config.deployment(engine.catalog());
        d.plan.reset();
        QString ignored;
        const auto ctx = engine.prepare(d, model, w, tco, g.config.unitChips, Bound::Mid, &ignored);
        if (ctx) {
            PlanRow base;
            base.config = g.config;
            base.costBound = detail::refinedCostBound(g, *ctx);
            const std::vector<ParallelPlan> plans = detail::groupPlans(engine, d, model, g);
            std::vector<double> speedBounds;
            speedBounds.reserve(plans.size());
            for (const ParallelPlan& plan : plans)
                speedBounds.push_back(detail::speedBound(*ctx, plan));
            const double groupSpeed =
                speedBounds.empty() ? 0.0 : *std::max_element(speedBounds.begin(), speedBounds.end());
            if (control.prune && found.dominates(base.costBound, groupSpeed)) {
                ++result.stats.groupsPruned;
            } else {
                for (size_t p = 0; p < plans.size(); ++p) {
                    const ParallelPlan& plan = plans[p];
                    base.speedBound = speedBounds[p];
                    if (control.prune && found.dominates(base.costBound, base.speedBound)) {
                        ++result.stats.plansPruned;
                        continue;
                    }
                    PlanRow colocated = evaluator.evaluate(*ctx, d, plan, base);
                    // Wafer pipelines interleave prompts as pipeline stages, with no decode batch
                    // for a prefill to stop; the other classes batch prefills into decode steps.
                    // A unit that cannot hold the model, or misses a latency limit with one stream
                    // per replica (where no other prefill interrupts), misses it disaggregated
                    // too: its first token only gains the hand-over. One output token has no
                    // decode to set apart (it comes out of the prefill): such a fleet was all
                    // prefill units, 848 of them for each decode unit.
                    const bool latencyOrMemory = !colocated.feasible &&
                                                 colocated.binding != Binding::Throughput &&
                                                 colocated.binding != Binding::PowerBudget &&
                                                 colocated.binding != Binding::CapexBudget;
                    const bool tryDisaggregated =
                        splitsPrefillFromDecode(*d.device) && !latencyOrMemory && w.decodes();
                    keep(std::move(colocated));
                    if (tryDisaggregated)
                        if (auto pd = evaluator.evaluatePrefillDecode(*ctx, d, plan, base))
                            keep(std::move(*pd));
                }
            }
        }
        if (control.progress)
            control.progress(static_cast<int>(i) + 1, static_cast<int>(groups.size()));
    }
    rankResult(result, std::move(feasible), std::move(infeasible));
    log::get("planning")
        ->info("{} groups ({} pruned, {} plans pruned), {} configurations, {} feasible", result.stats.groups,
               result.stats.groupsPruned, result.stats.plansPruned, result.stats.configurations,
               result.feasibleCount);
    return result;
}

} // namespace is::planning
