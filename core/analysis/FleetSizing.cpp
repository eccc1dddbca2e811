// SPDX-License-Identifier: MIT
#include "analysis/FleetSizing.h"

#include "common/Log.h"
#include "cost/ServingPointCost.h"
#include "engine/Engine.h"
#include "engine/Queueing.h"
#include "scenario/ScenarioEvaluation.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace is::cost {

QString fleetTargetKindId(FleetTargetKind k)
{
    switch (k) {
    case FleetTargetKind::Users:
        return QStringLiteral("users");
    case FleetTargetKind::RequestsPerS:
        return QStringLiteral("rps");
    case FleetTargetKind::PowerMW:
        return QStringLiteral("power_mw");
    }
    return QStringLiteral("users");
}

double fleetTargetLimit(FleetTargetKind k)
{
    switch (k) {
    case FleetTargetKind::Users:
        return 1e10;
    case FleetTargetKind::RequestsPerS:
        return 1e9;
    case FleetTargetKind::PowerMW:
        return 1e5;
    }
    return 1e5;
}

namespace {

FleetRow sizeOne(const ResolvedDeployment& r, const Scenario& s, const Engine& engine,
                 const TcoAssumptions& tco, const FleetTarget& target, const SloTargets& slo)
{
    Workload w = s.workload;
    w.ttftLimitS = slo.ttftS;
    w.tpotLimitS = slo.tpotS;
    const ModelDesc m = r.model.resolve(Bound::Mid);
    QString err;
    auto est = engine.estimate(r.deployment, m, w, ServingGoal::LatencyBounded, tco, &err);
    FleetRow row;
    if (est)
        row = sizeServingPoint(r.deployment, r.docId, *est, w, tco, target, slo);
    else
        row.why = err;
    row.docId = r.docId;
    row.name = r.deployment.name;
    row.modelName = r.model.arch.name;
    return row;
}

} // namespace

FleetRow sizeServingPoint(const Deployment& d, const QString& docId, const Estimate& e, const Workload& w,
                          const TcoAssumptions& tco, const FleetTarget& target, const SloTargets& slo)
{
    FleetRow row;
    row.docId = docId;
    row.name = d.name;
    row.unitChips = e.chips;
    row.ttftS = e.ttftS;
    row.tpotS = e.tpotS;
    row.tokSUser = e.tokSUser;
    if (!e.fits) {
        row.why = e.why;
        return row;
    }
    if ((slo.ttftS > 0 && e.ttftS > slo.ttftS) || (slo.tpotS > 0 && e.tpotS > slo.tpotS)) {
        row.why =
            QCoreApplication::translate("is::cost::FleetSizing",
                                        "cannot meet %1 even with one stream (gets TTFT %2 ms, TPOT %3 ms)")
                .arg(sloLimitsText(slo, SloText::StatedOnly), QString::number(e.ttftS * 1000, 'f', 0),
                     QString::number(e.tpotS * 1000, 'f', 1));
        return row;
    }
    const DeploymentCostInputs unit = costInputs(d, docId, e.chips, tco);
    row.unitSystems = unit.systems;
    // Users whose requests are in flight, not only the streams the chips hold: on wafers behind an
    // API most of a one-token request's time is its request overhead, which holds no slot.
    row.unitUsers = usersServed(e, w);
    row.unitTokS = e.tokSTotal;
    row.unitRps = requestsPerS(e, w);
    const double servingUtil = unit.power.utilisationOf(e);
    row.unitFacilityW = unit.power.facilityPowerW(servingUtil);
    row.unitPeakFacilityW = unit.power.peakFacilityPowerW();
    if (row.unitTokS <= 0 || row.unitUsers <= 0) {
        row.why = QCoreApplication::translate("is::cost::FleetSizing", "no throughput at the serving point");
        return row;
    }

    const double headroom = tco.maxUtilisation.value;
    switch (target.kind) {
    case FleetTargetKind::Users:
        row.units = static_cast<long long>(std::ceil(target.value / (row.unitUsers * headroom) - 1e-9));
        row.users = target.value;
        row.tokS = row.unitTokS * target.value / row.unitUsers;
        row.rps = row.tokS / w.outputTokens;
        break;
    case FleetTargetKind::RequestsPerS:
        row.units = static_cast<long long>(std::ceil(target.value / (row.unitRps * headroom) - 1e-9));
        row.rps = target.value;
        row.tokS = target.value * w.outputTokens;
        row.users = row.unitUsers * row.tokS / row.unitTokS;
        break;
    case FleetTargetKind::PowerMW:
        // The load the units the budget buys carry at the same headroom a load target keeps: their
        // full capacity read as users, and asked for again, needed a quarter more units than the
        // budget buys.
        row.units = static_cast<long long>(std::floor(target.value * 1e6 / row.unitPeakFacilityW + 1e-9));
        row.tokS = row.units * row.unitTokS * headroom;
        row.users = row.units * row.unitUsers * headroom;
        row.rps = row.units * row.unitRps * headroom;
        break;
    }
    row.units = std::max(0LL, row.units);
    if (row.units == 0) {
        row.why = QCoreApplication::translate("is::cost::FleetSizing",
                                              "one unit needs %1 MW at peak, more than the budget")
                      .arg(row.unitPeakFacilityW / 1e6, 0, 'f', 2);
        return row;
    }
    row.feasible = true;
    row.chips = row.units * e.chips;
    row.systems = row.units * unit.systems;
    row.capexUsd = row.units * unit.capexUsd;
    row.peakMW = row.units * row.unitPeakFacilityW / 1e6;
    // A power budget buys capacity that is then used as the TCO's utilisation says; a load target
    // uses the fleet as far as the load fills it. Idle hours draw idle power.
    row.load = target.kind == FleetTargetKind::PowerMW ? tco.utilisation.value
                                                       : row.tokS / (row.units * row.unitTokS);
    const double avgW =
        row.units * (row.load * row.unitFacilityW + (1.0 - row.load) * unit.power.idleFacilityPowerW());
    row.facilityMW = avgW / 1e6;
    // A power budget's capacity (row.tokS is its share under the headroom) serves the hours the
    // utilisation says.
    const double servedTokS =
        target.kind == FleetTargetKind::PowerMW ? row.units * row.unitTokS * row.load : row.tokS;
    const double servedUsers =
        target.kind == FleetTargetKind::PowerMW ? row.units * row.unitUsers * row.load : row.users;
    const HourlyCost h = hourlyCost(unit, tco, avgW, static_cast<double>(row.units));
    const int replicas = servingReplicas(e);
    row.costs = tokenCosts(h, servedTokS, servedTokS * w.inputTokens / w.outputTokens,
                           prefillShareOf(e, replicas, w.outputTokens), servedUsers, avgW);
    return row;
}

std::optional<FleetResult> sizeFleet(const Scenario& s, const Engine& engine, const TcoAssumptions& tco,
                                     const FleetTarget& target, const SloTargets& slo, QString* error)
{
    if (!(target.value > 0) || !std::isfinite(target.value)) {
        *error = QCoreApplication::translate("is::cost::FleetSizing", "%1: must be a positive number")
                     .arg(fleetTargetKindId(target.kind));
        return std::nullopt;
    }
    const double limit = fleetTargetLimit(target.kind);
    if (target.value > limit) {
        *error = QCoreApplication::translate("is::cost::FleetSizing", "%1: at most %2, got %3")
                     .arg(fleetTargetKindId(target.kind), QString::number(limit, 'g', 3),
                          QString::number(target.value, 'g', 3));
        return std::nullopt;
    }
    if (slo.ttftS < 0 || slo.tpotS < 0) {
        *error = QCoreApplication::translate("is::cost::FleetSizing", "latency targets must not be negative");
        return std::nullopt;
    }
    auto resolved = resolveScenario(s, engine.catalog(), error);
    if (!resolved)
        return std::nullopt;
    FleetResult result;
    result.target = target;
    result.slo = slo;
    result.maxUtilisation = tco.maxUtilisation.value;
    result.utilisation = tco.utilisation.value;
    for (const ResolvedDeployment& r : *resolved) {
        result.rows.push_back(sizeOne(r, s, engine, tco, target, result.slo));
        const FleetRow& row = result.rows.back();
        log::get("cost")->debug("{}: {} units of {} chips, {:.1f} MW", row.name.toStdString(), row.units,
                                row.unitChips, row.facilityMW);
    }
    return result;
}

std::optional<FleetResult> analyseFleet(const Scenario& s, const Engine& engine, const FleetTarget& target,
                                        QString* error)
{
    return sizeFleet(s, engine, s.tco, target, resolveSlo(s.workload, s.serving.slo), error);
}

QJsonObject fleetResultToJson(const FleetResult& r)
{
    QJsonArray rows;
    for (const FleetRow& f : r.rows) {
        QJsonObject o{{QStringLiteral("id"), f.docId},
                      {QStringLiteral("name"), f.name},
                      {QStringLiteral("model"), f.modelName},
                      {QStringLiteral("feasible"), f.feasible},
                      {QStringLiteral("unit_chips"), f.unitChips},
                      {QStringLiteral("unit_systems"), f.unitSystems},
                      {QStringLiteral("unit_users"), f.unitUsers},
                      {QStringLiteral("unit_tok_s"), f.unitTokS},
                      {QStringLiteral("unit_rps"), f.unitRps},
                      {QStringLiteral("ttft_ms"), f.ttftS * 1000.0},
                      {QStringLiteral("tpot_ms"), f.tpotS * 1000.0},
                      {QStringLiteral("tok_s_user"), f.tokSUser},
                      {QStringLiteral("units"), static_cast<double>(f.units)},
                      {QStringLiteral("chips"), static_cast<double>(f.chips)},
                      {QStringLiteral("systems"), static_cast<double>(f.systems)},
                      {QStringLiteral("capex_usd"), f.capexUsd},
                      {QStringLiteral("facility_mw"), f.facilityMW},
                      {QStringLiteral("peak_mw"), f.peakMW},
                      {QStringLiteral("tok_s"), f.tokS},
                      {QStringLiteral("users"), f.users},
                      {QStringLiteral("rps"), f.rps},
                      {QStringLiteral("load"), f.load},
                      {QStringLiteral("usd_per_hour"), f.costs.hourly.total()},
                      {QStringLiteral("usd_per_mtok"), f.costs.usdPerMTok},
                      {QStringLiteral("usd_per_mtok_input"), f.costs.usdPerMTokInput},
                      {QStringLiteral("usd_per_mtok_output"), f.costs.usdPerMTokOutput},
                      {QStringLiteral("usd_per_user_hour"), f.costs.usdPerUserHour},
                      {QStringLiteral("joules_per_token"), f.costs.joulesPerToken}};
        if (!f.feasible)
            o.insert(QStringLiteral("why"), f.why);
        rows.append(o);
    }
    return QJsonObject{
        {QStringLiteral("target"), QJsonObject{{QStringLiteral("kind"), fleetTargetKindId(r.target.kind)},
                                               {QStringLiteral("value"), r.target.value}}},
        {QStringLiteral("slo"), QJsonObject{{QStringLiteral("ttft_ms"), r.slo.ttftS * 1000.0},
                                            {QStringLiteral("tpot_ms"), r.slo.tpotS * 1000.0},
                                            {QStringLiteral("source"), r.slo.source}}},
        {QStringLiteral("deployments"), rows}};
}

} // namespace is::cost
