// SPDX-License-Identifier: MIT
// `inference-studio estimate SCENARIO.json [--json]`: the default comparison without a display.
#include "CliSupport.h"
#include "Command.h"

#include "cost/FullLoad.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/ScenarioEvaluation.h"

#include <QJsonDocument>
#include <QTextStream>

#include <algorithm>
#include <functional>

namespace {

QString fmt(double v, int decimals)
{
    return QString::number(v, 'f', decimals);
}

void printTable(const std::vector<is::DeploymentResult>& results, QTextStream& out)
{
    using Row = is::app::MetricRow<is::DeploymentResult>;
    auto rangeOf = [](const is::DeploymentResult& r, auto getter, int decimals) {
        const double mid = getter(r.estimate.mid);
        if (!r.estimate.ranged)
            return fmt(mid, decimals);
        const double a = getter(r.estimate.low);
        const double b = getter(r.estimate.high);
        return QStringLiteral("%1 (%2-%3)")
            .arg(fmt(mid, decimals), fmt(std::min({a, b, mid}), decimals),
                 fmt(std::max({a, b, mid}), decimals));
    };
    std::vector<Row> rows = {
        {"model", [](const auto& r) -> QString { return r.modelName; }},
        {"chips", [](const auto& r) -> QString { return QString::number(r.estimate.mid.chips); }},
        {"fits",
         [](const auto& r) -> QString {
             return r.estimate.mid.fits ? QStringLiteral("yes")
                                        : QString(QStringLiteral("no: ") + r.estimate.mid.why);
         }},
        {"plan",
         [](const auto& r) -> QString {
             return r.estimate.mid.plan.toString() + QStringLiteral(" (") + r.estimate.mid.mode +
                    QStringLiteral(")");
         }},
        {"batch", [](const auto& r) -> QString { return QString::number(r.estimate.mid.batch); }},
        {"TTFT (ms)",
         [&](const auto& r) -> QString {
             return rangeOf(
                 r, [](const is::Estimate& e) { return e.ttftS * 1000; }, 1);
         }},
        {"time/token (ms)",
         [&](const auto& r) -> QString {
             return rangeOf(
                 r, [](const is::Estimate& e) { return e.tpotS * 1000; }, 2);
         }},
        {"tok/s per user",
         [&](const auto& r) -> QString {
             return rangeOf(
                 r, [](const is::Estimate& e) { return e.tokSUser; }, 1);
         }},
        {"tok/s total",
         [&](const auto& r) -> QString {
             return rangeOf(
                 r, [](const is::Estimate& e) { return e.tokSTotal; }, 0);
         }},
        {"power (kW)",
         [&](const auto& r) -> QString {
             return rangeOf(
                 r, [](const is::Estimate& e) { return e.facilityPowerW / 1000; }, 1);
         }},
        {"J/token",
         [&](const auto& r) -> QString {
             return rangeOf(
                 r, [](const is::Estimate& e) { return e.joulesPerToken; }, 2);
         }},
        {"$/M tokens",
         [&](const auto& r) -> QString {
             return rangeOf(
                 r, [](const is::Estimate& e) { return e.usdPerMTok; }, 2);
         }},
        {"bottleneck", [](const auto& r) -> QString { return is::bottleneckId(r.estimate.mid.bottleneck); }},
    };
    // With prefix caching, what it saves: the same request's TTFT with nothing cached, the prompt
    // tokens each request skips and the slowest tier a cached prefix comes back from.
    const bool reuse = std::any_of(results.begin(), results.end(), [](const is::DeploymentResult& r) {
        return r.estimate.mid.reuse.active();
    });
    if (reuse) {
        const auto ttft = std::find_if(rows.begin(), rows.end(), [](const Row& r) {
            return QLatin1String(r.label) == QLatin1String("TTFT (ms)");
        });
        // One cell of a prefix-cache row: "-" where the deployment caches nothing.
        const auto reuseCell = [](auto text) {
            return [text](const is::DeploymentResult& r) -> QString {
                const is::PrefixReuse& p = r.estimate.mid.reuse;
                return p.active() ? text(p) : QStringLiteral("-");
            };
        };
        rows.insert(
            std::next(ttft),
            {{"TTFT uncached (ms)",
              reuseCell([](const is::PrefixReuse& p) { return fmt(p.ttftColdS * 1000, 1); })},
             {"prefix cached (tokens)",
              reuseCell([](const is::PrefixReuse& p) { return fmt(p.cachedTokens, 0); })},
             {"prefix read from", reuseCell([](const is::PrefixReuse& p) { return is::kvTierId(p.tier); })}});
    }
    is::app::printAligned(is::app::metricTable(
                              results, [](const auto& r) { return r.name; }, rows,
                              [](const auto&, const Row&) { return true; }),
                          out);
}

constexpr const char* kUsage = "estimate SCENARIO.json [--json]";

int runEstimate(const QStringList& argsIn)
{
    QTextStream err(stderr);
    QTextStream out(stdout);
    is::app::CommandLine args(QStringLiteral("estimate"), QLatin1String(kUsage),
                              QStringLiteral("scenario file"));
    args.addFlag(QStringLiteral("json"), QStringLiteral("Print the estimates as JSON."));
    if (const auto stop = args.parse(argsIn, out, err))
        return *stop;
    const bool json = args.isSet(QStringLiteral("json"));
    const QString file = args.file();
    QString error;
    auto scenario = is::app::loadScenarioToEvaluate(file, QStringLiteral("estimate"), err);
    if (!scenario)
        return is::app::ExitBadInput;
    is::Engine engine(is::app::loadCatalogReportingWarnings(err));
    auto results = is::evaluateScenario(*scenario, engine, &error);
    if (!results) {
        err << file << ": " << error << "\n";
        return is::app::ExitBadInput;
    }
    if (json) {
        QJsonObject o = is::estimateResultsToJson(*results);
        if (!is::cost::addFullLoadToJson(o, *scenario, engine, &error)) {
            err << file << ": " << error << "\n";
            return is::app::ExitBadInput;
        }
        out << QJsonDocument(o).toJson(QJsonDocument::Compact) << "\n";
    } else
        printTable(*results, out);
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg("estimate", kUsage, &runEstimate);

} // namespace
