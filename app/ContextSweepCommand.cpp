// SPDX-License-Identifier: MIT
// `inference-studio context-sweep SCENARIO.json [--points N] [--json]`: per-user speed versus
// context length (1 K to 2 M tokens) for every deployment, the data of the studio's chart.
#include "CliSupport.h"
#include "Command.h"
#include "common/NumberText.h"

#include "analysis/ScenarioAnalysis.h"
#include "hardware/Catalog.h"
#include "metrics/Metrics.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace {

constexpr const char* kUsage = "context-sweep SCENARIO.json [--points N] [--json]";

int runContextSweep(const QStringList& argsIn)
{
    QTextStream err(stderr);
    QTextStream out(stdout);
    is::app::CommandLine args(QStringLiteral("context-sweep"), QLatin1String(kUsage),
                              QStringLiteral("scenario file"));
    args.addOption(
        {QStringLiteral("points")}, QStringLiteral("N"),
        QStringLiteral("Context lengths to evaluate, 2 to 200, spaced evenly on a log scale (default 12)."));
    args.addFlag(QStringLiteral("json"), QStringLiteral("Print the sweep as JSON."));
    if (const auto stop = args.parse(argsIn, out, err))
        return *stop;
    const bool json = args.isSet(QStringLiteral("json"));
    const QString pointsText = args.value(QStringLiteral("points"));
    bool pointsOk = true;
    const int points = args.isSet(QStringLiteral("points")) ? pointsText.toInt(&pointsOk) : 12;
    if (!pointsOk || points < 2 || points > 200) {
        err << "context-sweep: --points: expected a whole number from 2 to 200, got '" << pointsText << "'\n";
        return is::app::ExitBadInput;
    }
    auto scenario = is::app::loadScenarioToEvaluate(args.file(), QStringLiteral("context-sweep"), err);
    if (!scenario)
        return is::app::ExitBadInput;
    is::Engine engine(is::app::loadCatalogReportingWarnings(err));
    const is::ScenarioAnalysis a = is::analyseScenario(*scenario, engine, is::defaultContextGrid(points));
    if (!a.error.isEmpty()) {
        err << args.file() << ": " << a.error << "\n";
        return is::app::ExitBadInput;
    }
    if (json) {
        QJsonArray deps;
        for (const auto& d : a.deployments) {
            QJsonArray pts;
            for (size_t i = 0; i < d.speedVsContext.size(); ++i) {
                const is::BandPoint& p = d.speedVsContext[i];
                QJsonObject point{{QStringLiteral("kv_placement"), is::kvPlacementId(d.contextPlacement[i])}};
                is::metrics::insert(point, u"context", p.x);
                is::metrics::insert(point, is::metrics::Id::TokSUser, p.y);
                is::metrics::insert(point, u"tok_s_user_low", p.low);
                is::metrics::insert(point, u"tok_s_user_high", p.high);
                // No first token where the point does not fit: null, not an instant 0.
                const is::BandPoint& t = d.firstTokenVsContext[i];
                if (t.y > 0) {
                    is::metrics::insert(point, is::metrics::Id::TtftMs, t.y);
                    is::metrics::insert(point, u"ttft_ms_low", t.low);
                    is::metrics::insert(point, u"ttft_ms_high", t.high);
                } else {
                    for (const char* key : {"ttft_ms", "ttft_ms_low", "ttft_ms_high"})
                        point.insert(QLatin1String(key), QJsonValue());
                }
                is::metrics::insert(point, is::metrics::Id::Chips, d.contextChips[i]);
                pts.append(point);
            }
            QJsonObject o{{QStringLiteral("name"), d.name}, {QStringLiteral("points"), pts}};
            if (d.sramExhaustedAt > 0) {
                is::metrics::insert(o, u"sram_exhausted_at", d.sramExhaustedAt);
                o.insert(QStringLiteral("then"), d.sramExhaustedAction);
            }
            deps.append(o);
        }
        out << QJsonDocument(QJsonObject{{QStringLiteral("deployments"), deps}})
                   .toJson(QJsonDocument::Compact)
            << "\n";
        return is::app::ExitOk;
    }
    for (const auto& d : a.deployments) {
        out << d.name << " (" << d.modelName << ")\n";
        std::vector<QStringList> table{{QStringLiteral("context"), QStringLiteral("tok/s per user"),
                                        QStringLiteral("TTFT (ms)"), QStringLiteral("chips"),
                                        QStringLiteral("KV cache")}};
        for (size_t i = 0; i < d.speedVsContext.size(); ++i) {
            const is::BandPoint& p = d.speedVsContext[i];
            const bool pastWindow = d.maxContext > 0 && p.x > d.maxContext;
            const QString speed = p.y > 0 ? is::fixedDecimals(p.y, 1)
                                          : (pastWindow ? QStringLiteral("past the context window")
                                                        : QStringLiteral("does not fit"));
            const double ttft = d.firstTokenVsContext[i].y;
            table.push_back({is::fixedDecimals(p.x, 0), speed,
                             ttft > 0 ? is::fixedDecimals(ttft, ttft < 10 ? 2 : 0) : QStringLiteral("-"),
                             pastWindow ? QStringLiteral("-") : QString::number(d.contextChips[i]),
                             pastWindow ? QStringLiteral("-") : is::kvPlacementId(d.contextPlacement[i])});
        }
        is::app::printAligned(table, out);
        if (d.sramExhaustedAt > 0)
            out << "SRAM exhausted at " << is::fixedDecimals(d.sramExhaustedAt, 0)
                << " tokens: " << d.sramExhaustedAction << "\n";
        out << "\n";
    }
    for (const QString& issue : a.issues)
        err << "issue: " << issue << "\n";
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg("context-sweep", kUsage, &runContextSweep);

} // namespace
