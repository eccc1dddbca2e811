// SPDX-License-Identifier: MIT
// The Serving, Cost and Fleet views: a real scenario through the real engine, checked for
// complete, finite series and for cost arithmetic that matches core to the last digit.
#include "serving/CostTab.h"
#include "serving/FleetTab.h"
#include "serving/ScenarioSimulation.h"
#include "serving/ServingChartPanel.h"
#include "serving/ServingCostFleetView.h"
#include "serving/ServingData.h"
#include "serving/ServingTab.h"

#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QXYSeries>

#include <cmath>

namespace {

QString sourceDir()
{
    const QString env = qEnvironmentVariable("IS_SOURCE_DIR");
    return env.isEmpty() ? QDir::currentPath() : env;
}

double rel(double a, double b)
{
    return std::abs(a - b) / std::max({std::abs(a), std::abs(b), 1e-300});
}

// Every point of every series is finite; returns the number of points seen.
int checkFinite(ChartPanel* panel)
{
    int points = 0;
    const auto series = panel->series();
    for (QAbstractSeries* s : series) {
        if (auto* xy = qobject_cast<QXYSeries*>(s)) {
            const auto pts = xy->points();
            for (const QPointF& p : pts) {
                if (!std::isfinite(p.x()) || !std::isfinite(p.y()))
                    return -1;
                ++points;
            }
        } else if (auto* bars = qobject_cast<QAbstractBarSeries*>(s)) {
            const auto sets = bars->barSets();
            for (QBarSet* set : sets)
                for (int i = 0; i < set->count(); ++i) {
                    if (!std::isfinite(set->at(i)))
                        return -1;
                    ++points;
                }
        }
    }
    return points;
}

} // namespace

class TestServingViews : public QObject
{
    Q_OBJECT

private:
    is::Scenario m_scenario;
    std::shared_ptr<const is::Engine> m_engine;
    QHash<QString, QColor> m_colours;

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        auto s = is::loadScenarioFile(sourceDir() + QStringLiteral("/scenarios/gpt-5.6-sol-vs-kimi-k3.json"), &error);
        QVERIFY2(s, qPrintable(error));
        m_scenario = *s;
        m_engine = std::make_shared<const is::Engine>(is::Catalog::builtin());
        m_colours.insert(QStringLiteral("cs3"), QColor(0xe4, 0x57, 0x2e));
        m_colours.insert(QStringLiteral("h100"), QColor(0x4c, 0x78, 0xa8));
    }

    void simulatesOffTheGuiThreadAndDrawsFiniteSeries()
    {
        ServingCostFleetView view;
        view.resize(1400, 900);
        view.show();
        QElapsedTimer timer;
        timer.start();
        view.setScenario(m_scenario, m_engine, m_colours);
        QVERIFY(view.simulationPending());
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
        // The timeline follows the selector.
        QComboBox* sel = view.servingTab()->timelineSelector();
        QCOMPARE(sel->count(), int(m_scenario.deployments.size()));
        sel->setCurrentIndex(1);
        QVERIFY(checkFinite(view.servingTab()->timelineChart()) > 0);
        QVERIFY(view.servingTab()->timelineChart()->toCsv().contains(sel->currentText()));
        // Every CDF metric draws.
        for (int m = 0; m < 3; ++m) {
            view.servingTab()->cdfMetricSelector()->setCurrentIndex(m);
            QVERIFY(checkFinite(view.servingTab()->cdfChart()) > 0);
        }
        for (ChartPanel* c : view.charts())
            QVERIFY2(checkFinite(c) >= 0, qPrintable(c->id()));
    }

    void newestScenarioWins()
    {
        ServingCostFleetView view;
        view.setScenario(m_scenario, m_engine, m_colours);
        is::Scenario other = m_scenario;
        other.deployments.pop_back();
        view.setScenario(other, m_engine, m_colours);
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        QVERIFY(view.simulation());
        QCOMPARE(int(view.simulation()->deployments.size()), 1);
    }

    void costStackAddsUpToServingPointCost()
    {
        ServingCostFleetView view;
        view.setScenario(m_scenario, m_engine, m_colours);
        CostTab* cost = view.costTab();
        const servingdata::CostInputs& in = cost->inputs();
        QVERIFY2(in.error.isEmpty(), qPrintable(in.error));
        QCOMPARE(int(in.points.size()), int(m_scenario.deployments.size()));

        // Sum the stacked bar sets per category, as drawn.
        const auto series = cost->stackChart()->series();
        QCOMPARE(series.size(), 1);
        auto* bars = qobject_cast<QAbstractBarSeries*>(series.first());
        QVERIFY(bars);
        for (int i = 0; i < int(in.points.size()); ++i) {
            const auto& p = in.points[size_t(i)];
            QVERIFY2(p.ok, qPrintable(p.name + QStringLiteral(": ") + p.why));
            double drawn = 0;
            for (QBarSet* set : bars->barSets())
                drawn += set->at(i);
            const double total = servingdata::perMTokTotal(in, p, in.tco);
            QVERIFY(total > 0 && std::isfinite(total));
            QVERIFY2(rel(drawn, total) < 1e-6, qPrintable(QStringLiteral("%1 vs %2").arg(drawn).arg(total)));
            QVERIFY(rel(cost->breakdown()[size_t(i)].total(), total) < 1e-6);
        }

        // Dearer electricity: more energy cost per token, nothing else changes.
        for (const auto& p : in.points) {
            const auto base = servingdata::perMTokBreakdown(in, p, in.tco);
            const auto dear = servingdata::perMTokBreakdown(
                in, p, servingdata::varied(in.tco, servingdata::SweepKind::ElectricityPrice, in.tco.usdPerKWh.value * 2));
            QVERIFY(base.energy > 0);
            QVERIFY(rel(dear.energy, 2 * base.energy) < 1e-9);
            QVERIFY(rel(dear.capital, base.capital) < 1e-12);
        }

        // The sensitivity charts: one finite line per deployment plus the assumption marker, rising with price.
        for (auto k : {servingdata::SweepKind::ElectricityPrice, servingdata::SweepKind::Utilisation}) {
            ServingChartPanel* c = cost->sensitivityChart(k);
            QVERIFY(checkFinite(c) > 0);
            QCOMPARE(int(c->series().size()), int(in.points.size()) + 1);
        }
        auto* line = qobject_cast<QXYSeries*>(cost->sensitivityChart(servingdata::SweepKind::ElectricityPrice)->series().first());
        QVERIFY(line->points().last().y() > line->points().first().y());
        auto* util = qobject_cast<QXYSeries*>(cost->sensitivityChart(servingdata::SweepKind::Utilisation)->series().first());
        QVERIFY(util->points().last().y() < util->points().first().y());
    }

    void electricityPriceInTheScenarioMovesOnlyEnergy()
    {
        // Through the view, as an edit of the document would: the energy segment follows the price.
        ServingCostFleetView view;
        QElapsedTimer timer;
        timer.start();
        view.setScenario(m_scenario, m_engine, m_colours);
        // Cost and fleet are recomputed on the GUI thread: they must stay interactive.
        qInfo("synchronous cost and fleet update: %lld ms", static_cast<long long>(timer.elapsed()));
        QVERIFY(timer.elapsed() < 2000);
        const auto before = view.costTab()->breakdown();
        is::Scenario dear = m_scenario;
        dear.cost.usdPerKWh.value *= 3;
        view.setScenario(dear, m_engine, m_colours);
        const auto after = view.costTab()->breakdown();
        QCOMPARE(after.size(), before.size());
        for (size_t i = 0; i < before.size(); ++i) {
            QVERIFY(after[i].energy > before[i].energy);
            QVERIFY(rel(after[i].energy, 3 * before[i].energy) < 1e-9);
            QVERIFY(rel(after[i].capital, before[i].capital) < 1e-12);
        }
        // The drawn energy set follows too.
        auto* bars = qobject_cast<QAbstractBarSeries*>(view.costTab()->stackChart()->series().first());
        QVERIFY(bars);
        QVERIFY(std::abs(bars->barSets().at(2)->at(0) - after[0].energy) < 1e-9 * after[0].energy);
    }

    void fleetTableHasOneRowPerDeployment()
    {
        ServingCostFleetView view;
        view.setScenario(m_scenario, m_engine, m_colours);
        FleetTab* fleet = view.fleetTab();
        QVERIFY(fleet->result());
        QCOMPARE(fleet->table()->rowCount(), int(m_scenario.deployments.size()));
        QVERIFY(checkFinite(fleet->chart()) > 0);
        fleet->setTarget(is::cost::FleetTargetKind::PowerMW, 750);
        QVERIFY(fleet->result());
        QCOMPARE(fleet->result()->target.kind, is::cost::FleetTargetKind::PowerMW);
        QCOMPARE(fleet->table()->rowCount(), int(m_scenario.deployments.size()));
        for (const auto& r : fleet->result()->rows)
            if (r.feasible)
                QVERIFY(r.peakMW <= 750 * (1 + 1e-9));
        fleet->targetKind()->setCurrentIndex(1); // requests/s through the UI
        QCOMPARE(fleet->result()->target.kind, is::cost::FleetTargetKind::RequestsPerS);
        QVERIFY(checkFinite(fleet->chart()) >= 0);
    }

    void unresolvableScenarioReportsInsteadOfDrawing()
    {
        // An unknown device: every tab says why, nothing crashes, no series holds NaN.
        is::Scenario bad = m_scenario;
        bad.deployments.front().device = QStringLiteral("no-such-device");
        ServingCostFleetView view;
        view.setScenario(bad, m_engine, m_colours);
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        QVERIFY(!view.simulation());
        QVERIFY(view.simulationError().contains(QStringLiteral("no-such-device")));
        QVERIFY(!view.costTab()->inputs().error.isEmpty());
        QVERIFY(!view.fleetTab()->result());
        QCOMPARE(view.fleetTab()->table()->rowCount(), 0);
        for (ChartPanel* c : view.charts())
            QVERIFY2(checkFinite(c) >= 0, qPrintable(c->id()));
        // A good scenario afterwards draws again.
        view.setScenario(m_scenario, m_engine, m_colours);
        QTRY_VERIFY_WITH_TIMEOUT(!view.simulationPending(), 120000);
        QVERIFY(view.simulation());
        QCOMPARE(view.fleetTab()->table()->rowCount(), int(m_scenario.deployments.size()));
    }

    void exportsPngAndCsv()
    {
        ServingCostFleetView view;
        view.resize(1400, 900);
        view.setScenario(m_scenario, m_engine, m_colours);
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
                QTest::qWait(200);
                view.grab().save(shots + QStringLiteral("/tab%1.png").arg(t));
            }
        }
    }
};

QTEST_MAIN(TestServingViews)
#include "tst_servingviews.moc"
