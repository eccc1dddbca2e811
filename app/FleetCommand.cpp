// SPDX-License-Identifier: MIT
// `inference-studio fleet SCENARIO.json [--users N | --rps R | --power-mw P] [--json]`: the fleet
// each deployment needs for a load, or what a power budget buys, at the scenario's own latency
// targets: the data of the studio's Fleet table and chart (analyseFleet in core/analysis/FleetSizing.h).
#include "CliSupport.h"
#include "Command.h"
#include "common/NumberText.h"

#include "analysis/FleetSizing.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"

#include <QJsonDocument>
#include <QTextStream>

#include <cmath>

namespace {

constexpr const char* kUsage = "fleet SCENARIO.json [--users N | --rps R | --power-mw P] [--json]";

void printFleet(const is::cost::FleetResult& r, QTextStream& out)
{
    out << "Latency targets: " << is::cost::sloLimitsText(r.slo) << " (" << r.slo.source << ")\n";
    if (r.target.kind == is::cost::FleetTargetKind::PowerMW)
        out << "Use: tokens/s and users are what the units carry at "
            << is::fixedDecimals(r.maxUtilisation * 100, 0)
            << " % of their capacity, as a load target sizes them; costs count the capacity serving paying "
               "load "
            << is::fixedDecimals(r.utilisation * 100, 0) << " % of hours (cost assumptions)\n";
    else
        out << "Use: each deployment carries at most " << is::fixedDecimals(r.maxUtilisation * 100, 0)
            << " % of its capacity (cost assumptions' max_utilisation); the load runs around the clock\n";
    std::vector<QStringList> table{{QStringLiteral("deployment"), QStringLiteral("systems"),
                                    QStringLiteral("chips"), QStringLiteral("capex (USD)"),
                                    QStringLiteral("power (MW)"), QStringLiteral("$/M tokens"),
                                    QStringLiteral("output tok/s"), QStringLiteral("users")}};
    for (const is::cost::FleetRow& f : r.rows) {
        if (!f.feasible) {
            table.push_back({f.name, QStringLiteral("not feasible: ") + f.why});
            continue;
        }
        table.push_back({f.name, QString::number(f.systems), QString::number(f.chips),
                         is::fixedDecimals(f.capexUsd, 0), is::fixedDecimals(f.facilityMW, 3),
                         is::fixedDecimals(f.costs.usdPerMTok, 3), is::fixedDecimals(f.tokS, 0),
                         is::fixedDecimals(f.users, 0)});
    }
    is::app::printAligned(table, out);
}

int runFleet(const QStringList& argsIn)
{
    QTextStream err(stderr);
    QTextStream out(stdout);
    is::app::CommandLine args(QStringLiteral("fleet"), QLatin1String(kUsage),
                              QStringLiteral("scenario file"));
    const struct
    {
        const char* name;
        is::cost::FleetTargetKind kind;
        const char* valueName;
        const char* description;
    } kinds[] = {
        {"users", is::cost::FleetTargetKind::Users, "N",
         "Size the fleet for N concurrent users (default 10000)."},
        {"rps", is::cost::FleetTargetKind::RequestsPerS, "R", "Size the fleet for R requests per second."},
        {"power-mw", is::cost::FleetTargetKind::PowerMW, "P", "What a power budget of P megawatts buys."},
    };
    for (const auto& k : kinds)
        args.addOption({QLatin1String(k.name)}, QLatin1String(k.valueName), QLatin1String(k.description));
    args.addFlag(QStringLiteral("json"),
                 QStringLiteral("Print the fleet as JSON (the fields of size --json)."));
    if (const auto stop = args.parse(argsIn, out, err))
        return *stop;
    // The Fleet view's own target until another is given.
    is::cost::FleetTarget target{is::cost::FleetTargetKind::Users, is::cost::kDefaultFleetUsers};
    int given = 0;
    for (const auto& k : kinds) {
        const QString name = QLatin1String(k.name);
        if (!args.isSet(name))
            continue;
        ++given;
        bool ok = false;
        target.kind = k.kind;
        target.value = args.value(name).toDouble(&ok);
        if (!ok || !std::isfinite(target.value) || target.value <= 0 ||
            target.value > is::cost::fleetTargetLimit(k.kind)) {
            err << "fleet: --" << name << ": expected a positive number up to "
                << is::cost::fleetTargetLimit(k.kind) << ", got '" << args.value(name) << "'\n";
            return is::app::ExitBadInput;
        }
    }
    if (given > 1) {
        err << "fleet: give at most one of --users, --rps and --power-mw\n";
        return is::app::ExitBadInput;
    }
    auto scenario = is::app::loadScenarioToEvaluate(args.file(), QStringLiteral("fleet"), err);
    if (!scenario)
        return is::app::ExitBadInput;
    is::Engine engine(is::app::loadCatalogReportingWarnings(err));
    QString error;
    const auto result = is::cost::analyseFleet(*scenario, engine, target, &error);
    if (!result) {
        err << args.file() << ": " << error << "\n";
        return is::app::ExitBadInput;
    }
    if (args.isSet(QStringLiteral("json")))
        out << QJsonDocument(is::cost::fleetResultToJson(*result)).toJson(QJsonDocument::Compact) << "\n";
    else
        printFleet(*result, out);
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg("fleet", kUsage, &runFleet);

} // namespace
