// SPDX-License-Identifier: MIT
#include "analysis/FullLoad.h"

#include "cost/PricedEstimate.h"
#include "engine/Engine.h"
#include "scenario/Scenario.h"

#include <QJsonArray>

namespace is::cost {

SloTargets scenarioSlo(const Scenario& s)
{
    return resolveSlo(s.workload, s.serving.slo);
}

std::optional<Estimate> estimateAtFullLoad(const Engine& engine, const Deployment& d, const QString& docId,
                                           const ModelDesc& m, const Scenario& s, const SloTargets& slo,
                                           QString* error, Bound deviceBound)
{
    Workload w = s.workload;
    w.ttftLimitS = slo.ttftS;
    w.tpotLimitS = slo.tpotS;
    w.p99Limits = false;
    return pricedEstimate(engine, d, docId, m, w, ServingGoal::LatencyBounded, s.tco, error, deviceBound);
}

std::optional<Estimate> atFullLoad(const ResolvedDeployment& r, const Scenario& s, const Engine& engine,
                                   int chipsShown)
{
    QString ignored;
    const SloTargets slo = scenarioSlo(s);
    Deployment d = r.deployment;
    if (d.autoChips && chipsShown > 0) {
        d.autoChips = false;
        d.chips = chipsShown;
    }
    auto e = estimateAtFullLoad(engine, d, r.docId, r.model.resolve(Bound::Mid), s, slo, &ignored);
    // A deployment whose one stream already misses the targets has no load within them: its
    // one-stream point is not a figure "at full load within the latency targets".
    if (e && e->fits && !meetsSlo(*e, slo))
        return std::nullopt;
    return e;
}

bool addFullLoadToJson(QJsonObject& estimateJson, const Scenario& s, const Engine& engine, QString* error)
{
    const auto resolved = resolveScenario(s, engine.catalog(), error);
    if (!resolved)
        return false;
    QJsonArray deployments = estimateJson.value(QLatin1String("deployments")).toArray();
    for (qsizetype i = 0; i < deployments.size() && i < qsizetype(resolved->size()); ++i) {
        QJsonObject o = deployments.at(i).toObject();
        const auto load =
            atFullLoad((*resolved)[size_t(i)], s, engine, o.value(QLatin1String("chips")).toInt());
        const bool loaded = load && load->fits;
        o.insert(QStringLiteral("usd_per_mtok_at_load"),
                 loaded ? QJsonValue(load->usdPerMTok) : QJsonValue());
        o.insert(QStringLiteral("tok_s_total_at_load"), loaded ? QJsonValue(load->tokSTotal) : QJsonValue());
        o.insert(QStringLiteral("concurrency_at_load"), loaded ? QJsonValue(load->batch) : QJsonValue());
        deployments[i] = o;
    }
    estimateJson.insert(QStringLiteral("deployments"), deployments);
    return true;
}

bool meetsSlo(const Estimate& e, const SloTargets& slo)
{
    return e.fits && (slo.ttftS <= 0 || e.ttftS <= slo.ttftS * (1 + 1e-9)) &&
           (slo.tpotS <= 0 || e.tpotS <= slo.tpotS * (1 + 1e-9));
}

} // namespace is::cost
