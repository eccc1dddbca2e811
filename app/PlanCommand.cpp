// SPDX-License-Identifier: MIT
// `inference-studio plan SCENARIO.json (--users N | --rps R) [targets] [--json]`: inverse design,
// the cheapest deployments across the catalog's devices that meet the targets (core/planning).
#include "CliSupport.h"
#include "Command.h"
#include "common/NumberText.h"

#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "planning/PlanRanking.h"
#include "planning/ScenarioPlan.h"

#include <QJsonDocument>
#include <QTextStream>

#include <cmath>

namespace {

using is::planning::PlanRow;

constexpr const char* kUsage =
    "plan SCENARIO.json (--users N | --rps R) [--ttft-ms T] [--tpot-ms T | --tok-s-user S] [--power-mw P] "
    "[--capex-usd C] [--devices ID,ID...] [--top K] [--json]";

QString count(double v)
{
    return QStringLiteral("%L1").arg(static_cast<qlonglong>(std::llround(v)));
}

QString targetsLine(const is::planning::PlanTargets& t, const QString& modelName)
{
    QStringList limits;
    if (t.ttftS > 0)
        limits << QStringLiteral("TTFT ≤ %1 ms").arg(is::fixedDecimals(t.ttftS * 1000, 0));
    if (t.tpotS > 0)
        limits << QStringLiteral("TPOT ≤ %1 ms").arg(is::fixedDecimals(t.tpotS * 1000, 1));
    if (t.minTokSUser > 0)
        limits << QStringLiteral(">= %1 tok/s per user").arg(is::fixedDecimals(t.minTokSUser, 0));
    if (t.powerMW > 0)
        limits << QStringLiteral("≤ %1 MW").arg(is::fixedDecimals(t.powerMW, 2));
    if (t.capexUsd > 0)
        limits << QStringLiteral("capex <= $%1 M").arg(is::fixedDecimals(t.capexUsd / 1e6, 1));
    const QString load = t.load.kind == is::cost::FleetTargetKind::Users
                             ? QStringLiteral("%1 concurrent users").arg(count(t.load.value))
                             : QStringLiteral("%1 requests/s").arg(t.load.value);
    return QStringLiteral("%1 of %2 at %3").arg(load, modelName, limits.join(QStringLiteral(", ")));
}

void printTable(const is::planning::PlanResult& r, const QString& modelName, QTextStream& out)
{
    out << "Plan for " << targetsLine(r.targets, modelName) << "\n"
        << r.stats.configurations << " configurations evaluated in " << r.stats.groups << " groups ("
        << r.stats.groupsPruned << " and " << r.stats.plansPruned << " more plans pruned as dominated"
        << (r.stats.splitUnits > 0 ? QStringLiteral(", %1 attention-FFN units").arg(r.stats.splitUnits)
                                   : QString())
        << "), " << r.feasibleCount << " meet every target\n\n";
    std::vector<QStringList> table{
        {QStringLiteral("device"), QStringLiteral("unit"), QStringLiteral("units"), QStringLiteral("chips"),
         QStringLiteral("systems"), QStringLiteral("precision"), QStringLiteral("mode"),
         QStringLiteral("speculative"), QStringLiteral("layout"), QStringLiteral("$/Mtok"),
         QStringLiteral("tok/s/user"), QStringLiteral("TTFT ms"), QStringLiteral("TPOT ms"),
         QStringLiteral("peak MW"), QStringLiteral("capex $M"), QStringLiteral("binding"),
         QStringLiteral("pareto")}};
    for (const PlanRow* p : is::planning::listedRows(r)) {
        const PlanRow& row = *p;
        const auto& c = row.config;
        table.push_back({c.device->id, QStringLiteral("%1 chips %2").arg(c.unitChips).arg(c.plan.toString()),
                         count(static_cast<double>(row.units)), count(static_cast<double>(row.chips)),
                         count(static_cast<double>(row.systems)),
                         QStringLiteral("%1/kv %2").arg(is::precisionId(c.weights), is::precisionId(c.kv)),
                         is::executionModeId(c.mode),
                         c.speculative == is::SpeculativeMethod::None
                             ? QStringLiteral("none")
                             : is::speculativeMethodId(c.speculative),
                         is::planning::layoutText(row), is::fixedDecimals(row.usdPerMTok, 3),
                         r.decodes ? is::fixedDecimals(row.tokSUser, 1) : QStringLiteral("-"),
                         is::fixedDecimals(row.ttftS * 1000, 0),
                         r.decodes ? is::fixedDecimals(row.tpotS * 1000, 1) : QStringLiteral("-"),
                         is::fixedDecimals(row.powerMW, 2), is::fixedDecimals(row.capexUsd / 1e6, 1),
                         row.feasible ? is::planning::bindingId(row.binding)
                                      : QStringLiteral("misses %1").arg(is::planning::bindingId(row.binding)),
                         row.pareto ? QStringLiteral("*") : QString()});
    }
    is::app::printAligned(table, out);
    out << "\n";
    if (r.feasibleCount == 0) {
        if (r.rows.empty()) {
            out << "No device of the catalog holds the model.\n";
            return;
        }
        const PlanRow& c = r.rows.front();
        out << "No configuration meets every target. Closest: " << is::planning::configSummary(c.config)
            << ", which misses the " << is::planning::bindingId(c.binding) << ": " << c.why << "\n";
        return;
    }
    const PlanRow& best = r.rows.front();
    out << "Cheapest: " << is::planning::configSummary(best.config) << " at $"
        << is::fixedDecimals(best.usdPerMTok, 3) << "/M tokens, bound by the "
        << is::planning::bindingId(best.binding) << "\n";
    if (r.nextCheaper >= 0) {
        const PlanRow& n = r.rows[static_cast<size_t>(r.nextCheaper)];
        out << "Next cheaper: " << is::planning::configSummary(n.config) << " at $"
            << is::fixedDecimals(n.usdPerMTok, 3) << "/M tokens misses the "
            << is::planning::bindingId(n.binding) << ": " << n.why << "\n";
    } else {
        out << "No cheaper configuration was found, feasible or not.\n";
    }
}

int runPlan(const QStringList& argsIn)
{
    QTextStream err(stderr);
    QTextStream out(stdout);
    is::app::CommandLine args(QStringLiteral("plan"), QLatin1String(kUsage), QStringLiteral("scenario file"));
    args.addOption({QStringLiteral("users")}, QStringLiteral("N"),
                   QStringLiteral("Serve N concurrent users."));
    args.addOption({QStringLiteral("rps")}, QStringLiteral("R"),
                   QStringLiteral("Serve R requests per second."));
    args.addOption({QStringLiteral("ttft-ms")}, QStringLiteral("T"),
                   QStringLiteral("Time-to-first-token limit in ms."));
    args.addOption({QStringLiteral("tpot-ms")}, QStringLiteral("T"),
                   QStringLiteral("Time-per-output-token limit in ms."));
    args.addOption({QStringLiteral("tok-s-user")}, QStringLiteral("S"),
                   QStringLiteral("At least S output tokens/s per user (instead of --tpot-ms)."));
    args.addOption({QStringLiteral("power-mw")}, QStringLiteral("P"),
                   QStringLiteral("The fleet's peak facility power at most P MW."));
    args.addOption({QStringLiteral("capex-usd")}, QStringLiteral("C"),
                   QStringLiteral("The fleet's purchase price at most C US dollars."));
    args.addOption({QStringLiteral("devices")}, QStringLiteral("ID,ID..."),
                   QStringLiteral("Search only these catalog devices."));
    args.addOption(
        {QStringLiteral("top")}, QStringLiteral("K"),
        QStringLiteral("List the K cheapest feasible configurations (default 10) and the Pareto frontier."));
    args.addFlag(QStringLiteral("json"), QStringLiteral("Print the ranking as JSON."));
    if (const auto stop = args.parse(argsIn, out, err))
        return *stop;

    const bool users = args.isSet(QStringLiteral("users"));
    const bool rps = args.isSet(QStringLiteral("rps"));
    if (users == rps) {
        err << "plan: give exactly one of --users and --rps\n";
        return is::app::ExitBadInput;
    }
    if (args.isSet(QStringLiteral("tpot-ms")) && args.isSet(QStringLiteral("tok-s-user"))) {
        err << "plan: give at most one of --tpot-ms and --tok-s-user\n";
        return is::app::ExitBadInput;
    }
    // A stated number must be positive and finite; 0 stays "not given".
    auto number = [&](const char* name, double* v) {
        const QString option = QLatin1String(name);
        if (!args.isSet(option))
            return true;
        bool ok = false;
        *v = args.value(option).toDouble(&ok);
        if (!ok || !std::isfinite(*v) || *v <= 0) {
            err << "plan: --" << name << ": expected a positive number, got '" << args.value(option) << "'\n";
            return false;
        }
        return true;
    };
    is::planning::PlanTargets targets;
    targets.load.kind = users ? is::cost::FleetTargetKind::Users : is::cost::FleetTargetKind::RequestsPerS;
    double ttftMs = 0, tpotMs = 0, tokSUser = 0, top = 10;
    if (!number(users ? "users" : "rps", &targets.load.value) || !number("ttft-ms", &ttftMs) ||
        !number("tpot-ms", &tpotMs) || !number("tok-s-user", &tokSUser) ||
        !number("power-mw", &targets.powerMW) || !number("capex-usd", &targets.capexUsd) ||
        !number("top", &top))
        return is::app::ExitBadInput;
    if (top != std::floor(top) || top > 10000) {
        err << "plan: --top: expected a whole number from 1 to 10000, got '"
            << args.value(QStringLiteral("top")) << "'\n";
        return is::app::ExitBadInput;
    }
    targets.top = static_cast<int>(top);
    if (args.isSet(QStringLiteral("devices")))
        targets.devices = args.value(QStringLiteral("devices")).split(QLatin1Char(','), Qt::SkipEmptyParts);

    const QString file = args.file();
    auto scenario = is::app::loadScenarioToEvaluate(file, QStringLiteral("plan"), err);
    if (!scenario)
        return is::app::ExitBadInput;
    auto catalog = is::app::loadCatalogReportingWarnings(err);
    QString error;
    auto inputs = is::planning::planInputsFor(*scenario, *catalog, &error);
    if (!inputs) {
        err << file << ": " << error << "\n";
        return is::app::ExitBadInput;
    }
    is::planning::applyLatencyTargets(targets, *inputs, {ttftMs / 1000.0, tpotMs / 1000.0}, tokSUser);
    const is::Engine engine(catalog);
    auto result = is::planning::searchScenario(engine, *inputs, targets, {}, &error);
    if (!result) {
        err << "plan: " << error << "\n";
        return is::app::ExitBadInput;
    }
    if (args.isSet(QStringLiteral("json")))
        out << QJsonDocument(is::planning::planResultToJson(*result)).toJson(QJsonDocument::Compact) << "\n";
    else
        printTable(*result, inputs->model.arch.name, out);
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg("plan", kUsage, &runPlan);

} // namespace
