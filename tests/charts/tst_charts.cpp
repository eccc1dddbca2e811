// SPDX-License-Identifier: MIT
// The studio's charts fed a real scenario analysis: every chart filled with finite data, live
// updates when the context changes, coalesced and drawn cheaply while a stream runs, axes that
// only grow during one and fit the data once it settles. What each chart draws is
// tst_charts_series, its text tst_charts_text, its exports tst_charts_export.
#include "ChartsFixture.h"
#include "EventLoop.h"

#include "charts/ChartPanel.h"
#include "charts/ChartsView.h"
#include "charts/NiceAxis.h"
#include "charts/ParetoChart.h"

#include <QChart>
#include <QChartView>
#include <QElapsedTimer>
#include <QLogValueAxis>
#include <QPainter>
#include <QSignalSpy>
#include <QValueAxis>
#include <QXYSeries>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace is;
using is::gui::ChartPanel;
using is::gui::ChartsView;
using is::gui::ParetoChart;
namespace niceaxis = is::gui::niceaxis;

class TestCharts : public test::ChartsSuite
{
    Q_OBJECT

private Q_SLOTS:
    void everyChartFilled()
    {
        ChartsView view;
        fillCharts(view, m_analysis);
        QCOMPARE(view.charts().size(), 7);
        for (ChartPanel* panel : view.charts()) {
            QVERIFY2(!panel->series().isEmpty(), qPrintable(panel->id()));
            const QList<double> values = valuesOf(panel);
            QVERIFY2(!values.isEmpty(), qPrintable(panel->id()));
            bool anyPositive = false;
            for (double v : values) {
                QVERIFY2(std::isfinite(v), qPrintable(panel->id()));
                anyPositive = anyPositive || v > 0;
            }
            QVERIFY2(anyPositive, qPrintable(panel->id()));
            QVERIFY2(!panel->chart()->title().isEmpty(), qPrintable(panel->id()));
            // Every chart has a titled axis on each side it draws, with a unit or a count.
            const auto axes = panel->chart()->axes();
            QVERIFY(!axes.isEmpty());
            QCOMPARE(panel->chart()->animationOptions(), QChart::NoAnimation);
        }
        // The Pareto chart switches between tok/s per chip and per MW.
        auto* pareto = qobject_cast<ParetoChart*>(view.chart(QStringLiteral("throughput-vs-interactivity")));
        QVERIFY(pareto);
        const QList<double> perChip = valuesOf(pareto);
        pareto->setMeasure(ParetoChart::Measure::PerMegawatt);
        QVERIFY(valuesOf(pareto) != perChip);
        pareto->setMeasure(ParetoChart::Measure::PerChip);
        QCOMPARE(valuesOf(pareto), perChip);

        // The deployment colours reach the charts.
        auto* speed = view.chart(QStringLiteral("speed-vs-context"));
        QVERIFY(speed);
        bool foundColour = false;
        for (QAbstractSeries* s : speed->series())
            if (auto* xy = qobject_cast<QXYSeries*>(s); xy && xy->name() == m_analysis->deployments[0].name)
                foundColour = xy->pen().color() == m_colours.value(m_analysis->deployments[0].docId);
        QVERIFY(foundColour);
    }

    void contextChangeMovesSeries()
    {
        ChartsView view;
        fillCharts(view, m_analysis);
        QHash<QString, QList<double>> before;
        for (ChartPanel* panel : view.charts())
            before.insert(panel->id(), valuesOf(panel));

        Scenario longer = m_scenario;
        longer.workload.inputTokens = 131072;
        view.setAnalysis(test::analyse(longer), m_colours);
        view.flush();
        // Charts of the current workload move; the context sweep itself does not depend on it.
        for (const char* id : {"latency", "latency-breakdown", "memory-budget", "power-energy", "cost"}) {
            ChartPanel* panel = view.chart(QLatin1String(id));
            QVERIFY(panel);
            QVERIFY2(valuesOf(panel) != before.value(panel->id()), id);
        }
        // Same structure, new values: series objects are reused (replace(), not rebuilt).
        QCOMPARE(valuesOf(view.chart(QStringLiteral("latency"))).size(),
                 before.value(QStringLiteral("latency")).size());
    }

    void coalescesAndSignalsRepaint()
    {
        ChartsView view;
        QVERIFY(showExposed(view));
        QSignalSpy updated(&view, &ChartsView::updated);
        QSignalSpy repainted(&view, &ChartsView::repainted);
        // Three ticks in one event-loop pass: one update.
        view.setAnalysis(m_analysis, m_colours);
        view.setAnalysis(m_analysis, m_colours);
        view.setAnalysis(m_analysis, m_colours);
        QTRY_COMPARE(updated.count(), 1);
        QTRY_COMPARE(repainted.count(), 1);
        // Everything the three ticks queued has run: still one update.
        QVERIFY(is::testing::waitUntilIdle());
        QCOMPARE(updated.count(), 1);
    }

    void unchangedChartsAreNotTouched()
    {
        ChartsView view;
        fillCharts(view, m_analysis);
        ChartPanel* speed = view.chart(QStringLiteral("speed-vs-context"));
        ChartPanel* latency = view.chart(QStringLiteral("latency"));
        QVERIFY(speed && latency);
        const QString csv = speed->toCsv();
        // The same analysis again changes nothing anywhere.
        QVERIFY(!speed->applyAnalysis(*m_analysis, m_colours));
        // A new context length moves the current-workload charts; of the context sweep only the
        // marker of the current context moves, its curves' CSV stays identical.
        Scenario longer = m_scenario;
        longer.workload.inputTokens = 131072;
        const auto moved = test::analyse(longer);
        QVERIFY(speed->applyAnalysis(*moved, m_colours));
        QCOMPARE(speed->toCsv(), csv);
        QVERIFY(!speed->applyAnalysis(*moved, m_colours));
        QVERIFY(latency->applyAnalysis(*moved, m_colours));
        // A new colour is a change.
        QHash<QString, QColor> recoloured = m_colours;
        for (auto it = recoloured.begin(); it != recoloured.end(); ++it)
            it.value() = it.value().darker(150);
        QVERIFY(speed->applyAnalysis(*moved, recoloured));
    }

    // A simulation of 1.94 s: Qt's nice numbers make 0 to 2 in steps of 0.5, whose labels need one
    // decimal ("0, 1, 1, 2, 2" without); 0 to 2,500 s in steps of 500 need none.
    void tickLabelsShowTheStep()
    {
        QValueAxis shortRun;
        shortRun.setRange(0, 1.94);
        shortRun.applyNiceNumbers();
        niceaxis::labelTicksExactly(&shortRun);
        const double step = (shortRun.max() - shortRun.min()) / (shortRun.tickCount() - 1);
        QVERIFY(step < 1);
        QCOMPARE(shortRun.labelFormat(), QStringLiteral("%.1f"));
        QValueAxis longRun;
        longRun.setRange(0, 2400);
        longRun.applyNiceNumbers();
        niceaxis::labelTicksExactly(&longRun);
        QCOMPARE(longRun.labelFormat(), QStringLiteral("%.0f"));
    }

    void axisRangesStayWhileDataFits()
    {
        QValueAxis axis;
        niceaxis::setValueRange(&axis, 900);
        QCOMPARE(axis.max(), 1000.0);
        niceaxis::setValueRange(&axis, 450); // still fills 45 %: kept
        QCOMPARE(axis.max(), 1000.0);
        niceaxis::setValueRange(&axis, 300); // under 40 %: rescaled to the next 1-2-5 value
        QCOMPARE(axis.max(), 500.0);
        niceaxis::setValueRange(&axis, 501); // grows as soon as the data does not fit
        QCOMPARE(axis.max(), 1000.0);
        // While updates stream in, axes only grow, however small the data gets...
        niceaxis::setValueRange(&axis, 20, true);
        QCOMPARE(axis.max(), 1000.0);
        niceaxis::setValueRange(&axis, 1500, true);
        QCOMPARE(axis.max(), 2000.0);
        // ...and fit the data again once the stream has settled.
        niceaxis::setValueRange(&axis, 20);
        QCOMPARE(axis.max(), 20.0);
        // Fewer ticks on a short axis keep 1-2-5 steps; an axis set to its data's own length (a
        // 150 s simulation) keeps its own ticks instead of 37.5, 75, 112.5.
        niceaxis::fitTicks(&axis, 60, 12);
        QCOMPARE(axis.tickCount(), 3); // 0, 10, 20
        QValueAxis run;
        run.setRange(0, 150);
        run.setTickCount(4);
        niceaxis::fitTicks(&run, 300, 20);
        QCOMPARE(run.tickCount(), 4); // 0, 50, 100, 150
        // The electricity price axis, 0 to 0.30 USD/kWh in 0.05 steps, thins to 0.1 steps where
        // seven "0.30" labels would run together (a 1280 x 720 cost tab).
        QValueAxis price;
        price.setRange(0, 0.30);
        price.setTickCount(7);
        niceaxis::fitTicks(&price, 200, 30);
        QCOMPARE(price.tickCount(), 4); // 0, 0.1, 0.2, 0.3
        QCOMPARE(price.labelFormat(), QStringLiteral("%.1f"));
        niceaxis::fitTicks(&price, 600, 30);
        QCOMPARE(price.tickCount(), 7);

        // Log axes show the whole decades the data spans: once settled, the same data draws the
        // same axis whatever was shown before (an edit that widened it, then its undo).
        QLogValueAxis log;
        log.setBase(10);
        niceaxis::setLogRange(&log, 1, 50);
        QCOMPARE(log.min(), 1.0);
        QCOMPARE(log.max(), 100.0);
        niceaxis::setLogRange(&log, 2, 30); // the same decades
        QCOMPARE(log.min(), 1.0);
        QCOMPARE(log.max(), 100.0);
        niceaxis::setLogRange(&log, 0.5, 30); // below the range: refitted
        QCOMPARE(log.min(), 0.1);
        QCOMPARE(log.max(), 100.0);
        niceaxis::setLogRange(&log, 0.05, 500); // both ends outside: refitted to 0.01 .. 1000
        QCOMPARE(log.min(), 0.01);
        QCOMPARE(log.max(), 1000.0);
        niceaxis::setLogRange(&log, 0.5, 30); // inside, but narrower: back to 0.1 .. 100
        QCOMPARE(log.min(), 0.1);
        QCOMPARE(log.max(), 100.0);
        // While a slider streams updates the axis only grows; once settled it fits again.
        niceaxis::setLogRange(&log, 0.05, 30);
        QCOMPARE(log.min(), 0.01);
        niceaxis::setLogRange(&log, 20, 30, true); // three decades too wide, but live: kept
        QCOMPARE(log.min(), 0.01);
        QCOMPARE(log.max(), 100.0);
        niceaxis::setLogRange(&log, 20, 30); // settled: refitted
        QCOMPARE(log.min(), 10.0);
        QCOMPARE(log.max(), 100.0);
    }

    void updateLatency()
    {
        // Slider-to-pixels for the charts alone (the engine runs on a worker thread): apply a new
        // analysis and repaint every chart. Reported, and bounded loosely: timing on a shared
        // machine is not a test of speed, the shell's --bench-ui is.
        Scenario other = m_scenario;
        other.workload.inputTokens = 65536;
        const std::shared_ptr<const ScenarioAnalysis> analyses[2] = {m_analysis, test::analyse(other)};
        ChartsView view;
        QVERIFY(showExposed(view));
        QSignalSpy repainted(&view, &ChartsView::repainted);
        std::vector<double> ms;
        QHash<QString, double> paintMs;
        for (int i = 0; i < 30; ++i) {
            QElapsedTimer t;
            t.start();
            view.setAnalysis(analyses[i % 2], m_colours, i > 0); // a stream, as a slider drag sends
            view.flush();
            for (ChartPanel* panel : view.charts()) {
                QElapsedTimer p;
                p.start();
                panel->chartView()->viewport()->repaint();
                paintMs[panel->id()] += p.nsecsElapsed() / 1e6;
            }
            ms.push_back(t.nsecsElapsed() / 1e6);
        }
        view.setAnalysis(analyses[0], m_colours, true);
        view.flush();
        for (ChartPanel* panel : view.charts())
            qInfo("  %s: paint %.2f ms", qPrintable(panel->id()), paintMs[panel->id()] / 30);
        std::sort(ms.begin(), ms.end());
        const double median = ms[ms.size() / 2];
        qInfo("charts update+repaint at 1600x1000: median %.1f ms, max %.1f ms", median, ms.back());
        QVERIFY(repainted.count() >= 1);
        QVERIFY(median < 250);
        // Streaming updates drew without antialiasing; once they stop (the newest analysis is set
        // again, not live), the charts are crisp again.
        QVERIFY(view.live());
        QVERIFY(!view.charts().first()->chartView()->renderHints().testFlag(QPainter::Antialiasing));
        view.setAnalysis(analyses[0], m_colours);
        view.flush();
        QVERIFY(!view.live());
        QVERIFY(view.charts().first()->chartView()->renderHints().testFlag(QPainter::Antialiasing));
    }

    void chartsSettleAfterAStream()
    {
        // A live analysis grows the axes but never shrinks them; the settled one fits them again.
        Scenario longer = m_scenario;
        longer.workload.inputTokens = 196608; // long, and inside both models' windows
        const auto big = test::analyse(longer);
        ChartsView view;
        fillCharts(view, m_analysis);
        ChartPanel* latency = view.chart(QStringLiteral("latency"));
        auto* ttft = qobject_cast<QValueAxis*>(latency->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(ttft);
        // In milliseconds, whichever unit the axis counts (seconds from 10 s on, hours from 10,000 s).
        auto topMs = [ttft] {
            const QString t = ttft->titleText();
            return ttft->max() * (t.endsWith(QLatin1String("(h)"))   ? 3.6e6
                                  : t.endsWith(QLatin1String("(s)")) ? 1e3
                                                                     : 1.0);
        };
        const double fitted = topMs();
        view.setAnalysis(big, m_colours, true);
        view.flush();
        const double grown = topMs();
        QVERIFY2(grown > 3 * fitted, "a longer context should need a much taller TTFT axis");
        view.setAnalysis(m_analysis, m_colours, true);
        view.flush();
        QCOMPARE(topMs(), grown);
        view.setAnalysis(m_analysis, m_colours);
        view.flush();
        QCOMPARE(topMs(), fitted);
    }
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
