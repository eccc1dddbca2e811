// SPDX-License-Identifier: MIT
// `inference-studio size SCENARIO.json (--users N | --rps R | --power-mw P) [--json]`: how many
// copies of each deployment a load needs, or what a power budget buys (core/cost).
#include "CliSupport.h"
#include "Command.h"
#include "common/NumberText.h"

#include "analysis/FleetSizing.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"
#include "serving/ServingConfig.h"

#include <QJsonDocument>
#include <QTextStream>

#include <cmath>
#include <functional>
#include <optional>

namespace {

// Large counts with thousands separators, so 118,788 chips reads at a glance.
QString count(double v)
{
    QString digits = QString::number(static_cast<qlonglong>(std::llround(v)));
    for (qsizetype i = digits.size() - 3; i > (digits.startsWith(QLatin1Char('-')) ? 1 : 0); i -= 3)
        digits.insert(i, QLatin1Char(','));
    return digits;
}

void printTable(const is::cost::FleetResult& r, QTextStream& out)
{
    using is::cost::FleetRow;
    using Row = is::app::MetricRow<FleetRow>;
    const std::vector<Row> rows = {
        {"model", [](const auto& f) -> QString { return f.modelName; }},
        {"serving point TTFT / TPOT (ms)",
         [](const auto& f) -> QString {
             return QStringLiteral("%1 / %2").arg(is::fixedDecimals(f.ttftS * 1000, 0),
                                                  is::fixedDecimals(f.tpotS * 1000, 1));
         }},
        {"one unit: chips / systems",
         [](const auto& f) -> QString {
             return QStringLiteral("%1 / %2").arg(f.unitChips).arg(f.unitSystems);
         }},
        {"one unit: users / tok/s",
         [](const auto& f) -> QString {
             return QStringLiteral("%1 / %2").arg(count(f.unitUsers), count(f.unitTokS));
         }},
        {"units", [](const auto& f) -> QString { return count(static_cast<double>(f.units)); }},
        {"chips", [](const auto& f) -> QString { return count(static_cast<double>(f.chips)); }},
        {"systems", [](const auto& f) -> QString { return count(static_cast<double>(f.systems)); }},
        {"capex ($M)", [](const auto& f) -> QString { return is::fixedDecimals(f.capexUsd / 1e6, 1); }},
        {"power MW (average / peak)",
         [](const auto& f) -> QString {
             return QStringLiteral("%1 / %2").arg(is::fixedDecimals(f.facilityMW, 2),
                                                  is::fixedDecimals(f.peakMW, 2));
         }},
        {"tok/s", [](const auto& f) -> QString { return count(f.tokS); }},
        {"users", [](const auto& f) -> QString { return count(f.users); }},
        {"requests/s", [](const auto& f) -> QString { return is::fixedDecimals(f.rps, 2); }},
        {"load (share of capacity)", [](const auto& f) -> QString { return is::fixedDecimals(f.load, 2); }},
        {"$/M tokens (in / out)",
         [](const auto& f) -> QString {
             return QStringLiteral("%1 (%2 / %3)")
                 .arg(is::fixedDecimals(f.costs.usdPerMTok, 2), is::fixedDecimals(f.costs.usdPerMTokInput, 2),
                      is::fixedDecimals(f.costs.usdPerMTokOutput, 2));
         }},
        {"$/user-hour",
         [](const auto& f) -> QString { return is::fixedDecimals(f.costs.usdPerUserHour, 3); }},
        {"J/token", [](const auto& f) -> QString { return is::fixedDecimals(f.costs.joulesPerToken, 2); }},
    };
    std::vector<QStringList> table = is::app::metricTable(
        r.rows, [](const FleetRow& f) { return f.name; }, rows,
        [](const FleetRow& f, const Row& row) { return f.feasible || row.label == QLatin1String("model"); });
    QStringList why{QStringLiteral("not feasible")};
    bool any = false;
    for (const FleetRow& f : r.rows) {
        why << (f.feasible ? QString() : f.why);
        any = any || !f.feasible;
    }
    if (any)
        table.push_back(why);
    const QString target = r.target.kind == is::cost::FleetTargetKind::Users
                               ? QStringLiteral("%1 concurrent users").arg(count(r.target.value))
                           : r.target.kind == is::cost::FleetTargetKind::RequestsPerS
                               ? QStringLiteral("%1 requests/s").arg(r.target.value)
                               : QStringLiteral("a %1 MW power budget").arg(r.target.value);
    out << "Sized for " << target << " at " << is::cost::sloLimitsText(r.slo)
        << (r.slo.source.isEmpty() ? QString()
                                   : QString(QStringLiteral(" (") + r.slo.source + QStringLiteral(")")))
        << "\n\n";
    is::app::printAligned(table, out);
}

constexpr const char* kUsage =
    "size SCENARIO.json (--users N | --rps R | --power-mw P) [--ttft-ms T] [--tpot-ms T] [--json]";

int runSize(const QStringList& argsIn)
{
    QTextStream err(stderr);
    QTextStream out(stdout);
    is::app::CommandLine args(QStringLiteral("size"), QLatin1String(kUsage), QStringLiteral("scenario file"));
    struct Opt
    {
        const char* name;
        is::cost::FleetTargetKind kind;
        const char* valueName;
        const char* description;
        bool present = false;
        QString value;
    };
    std::vector<Opt> targets{
        {"users", is::cost::FleetTargetKind::Users, "N", "Size the fleet for N concurrent users.", false, {}},
        {"rps",
         is::cost::FleetTargetKind::RequestsPerS,
         "R",
         "Size the fleet for R requests per second.",
         false,
         {}},
        {"power-mw",
         is::cost::FleetTargetKind::PowerMW,
         "P",
         "What a power budget of P megawatts buys.",
         false,
         {}}};
    for (const Opt& o : targets)
        args.addOption({QLatin1String(o.name)}, QLatin1String(o.valueName), QLatin1String(o.description));
    args.addOption({QStringLiteral("ttft-ms")}, QStringLiteral("T"),
                   QStringLiteral("Time-to-first-token target in ms."));
    args.addOption({QStringLiteral("tpot-ms")}, QStringLiteral("T"),
                   QStringLiteral("Time-per-output-token target in ms."));
    args.addFlag(QStringLiteral("json"), QStringLiteral("Print the fleet as JSON."));
    if (const auto stop = args.parse(argsIn, out, err))
        return *stop;
    const bool json = args.isSet(QStringLiteral("json"));
    for (Opt& o : targets) {
        o.present = args.isSet(QLatin1String(o.name));
        o.value = args.value(QLatin1String(o.name));
    }
    const bool hasTtft = args.isSet(QStringLiteral("ttft-ms"));
    const bool hasTpot = args.isSet(QStringLiteral("tpot-ms"));
    const QString ttft = args.value(QStringLiteral("ttft-ms"));
    const QString tpot = args.value(QStringLiteral("tpot-ms"));
    const int given = static_cast<int>(
        std::count_if(targets.begin(), targets.end(), [](const Opt& o) { return o.present; }));
    if (given != 1) {
        err << "size: give exactly one of --users, --rps and --power-mw\n";
        return is::app::ExitBadInput;
    }
    auto positive = [&](const char* name, const QString& text, double* v) {
        bool ok = false;
        *v = text.toDouble(&ok);
        if (!ok || !std::isfinite(*v) || *v <= 0) {
            err << "size: " << name << ": expected a positive number, got '" << text << "'\n";
            return false;
        }
        return true;
    };
    is::cost::FleetTarget target;
    for (const Opt& o : targets)
        if (o.present) {
            target.kind = o.kind;
            if (!positive(qPrintable(QStringLiteral("--") + QLatin1String(o.name)), o.value, &target.value))
                return is::app::ExitBadInput;
        }
    // Latency targets: the command line, then the serving section, then the workload's limits.
    is::cost::StatedSlo commandLine;
    double v = 0;
    if (hasTtft) {
        if (!positive("--ttft-ms", ttft, &v))
            return is::app::ExitBadInput;
        commandLine.ttftS = v / 1000.0;
    }
    if (hasTpot) {
        if (!positive("--tpot-ms", tpot, &v))
            return is::app::ExitBadInput;
        commandLine.tpotS = v / 1000.0;
    }
    const QString file = args.file();
    QString error;
    auto scenario = is::app::loadScenarioToEvaluate(file, QStringLiteral("size"), err);
    if (!scenario)
        return is::app::ExitBadInput;
    const is::cost::SloTargets slo =
        is::cost::resolveSlo(scenario->workload, scenario->serving.slo, commandLine);
    is::Engine engine(is::app::loadCatalogReportingWarnings(err));
    auto result = is::cost::sizeFleet(*scenario, engine, scenario->tco, target, slo, &error);
    if (!result) {
        err << file << ": " << error << "\n";
        return is::app::ExitBadInput;
    }
    if (json)
        out << QJsonDocument(is::cost::fleetResultToJson(*result)).toJson(QJsonDocument::Compact) << "\n";
    else
        printTable(*result, out);
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg("size", kUsage, &runSize);

} // namespace
