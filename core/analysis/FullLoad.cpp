// SPDX-License-Identifier: MIT
#include "analysis/FullLoad.h"

#include "cost/CostModel.h"
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
    auto e = fullLoadKeepingCount(engine, r.deployment, r.docId, r.model.resolve(Bound::Mid), s, chipsShown,
                                  &ignored);
    // A deployment whose one stream already misses the targets has no load within them: its
    // one-stream point is not a figure "at full load within the latency targets".
    if (e && e->fits && !meetsSlo(*e, scenarioSlo(s)))
        return std::nullopt;
    return e;
}

std::optional<Estimate> fullLoadKeepingCount(const Engine& engine, const Deployment& d, const QString& docId,
                                             const ModelDesc& m, const Scenario& s, int chipsShown,
                                             QString* error, Bound deviceBound)
{
    const SloTargets slo = scenarioSlo(s);
    // A count whose one stream already misses the targets is no candidate for the load.
    auto withinTargets = [&](std::optional<Estimate> e) -> std::optional<Estimate> {
        if (e && e->fits && !meetsSlo(*e, slo))
            return std::nullopt;
        return e;
    };
    auto own = estimateAtFullLoad(engine, d, docId, m, s, slo, error, deviceBound);
    if (!d.autoChips || chipsShown <= 0 || (own && own->fits && own->chips == chipsShown))
        return own;
    auto e = withinTargets(own);
    // An automatic count is the smallest that holds the workload's streams: sized for one user it
    // holds few more (76 wafers, 8 streams at $236 per million tokens), sized for 1,000 it may
    // hold more than the targets' own smallest count does. The load keeps the count shown unless
    // the other serves a token cheaper by more than the prices' rounding (kPriceRounding: the
    // seed benchmark's 76 wafers saved 0.25 % and gave fewer tokens/s at full load than its 79 at
    // the workload's 1,000 streams); the comparison says where the count differs.
    Deployment shown = d;
    shown.autoChips = false;
    shown.chips = chipsShown;
    QString ignored;
    auto pinned = withinTargets(estimateAtFullLoad(engine, shown, docId, m, s, slo, &ignored, deviceBound));
    if (!pinned || !pinned->fits)
        return e ? e : own;
    if (!e || !e->fits || e->usdPerMTok >= pinned->usdPerMTok * (1 - kPriceRounding))
        return pinned;
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
            atFullLoad((*resolved)[size_t(i)], s, engine,
                       o.value(QLatin1String("fits")).toBool() ? o.value(QLatin1String("chips")).toInt() : 0);
        const bool loaded = load && load->fits;
        o.insert(QStringLiteral("usd_per_mtok_at_load"),
                 loaded ? QJsonValue(load->usdPerMTok) : QJsonValue());
        o.insert(QStringLiteral("tok_s_total_at_load"), loaded ? QJsonValue(load->tokSTotal) : QJsonValue());
        o.insert(QStringLiteral("concurrency_at_load"), loaded ? QJsonValue(load->batch) : QJsonValue());
        o.insert(QStringLiteral("chips_at_load"), loaded ? QJsonValue(load->chips) : QJsonValue());
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
