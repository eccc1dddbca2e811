// SPDX-License-Identifier: MIT
#include "scenario/ScenarioAnalysis.h"

#include "common/Log.h"
#include "model/ModelEntry.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>

namespace is {

namespace {

struct ContextCurves
{
    std::vector<Engine::ContextPoint> mid;
    std::vector<Engine::ContextPoint> low;
    std::vector<Engine::ContextPoint> high;
};

// The speed-versus-context curves sweep the input length themselves, so they do not change
// while the studio's context slider moves: cache them by everything else they depend on.
// Shared by the worker threads; bounded so that a long session does not grow it without end.
class ContextCurveCache
{
public:
    std::optional<ContextCurves> find(const QByteArray& key)
    {
        std::lock_guard lock(m_mutex);
        auto it = m_curves.find(key);
        if (it == m_curves.end())
            return std::nullopt;
        return it->second;
    }
    void insert(const QByteArray& key, const ContextCurves& curves)
    {
        std::lock_guard lock(m_mutex);
        if (m_curves.size() >= 64)
            m_curves.clear();
        m_curves[key] = curves;
    }

private:
    std::mutex m_mutex;
    std::map<QByteArray, ContextCurves> m_curves;
};

ContextCurveCache& curveCache()
{
    static ContextCurveCache cache;
    return cache;
}

QByteArray curveKey(const Engine& engine, const ResolvedDeployment& r, const Scenario& s, const std::vector<double>& contexts)
{
    const Deployment& d = r.deployment;
    QByteArray key = QByteArray::number(reinterpret_cast<quintptr>(&engine.catalog()));
    auto add = [&key](const QString& v) { key += '|' + v.toUtf8(); };
    add(d.device->id);
    add(d.system ? d.system->id : QString());
    add(d.scaleUp ? d.scaleUp->id : QString());
    add(d.scaleOut ? d.scaleOut->id : QString());
    add(QString::number(d.chips) + (d.autoChips ? QStringLiteral("a") : QString()));
    add(d.plan ? d.plan->toString() : QStringLiteral("auto"));
    add(d.weightPrecision ? precisionId(*d.weightPrecision) : QString());
    add(d.kvPrecision ? precisionId(*d.kvPrecision) : QString());
    add(QString::number(static_cast<int>(d.mode)) + QString::number(static_cast<int>(d.speculative)) + d.softwareDate);
    key += '|' + QJsonDocument(modelEntryToJson(r.model)).toJson(QJsonDocument::Compact);
    add(QStringLiteral("%1,%2,%3,%4,%5").arg(s.workload.outputTokens).arg(s.workload.concurrency).arg(s.workload.ttftLimitS)
            .arg(s.workload.tpotLimitS).arg(static_cast<int>(s.goal)));
    add(QStringLiteral("%1,%2,%3").arg(s.cost.amortisationYears.value).arg(s.cost.usdPerKWh.value).arg(s.cost.pue.value));
    for (double c : contexts)
        key += ',' + QByteArray::number(c);
    return key;
}

} // namespace

std::vector<double> defaultContextGrid(int points)
{
    std::vector<double> grid;
    const double lo = std::log(1024.0);
    const double hi = std::log(2.0 * 1024 * 1024);
    for (int i = 0; i < points; ++i)
        grid.push_back(std::round(std::exp(lo + (hi - lo) * i / std::max(1, points - 1))));
    return grid;
}

std::vector<ParetoPoint> paretoSweep(const Engine& engine, const ResolvedDeployment& r, const Workload& w,
                                     const CostAssumptions& c)
{
    std::vector<ParetoPoint> points;
    const ModelDesc m = r.model.resolve(Bound::Mid);
    QString err;
    Workload one = w;
    one.concurrency = 1;
    auto base = engine.estimate(r.deployment, m, one, ServingGoal::FixedConcurrency, c, &err);
    if (!base || !base->fits)
        return points;
    auto ctx = engine.prepare(r.deployment, m, w, c, base->chips, Bound::Mid, &err);
    if (!ctx)
        return points;
    // Each batch size with its best plan: the frontier a serving engineer can reach.
    const std::vector<ParallelPlan> plans = engine.candidatePlans(r.deployment, m, base->chips);
    for (int batch = 1; batch <= 8192; batch *= 2) {
        ParetoPoint best;
        bool found = false;
        for (const ParallelPlan& p : plans) {
            Workload wl = w;
            wl.concurrency = batch;
            EvalContext c2 = *ctx;
            c2.workload = wl;
            Estimate e = engine.evaluate(c2, p, batch);
            if (!e.fits || e.batch < batch)
                continue;
            if (!found || e.tokSTotal > best.tokSPerChip * base->chips) {
                best.batch = batch;
                best.tokSUser = e.tokSUser;
                best.tokSPerChip = e.tokSTotal / std::max(1, e.chips);
                best.tokSPerMW = e.facilityPowerW > 0 ? e.tokSTotal / (e.facilityPowerW / 1e6) : 0;
                found = true;
            }
        }
        if (!found)
            break;
        points.push_back(best);
    }
    return points;
}

ScenarioAnalysis analyseScenario(const Scenario& s, const Engine& engine, const std::vector<double>& contexts)
{
    ScenarioAnalysis a;
    QString error;
    auto resolved = resolveScenario(s, engine.catalog(), &error);
    if (!resolved) {
        a.error = error;
        return a;
    }
    for (const ResolvedDeployment& r : *resolved) {
        DeploymentAnalysis d;
        d.docId = r.docId;
        d.name = r.deployment.name;
        d.modelName = r.model.arch.name;
        QString err;
        auto est = engine.estimateRanged(r.deployment, r.model, s.workload, s.goal, s.cost, &err);
        if (!est) {
            a.issues << QStringLiteral("%1: %2").arg(d.name, err);
            a.deployments.push_back(d);
            continue;
        }
        d.estimate = *est;
        if (!est->mid.fits)
            a.issues << QCoreApplication::translate("is::ScenarioAnalysis", "%1 does not fit on %2 x %3: %4")
                            .arg(d.modelName)
                            .arg(est->mid.chips)
                            .arg(r.deployment.device->name, est->mid.why);
        for (const QString& note : est->mid.notes)
            a.issues << QStringLiteral("%1: %2").arg(d.name, note);

        // Speed versus context, with the band from the model's range.
        const ModelDesc mid = r.model.resolve(Bound::Mid);
        d.maxContext = mid.maxContext;
        const QByteArray key = curveKey(engine, r, s, contexts);
        ContextCurves curves;
        if (auto cached = curveCache().find(key)) {
            curves = *cached;
        } else {
            curves.mid = engine.speedVsContext(r.deployment, mid, s.workload, s.goal, s.cost, contexts);
            curves.low = curves.high = curves.mid;
            if (r.model.hasRange()) {
                curves.low = engine.speedVsContext(r.deployment, r.model.resolve(Bound::High), s.workload, s.goal, s.cost, contexts);
                curves.high = engine.speedVsContext(r.deployment, r.model.resolve(Bound::Low), s.workload, s.goal, s.cost, contexts);
            }
            curveCache().insert(key, curves);
        }
        const auto& midCurve = curves.mid;
        const auto& lowCurve = curves.low;
        const auto& highCurve = curves.high;
        bool reportedMissingFit = false;
        for (size_t i = 0; i < midCurve.size(); ++i) {
            const auto& p = midCurve[i];
            const double lo = std::min(lowCurve[i].tokSUser, highCurve[i].tokSUser);
            const double hi = std::max(lowCurve[i].tokSUser, highCurve[i].tokSUser);
            d.speedVsContext.push_back(BandPoint{p.context, p.tokSUser, std::min(lo, p.tokSUser), std::max(hi, p.tokSUser)});
            d.contextPlacement.push_back(p.kvPlacement);
            d.contextChips.push_back(p.chips);
            if (d.sramExhaustedAt == 0 && r.deployment.device->cls == DeviceClass::SramDataflow &&
                p.kvPlacement != KvPlacement::OnChip) {
                d.sramExhaustedAt = p.context;
                d.sramExhaustedAction = kvPlacementId(p.kvPlacement);
            }
            const bool beyondWindow = mid.maxContext > 0 && p.context > mid.maxContext;
            if (!p.fits && !beyondWindow && !reportedMissingFit && !r.deployment.autoChips) {
                Deployment grow = r.deployment;
                grow.autoChips = true;
                Workload wl = s.workload;
                wl.inputTokens = p.context;
                const int needed = engine.minChips(grow, mid, wl);
                a.issues << QCoreApplication::translate("is::ScenarioAnalysis", "%1 does not fit on %2 x %3 at %4 K context: needs %5")
                                .arg(d.modelName)
                                .arg(r.deployment.chips)
                                .arg(r.deployment.device->name)
                                .arg(p.context / 1024.0, 0, 'f', 0)
                                .arg(needed);
                reportedMissingFit = true;
            }
        }
        d.pareto = paretoSweep(engine, r, s.workload, s.cost);
        a.deployments.push_back(std::move(d));
    }
    return a;
}

} // namespace is
