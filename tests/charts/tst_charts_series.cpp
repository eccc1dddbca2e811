// SPDX-License-Identifier: MIT
// What the studio's charts draw from a real scenario analysis: finite numbers whatever the
// analysis holds, a note for a deployment that does not fit, regime breaks on the Pareto curve,
// latency targets and the current context, TTFT in the unit that reads, one deployment palette.
#include "ChartsFixture.h"

#include "analysis/ScenarioAnalysis.h"
#include "charts/ChartFormat.h"
#include "charts/ChartPanel.h"
#include "charts/ChartsView.h"
#include "charts/ParetoChart.h"
#include "metrics/Metrics.h"
#include "style/DeploymentColours.h"

#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QLabel>
#include <QLineSeries>
#include <QSet>
#include <QValueAxis>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace is;
using is::gui::ChartPanel;
using is::gui::ChartsView;
using is::gui::ParetoChart;
namespace chartfmt = is::gui::chartfmt;

class TestChartsSeries : public test::ChartsSuite
{
    Q_OBJECT

private Q_SLOTS:
    void nonFiniteInputsAreSanitised()
    {
        auto broken = std::make_shared<ScenarioAnalysis>(*m_analysis);
        DeploymentAnalysis& d = broken->deployments[1];
        const double nan = std::nan("");
        const double inf = std::numeric_limits<double>::infinity();
        d.estimate.mid.ttftS = nan;
        d.estimate.mid.tpotS = inf;
        d.estimate.mid.facilityPowerW = -inf;
        d.estimate.mid.usdPerMTok = nan;
        d.estimate.mid.decode.memory = nan;
        d.estimate.mid.memory.kvCache = inf;
        d.estimate.high.ttftS = inf;
        if (!d.speedVsContext.empty()) {
            d.speedVsContext[0].y = nan;
            d.speedVsContext[1].high = inf;
            d.speedVsContext[2].x = nan;
        }
        if (!d.pareto.empty())
            d.pareto[0].tokSPerChip = inf;
        d.sramExhaustedAt = inf;
        ChartsView view;
        fillCharts(view, broken);
        for (ChartPanel* panel : view.charts()) {
            const QList<double> values = valuesOf(panel);
            for (double v : values)
                QVERIFY2(std::isfinite(v), qPrintable(panel->id()));
            QVERIFY(!panel->toCsv().contains(QLatin1String("nan"), Qt::CaseInsensitive));
            QVERIFY(!panel->toCsv().contains(QLatin1String("inf"), Qt::CaseInsensitive));
        }

        // Where memory runs fewer streams than the concurrency (from there fewer streams run faster)
        // and where the lines end (the model's context window), the speed chart says so.
        auto queued = std::make_shared<ScenarioAnalysis>(*m_analysis);
        QVERIFY(queued->deployments[0].speedVsContext.size() > 2 && queued->deployments[0].maxContext > 0);
        queued->deployments[0].queuesFrom = queued->deployments[0].speedVsContext[1].x;
        queued->deployments[0].streamsAtQueue = 41;
        view.setAnalysis(queued, m_colours);
        view.flush();
        const QString speedNote = view.chart(QStringLiteral("speed-vs-context"))->note();
        QVERIFY2(speedNote.contains(QLatin1String("Streams queue")) &&
                     speedNote.contains(QLatin1String("(41 run)")),
                 qPrintable(speedNote));
        QVERIFY2(speedNote.contains(QLatin1String("context window (")), qPrintable(speedNote));
        // A deployment that fits at no context has no line (one along 0 read as a speed of 0).
        auto never = std::make_shared<ScenarioAnalysis>(*m_analysis);
        for (BandPoint& p : never->deployments[1].speedVsContext)
            p.y = p.low = p.high = 0;
        view.setAnalysis(never, m_colours);
        view.flush();
        int drawnLines = 0, emptyLines = 0;
        for (QAbstractSeries* series : view.chart(QStringLiteral("speed-vs-context"))->series())
            if (auto* line = qobject_cast<QLineSeries*>(series);
                line && line->name() == never->deployments[1].name)
                (line->count() > 0 ? drawnLines : emptyLines) += 1;
        QCOMPARE(drawnLines, 0);
        QVERIFY(emptyLines > 0);
        QVERIFY(
            view.chart(QStringLiteral("speed-vs-context"))->note().contains(QLatin1String("at any context")));

        // A deployment that does not fit is drawn at zero with a note saying so.
        auto unfit = std::make_shared<ScenarioAnalysis>(*m_analysis);
        unfit->deployments[1].estimate.mid.fits = false;
        unfit->deployments[1].estimate.mid.why = QStringLiteral("needs 40 chips");
        view.setAnalysis(unfit, m_colours);
        view.flush();
        ChartPanel* latency = view.chart(QStringLiteral("latency"));
        QVERIFY(latency->note().contains(QLatin1String("needs 40 chips")));
        // On a narrow chart the note wraps: the label shows every word of it, none cut to "…".
        latency->resize(260, 400);
        QCoreApplication::processEvents();
        const QList<QLabel*> labels = latency->findChildren<QLabel*>();
        const auto noteLabel = std::find_if(labels.begin(), labels.end(),
                                            [&](QLabel* l) { return l->toolTip() == latency->note(); });
        QVERIFY(noteLabel != labels.end());
        QCOMPARE((*noteLabel)->text(), latency->note());
        QVERIFY((*noteLabel)->wordWrap());
        // So does its decode step; its memory keeps its bar, which shows how far over it is.
        const auto barsOf = [&](const QString& id) {
            QList<double> row; // the second deployment's parts (rows run bottom-up: it is row 0)
            for (QAbstractSeries* series : view.chart(id)->series())
                if (auto* bars = qobject_cast<QAbstractBarSeries*>(series))
                    for (QBarSet* set : bars->barSets())
                        row << set->at(0);
            return row;
        };
        const QList<double> step = barsOf(QStringLiteral("latency-breakdown"));
        QVERIFY(!step.isEmpty());
        QVERIFY(std::all_of(step.begin(), step.end(), [](double v) { return v == 0; }));
        QVERIFY(
            view.chart(QStringLiteral("latency-breakdown"))->note().contains(QLatin1String("drawn as 0")));
        const QList<double> memory = barsOf(QStringLiteral("memory-budget"));
        QVERIFY(std::any_of(memory.begin(), memory.end(), [](double v) { return v > 0; }));
    }

    // A curve whose KV cache leaves on-chip memory between two batches is drawn as two solid runs
    // joined by a thin dashed line, never as one line that suggests speeds in between.
    void paretoBreaksWhereTheRegimeChanges()
    {
        auto split = std::make_shared<ScenarioAnalysis>(*m_analysis);
        QVERIFY(split->deployments.size() >= 2);
        const QString onChip = QStringLiteral("pipelined/on-chip");
        const QString spilled = QStringLiteral("pipelined/spilled-external");
        split->deployments[0].pareto = {
            ParetoPoint{1, 1000, 10, 100, onChip}, ParetoPoint{64, 900, 600, 6000, onChip},
            ParetoPoint{65, 50, 40, 400, spilled}, ParetoPoint{128, 40, 60, 600, spilled}};
        split->deployments[1].pareto = {ParetoPoint{1, 100, 5, 50, QStringLiteral("resident/on-chip")},
                                        ParetoPoint{2, 90, 9, 90, QStringLiteral("resident/on-chip")}};
        ChartsView view;
        fillCharts(view, split);
        auto* pareto = qobject_cast<ParetoChart*>(view.chart(QStringLiteral("throughput-vs-interactivity")));
        QVERIFY(pareto);
        int solid = 0;
        QList<QList<QPointF>> dashed;
        const auto series = pareto->series();
        for (QAbstractSeries* s : series) {
            auto* line = qobject_cast<QLineSeries*>(s);
            QVERIFY(line);
            if (line->pen().style() == Qt::DashLine)
                dashed << line->points();
            else
                ++solid;
        }
        // Two runs for the wafer, one for the other deployment; one jump, from batch 64 to batch 65.
        QCOMPARE(solid, 3);
        QCOMPARE(dashed.size(), 1);
        QCOMPARE(dashed.front(), (QList<QPointF>{QPointF(900, 600), QPointF(50, 40)}));
        QVERIFY(pareto->note().contains(QLatin1String("Dashed")));
        // The export says which regime each point is in.
        const QString csv = pareto->toCsv();
        QVERIFY(csv.startsWith(
            QLatin1String("deployment,batch,tok_s_user,tok_s_per_chip,tok_s_per_mw,regime,ttft_ms\n")));
        QVERIFY(csv.contains(QLatin1String(",65,50,40,400,pipelined/spilled-external,")));

        // Back to one regime: the jump and the second run are gone.
        auto joined = std::make_shared<ScenarioAnalysis>(*split);
        for (ParetoPoint& p : joined->deployments[0].pareto)
            p.regime = onChip;
        view.setAnalysis(joined, m_colours);
        view.flush();
        int dashedLeft = 0;
        const auto after = pareto->series();
        for (QAbstractSeries* s : after)
            dashedLeft += qobject_cast<QLineSeries*>(s)->pen().style() == Qt::DashLine ? 1 : 0;
        QCOMPARE(after.size(), 2);
        QCOMPARE(dashedLeft, 0);
        QVERIFY(!pareto->note().contains(QLatin1String("Dashed")));
    }

    // A TTFT of minutes is shown in seconds ("315,468" ms was cut to "3154…" on the studio's small
    // chart); the CSV keeps milliseconds; back under 10 s the axis counts milliseconds again.
    void longTimesCountSeconds()
    {
        auto slow = std::make_shared<ScenarioAnalysis>(*m_analysis);
        is::RangedEstimate& e = slow->deployments[1].estimate;
        e.mid.fits = true;
        e.mid.ttftS = e.low.ttftS = e.high.ttftS = 315.468;
        ChartsView view;
        fillCharts(view, slow);
        ChartPanel* latency = view.chart(QStringLiteral("latency"));
        auto ttftAxis = [&] {
            for (QAbstractAxis* a : latency->chart()->axes(Qt::Vertical))
                if (a->alignment() == Qt::AlignLeft)
                    return qobject_cast<QValueAxis*>(a);
            return static_cast<QValueAxis*>(nullptr);
        };
        QVERIFY(ttftAxis());
        QCOMPARE(ttftAxis()->titleText(), QStringLiteral("TTFT (s)"));
        auto* bars = qobject_cast<QAbstractBarSeries*>(latency->series().front());
        QVERIFY(bars);
        QCOMPARE(bars->barSets().at(1)->at(0), 315.468);
        QVERIFY(ttftAxis()->max() >= 315.468 && ttftAxis()->max() < 1000);
        QVERIFY(latency->toCsv().contains(QLatin1String("315468")));

        // Days of queueing count hours: 500,000 s read "5000…" on a seconds axis.
        auto days = std::make_shared<ScenarioAnalysis>(*slow);
        is::RangedEstimate& late = days->deployments[1].estimate;
        late.mid.ttftS = late.low.ttftS = late.high.ttftS = 5e5;
        view.setAnalysis(days, m_colours);
        view.flush();
        QCOMPARE(ttftAxis()->titleText(), QStringLiteral("TTFT (h)"));
        QCOMPARE(bars->barSets().at(1)->at(0), 5e5 / 3600);
        QVERIFY(latency->toCsv().contains(QLatin1String("500000000")));
        view.setAnalysis(slow, m_colours);
        view.flush();

        // While a stream runs the unit stays, as the axis only grows; settled, it fits again.
        view.setAnalysis(m_analysis, m_colours, true);
        view.flush();
        QCOMPARE(ttftAxis()->titleText(), QStringLiteral("TTFT (s)"));
        view.setAnalysis(m_analysis, m_colours);
        view.flush();
        QCOMPARE(ttftAxis()->titleText(), QStringLiteral("TTFT (ms)"));
        QCOMPARE(bars->barSets().at(1)->at(0), m_analysis->deployments[1].estimate.mid.ttftS * 1e3);
    }

    // A chart fed without the document's colours colours its deployments as the canvas would.
    void onePaletteForChartsAndDocument()
    {
        const QStringList& palette = is::gui::deploymentPalette();
        for (int i = 0; i < 2 * int(palette.size()); ++i)
            QCOMPARE(chartfmt::deploymentColour({}, QStringLiteral("d%1").arg(i), i),
                     QColor(palette.at(i % palette.size())));
        // A colour the document gives wins.
        QCOMPARE(chartfmt::deploymentColour({{QStringLiteral("d"), QColor(Qt::red)}}, QStringLiteral("d"), 0),
                 QColor(Qt::red));
    }

    void latencyChartDrawsTargets()
    {
        Scenario s = m_scenario;
        s.workload.ttftLimitS = 0.75;
        s.workload.tpotLimitS = 0.04;
        ChartsView view;
        fillCharts(view, test::analyse(s));
        ChartPanel* latency = view.chart(QStringLiteral("latency"));
        QVERIFY(latency);
        // A dashed line across each category at its target, in the axis unit (ms): TTFT across the
        // first category, TPOT across the second.
        QList<QLineSeries*> targets;
        for (QAbstractSeries* series : latency->series())
            if (auto* line = qobject_cast<QLineSeries*>(series);
                line && line->name() == QLatin1String("target"))
                targets << line;
        QCOMPARE(targets.size(), 2);
        QCOMPARE(targets[0]->points(), (QList<QPointF>{{-0.5, 750}, {0.5, 750}}));
        QCOMPARE(targets[1]->points(), (QList<QPointF>{{0.5, 40}, {1.5, 40}}));
        QCOMPARE(targets[0]->pen().style(), Qt::DashLine);
        // In view on its axis.
        for (QLineSeries* t : targets) {
            const auto axes = t->attachedAxes();
            bool inView = false;
            for (QAbstractAxis* axis : axes)
                if (auto* v = qobject_cast<QValueAxis*>(axis))
                    inView = v->max() >= t->points().front().y();
            QVERIFY(inView);
        }
        // The CSV has them too.
        const QStringList csv = latency->toCsv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(csv.first().contains(QLatin1String("ttft_ms_target")) &&
                     csv.first().contains(QLatin1String("tpot_ms_target")),
                 qPrintable(csv.first()));
        QVERIFY2(csv.value(1).contains(QLatin1String(",750,")) && csv.value(1).endsWith(QLatin1String(",40")),
                 qPrintable(csv.value(1)));

        // No target: no line, empty CSV cells.
        view.setAnalysis(m_analysis, m_colours);
        view.flush();
        QVERIFY(targets[0]->points().isEmpty() && !targets[0]->isVisible());
        QVERIFY(latency->toCsv().split(QLatin1Char('\n')).value(1).endsWith(QLatin1Char(',')));
    }

    void speedChartDrawsContextAndTarget()
    {
        Scenario s = m_scenario;
        s.workload.inputTokens = 8192;
        s.workload.tpotLimitS = 0.02; // 1000 / 20 ms = 50 tok/s per user
        ChartsView view;
        fillCharts(view, test::analyse(s));
        ChartPanel* speed = view.chart(QStringLiteral("speed-vs-context"));
        QVERIFY(speed);
        QLineSeries* context = nullptr;
        QLineSeries* target = nullptr;
        for (QAbstractSeries* series : speed->series()) {
            auto* line = qobject_cast<QLineSeries*>(series);
            if (line && line->name() == QLatin1String("context length"))
                context = line;
            if (line && line->name() == QLatin1String("TPOT target"))
                target = line;
        }
        QVERIFY(context && target);
        QCOMPARE(context->count(), 2);
        QCOMPARE(context->at(0).x(), 8192.0);
        QCOMPARE(context->at(1).x(), 8192.0);
        QVERIFY(context->at(0).y() < context->at(1).y());
        QCOMPARE(target->count(), 2);
        QCOMPARE(target->at(0).y(), 50.0);
        QCOMPARE(target->at(1).y(), 50.0);
        QCOMPARE(target->at(0).x(), 1024.0);
        QCOMPARE(target->at(1).x(), 2.0 * 1024 * 1024);
        auto* y = qobject_cast<QValueAxis*>(target->attachedAxes().value(1));
        QVERIFY(y && y->max() >= 50);

        // The context slider moves the marker and nothing else: the curves (the CSV) stay.
        const QString csv = speed->toCsv();
        s.workload.inputTokens = 131072;
        QVERIFY(speed->applyAnalysis(*test::analyse(s), m_colours));
        QCOMPARE(context->at(0).x(), 131072.0);
        QCOMPARE(speed->toCsv(), csv);
        // Without a target its line goes.
        s.workload.tpotLimitS = 0;
        QVERIFY(speed->applyAnalysis(*test::analyse(s), m_colours));
        QCOMPARE(target->count(), 0);
        QVERIFY(!target->isVisible());
    }

    // One output token never decodes: the chart draws each deployment's first token against the
    // context, with the TTFT target, where a speed per user was the stream's request rate. Back
    // to a decoding workload, the speeds again.
    // One output token never decodes, so its "tok/s per user" is a request rate: the throughput
    // chart plots each batch against its first token instead, and says so.
    void paretoPlotsTheFirstTokenOfOneTokenRequests()
    {
        Scenario s = m_scenario;
        s.workload.outputTokens = 1;
        const auto analysis = test::analyse(s);
        ChartsView view;
        fillCharts(view, analysis);
        auto* pareto = qobject_cast<ParetoChart*>(view.chart(QStringLiteral("throughput-vs-interactivity")));
        QVERIFY(pareto);
        QCOMPARE(pareto->chart()->title(), QStringLiteral("Throughput vs first token"));
        QString bottom;
        for (QAbstractAxis* a : pareto->chart()->axes(Qt::Horizontal))
            bottom = a->titleText();
        QCOMPARE(bottom, is::metrics::axis(is::metrics::Id::TtftMs));
        // Every drawn point is a batch's first token and throughput per chip.
        QSet<QPair<double, double>> expected;
        for (const DeploymentAnalysis& d : analysis->deployments)
            for (const ParetoPoint& p : d.pareto) {
                QVERIFY(p.ttftMs > 0);
                expected.insert({p.ttftMs, p.tokSPerChip});
            }
        int drawn = 0;
        for (QAbstractSeries* series : pareto->series())
            for (const QPointF& p : static_cast<QLineSeries*>(series)->points()) {
                QVERIFY2(expected.contains({p.x(), p.y()}),
                         qPrintable(QStringLiteral("%1, %2").arg(p.x()).arg(p.y())));
                ++drawn;
            }
        QVERIFY(drawn > 0);
        // A workload that decodes again: back to the speed per user.
        fillCharts(view, m_analysis);
        QCOMPARE(pareto->chart()->title(), QStringLiteral("Throughput vs interactivity"));
    }

    void speedChartDrawsTheFirstTokenOfOneTokenRequests()
    {
        Scenario s = m_scenario;
        s.workload.outputTokens = 1;
        s.workload.ttftLimitS = 2.0;
        const auto analysis = test::analyse(s);
        ChartsView view;
        fillCharts(view, analysis);
        ChartPanel* chart = view.chart(QStringLiteral("speed-vs-context"));
        QVERIFY(chart);
        QCOMPARE(chart->chart()->title(), QStringLiteral("First token vs context length"));
        QVERIFY(
            chart->toCsv().startsWith(QLatin1String("deployment,context,ttft_ms,ttft_ms_low,ttft_ms_high,")));
        QLineSeries* target = nullptr;
        QLineSeries* first = nullptr;
        const QString firstName = analysis->deployments.front().name;
        for (QAbstractSeries* series : chart->series()) {
            auto* line = qobject_cast<QLineSeries*>(series);
            if (line && line->name() == QLatin1String("TTFT target"))
                target = line;
            if (line && line->name() == firstName && !first)
                first = line;
        }
        QVERIFY(target && first);
        QCOMPARE(target->count(), 2);
        // The axis reads in ms up to 10 s, in seconds up to 10,000 s, then hours: a million-token
        // prompt queued for thousands of seconds read "3,202,410" on an axis of ms.
        double topMs = 2000;
        for (const DeploymentAnalysis& d : analysis->deployments)
            for (const BandPoint& b : d.firstTokenVsContext)
                topMs = std::max({topMs, b.y, b.high});
        const double divisor = topMs >= 1e7 ? 3.6e6 : topMs >= 1e4 ? 1e3 : 1;
        const QString title = topMs >= 1e7   ? QStringLiteral("TTFT (h)")
                              : topMs >= 1e4 ? QStringLiteral("TTFT (s)")
                                             : is::metrics::axis(is::metrics::Id::TtftMs);
        auto* y = qobject_cast<QValueAxis*>(first->attachedAxes().value(1));
        QVERIFY(y);
        QCOMPARE(y->titleText(), title);
        QCOMPARE(target->at(0).y(), 2000.0 / divisor);
        // Its points are the analysis's first tokens, in the axis unit, where it fits; the CSV
        // keeps ms.
        const std::vector<BandPoint>& expected = analysis->deployments.front().firstTokenVsContext;
        QVERIFY(first->count() > 0);
        for (const QPointF& p : first->points()) {
            const auto at = std::find_if(expected.begin(), expected.end(),
                                         [&](const BandPoint& b) { return b.x == p.x(); });
            QVERIFY(at != expected.end());
            QCOMPARE(p.y(), at->y / divisor);
            QVERIFY(p.y() * divisor >
                    100); // none drawn at 0, which read as instant; a long prompt takes over 0.1 s
        }
        QVERIFY(chart->applyAnalysis(*m_analysis, m_colours));
        QCOMPARE(chart->chart()->title(), QStringLiteral("Speed per user vs context length"));
        QVERIFY(chart->toCsv().startsWith(QLatin1String("deployment,context,tok_s_user,")));
    }
};

QTEST_MAIN(TestChartsSeries)
#include "tst_charts_series.moc"
