// SPDX-License-Identifier: MIT
// The Serving, Cost and Fleet view on the offscreen platform: the request simulation off the GUI
// thread and its finite series, empty and unresolvable scenarios, the newest scenario winning, a
// failed simulation clearing the charts, and PNG and CSV exports. The Cost and Fleet tabs' figures
// are tst_servingviews_costfleet; the assumptions editor tst_servingviews_tco.
#include "EventLoop.h"
#include "ServingViewsFixture.h"

#include "analysis/ScenarioSimulation.h"
#include "cost/CostTab.h"
#include "fleet/FleetTab.h"
#include "serving/ServingChartPanel.h"
#include "serving/ServingCostFleetView.h"
#include "serving/ServingTab.h"

#include <QApplication>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QRegularExpression>
#include <QSet>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

class TestServingViews : public is::test::ServingViewsSuite
{
    Q_OBJECT

private Q_SLOTS:
    void simulatesOffTheGuiThreadAndDrawsFiniteSeries()
    {
        ServingCostFleetView view;
        view.resize(1400, 900);
        view.show();
        QElapsedTimer timer;
        timer.start();
        view.setScenario(m_scenario, m_engine, m_colours);
        QVERIFY(view.simulationPending()); // setScenario returned before the simulation ended
        QVERIFY(view.waitForCostAndFleet());
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        qInfo("simulation of %d requests per deployment delivered after %lld ms", view.simulatedRequests(),
              static_cast<long long>(timer.elapsed()));
        QVERIFY2(view.simulation(), qPrintable(view.simulationError()));
        QCOMPARE(int(view.simulation()->deployments.size()), int(m_scenario.deployments.size()));

        for (ServingChartPanel* c : view.servingTab()->charts()) {
            const int n = checkFinite(c);
            QVERIFY2(n > 0, qPrintable(c->id() + QStringLiteral(": empty or not finite")));
            QVERIFY2(!c->toCsv().isEmpty(), qPrintable(c->id()));
        }
        QVERIFY(view.servingTab()->summary().contains(m_scenario.deployments.front().name));
        // The default scenario states no latency target: the load is a share of the highest
        // throughput, and the summary says so rather than beside the assumed targets alone.
        QVERIFY2(
            view.servingTab()->summary().contains(QStringLiteral("its capacity is its highest throughput")),
            qPrintable(view.servingTab()->summary()));
        QVERIFY(view.servingTab()->cdfChart()->legendLabels().size() >= 2);
        // The timeline follows the selector.
        QComboBox* sel = view.servingTab()->timelineSelector();
        QCOMPARE(sel->count(), int(m_scenario.deployments.size()));
        sel->setCurrentIndex(1);
        QVERIFY(checkFinite(view.servingTab()->timelineChart()) > 0);
        QVERIFY(view.servingTab()->timelineChart()->toCsv().contains(sel->currentText()));
        // Every CDF metric draws, with its log axis' decades labelled ("100", "1K"), once each:
        // a redraw removes the labels of the axis it replaces.
        for (int m = 0; m < 3; ++m) {
            view.servingTab()->cdfMetricSelector()->setCurrentIndex(m);
            QVERIFY(checkFinite(view.servingTab()->cdfChart()) > 0);
            QCoreApplication::sendPostedEvents();
            // The legend's names are text items of the scene too: only numbers are ticks.
            static const QRegularExpression tick(QStringLiteral("^[0-9.]+[KMGT]?$"));
            QStringList ticks;
            const auto items = view.servingTab()->cdfChart()->chart()->scene()->items();
            for (QGraphicsItem* item : items)
                if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item);
                    text && text->isVisible() && tick.match(text->text()).hasMatch())
                    ticks << text->text();
            QVERIFY2(ticks.size() >= 2 && ticks.removeDuplicates() == 0, qPrintable(ticks.join(u' ')));
        }
        for (ChartPanel* c : view.charts())
            QVERIFY2(checkFinite(c) >= 0, qPrintable(c->id()));
    }

    // A scenario without deployments: every serving, cost and fleet chart says what to do in its
    // plot area, and the timeline's empty selector is disabled; a deployment clears it all.
    void emptyScenarioChartsSayWhatToDo()
    {
        ServingCostFleetView view;
        view.resize(1400, 900);
        view.show();
        is::Scenario empty = m_scenario;
        empty.deployments.clear();
        QVERIFY(showScenario(view, empty));
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        for (ChartPanel* c : view.charts())
            QVERIFY2(c->placeholder() == ChartPanel::noDeploymentsText(), qPrintable(c->id()));
        QVERIFY(!view.servingTab()->timelineSelector()->isEnabled());

        QVERIFY(showScenario(view, m_scenario));
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        for (ChartPanel* c : view.charts())
            QVERIFY2(c->placeholder().isEmpty(), qPrintable(c->id()));
        QVERIFY(view.servingTab()->timelineSelector()->isEnabled());
    }

    void newestScenarioWins()
    {
        ServingCostFleetView view;
        view.setScenario(m_scenario, m_engine, m_colours);
        is::Scenario other = m_scenario;
        other.deployments.pop_back();
        QVERIFY(showScenario(view, other));
        // Cost and fleet, like the simulation, show the newest scenario: one deployment.
        QCOMPARE(int(view.costTab()->inputs().points.size()), 1);
        QCOMPARE(view.fleetTab()->table()->rowCount(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        QVERIFY(view.simulation());
        QCOMPARE(int(view.simulation()->deployments.size()), 1);
    }

    void unresolvableScenarioReportsInsteadOfDrawing()
    {
        // An unknown device: every tab says why, nothing crashes, no series holds NaN.
        is::Scenario bad = m_scenario;
        bad.deployments.front().device = QStringLiteral("no-such-device");
        ServingCostFleetView view;
        QVERIFY(showScenario(view, bad));
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        QVERIFY(!view.simulation());
        QVERIFY(view.simulationError().contains(QStringLiteral("no-such-device")));
        QVERIFY(!view.costTab()->inputs().error.isEmpty());
        QVERIFY(!view.fleetTab()->result());
        QCOMPARE(view.fleetTab()->table()->rowCount(), 0);
        for (ChartPanel* c : view.charts())
            QVERIFY2(checkFinite(c) >= 0, qPrintable(c->id()));
        // A good scenario afterwards draws again.
        QVERIFY(showScenario(view, m_scenario));
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        QVERIFY(view.simulation());
        QCOMPARE(view.fleetTab()->table()->rowCount(), int(m_scenario.deployments.size()));
    }

    // One output token a request (the seed benchmark's workload): the time per output token has
    // nothing to draw, and its charts say why instead of showing bare axes.
    void oneOutputTokenSaysWhyTheTpotIsEmpty()
    {
        is::Scenario one = m_scenario;
        one.workload.outputTokens = 1;
        ServingCostFleetView view;
        QVERIFY(showScenario(view, one));
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        QVERIFY2(view.simulation(), qPrintable(view.simulationError()));
        QVERIFY2(
            view.servingTab()->percentileChart(1)->note().contains(QStringLiteral("second output token")),
            qPrintable(view.servingTab()->percentileChart(1)->note()));
        QVERIFY(
            !view.servingTab()->percentileChart(0)->note().contains(QStringLiteral("second output token")));
        view.servingTab()->cdfMetricSelector()->setCurrentIndex(1);
        QVERIFY(view.servingTab()->cdfChart()->note().contains(QStringLiteral("second output token")));
        view.servingTab()->cdfMetricSelector()->setCurrentIndex(0);
        QVERIFY(view.servingTab()->cdfChart()->note().isEmpty());
        // Nor does the summary count requests within a time per output token ("0 ms").
        const QString summary = view.servingTab()->summary();
        QVERIFY2(summary.contains(QStringLiteral("first token within")) &&
                     !summary.contains(QStringLiteral("per output token")),
                 qPrintable(summary));
    }

    // A bar's number stands upright where it is wider than its bar: at 1280 x 720 the wafers'
    // "241.6" over a bar a third its width ran into the H100s' bar beside it. On a wide chart the
    // numbers lie flat again.
    void barNumbersStandUprightWhereWiderThanTheirBars()
    {
        ServingCostFleetView view;
        QVERIFY(showScenario(view, m_scenario));
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        QVERIFY2(view.simulation(), qPrintable(view.simulationError()));
        ServingChartPanel* ttft = view.servingTab()->percentileChart(0);
        auto* bars = qobject_cast<QBarSeries*>(ttft->series().value(0));
        QVERIFY(bars && bars->count() == 2);
        // As Qt writes the values: %g at the series' precision, in the chart's locale.
        qreal labelPx = 0;
        for (QBarSet* set : bars->barSets())
            for (int k = 0; k < set->count(); ++k)
                labelPx = std::max(labelPx, QFontMetricsF(set->labelFont())
                                                .horizontalAdvance(ttft->chart()->locale().toString(
                                                    set->at(k), 'g', bars->labelsPrecision())));
        const auto barPx = [&] { return ttft->chart()->plotArea().width() / 3.0 * bars->barWidth() / 2.0; };
        view.tabs()->setCurrentWidget(view.servingTab());
        view.resize(900, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(ttft->isVisible());
        QSet<int> angles;
        for (int width : {700, 1100, 3200}) {
            view.resize(width, 900);
            QApplication::processEvents();
            QCOMPARE(bars->labelsAngle(), labelPx > barPx() ? -90.0 : 0.0);
            angles << int(bars->labelsAngle());
        }
        QCOMPARE(angles, (QSet<int>{-90, 0})); // both: upright where narrow, flat where wide
    }

    void failedSimulationClearsTheServingCharts()
    {
        ServingCostFleetView view;
        QVERIFY(showScenario(view, m_scenario));
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        QVERIFY(view.servingTab()->hasRun());
        QVERIFY(checkFinite(view.servingTab()->percentileChart(0)) > 0);
        is::Scenario bad = m_scenario;
        bad.deployments.front().device = QStringLiteral("no-such-device");
        QVERIFY(showScenario(view, bad));
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        QVERIFY(!view.simulation());
        QVERIFY(!view.servingTab()->hasRun());
        // No series from the previous scenario under the error.
        for (ServingChartPanel* c : view.servingTab()->charts()) {
            QVERIFY2(c->series().isEmpty(), qPrintable(c->id()));
            QVERIFY(c->toCsv().isEmpty());
        }
        QVERIFY(view.servingTab()->summary().isEmpty());
        QCOMPARE(view.servingTab()->timelineSelector()->count(), 0);
        QVERIFY(showScenario(view, m_scenario));
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        QVERIFY(checkFinite(view.servingTab()->percentileChart(0)) > 0);
    }

    void exportsPngAndCsv()
    {
        ServingCostFleetView view;
        view.resize(1400, 900);
        QVERIFY(showScenario(view, m_scenario));
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        QTemporaryDir dir;
        for (ChartPanel* c : view.charts()) {
            QString error;
            const QString base = dir.path() + QLatin1Char('/') + c->id();
            QVERIFY2(c->exportTo(base + QStringLiteral(".png"), &error), qPrintable(error));
            QVERIFY2(c->exportTo(base + QStringLiteral(".csv"), &error), qPrintable(error));
            QVERIFY(QFileInfo(base + QStringLiteral(".png")).size() > 1000);
            QVERIFY(!c->exportActions().isEmpty());
        }
        // A screenshot of every tab for eyeballing the layout (IS_SERVINGVIEWS_SHOTS=dir).
        const QString shots = qEnvironmentVariable("IS_SERVINGVIEWS_SHOTS");
        if (!shots.isEmpty()) {
            view.show();
            for (int t = 0; t < view.tabs()->count(); ++t) {
                view.tabs()->setCurrentIndex(t);
                QVERIFY(is::testing::waitUntilIdle());
                view.grab().save(shots + QStringLiteral("/tab%1.png").arg(t));
            }
        }
    }
};

QTEST_MAIN(TestServingViews)
#include "tst_servingviews.moc"
