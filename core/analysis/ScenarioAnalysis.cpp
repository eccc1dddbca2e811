// SPDX-License-Identifier: MIT
#include "analysis/ScenarioAnalysis.h"

#include "analysis/FullLoad.h"
#include "common/ErrorText.h"
#include "common/Log.h"
#include "cost/PricedEstimate.h"
#include "hardware/Catalog.h"
#include "model/ModelEntry.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <cmath>

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace is {

namespace {

// The key of one deployment's curves (see ContextCurveCache). The scenario is copied whole and
// then trimmed, never assembled field by field: a field nobody thought of stays in the key, and
// at worst costs a recomputation, never a stale curve.
QByteArray curveKey(const Scenario& s, size_t deployment, const ResolvedDeployment& r, const Catalog& catalog,
                    const std::vector<double>& contexts)
{
    Scenario one = s;
    one.deployments = {s.deployments[deployment]};
    // The curves sweep the input length themselves.
    one.workload.inputTokens = 0;
    // Only drawn or shown: renaming, recolouring or moving a deployment keeps its curves.
    one.name.clear();
    one.description.clear();
    DeploymentDoc& d = one.deployments.front();
    // The serving runtime this deployment runs (its batch limit and KV admission shape the
    // estimate): its own settings, not the map keyed by the id cleared below.
    one.serving.defaults = s.serving.forDeployment(d.id);
    one.serving.perDeployment.clear();
    d.id.clear();
    d.name.clear();
    d.x = d.y = 0;
    d.color.clear();
    QJsonArray grid;
    for (double c : contexts)
        grid.append(c);
    const QJsonObject key{{QStringLiteral("scenario"), scenarioToJson(one)},
                          // What the model reference resolved to: a config.json may change on disk.
                          {QStringLiteral("model"), modelEntryToJson(r.model)},
                          {QStringLiteral("catalog"), QString::number(catalog.revision())},
                          {QStringLiteral("contexts"), grid}};
    return QJsonDocument(key).toJson(QJsonDocument::Compact);
}

} // namespace

std::vector<TargetMiss> missedTargets(const Estimate& e, const Workload& w)
{
    std::vector<TargetMiss> missed;
    if (!e.fits)
        return missed;
    if (w.ttftLimitS > 0 && !(e.ttftS <= w.ttftLimitS))
        missed.push_back({LatencyTarget::Ttft, w.ttftLimitS, e.ttftS});
    if (w.tpotLimitInForce() > 0 && !(e.tpotS <= w.tpotLimitInForce()))
        missed.push_back({LatencyTarget::Tpot, w.tpotLimitInForce(), e.tpotS});
    return missed;
}

QJsonObject latencyTargetsToJson(const Estimate& e, const Workload& w)
{
    if (!w.hasLatencyTargets())
        return {};
    const auto limitMs = [](double s) { return s > 0 ? QJsonValue(s * 1000.0) : QJsonValue(); };
    QJsonArray missed;
    for (const TargetMiss& m : missedTargets(e, w))
        missed.append(
            QJsonObject{{QStringLiteral("target"),
                         m.target == LatencyTarget::Ttft ? QStringLiteral("ttft") : QStringLiteral("tpot")},
                        {QStringLiteral("limit_ms"), m.limitS * 1000.0},
                        {QStringLiteral("value_ms"), m.valueS * 1000.0}});
    return QJsonObject{{QStringLiteral("ttft_limit_ms"), limitMs(w.ttftLimitS)},
                       {QStringLiteral("tpot_limit_ms"), limitMs(w.tpotLimitInForce())},
                       {QStringLiteral("met"), e.fits ? QJsonValue(missed.isEmpty()) : QJsonValue()},
                       {QStringLiteral("missed"), missed}};
}

double speedTarget(const Workload& w)
{
    return w.tpotLimitInForce() > 0 ? 1.0 / w.tpotLimitInForce() : 0.0;
}

std::vector<double> defaultContextGrid(int points)
{
    std::vector<double> grid;
    const double lo = std::log(1024.0);
    const double hi = std::log(2.0 * 1024 * 1024);
    grid.reserve(static_cast<std::size_t>(std::max(points, 0)));
    for (int i = 0; i < points; ++i)
        grid.push_back(std::round(std::exp(lo + (hi - lo) * i / std::max(1, points - 1))));
    return grid;
}

namespace {

// The grid's contexts the model's window serves, and the window's edge itself where it falls inside
// the grid: a curve ends where the window does. (It ended at the last grid point before it, drawn
// at 0 beyond, and the chart said a 128K model "does not fit beyond 117K" on chips where 125K fits.)
// A workload shorter than the grid's first context is its first point: the seed benchmark's 512
// tokens were left of a curve that began at 1K.
std::vector<double> contextsInWindow(const std::vector<double>& grid, const Workload& w, const ModelDesc& m)
{
    const double outputTokens = w.outputTokens;
    std::vector<double> out;
    if (!grid.empty() && w.inputTokens >= 1 && w.inputTokens < grid.front() &&
        m.withinContextWindow(w.inputTokens + outputTokens))
        out.push_back(w.inputTokens);
    for (double c : grid)
        if (m.withinContextWindow(c + outputTokens))
            out.push_back(c);
    const double edge = std::floor(m.maxContext - outputTokens);
    if (m.maxContext > 0 && !grid.empty() && edge >= grid.front() && edge < grid.back() &&
        (out.empty() || edge > out.back()))
        out.push_back(edge);
    return out;
}

QString regimeOf(const Estimate& e)
{
    return e.mode + QLatin1Char('/') + kvPlacementId(e.kvPlacement);
}

ParetoPoint paretoPointOf(const Estimate& e, int batch)
{
    return ParetoPoint{batch,
                       e.tokSUser,
                       e.tokSTotal / std::max(1, e.chips),
                       e.facilityPowerW > 0 ? e.tokSTotal / (e.facilityPowerW / 1e6) : 0,
                       regimeOf(e),
                       e.ttftS * 1000.0};
}

// Batches 1, 2, 4... up to the largest that fits, then refined where a doubling hides what
// matters: between two batches of different regimes the last batch of the first and the first of
// the second (where the curve breaks), and after the last fitting batch the largest one that
// still fits (where the curve ends). `at` gives a batch's point, nullopt when it does not fit.
template <class PointAt> std::vector<ParetoPoint> sweepBatches(const PointAt& at)
{
    constexpr int kMaxBatch = 8192;
    std::vector<ParetoPoint> points;
    int firstMiss = 0;
    for (int batch = 1; batch <= kMaxBatch; batch *= 2) {
        auto p = at(batch);
        if (!p) {
            firstMiss = batch;
            break;
        }
        points.push_back(std::move(*p));
    }
    if (points.empty())
        return points;
    std::vector<ParetoPoint> refined;
    for (size_t i = 0; i < points.size(); ++i) {
        refined.push_back(points[i]);
        if (i + 1 == points.size() || points[i + 1].regime == points[i].regime)
            continue;
        ParetoPoint lo = points[i], hi = points[i + 1];
        while (hi.batch - lo.batch > 1) {
            const int mid = lo.batch + (hi.batch - lo.batch) / 2;
            auto p = at(mid);
            if (!p)
                break;
            (p->regime == lo.regime ? lo : hi) = std::move(*p);
        }
        if (lo.batch != points[i].batch)
            refined.push_back(lo);
        if (hi.batch != points[i + 1].batch)
            refined.push_back(hi);
    }
    if (firstMiss > 0) {
        ParetoPoint last = refined.back();
        int miss = firstMiss;
        while (miss - last.batch > 1) {
            const int mid = last.batch + (miss - last.batch) / 2;
            if (auto p = at(mid))
                last = std::move(*p);
            else
                miss = mid;
        }
        if (last.batch != refined.back().batch)
            refined.push_back(last);
    }
    return refined;
}

} // namespace

std::vector<ParetoPoint> paretoSweep(const Engine& engine, const ResolvedDeployment& r, const Workload& w,
                                     const CostAssumptions& c, int chips)
{
    const ModelDesc m = r.model.resolve(Bound::Mid);
    QString err;
    Workload one = w;
    one.concurrency = 1;
    auto base = engine.estimate(r.deployment, m, one, ServingGoal::FixedConcurrency, c, &err);
    if (!base || !base->fits)
        return {};
    if (r.deployment.ffnPool) {
        // Two pools (engine/AttentionFfnSplit.h): no single-device plan covers them; each batch
        // is the split's own estimate at that concurrency.
        return sweepBatches([&](int batch) -> std::optional<ParetoPoint> {
            Workload wl = w;
            wl.concurrency = batch;
            QString ignored;
            const auto e = engine.estimate(r.deployment, m, wl, ServingGoal::FixedConcurrency, c, &ignored);
            if (!e || !e->fits || e->batch < batch)
                return std::nullopt;
            return paretoPointOf(*e, batch);
        });
    }
    const int count = chips > 0 ? chips : base->chips;
    auto ctx = engine.prepare(r.deployment, m, w, c, count, Bound::Mid, &err);
    if (!ctx)
        return {};
    // Each batch size with its best plan: the frontier a serving engineer can reach.
    const std::vector<ParallelPlan> plans = engine.candidatePlans(r.deployment, m, count);
    return sweepBatches([&](int batch) -> std::optional<ParetoPoint> {
        std::optional<Estimate> best;
        for (const ParallelPlan& p : plans) {
            EvalContext c2 = *ctx;
            c2.workload.concurrency = batch;
            Estimate e = engine.evaluate(c2, p, batch);
            if (!e.fits || e.batch < batch)
                continue;
            if (!best || e.tokSTotal > best->tokSTotal)
                best = std::move(e);
        }
        if (!best)
            return std::nullopt;
        return paretoPointOf(*best, batch);
    });
}

ContextCurveCache::ContextCurveCache(size_t capacity) : m_capacity(std::max<size_t>(1, capacity)) {}

void ContextCurveCache::clear()
{
    std::lock_guard lock(m_mutex);
    m_entries.clear();
    m_index.clear();
}

size_t ContextCurveCache::size() const
{
    std::lock_guard lock(m_mutex);
    return m_entries.size();
}

quint64 ContextCurveCache::hits() const
{
    std::lock_guard lock(m_mutex);
    return m_hits;
}

quint64 ContextCurveCache::misses() const
{
    std::lock_guard lock(m_mutex);
    return m_misses;
}

std::optional<ContextCurveCache::Curves> ContextCurveCache::find(const QByteArray& key)
{
    std::lock_guard lock(m_mutex);
    auto it = m_index.find(key);
    if (it == m_index.end()) {
        ++m_misses;
        return std::nullopt;
    }
    ++m_hits;
    m_entries.splice(m_entries.begin(), m_entries, it->second);
    return it->second->second;
}

void ContextCurveCache::insert(const QByteArray& key, Curves curves)
{
    std::lock_guard lock(m_mutex);
    // Two threads may have computed the same curves: the first stays.
    if (m_index.count(key))
        return;
    m_entries.emplace_front(key, std::move(curves));
    m_index.emplace(key, m_entries.begin());
    while (m_entries.size() > m_capacity) {
        m_index.erase(m_entries.back().first);
        m_entries.pop_back();
    }
}

ScenarioAnalysis analyseScenario(const Scenario& s, const Engine& engine, const std::vector<double>& contexts,
                                 ContextCurveCache* cache)
{
    ScenarioAnalysis a;
    a.workload = s.workload;
    QString error;
    auto resolved = resolveScenario(s, engine.catalog(), &error);
    if (!resolved) {
        a.error = error;
        return a;
    }
    for (size_t n = 0; n < resolved->size(); ++n) {
        const ResolvedDeployment& r = (*resolved)[n];
        DeploymentAnalysis d;
        d.docId = r.docId;
        d.name = r.deployment.name;
        d.modelName = r.model.arch.name;
        d.family = r.deployment.device ? r.deployment.device->family : QString();
        d.familyName = engine.catalog().familyName(d.family);
        d.accuracy = familyAccuracy(engine.catalog(), d.family);
        QString err;
        const ModelDesc mid = r.model.resolve(Bound::Mid);
        d.weights = r.deployment.weights(mid);
        if (r.deployment.servesExpertsOnlyRelease(mid))
            d.nonExpertWeights = r.deployment.nonExpertWeights(mid);
        auto est = cost::pricedEstimateRanged(engine, r.deployment, r.docId, r.model, s.workload, s.goal,
                                              s.tco, &err);
        if (!est) {
            a.issues << errorAt(d.name, err);
            // Nothing to evaluate; the views still say why, and what each chip has where no count fits.
            Estimate none;
            if (r.deployment.autoChips && engine.minChips(r.deployment, mid, s.workload) == 0)
                none = engine.unplaceable(r.deployment, mid, s.workload);
            none.fits = false;
            none.bottleneck = Bottleneck::Capacity;
            if (none.why.isEmpty())
                none.why = err;
            d.estimate.mid = d.estimate.low = d.estimate.high = none;
            a.deployments.push_back(d);
            continue;
        }
        d.estimate = *est;
        d.atLoad = cost::atFullLoad(r, s, engine, est->mid.fits ? est->mid.chips : 0);
        d.missedTargets = missedTargets(est->mid, s.workload);
        if (!est->mid.fits)
            a.issues << QCoreApplication::translate("is::ScenarioAnalysis", "%1 does not fit on %2 x %3: %4")
                            .arg(d.modelName, QLocale().toString(est->mid.chips), r.deployment.device->name,
                                 est->mid.why);
        // A deployment that does not fit has only that to say: its serving notes ("memory holds
        // 16 of 1,000,000 streams") describe a service it cannot run.
        if (est->mid.fits)
            for (const QString& note : est->mid.notes)
                a.issues << errorAt(d.name, note);
        // A missed target is a warning the user must see, not only a cell of the comparison.
        for (const TargetMiss& miss : d.missedTargets)
            a.issues
                << (miss.target == LatencyTarget::Ttft
                        ? QCoreApplication::translate("is::ScenarioAnalysis",
                                                      "%1 misses the time-to-first-token target: %L2 ms, "
                                                      "the target is %L3 ms")
                        : QCoreApplication::translate("is::ScenarioAnalysis",
                                                      "%1 misses the time-per-output-token target: %L2 ms, "
                                                      "the target is %L3 ms"))
                       .arg(d.name)
                       .arg(miss.valueS * 1000.0, 0, 'f', miss.valueS < 0.1 ? 1 : 0)
                       .arg(miss.limitS * 1000.0, 0, 'g', 4);

        // Speed versus context, with the band from the model's range.
        d.maxContext = mid.maxContext;
        const std::vector<double> windowed = contextsInWindow(contexts, s.workload, mid);
        const QByteArray key = cache ? curveKey(s, n, r, engine.catalog(), windowed) : QByteArray();
        std::optional<ContextCurveCache::Curves> cached = cache ? cache->find(key) : std::nullopt;
        if (!cached) {
            ContextCurveCache::Curves fresh;
            fresh.mid = engine.speedVsContext(r.deployment, mid, s.workload, s.goal, s.tco, windowed);
            fresh.low = fresh.high = fresh.mid;
            if (r.model.hasRange()) {
                fresh.low = engine.speedVsContext(r.deployment, r.model.resolve(Bound::High), s.workload,
                                                  s.goal, s.tco, windowed);
                fresh.high = engine.speedVsContext(r.deployment, r.model.resolve(Bound::Low), s.workload,
                                                   s.goal, s.tco, windowed);
            }
            if (cache)
                cache->insert(key, fresh);
            cached = std::move(fresh);
        }
        const ContextCurveCache::Curves& curves = *cached;
        const auto& midCurve = curves.mid;
        const auto& lowCurve = curves.low;
        const auto& highCurve = curves.high;
        bool reportedMissingFit = false;
        for (size_t i = 0; i < midCurve.size(); ++i) {
            const auto& p = midCurve[i];
            const double lo = std::min(lowCurve[i].tokSUser, highCurve[i].tokSUser);
            const double hi = std::max(lowCurve[i].tokSUser, highCurve[i].tokSUser);
            d.speedVsContext.push_back(
                BandPoint{p.context, p.tokSUser, std::min(lo, p.tokSUser), std::max(hi, p.tokSUser)});
            // The first token where the point fits (0 where it does not); an end of the model's
            // range that does not fit has none, and the band keeps the other end.
            const double ttft = p.fits ? p.ttftS * 1000 : 0.0;
            double ttftLo = ttft, ttftHi = ttft;
            for (const Engine::ContextPoint* end : {&lowCurve[i], &highCurve[i]})
                if (p.fits && end->fits) {
                    ttftLo = std::min(ttftLo, end->ttftS * 1000);
                    ttftHi = std::max(ttftHi, end->ttftS * 1000);
                }
            d.firstTokenVsContext.push_back(BandPoint{p.context, ttft, ttftLo, ttftHi});
            d.contextPlacement.push_back(p.kvPlacement);
            d.contextChips.push_back(p.chips);
            if (d.sramExhaustedAt == 0 && r.deployment.device->cls == DeviceClass::SramDataflow &&
                p.kvPlacement != KvPlacement::OnChip) {
                d.sramExhaustedAt = p.context;
                d.sramExhaustedAction = kvPlacementId(p.kvPlacement);
            }
            if (d.queuesFrom == 0 && s.goal == ServingGoal::FixedConcurrency && p.fits && p.streams > 0 &&
                p.streams < s.workload.concurrency) {
                d.queuesFrom = p.context;
                d.streamsAtQueue = p.streams;
            }
            // Said once: a deployment that does not fit at the workload's own context has that
            // issue already (the two read alike, one "at 1K context"). No point lies beyond the
            // model's window (contextsInWindow).
            if (!p.fits && !reportedMissingFit && !r.deployment.autoChips && est->mid.fits) {
                // The same words as at the workload's own context: the total need, the need per
                // chip, what each chip has and the smallest count that fits.
                Workload wl = s.workload;
                wl.inputTokens = p.context;
                QString why;
                if (auto at = engine.estimate(r.deployment, mid, wl, s.goal, s.tco, &why))
                    why = at->why;
                a.issues << QCoreApplication::translate("is::ScenarioAnalysis",
                                                        "%1 does not fit on %2 x %3 at %4K context: %5")
                                .arg(d.modelName, QLocale().toString(r.deployment.chips),
                                     r.deployment.device->name, QString::number(p.context / 1024.0, 'f', 0),
                                     why);
                reportedMissingFit = true;
            }
        }
        d.pareto = paretoSweep(engine, r, s.workload, s.tco, d.estimate.mid.fits ? d.estimate.mid.chips : 0);
        a.deployments.push_back(std::move(d));
    }
    return a;
}

} // namespace is
