// SPDX-License-Identifier: MIT
// `inference-studio estimate SCENARIO.json [--json]`: the default comparison without a display.
#include "CliSupport.h"
#include "Command.h"
#include "common/NumberText.h"

#include "analysis/FullLoad.h"
#include "analysis/ScenarioAnalysis.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "metrics/Metrics.h"
#include "scenario/ScenarioEvaluation.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

#include <algorithm>
#include <functional>

namespace {

// The latency targets' cell: "met", what is missed ("misses TTFT ≤ 1.0 ms (4045.8 ms)") or "-"
// where the deployment does not fit, by the rule the studio's comparison uses (missedTargets).
QString latencyTargetsCell(const is::Estimate& e, const is::Workload& w)
{
    if (!e.fits)
        return QStringLiteral("-");
    QStringList missed;
    for (const is::TargetMiss& m : is::missedTargets(e, w))
        missed << QStringLiteral("%1 ≤ %2 ms (%3 ms)")
                      .arg(m.target == is::LatencyTarget::Ttft ? QStringLiteral("TTFT")
                                                               : QStringLiteral("TPOT"),
                           is::significantText(m.limitS * 1000.0),
                           is::fixedDecimals(m.valueS * 1000.0, m.target == is::LatencyTarget::Ttft ? 1 : 2));
    return missed.isEmpty() ? QStringLiteral("met")
                            : QStringLiteral("misses ") + missed.join(QStringLiteral(", "));
}

void printTable(const std::vector<is::DeploymentResult>& results, const is::Workload& workload,
                QTextStream& out)
{
    using Row = is::app::MetricRow<is::DeploymentResult>;
    auto rangeOf = [](const is::DeploymentResult& r, auto getter, int decimals) {
        const double mid = getter(r.estimate.mid);
        if (!r.estimate.ranged)
            return is::fixedDecimals(mid, decimals);
        const double a = getter(r.estimate.low);
        const double b = getter(r.estimate.high);
        return QStringLiteral("%1 (%2-%3)")
            .arg(is::fixedDecimals(mid, decimals), is::fixedDecimals(std::min({a, b, mid}), decimals),
                 is::fixedDecimals(std::max({a, b, mid}), decimals));
    };
    // A metric of the table (metrics/Metrics.h) under its title, with its band where inputs are ranges.
    const auto metric = [&](is::metrics::Id id, int decimals) {
        return Row{is::metrics::title(id), [&rangeOf, id, decimals](const is::DeploymentResult& r) {
                       return rangeOf(
                           r, [id](const is::Estimate& e) { return is::metrics::value(id, e); }, decimals);
                   }};
    };
    using is::metrics::Id;
    std::vector<Row> rows = {
        {QStringLiteral("Model"), [](const auto& r) -> QString { return r.modelName; }},
        {is::metrics::title(Id::Chips),
         [](const auto& r) -> QString { return QString::number(r.estimate.mid.chips); }},
        {QStringLiteral("Fits"),
         [](const auto& r) -> QString {
             return r.estimate.mid.fits ? QStringLiteral("yes")
                                        : QString(QStringLiteral("no: ") + r.estimate.mid.why);
         }},
        {QStringLiteral("Plan"),
         [](const auto& r) -> QString {
             return r.estimate.mid.plan.toString() + QStringLiteral(" (") + r.estimate.mid.mode +
                    QStringLiteral(")");
         }},
        {is::metrics::title(Id::Batch),
         [](const auto& r) -> QString { return QString::number(r.estimate.mid.batch); }},
        metric(Id::TtftMs, 1),
        metric(Id::TpotMs, 2),
        metric(Id::TokSUser, 1),
        metric(Id::TokSTotal, 0),
        metric(Id::PowerKw, 1),
        metric(Id::JoulesPerToken, 2),
        metric(Id::UsdPerMTok, 2),
        {QStringLiteral("Bottleneck"),
         [](const auto& r) -> QString { return is::bottleneckId(r.estimate.mid.bottleneck); }},
    };
    // With prefix caching, what it saves: the same request's TTFT with nothing cached, the prompt
    // tokens each request skips and the slowest tier a cached prefix comes back from.
    const bool reuse = std::any_of(results.begin(), results.end(), [](const is::DeploymentResult& r) {
        return r.estimate.mid.reuse.active();
    });
    if (reuse) {
        const auto ttft = std::find_if(
            rows.begin(), rows.end(), [](const Row& r) { return r.label == is::metrics::title(Id::TtftMs); });
        // One cell of a prefix-cache row: "-" where the deployment caches nothing.
        const auto reuseCell = [](auto text) {
            return [text](const is::DeploymentResult& r) -> QString {
                const is::PrefixReuse& p = r.estimate.mid.reuse;
                return p.active() ? text(p) : QStringLiteral("-");
            };
        };
        rows.insert(
            std::next(ttft),
            {{is::metrics::title(Id::TtftUncachedMs),
              reuseCell([](const is::PrefixReuse& p) { return is::fixedDecimals(p.ttftColdS * 1000, 1); })},
             {is::metrics::title(u"prefill_tokens_skipped"),
              reuseCell([](const is::PrefixReuse& p) { return is::fixedDecimals(p.cachedTokens, 0); })},
             {QStringLiteral("Prefix read from"),
              reuseCell([](const is::PrefixReuse& p) { return is::kvTierId(p.tier); })}});
    }
    // Where the workload sets latency targets, whether each deployment meets them, after TPOT.
    if (workload.hasLatencyTargets()) {
        const auto tpot = std::find_if(
            rows.begin(), rows.end(), [](const Row& r) { return r.label == is::metrics::title(Id::TpotMs); });
        rows.insert(std::next(tpot),
                    Row{QStringLiteral("Latency targets"), [&workload](const auto& r) -> QString {
                            return latencyTargetsCell(r.estimate.mid, workload);
                        }});
    }
    is::app::printAligned(is::app::metricTable(
                              results, [](const auto& r) { return r.name; }, rows,
                              [](const auto&, const Row&) { return true; }),
                          out);
    // What each estimate assumed or did not use (streams that queue, a plan not used), as the
    // studio's Issues panel lists them.
    for (const auto& r : results)
        for (const QString& note : r.estimate.mid.notes)
            out << r.name << ": " << note << "\n";
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
        if (scenario->workload.hasLatencyTargets()) {
            QJsonArray deployments = o.value(QLatin1String("deployments")).toArray();
            for (qsizetype i = 0; i < deployments.size() && i < qsizetype(results->size()); ++i) {
                QJsonObject d = deployments.at(i).toObject();
                d.insert(QStringLiteral("latency_targets"),
                         is::latencyTargetsToJson((*results)[size_t(i)].estimate.mid, scenario->workload));
                deployments[i] = d;
            }
            o.insert(QStringLiteral("deployments"), deployments);
        }
        out << QJsonDocument(o).toJson(QJsonDocument::Compact) << "\n";
    } else
        printTable(*results, scenario->workload, out);
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg("estimate", kUsage, &runEstimate);

} // namespace
