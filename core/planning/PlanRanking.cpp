// SPDX-License-Identifier: MIT
#include "planning/PlanRanking.h"

#include "metrics/Metrics.h"
#include "scenario/Scenario.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace is::planning {

namespace {

// Ties broken by the configuration itself, so the order is the same every run.
auto configKey(const PlanConfig& c)
{
    return std::make_tuple(c.device->id, c.unitChips, c.plan.tp, c.plan.pp, c.plan.ep, c.plan.dp,
                           static_cast<int>(c.weights), static_cast<int>(c.kv), static_cast<int>(c.mode),
                           static_cast<int>(c.speculative), static_cast<int>(c.layout),
                           c.ffnDevice ? c.ffnDevice->id : QString(), c.ffnChips);
}

double finiteOr(double v, double fallback)
{
    return std::isfinite(v) ? v : fallback;
}

} // namespace

double userSpeed(const PlanRow& row, bool decodes)
{
    if (decodes)
        return row.tokSUser;
    return row.ttftS > 0 ? 1.0 / row.ttftS : 0.0;
}

void rankResult(PlanResult& result, std::vector<PlanRow> feasible, std::vector<PlanRow> infeasible)
{
    const bool decodes = result.decodes;
    std::sort(feasible.begin(), feasible.end(), [decodes](const PlanRow& a, const PlanRow& b) {
        if (a.usdPerMTok != b.usdPerMTok)
            return a.usdPerMTok < b.usdPerMTok;
        const double sa = userSpeed(a, decodes);
        const double sb = userSpeed(b, decodes);
        if (sa != sb)
            return sa > sb;
        return configKey(a.config) < configKey(b.config);
    });
    // Cheapest first: a point is on the frontier when it is faster per user than every cheaper one.
    double fastest = -1;
    for (PlanRow& r : feasible) {
        const double speed = userSpeed(r, decodes);
        r.pareto = speed > fastest;
        fastest = std::max(fastest, speed);
    }
    // Closest first: a configuration that holds the model and misses a target before one that
    // does not hold it at all, then by how far past its limit it is.
    std::sort(infeasible.begin(), infeasible.end(), [](const PlanRow& a, const PlanRow& b) {
        const bool fitsA = a.binding != Binding::KvCapacity;
        const bool fitsB = b.binding != Binding::KvCapacity;
        if (fitsA != fitsB)
            return fitsA;
        const double ma = finiteOr(a.miss, 1e300);
        const double mb = finiteOr(b.miss, 1e300);
        if (ma != mb)
            return ma < mb;
        if (a.usdPerMTok != b.usdPerMTok)
            return a.usdPerMTok < b.usdPerMTok;
        return configKey(a.config) < configKey(b.config);
    });
    result.feasibleCount = static_cast<int>(feasible.size());
    result.rows = std::move(feasible);
    result.rows.insert(result.rows.end(), std::make_move_iterator(infeasible.begin()),
                       std::make_move_iterator(infeasible.end()));
    result.nextCheaper = -1;
    if (result.feasibleCount == 0)
        return;
    // A configuration a hundredth of a cent cheaper ($9.172 against $9.173) is no reason to relax a
    // target: it must save at least kNextCheaperSaving of the cheapest feasible price.
    const double cheaperThan = result.rows.front().usdPerMTok * (1.0 - kNextCheaperSaving);
    for (size_t i = static_cast<size_t>(result.feasibleCount); i < result.rows.size(); ++i) {
        const PlanRow& r = result.rows[i];
        if (r.usdPerMTok <= 0 || r.usdPerMTok > cheaperThan)
            continue;
        if (result.nextCheaper < 0) {
            result.nextCheaper = static_cast<int>(i);
            continue;
        }
        const PlanRow& best = result.rows[static_cast<size_t>(result.nextCheaper)];
        if (r.usdPerMTok > best.usdPerMTok ||
            (r.usdPerMTok == best.usdPerMTok && configKey(r.config) < configKey(best.config)))
            result.nextCheaper = static_cast<int>(i);
    }
}

std::vector<const PlanRow*> listedRows(const PlanResult& r)
{
    std::vector<const PlanRow*> out;
    for (int i = 0; i < r.feasibleCount; ++i) {
        const PlanRow& row = r.rows[static_cast<size_t>(i)];
        if (i < r.targets.top || row.pareto)
            out.push_back(&row);
    }
    if (r.nextCheaper >= 0)
        out.push_back(&r.rows[static_cast<size_t>(r.nextCheaper)]);
    if (r.feasibleCount == 0)
        for (size_t i = 0; i < r.rows.size() && static_cast<int>(i) < r.targets.top; ++i)
            out.push_back(&r.rows[i]);
    return out;
}

QString configSummary(const PlanConfig& c)
{
    QStringList parts{QStringLiteral("%1 x%2").arg(c.device->id).arg(c.unitChips), c.plan.toString(),
                      QStringLiteral("%1/kv %2").arg(precisionId(c.weights), precisionId(c.kv)),
                      executionModeId(c.mode)};
    if (c.speculative != SpeculativeMethod::None)
        parts << speculativeMethodId(c.speculative);
    if (c.layout == PoolLayout::AttentionFfn && c.ffnDevice)
        parts << QStringLiteral("FFN on %1 x%2").arg(c.ffnDevice->id).arg(c.ffnChips);
    else if (c.layout == PoolLayout::PrefillDecode)
        parts << poolLayoutId(c.layout);
    return parts.join(QStringLiteral(", "));
}

QString layoutText(const PlanRow& row)
{
    const PlanConfig& c = row.config;
    switch (c.layout) {
    case PoolLayout::AttentionFfn:
        return QCoreApplication::translate("is::planning", "FFN on %1 x %2")
            .arg(c.ffnChips)
            .arg(c.ffnDevice ? c.ffnDevice->name : QString());
    case PoolLayout::PrefillDecode:
        return QCoreApplication::translate("is::planning", "%L1 prefill + %L2 decode units")
            .arg(row.prefillUnits)
            .arg(row.decodeUnits);
    case PoolLayout::Colocated:
        break;
    }
    return QCoreApplication::translate("is::planning", "colocated");
}

QJsonObject planResultToJson(const PlanResult& r)
{
    QJsonArray rows;
    for (const PlanRow* p : listedRows(r)) {
        const PlanRow& row = *p;
        const PlanConfig& c = row.config;
        QJsonObject o{{QStringLiteral("device"), c.device->id},
                      {QStringLiteral("chips"), static_cast<double>(row.chips)},
                      {QStringLiteral("systems"), static_cast<double>(row.systems)},
                      {QStringLiteral("units"), static_cast<double>(row.units)},
                      {QStringLiteral("unit_chips"), c.unitChips},
                      {QStringLiteral("plan"), c.plan.toString()},
                      {QStringLiteral("precision"), precisionId(c.weights)},
                      {QStringLiteral("kv_precision"), precisionId(c.kv)},
                      {QStringLiteral("mode"), executionModeId(c.mode)},
                      {QStringLiteral("speculative"), c.speculative == SpeculativeMethod::None
                                                          ? QStringLiteral("none")
                                                          : speculativeMethodId(c.speculative)},
                      {QStringLiteral("feasible"), row.feasible},
                      {QStringLiteral("usd_per_mtok"), row.usdPerMTok},
                      // One output token never decodes: no speed per user, no time per output
                      // token (null, as the Find view shows none), only its first token.
                      {QStringLiteral("tok_s_user"), r.decodes ? QJsonValue(row.tokSUser) : QJsonValue()},
                      {QStringLiteral("ttft_ms"), row.ttftS * 1000.0},
                      {QStringLiteral("tpot_ms"), r.decodes ? QJsonValue(row.tpotS * 1000.0) : QJsonValue()},
                      {QStringLiteral("capex_usd"), row.capexUsd},
                      {QStringLiteral("binding"), bindingId(row.binding)},
                      {QStringLiteral("pareto"), row.pareto}};
        metrics::insert(o, u"peak_mw", row.powerMW); // and "power_mw", its old name, for one version
        o.insert(QStringLiteral("layout"), poolLayoutId(c.layout));
        if (c.layout == PoolLayout::AttentionFfn && c.ffnDevice) {
            o.insert(QStringLiteral("ffn_device"), c.ffnDevice->id);
            o.insert(QStringLiteral("ffn_chips"), c.ffnChips);
        }
        if (c.layout == PoolLayout::PrefillDecode) {
            o.insert(QStringLiteral("prefill_units"), static_cast<double>(row.prefillUnits));
            o.insert(QStringLiteral("decode_units"), static_cast<double>(row.decodeUnits));
        }
        if (!row.feasible)
            o.insert(QStringLiteral("why"), row.why);
        rows.append(o);
    }
    QJsonObject out{
        {QStringLiteral("targets"), targetsToJson(r.targets)},
        {QStringLiteral("results"), rows},
        {QStringLiteral("feasible"), r.feasibleCount},
        {QStringLiteral("search"),
         QJsonObject{{QStringLiteral("groups"), r.stats.groups},
                     {QStringLiteral("groups_pruned"), r.stats.groupsPruned},
                     {QStringLiteral("attention_ffn_units"), r.stats.splitUnits},
                     {QStringLiteral("plans_pruned"), static_cast<double>(r.stats.plansPruned)},
                     {QStringLiteral("configurations"), static_cast<double>(r.stats.configurations)}}}};
    if (r.nextCheaper >= 0) {
        const PlanRow& n = r.rows[static_cast<size_t>(r.nextCheaper)];
        out.insert(QStringLiteral("next_cheaper"),
                   QJsonObject{{QStringLiteral("config"), configSummary(n.config)},
                               {QStringLiteral("usd_per_mtok"), n.usdPerMTok},
                               {QStringLiteral("binding"), bindingId(n.binding)},
                               {QStringLiteral("why"), n.why}});
    }
    if (r.feasibleCount == 0 && !r.rows.empty()) {
        const PlanRow& c = r.rows.front();
        out.insert(QStringLiteral("closest"), QJsonObject{{QStringLiteral("config"), configSummary(c.config)},
                                                          {QStringLiteral("misses"), bindingId(c.binding)},
                                                          {QStringLiteral("why"), c.why}});
    }
    return out;
}

} // namespace is::planning
