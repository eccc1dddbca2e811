// SPDX-License-Identifier: MIT
// `inference-studio cost SCENARIO.json [--json]`: cost per million output tokens by component and
// its sensitivity to the electricity price and utilisation, the data of the studio's Cost charts
// (core/analysis/CostAnalysis.h).
#include "CliSupport.h"
#include "Command.h"
#include "common/NumberText.h"

#include "analysis/CostAnalysis.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"

#include <QJsonDocument>
#include <QTextStream>

namespace {

constexpr const char* kUsage = "cost SCENARIO.json [--json]";

QString money(double usd)
{
    return is::fixedDecimals(usd, 3);
}

void printCost(const is::cost::CostAnalysis& a, QTextStream& out)
{
    std::vector<QStringList> table{{QStringLiteral("deployment"), QStringLiteral("capital"),
                                    QStringLiteral("maintenance"), QStringLiteral("energy"),
                                    QStringLiteral("space"), QStringLiteral("rental"),
                                    QStringLiteral("total $/M tokens")}};
    for (size_t i = 0; i < a.inputs.points.size(); ++i) {
        const is::cost::CostPoint& p = a.inputs.points[i];
        const is::cost::HourlyCost& h = a.breakdown[i];
        if (!p.ok) {
            table.push_back({p.name, QStringLiteral("no cost: ") +
                                         (p.why.isEmpty() ? QStringLiteral("serves no tokens") : p.why)});
            continue;
        }
        table.push_back({p.name, money(h.capital), money(h.maintenance), money(h.energy), money(h.space),
                         money(h.rental), money(h.total())});
    }
    is::app::printAligned(table, out);
    for (const is::cost::CostSweep* s : {&a.electricity, &a.utilisation}) {
        const bool electricity = s->kind == is::cost::SweepKind::ElectricityPrice;
        out << "\n$/M tokens versus " << (electricity ? "electricity price (USD/kWh)" : "utilisation (%)")
            << ", scenario: " << (electricity ? s->scenarioValue : 100 * s->scenarioValue) << "\n";
        QStringList header{electricity ? QStringLiteral("USD/kWh") : QStringLiteral("utilisation %")};
        for (const is::cost::CostCurve& c : s->curves)
            header << c.name;
        std::vector<QStringList> sweep{header};
        for (size_t j = 0; j < s->values.size(); ++j) {
            QStringList row{electricity ? is::fixedDecimals(s->values[j], 2)
                                        : is::fixedDecimals(100 * s->values[j], 1)};
            for (const is::cost::CostCurve& c : s->curves)
                row << money(c.usdPerMTok[j]);
            sweep.push_back(row);
        }
        is::app::printAligned(sweep, out);
    }
}

int runCost(const QStringList& argsIn)
{
    QTextStream err(stderr);
    QTextStream out(stdout);
    is::app::CommandLine args(QStringLiteral("cost"), QLatin1String(kUsage), QStringLiteral("scenario file"));
    args.addFlag(QStringLiteral("json"), QStringLiteral("Print the costs and both sweeps as JSON."));
    if (const auto stop = args.parse(argsIn, out, err))
        return *stop;
    auto scenario = is::app::loadScenarioToEvaluate(args.file(), QStringLiteral("cost"), err);
    if (!scenario)
        return is::app::ExitBadInput;
    is::Engine engine(is::app::loadCatalogReportingWarnings(err));
    const is::cost::CostAnalysis a = is::cost::analyseCost(*scenario, engine);
    if (!a.inputs.error.isEmpty()) {
        err << args.file() << ": " << a.inputs.error << "\n";
        return is::app::ExitBadInput;
    }
    if (args.isSet(QStringLiteral("json")))
        out << QJsonDocument(is::cost::costAnalysisToJson(a)).toJson(QJsonDocument::Compact) << "\n";
    else
        printCost(a, out);
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg("cost", kUsage, &runCost);

} // namespace
