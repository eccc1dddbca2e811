// SPDX-License-Identifier: MIT
// Every CSV the studio exports names its numeric columns with keys of the metrics table
// (metrics/Metrics.h): the charts, the comparison table, the Cost, Fleet and Serving charts and
// Find a deployment, each filled from the default scenario on the offscreen platform.
#include "OffGuiThread.h"
#include "PlanningSearch.h"
#include "SourcePath.h"
#include "VocabularyCheck.h"

#include "analysis/ScenarioAnalysis.h"
#include "charts/ChartPanel.h"
#include "charts/ChartsView.h"
#include "document/ScenarioDocument.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "planning/PlanningPanel.h"
#include "scenario/Scenario.h"
#include "serving/ServingChartPanel.h"
#include "serving/ServingCostFleetView.h"
#include "table/ComparisonTable.h"

#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QtTest>

#include <memory>

using is::gui::ChartPanel;
using is::gui::ChartsView;
using is::gui::ComparisonTable;

class TestVocabularyExports : public QObject
{
    Q_OBJECT

    is::Scenario m_scenario;
    std::shared_ptr<const is::Engine> m_engine;

    // The numeric columns of `csv` (a column with a cell that reads as a number) not named by the
    // table, as "where: column".
    static QStringList unknownColumns(const QString& where, const QString& csv)
    {
        QStringList lines = csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QStringList unknown;
        if (lines.isEmpty())
            return {where + QStringLiteral(": empty")};
        const QStringList header = lines.takeFirst().split(QLatin1Char(','));
        for (int c = 0; c < header.size(); ++c) {
            bool numeric = false;
            for (const QString& line : std::as_const(lines)) {
                const QStringList cells = line.split(QLatin1Char(','));
                bool ok = false;
                if (c < cells.size() && !cells[c].isEmpty())
                    cells[c].toDouble(&ok);
                numeric = numeric || ok;
            }
            if (numeric && !is::testing::isVocabularyKey(header[c]))
                unknown << where + QStringLiteral(": ") + header[c];
        }
        return unknown;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        auto s = is::loadScenarioFile(
            is::testing::sourcePath(QStringLiteral("scenarios/gpt-5.6-sol-vs-kimi-k3.json")), &error);
        QVERIFY2(s, qPrintable(error));
        m_scenario = *s;
        m_engine = std::make_shared<const is::Engine>(is::Catalog::builtin());
    }

    void chartsAndTheComparisonTable()
    {
        const auto analysis = is::testing::offGuiThread([&] {
            return std::make_shared<const is::ScenarioAnalysis>(
                is::analyseScenario(m_scenario, *m_engine, is::defaultContextGrid()));
        });
        ChartsView charts;
        charts.setAnalysis(analysis, {});
        charts.flush();
        QStringList unknown;
        for (ChartPanel* c : charts.charts())
            unknown << unknownColumns(c->id(), c->toCsv());
        ComparisonTable table;
        table.setAnalysis(analysis, {});
        // The comparison CSV has a row per metric: its first column is the metric's key.
        const QString csv = table.toCsv();
        QVERIFY(csv.startsWith(QStringLiteral("metric,deployment,value,low,high,unit,ratio_to_first\n")));
        for (const QString& line : csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts).mid(1)) {
            const QStringList cells = line.split(QLatin1Char(','));
            bool number = false;
            cells.value(2).toDouble(&number);
            if (number && !is::testing::isVocabularyKey(cells.front()))
                unknown << QStringLiteral("comparison: ") + cells.front();
        }
        QVERIFY2(unknown.isEmpty(), qPrintable(unknown.join(QStringLiteral("; "))));
    }

    void costFleetAndServing()
    {
        is::gui::ServingCostFleetView view;
        view.resize(1400, 900);
        view.setScenario(m_scenario, m_engine, {});
        QVERIFY(view.waitForCostAndFleet());
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        QStringList unknown;
        for (ChartPanel* c : view.charts())
            unknown << unknownColumns(c->id(), c->toCsv());
        QVERIFY2(unknown.isEmpty(), qPrintable(unknown.join(QStringLiteral("; "))));
    }

    void findADeployment()
    {
        is::gui::ScenarioDocument doc(is::Catalog::builtin());
        QString error;
        auto s = is::loadScenarioFile(
            is::testing::sourcePath(QStringLiteral("scenarios/llama-3.1-70b-cs3-vs-h100.json")), &error);
        QVERIFY2(s, qPrintable(error));
        doc.reset(*s, QString());
        is::gui::PlanningPanel panel(&doc);
        panel.setEngine(m_engine);
        QVERIFY(is::testing::searchTenThousandUsers(panel));
        const QStringList unknown =
            unknownColumns(QStringLiteral("find-a-deployment"), panel.chart()->toCsv());
        QVERIFY2(unknown.isEmpty(), qPrintable(unknown.join(QStringLiteral("; "))));
    }
};

QTEST_MAIN(TestVocabularyExports)
#include "tst_vocabulary_exports.moc"
