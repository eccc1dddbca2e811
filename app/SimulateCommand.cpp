// SPDX-License-Identifier: MIT
// `inference-studio simulate SCENARIO.json [--requests N] [--seed S] [--json]`: every deployment
// under a simulated request load (core/serving), with energy and cost (core/cost).
#include "CliSupport.h"
#include "Command.h"
#include "common/NumberText.h"

#include "analysis/ScenarioSimulation.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"

#include <QJsonDocument>
#include <QTextStream>

#include <functional>

namespace {

QString triple(const is::serving::Percentiles& p, double scale, int decimals)
{
    return QStringLiteral("%1 / %2 / %3")
        .arg(is::fixedDecimals(p.p50 * scale, decimals), is::fixedDecimals(p.p90 * scale, decimals),
             is::fixedDecimals(p.p99 * scale, decimals));
}

void printTable(const is::serving::SimulationRun& run, QTextStream& out)
{
    using is::serving::DeploymentSimulation;
    using Row = is::app::MetricRow<DeploymentSimulation>;
    const std::vector<Row> rows = {
        {"model", [](const auto& d) -> QString { return d.modelName; }},
        {"chips / replicas",
         [](const auto& d) -> QString { return QStringLiteral("%1 / %2").arg(d.chips).arg(d.replicas); }},
        {"plan",
         [](const auto& d) -> QString {
             return QString(d.plan.toString() + QStringLiteral(" (") + d.mode + QStringLiteral(")"));
         }},
        {"arrivals (req/s)",
         [](const auto& d) -> QString {
             return QStringLiteral("%1 (load %2)")
                 .arg(is::fixedDecimals(d.arrivalRps, 3), is::fixedDecimals(d.load, 2));
         }},
        {"completed",
         [](const auto& d) -> QString {
             return QStringLiteral("%1 of %2").arg(d.sim.completed).arg(d.sim.requests);
         }},
        {"TTFT p50/p90/p99 (ms)", [](const auto& d) -> QString { return triple(d.sim.ttftS, 1000, 0); }},
        {"TPOT p50/p90/p99 (ms)", [](const auto& d) -> QString { return triple(d.sim.tpotS, 1000, 2); }},
        {"end-to-end p50/p90/p99 (s)", [](const auto& d) -> QString { return triple(d.sim.e2eS, 1, 2); }},
        {"engine single stream TTFT/TPOT (ms)",
         [](const auto& d) -> QString {
             return QStringLiteral("%1 / %2").arg(is::fixedDecimals(d.singleStream.ttftS * 1000, 0),
                                                  is::fixedDecimals(d.singleStream.tpotS * 1000, 2));
         }},
        {"throughput (tok/s)",
         [](const auto& d) -> QString { return is::fixedDecimals(d.sim.throughputTokS, 1); }},
        {"engine max throughput (tok/s)",
         [](const auto& d) -> QString { return is::fixedDecimals(d.maxThroughput.tokSTotal, 1); }},
        {"goodput (req/s, share)",
         [](const auto& d) -> QString {
             return QStringLiteral("%1 (%2 %)")
                 .arg(is::fixedDecimals(d.sim.goodputRps, 3),
                      is::fixedDecimals(d.sim.goodputFraction * 100, 1));
         }},
        // Goodput means nothing without the targets it was counted against, and where they came from.
        {"goodput targets TTFT / TPOT (ms)",
         [](const auto& d) -> QString {
             return QStringLiteral("%1 / %2 (%3)")
                 .arg(is::fixedDecimals(d.sim.ttftTargetS * 1000, 0),
                      is::fixedDecimals(d.sim.tpotTargetS * 1000, 0),
                      d.slo.assumed() ? QStringLiteral("assumed") : d.slo.source);
         }},
        {"batch mean / max",
         [](const auto& d) -> QString {
             return QStringLiteral("%1 / %2").arg(is::fixedDecimals(d.sim.batchMean, 1),
                                                  is::fixedDecimals(d.sim.batchMax, 0));
         }},
        {"queue mean / max",
         [](const auto& d) -> QString {
             return QStringLiteral("%1 / %2").arg(is::fixedDecimals(d.sim.queueMean, 1),
                                                  is::fixedDecimals(d.sim.queueMax, 0));
         }},
        {"KV use mean / max (%)",
         [](const auto& d) -> QString {
             return QStringLiteral("%1 / %2").arg(is::fixedDecimals(d.sim.kvUseMean * 100, 1),
                                                  is::fixedDecimals(d.sim.kvUseMax * 100, 1));
         }},
        {"preemptions", [](const auto& d) -> QString { return QString::number(d.sim.preemptions); }},
        {"power (kW)",
         [](const auto& d) -> QString { return is::fixedDecimals(d.avgFacilityPowerW / 1000, 1); }},
        {"J/token", [](const auto& d) -> QString { return is::fixedDecimals(d.costs.joulesPerToken, 2); }},
        {"$/M tokens (in / out)",
         [](const auto& d) -> QString {
             return QStringLiteral("%1 (%2 / %3)")
                 .arg(is::fixedDecimals(d.costs.usdPerMTok, 2), is::fixedDecimals(d.costs.usdPerMTokInput, 2),
                      is::fixedDecimals(d.costs.usdPerMTokOutput, 2));
         }},
        {"$/user-hour",
         [](const auto& d) -> QString { return is::fixedDecimals(d.costs.usdPerUserHour, 3); }},
    };
    std::vector<QStringList> table = is::app::metricTable(
        run.deployments, [](const auto& d) { return d.name; }, rows,
        [](const auto& d, const Row&) { return d.ok; });
    if (std::any_of(run.deployments.begin(), run.deployments.end(),
                    [](const auto& d) { return d.sim.sessions.sessions > 0; })) {
        QStringList line{QStringLiteral("agent session p50/p90/p99 (s)")};
        for (const auto& d : run.deployments)
            line << (d.ok ? QString(triple(d.sim.sessions.e2eS, 1, 2) +
                                    QStringLiteral(" (%1 calls)").arg(d.sim.sessions.callsPerSession))
                          : QStringLiteral("-"));
        table.push_back(line);
    }
    QStringList why{QStringLiteral("not simulated")};
    bool anyFailed = false;
    for (const auto& d : run.deployments) {
        why << (d.ok ? QString() : d.why);
        anyFailed = anyFailed || !d.ok;
    }
    if (anyFailed)
        table.push_back(why);
    is::app::printAligned(table, out);
}

constexpr const char* kUsage = "simulate SCENARIO.json [--requests N] [--seed S] [--json]";

int runSimulate(const QStringList& argsIn)
{
    QTextStream err(stderr);
    QTextStream out(stdout);
    is::app::CommandLine args(QStringLiteral("simulate"), QLatin1String(kUsage),
                              QStringLiteral("scenario file"));
    args.addOption(
        {QStringLiteral("requests")}, QStringLiteral("N"),
        QStringLiteral("Requests to simulate per deployment, 1 to 100000000 (default: the scenario's)."));
    args.addOption({QStringLiteral("seed")}, QStringLiteral("S"),
                   QStringLiteral("Seed of the arrival and length draws (default: the scenario's)."));
    args.addFlag(QStringLiteral("json"), QStringLiteral("Print the simulation as JSON."));
    if (const auto stop = args.parse(argsIn, out, err))
        return *stop;
    const bool json = args.isSet(QStringLiteral("json"));
    const bool hasRequests = args.isSet(QStringLiteral("requests"));
    const bool hasSeed = args.isSet(QStringLiteral("seed"));
    const QString requests = args.value(QStringLiteral("requests"));
    const QString seed = args.value(QStringLiteral("seed"));
    is::serving::SimulationOverrides overrides;
    if (hasRequests) {
        bool ok = false;
        const int n = requests.toInt(&ok);
        if (!ok || n < 1 || n > 100000000) {
            err << "simulate: --requests: expected a whole number from 1 to 100000000, got '" << requests
                << "'\n";
            return is::app::ExitBadInput;
        }
        overrides.requests = n;
    }
    if (hasSeed) {
        bool ok = false;
        const qulonglong s = seed.toULongLong(&ok);
        if (!ok) {
            err << "simulate: --seed: expected a non-negative whole number, got '" << seed << "'\n";
            return is::app::ExitBadInput;
        }
        overrides.seed = s;
    }
    const QString file = args.file();
    QString error;
    auto scenario = is::app::loadScenarioToEvaluate(file, QStringLiteral("simulate"), err);
    if (!scenario)
        return is::app::ExitBadInput;
    is::Engine engine(is::app::loadCatalogReportingWarnings(err));
    auto run = is::serving::simulateScenario(*scenario, engine, overrides, &error);
    if (!run) {
        // Trace errors already name their own file and line.
        err << (error.startsWith(file) || error.contains(QStringLiteral(".csv:"))
                    ? error
                    : QString(file + QStringLiteral(": ") + error))
            << "\n";
        return is::app::ExitBadInput;
    }
    const bool anyOk =
        std::any_of(run->deployments.begin(), run->deployments.end(), [](const auto& d) { return d.ok; });
    if (json)
        out << QJsonDocument(is::serving::simulationToJson(*run)).toJson(QJsonDocument::Compact) << "\n";
    else
        printTable(*run, out);
    if (!anyOk) {
        err << file << ": no deployment could be simulated\n";
        return is::app::ExitBadInput;
    }
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg("simulate", kUsage, &runSimulate);

} // namespace
