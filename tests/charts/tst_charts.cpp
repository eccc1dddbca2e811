// SPDX-License-Identifier: MIT
// The studio's charts fed a real scenario analysis: every chart filled with finite data, live
// updates when the context changes, and every export format valid.
#include "ChartsFixture.h"

#include "Units.h"
#include "charts/ChartExport.h"
#include "charts/ChartFormat.h"
#include "charts/ChartPanel.h"
#include "charts/ChartsView.h"
#include "charts/NiceAxis.h"
#include "charts/ParetoChart.h"
#include "charts/SpeedVsContextChart.h"
#include "cost/FullLoad.h"
#include "document/DeploymentColours.h"
#include "measure/MeasurePanel.h"
#include "scenario/ScenarioEvaluation.h"
#include "settings/LanguageManager.h"
#include "table/ComparisonModel.h"
#include "table/ComparisonTable.h"

#include <QAbstractBarSeries>
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QElapsedTimer>
#include <QFile>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMenu>
#include <QMimeData>
#include <QPainter>
#include <QScatterSeries>
#include <QScopeGuard>
#include <QSet>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTableView>
#include <QTemporaryDir>
#include <QValueAxis>
#include <QXYSeries>
#include <QXmlStreamReader>
#include <QtTest>

#include <functional>

#include <cmath>

using namespace is;
using is::gui::MeasurePanel;

namespace {

// Every number a chart draws, series by series (XY points as x then y; bar values in order).
// Six long names that differ only at their ends, as a stress scenario has them.
QStringList sixLongNames()
{
    return {QStringLiteral("Llama 3.1 70B on eight NVIDIA H100 SXM"),
            QStringLiteral("Llama 3.1 70B on eight NVIDIA H200 SXM"),
            QStringLiteral("Llama 3.1 70B on eight NVIDIA B200 HGX"),
            QStringLiteral("Llama 3.1 70B on Groq LPU racks"),
            QStringLiteral("Llama 3.1 70B on SambaNova SN40L"),
            QStringLiteral("Llama 3.1 70B on Cerebras CS-3 wafers")};
}

// An analysis of one deployment per name, each a copy of the given analysis' second one.
std::shared_ptr<ScenarioAnalysis> namedDeployments(const ScenarioAnalysis& from, const QStringList& names)
{
    auto a = std::make_shared<ScenarioAnalysis>(from);
    a->deployments.resize(size_t(names.size()), from.deployments[1]);
    for (qsizetype i = 0; i < names.size(); ++i) {
        a->deployments[size_t(i)].name = names[i];
        a->deployments[size_t(i)].docId = QStringLiteral("d%1").arg(i);
    }
    return a;
}

QList<double> valuesOf(ChartPanel* panel)
{
    QList<double> values;
    const auto series = panel->series();
    for (QAbstractSeries* s : series) {
        if (auto* xy = qobject_cast<QXYSeries*>(s)) {
            const auto points = xy->points();
            for (const QPointF& p : points)
                values << p.x() << p.y();
        } else if (auto* bars = qobject_cast<QAbstractBarSeries*>(s)) {
            const auto sets = bars->barSets();
            for (QBarSet* set : sets)
                for (int i = 0; i < set->count(); ++i)
                    values << set->at(i);
        } else if (auto* area = qobject_cast<QAreaSeries*>(s)) {
            for (QLineSeries* line : {area->upperSeries(), area->lowerSeries()})
                if (line) {
                    const auto points = line->points();
                    for (const QPointF& p : points)
                        values << p.x() << p.y();
                }
        }
    }
    return values;
}

} // namespace

class TestCharts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void formatting();
    void everyChartFilled();
    void contextChangeMovesSeries();
    void coalescesAndSignalsRepaint();
    void unchangedChartsAreNotTouched();
    void axisRangesStayWhileDataFits();
    void svgKeepsTextAfterScreenPaint();
    void exportsAreValid_data();
    void exportsAreValid();
    void fileExportMenu();
    void nonFiniteInputsAreSanitised();
    void paretoBreaksWhereTheRegimeChanges();
    void markerTextStaysInThePlot();
    void markerTextWrapsInANarrowPlot();
    void longNamesStayApartOnBarRows();
    void longTimesCountSeconds();
    void crowdedLegendLeavesThePlotRoom();
    void comparisonTableRatios();
    void onePaletteForChartsAndDocument();
    void comparisonTableCsv();
    void latencyChartDrawsTargets();
    void speedChartDrawsContextAndTarget();
    void comparisonTableMarksMissedTargets();
    void updateLatency();
    void chartsSettleAfterAStream();
    void comparisonTableSettlesAfterAStream();
    void measurePanelRuns();
    void measurePanelCancels();
    void measurePanelErrorsInChinese();
    void exportsLeaveOutInvisibleLabels();
    void exportNoteKeepsItsSizeAtPrintResolution();
    void exportsCarryTheCaption();
    void twoMetricChartsSayWhichAxis();
    void screenshot();

private:
    // The charts at the screenshot size, shown and filled with the default scenario's analysis.
    bool showDefaultAnalysis(ChartsView& view)
    {
        view.resize(1600, 1000);
        view.show();
        if (!QTest::qWaitForWindowExposed(&view))
            return false;
        view.setAnalysis(m_analysis, m_colours);
        view.flush();
        return true;
    }
    Scenario m_scenario;
    std::shared_ptr<const ScenarioAnalysis> m_analysis;
    QHash<QString, QColor> m_colours;
};

void TestCharts::initTestCase()
{
    QString error;
    auto s = test::loadDefaultScenario(&error);
    QVERIFY2(s, qPrintable(error));
    m_scenario = *s;
    m_analysis = test::analyse(m_scenario);
    QVERIFY2(m_analysis->error.isEmpty(), qPrintable(m_analysis->error));
    QCOMPARE(m_analysis->deployments.size(), size_t(2));
    m_colours = test::coloursOf(m_scenario);
}

void TestCharts::formatting()
{
    QCOMPARE(is::gui::units::compact(1500), QStringLiteral("1.5K"));
    QCOMPARE(is::gui::units::compact(750), QStringLiteral("750"));
    QCOMPARE(is::gui::units::compact(2.1e6), QStringLiteral("2.1M"));
    QCOMPARE(is::gui::units::compact(0.312), QStringLiteral("0.312"));
    QCOMPARE(is::gui::units::compactTokens(1024), QStringLiteral("1K"));
    QCOMPARE(is::gui::units::compactTokens(131072), QStringLiteral("128K"));
    QCOMPARE(is::gui::units::compactTokens(2.0 * 1024 * 1024), QStringLiteral("2M"));
    QCOMPARE(is::gui::units::compact(std::nan("")), QStringLiteral("–"));
    {
        // Typed values read back as typed, in the user's locale.
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(is::gui::units::plain(0.5), QStringLiteral("0.5"));
        QCOMPARE(is::gui::units::plain(2), QStringLiteral("2"));
        QCOMPARE(is::gui::units::plain(0.05 * 1000), QStringLiteral("50"));
        QCOMPARE(is::gui::units::plain(1500), QStringLiteral("1,500"));
        QCOMPARE(is::gui::units::plain(std::nan("")), QStringLiteral("–"));
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(is::gui::units::plain(0.5), QStringLiteral("0,5"));
        QLocale::setDefault(before);
    }
    QCOMPARE(chartfmt::twoLineLabel(QStringLiteral("GPT-5.6 Sol on CS-3"), 14),
             QStringLiteral("GPT-5.6<br>Sol on CS-3"));
    QCOMPARE(chartfmt::twoLineLabel(QStringLiteral("A<B & C>D long"), 5),
             QStringLiteral("A&lt;B &amp;<br>C&gt;D long"));
    QCOMPARE(chartfmt::twoLineLabel(QStringLiteral("short"), 14), QStringLiteral("short"));
    {
        // Cut in the middle to the width: both ends stay, the text fits.
        QFont font;
        font.setPointSize(10);
        const QString name = QStringLiteral("Llama 3.1 70B on eight NVIDIA H100 SXM");
        const qreal width = QFontMetricsF(font).horizontalAdvance(name) / 2;
        const QString cut = chartfmt::middleElidedLabel(name, font, width);
        QVERIFY(cut.startsWith(QLatin1String("Llama")));
        QVERIFY(cut.endsWith(QLatin1String("SXM")));
        QVERIFY(cut.contains(QChar(0x2026)));
        QVERIFY(QFontMetricsF(font).horizontalAdvance(cut) <= width);
        QCOMPARE(chartfmt::middleElidedLabel(QStringLiteral("A<B"), font, 1000), QStringLiteral("A&lt;B"));
    }
    {
        // Shared leading and trailing words go; a name left empty keeps them all.
        const QStringList six = {QStringLiteral("Llama 3.1 70B on eight NVIDIA H100 SXM (fp8)"),
                                 QStringLiteral("Llama 3.1 70B on Groq LPU racks (fp8)")};
        QCOMPARE(chartfmt::withoutSharedWords(six), QStringList({QStringLiteral("…eight NVIDIA H100 SXM…"),
                                                                 QStringLiteral("…Groq LPU racks…")}));
        const QStringList nested = {QStringLiteral("H100"), QStringLiteral("H100 SXM")};
        QCOMPARE(chartfmt::withoutSharedWords(nested), nested);
        QCOMPARE(chartfmt::withoutSharedWords({QStringLiteral("one name")}),
                 QStringList{QStringLiteral("one name")});
    }
    {
        // Repeats become distinct (Qt Charts drops a repeated category) and read the same.
        const QStringList labels = chartfmt::distinctCategories(
            {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("a"), QStringLiteral("a")});
        QCOMPARE(labels.size(), 4);
        QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), 4);
        for (const QString& l : labels)
            QCOMPARE(QString(l).remove(QChar(0x200B)),
                     l.startsWith(QLatin1Char('a')) ? QStringLiteral("a") : QStringLiteral("b"));
    }
    QCOMPARE(chartfmt::niceCeil(730), 1000.0);
    QCOMPARE(chartfmt::niceCeil(130), 200.0);
    QCOMPARE(chartfmt::niceCeil(0.041), 0.05);
    // %g bar labels keep the largest bar's integer digits: 3 at least, 12 at most.
    QCOMPARE(chartfmt::barLabelPrecision(0.5), 3);
    QCOMPARE(chartfmt::barLabelPrecision(999), 3);
    QCOMPARE(chartfmt::barLabelPrecision(1000), 4);
    QCOMPARE(chartfmt::barLabelPrecision(118788), 6);
    QCOMPARE(chartfmt::barLabelPrecision(2e15), 12);
    QCOMPARE(chartfmt::barLabelPrecision(std::nan("")), 3);
}

void TestCharts::everyChartFilled()
{
    ChartsView view;
    view.resize(1600, 1000);
    view.setAnalysis(m_analysis, m_colours);
    view.flush();
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

void TestCharts::contextChangeMovesSeries()
{
    ChartsView view;
    view.resize(1600, 1000);
    view.setAnalysis(m_analysis, m_colours);
    view.flush();
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

void TestCharts::unchangedChartsAreNotTouched()
{
    ChartsView view;
    view.resize(1600, 1000);
    view.setAnalysis(m_analysis, m_colours);
    view.flush();
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

void TestCharts::axisRangesStayWhileDataFits()
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

    // Log axes keep whole decades that still hold the data, up to two decades too wide.
    QLogValueAxis log;
    log.setBase(10);
    niceaxis::setLogRange(&log, 1, 50);
    QCOMPARE(log.min(), 1.0);
    QCOMPARE(log.max(), 100.0);
    niceaxis::setLogRange(&log, 2, 30); // fits: kept
    QCOMPARE(log.min(), 1.0);
    QCOMPARE(log.max(), 100.0);
    niceaxis::setLogRange(&log, 0.5, 30); // below the range: refitted
    QCOMPARE(log.min(), 0.1);
    QCOMPARE(log.max(), 100.0);
    niceaxis::setLogRange(&log, 0.05, 500); // both ends outside: refitted to 0.01 .. 1000
    QCOMPARE(log.min(), 0.01);
    QCOMPARE(log.max(), 1000.0);
    // 0.5 .. 30 needs 0.1 .. 100 (3 decades); the 5 shown are exactly two too wide: kept.
    niceaxis::setLogRange(&log, 0.5, 30);
    QCOMPARE(log.min(), 0.01);
    QCOMPARE(log.max(), 1000.0);
    // 2 .. 30 needs 1 .. 100 (2 decades); the 5 shown are three too wide: refitted.
    niceaxis::setLogRange(&log, 2, 30);
    QCOMPARE(log.min(), 1.0);
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

void TestCharts::svgKeepsTextAfterScreenPaint()
{
    // A chart already painted on screen exports real text to SVG, not a picture of it.
    ChartsView view;
    view.resize(1600, 1000);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy repainted(&view, &ChartsView::repainted);
    view.setAnalysis(m_analysis, m_colours);
    QTRY_VERIFY(repainted.count() >= 1);
    ChartPanel* panel = view.chart(QStringLiteral("latency"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("latency.svg"));
    QString error;
    QVERIFY2(panel->exportTo(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray svg = file.readAll();
    QVERIFY(svg.contains("<text"));
    QVERIFY(svg.contains("TTFT"));
    QVERIFY(!svg.contains("<image"));
}

void TestCharts::coalescesAndSignalsRepaint()
{
    ChartsView view;
    view.resize(1600, 1000);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy updated(&view, &ChartsView::updated);
    QSignalSpy repainted(&view, &ChartsView::repainted);
    // Three ticks in one event-loop pass: one update.
    view.setAnalysis(m_analysis, m_colours);
    view.setAnalysis(m_analysis, m_colours);
    view.setAnalysis(m_analysis, m_colours);
    QTRY_COMPARE(updated.count(), 1);
    QTRY_COMPARE(repainted.count(), 1);
    QTest::qWait(50);
    QCOMPARE(updated.count(), 1);
}

void TestCharts::exportsAreValid_data()
{
    QTest::addColumn<QString>("chartId");
    ChartsView view;
    for (ChartPanel* panel : view.charts())
        QTest::newRow(qPrintable(panel->id())) << panel->id();
}

void TestCharts::exportsAreValid()
{
    QFETCH(QString, chartId);
    ChartsView view;
    QVERIFY(showDefaultAnalysis(view));
    ChartPanel* panel = view.chart(chartId);
    QVERIFY(panel);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString base = dir.filePath(chartId);
    const QSizeF screenSize = panel->chart()->size();
    QString error;

    QVERIFY2(panel->exportTo(base + QStringLiteral(".png"), &error), qPrintable(error));
    QImage png(base + QStringLiteral(".png"));
    QVERIFY(!png.isNull());
    QCOMPARE(png.size(), QSize(1600, 1000));
    // Not blank: the chart drew something other than the background.
    QVERIFY(png.pixelColor(png.width() / 2, png.height() / 2).isValid());
    int nonWhite = 0;
    for (int y = 0; y < png.height(); y += 10)
        for (int x = 0; x < png.width(); x += 10)
            nonWhite += png.pixel(x, y) != qRgb(255, 255, 255) ? 1 : 0;
    QVERIFY2(nonWhite > 100, qPrintable(QString::number(nonWhite)));

    QVERIFY2(panel->exportTo(base + QStringLiteral(".svg"), &error), qPrintable(error));
    QSvgRenderer svg(base + QStringLiteral(".svg"));
    QVERIFY(svg.isValid());
    QFile svgFile(base + QStringLiteral(".svg"));
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgHead = svgFile.read(200);
    QVERIFY(svgHead.startsWith("<?xml") || svgHead.startsWith("<svg"));

    QVERIFY2(panel->exportTo(base + QStringLiteral(".pdf"), &error), qPrintable(error));
    QFile pdf(base + QStringLiteral(".pdf"));
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QVERIFY(pdf.size() > 1000);
    QVERIFY(pdf.read(5).startsWith("%PDF"));

    QVERIFY2(panel->exportTo(base + QStringLiteral(".csv"), &error), qPrintable(error));
    QFile csv(base + QStringLiteral(".csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() >= 3, qPrintable(chartId)); // header + a row per deployment at least
    const int columns = int(lines.first().count(QLatin1Char(',')));
    QVERIFY(columns >= 2);
    for (const QString& line : lines)
        QCOMPARE(int(line.count(QLatin1Char(','))), columns); // names here carry no commas
    QVERIFY(!lines.join(QLatin1Char('\n')).contains(QLatin1String("nan"), Qt::CaseInsensitive));

    QVERIFY(!panel->exportTo(base + QStringLiteral(".xyz"), &error));
    QVERIFY(!error.isEmpty());

    // The chart on screen keeps its size after an export at another size.
    QCOMPARE(panel->chart()->size(), screenSize);
}

void TestCharts::fileExportMenu()
{
    ChartsView view;
    QMenu menu;
    view.addExportActions(&menu);
    const auto subMenus = menu.findChildren<QMenu*>();
    QCOMPARE(subMenus.size(), view.charts().size());
    for (QMenu* sub : subMenus)
        QCOMPARE(sub->actions().size(), 5);
    // Each chart's view carries the same actions as its context menu.
    QCOMPARE(view.charts().first()->chartView()->actions().size(), 5);
}

// A curve whose KV cache leaves on-chip memory between two batches is drawn as two solid runs
// joined by a thin dashed line, never as one line that suggests speeds in between.
void TestCharts::paretoBreaksWhereTheRegimeChanges()
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
    view.resize(1600, 1000);
    view.setAnalysis(split, m_colours);
    view.flush();
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
    QVERIFY(
        csv.startsWith(QLatin1String("deployment,batch,tok_s_user,tok_s_per_chip,tok_s_per_mw,regime\n")));
    QVERIFY(csv.contains(QLatin1String(",65,50,40,400,pipelined/spilled-external\n")));

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

void TestCharts::nonFiniteInputsAreSanitised()
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
    view.resize(1600, 1000);
    view.setAnalysis(broken, m_colours);
    view.flush();
    for (ChartPanel* panel : view.charts()) {
        const QList<double> values = valuesOf(panel);
        for (double v : values)
            QVERIFY2(std::isfinite(v), qPrintable(panel->id()));
        QVERIFY(!panel->toCsv().contains(QLatin1String("nan"), Qt::CaseInsensitive));
        QVERIFY(!panel->toCsv().contains(QLatin1String("inf"), Qt::CaseInsensitive));
    }

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
    QVERIFY(view.chart(QStringLiteral("latency-breakdown"))->note().contains(QLatin1String("drawn as 0")));
    const QList<double> memory = barsOf(QStringLiteral("memory-budget"));
    QVERIFY(std::any_of(memory.begin(), memory.end(), [](double v) { return v > 0; }));
}

// The "SRAM full" text of a marker stays whole inside the plot, near its marker, clear of the
// other marker's text: markers at either end of the context axis (Qt's point labels, centred on
// the point, were cut off at the chart's left edge), and two markers at one point at the bottom
// of the plot (where there is room neither above nor below for both).
void TestCharts::markerTextStaysInThePlot()
{
    ChartsView view;
    view.resize(1600, 1000);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (const bool together : {false, true}) {
        auto marked = std::make_shared<ScenarioAnalysis>(*m_analysis);
        for (std::size_t i = 0; i < 2; ++i) {
            DeploymentAnalysis& d = marked->deployments[i];
            QVERIFY(!d.speedVsContext.empty());
            d.sramExhaustedAt = i == 0 && !together ? d.speedVsContext.front().x : d.speedVsContext.back().x;
            d.sramExhaustedAction = is::kvPlacementId(is::KvPlacement::AddedChips);
        }
        view.setAnalysis(marked, m_colours);
        view.flush();
        QChart* chart = view.chart(QStringLiteral("speed-vs-context"))->chart();
        const QRectF plot = chart->mapRectToScene(chart->plotArea());
        QList<QRectF> texts;
        for (QGraphicsItem* item : chart->childItems()) {
            auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item);
            if (text && text->isVisible() && text->text().startsWith(QLatin1String("SRAM full")))
                texts << text->sceneBoundingRect();
        }
        QCOMPARE(texts.size(), 2);
        QList<QPointF> markers;
        for (QAbstractSeries* series : chart->series())
            if (auto* scatter = qobject_cast<QScatterSeries*>(series); scatter && scatter->count() == 1)
                markers << chart->mapToScene(chart->mapToPosition(scatter->at(0), scatter));
        QCOMPARE(markers.size(), 2);
        for (qsizetype i = 0; i < texts.size(); ++i) {
            const QRectF& r = texts[i];
            QVERIFY2(plot.contains(r),
                     qPrintable(QStringLiteral("text at %1,%2 %3x%4 outside the plot %5,%6 %7x%8")
                                    .arg(r.x())
                                    .arg(r.y())
                                    .arg(r.width())
                                    .arg(r.height())
                                    .arg(plot.x())
                                    .arg(plot.y())
                                    .arg(plot.width())
                                    .arg(plot.height())));
            // Near one of the markers: within a text's width across and a few lines up or down.
            QVERIFY(std::any_of(markers.begin(), markers.end(), [&](const QPointF& m) {
                return std::abs(r.center().x() - m.x()) <= r.width() &&
                       std::abs(r.center().y() - m.y()) <= 5 * r.height();
            }));
        }
        QVERIFY2(!texts[0].intersects(texts[1]), together ? "markers together" : "markers apart");
    }

    // A claimed speed drawn through the marker ("official: 750" at the SRAM-full speed): the
    // marker's text moves off the claim's line and its label.
    auto marked = std::make_shared<ScenarioAnalysis>(*m_analysis);
    DeploymentAnalysis& d = marked->deployments[0];
    const BandPoint& mid = d.speedVsContext[d.speedVsContext.size() / 2];
    d.sramExhaustedAt = mid.x;
    d.sramExhaustedAction = is::kvPlacementId(is::KvPlacement::AddedChips);
    view.setAnalysis(marked, m_colours);
    auto* speed = qobject_cast<SpeedVsContextChart*>(view.chart(QStringLiteral("speed-vs-context")));
    QVERIFY(speed);
    speed->setClaimMarks({{d.docId, mid.y, QStringLiteral("official: %1").arg(mid.y)}});
    view.flush();
    QChart* chart = speed->chart();
    QRectF sram, claimText;
    for (QGraphicsItem* item : chart->childItems())
        if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item); text && text->isVisible()) {
            if (text->text().startsWith(QLatin1String("SRAM full")))
                sram = text->sceneBoundingRect();
            else if (text->text().startsWith(QLatin1String("official")))
                claimText = text->sceneBoundingRect();
        }
    QVERIFY(!sram.isEmpty() && !claimText.isEmpty());
    QVERIFY(!sram.intersects(claimText));
    QLineSeries* claimLine = nullptr;
    for (QAbstractSeries* series : chart->series())
        if (series->name().startsWith(QLatin1String("official")))
            claimLine = qobject_cast<QLineSeries*>(series);
    QVERIFY(claimLine);
    const qreal lineY = chart->mapToScene(chart->mapToPosition(QPointF(mid.x, mid.y), claimLine)).y();
    QVERIFY2(
        lineY < sram.top() || lineY > sram.bottom(),
        qPrintable(
            QStringLiteral("line at %1 crosses text %2..%3").arg(lineY).arg(sram.top()).arg(sram.bottom())));
}

// At 1280 x 720 each chart of a pair is about 320 pixels wide, narrower than "SRAM full at 62.2K:
// spills to MemoryX" on one line: the text breaks after its colon and stays inside the plot (it
// ran off the chart's right edge).
void TestCharts::markerTextWrapsInANarrowPlot()
{
    ChartsView view;
    view.resize(650, 420);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto marked = std::make_shared<ScenarioAnalysis>(*m_analysis);
    DeploymentAnalysis& d = marked->deployments[0];
    d.sramExhaustedAt = d.speedVsContext[d.speedVsContext.size() / 2].x;
    d.sramExhaustedAction = is::kvPlacementId(is::KvPlacement::SpilledExternal);
    view.setAnalysis(marked, m_colours);
    view.flush();
    QChart* chart = view.chart(QStringLiteral("speed-vs-context"))->chart();
    const QRectF plot = chart->mapRectToScene(chart->plotArea());
    QRectF text;
    QString shown;
    for (QGraphicsItem* item : chart->childItems())
        if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(item);
            t && t->isVisible() && t->text().startsWith(QLatin1String("SRAM full"))) {
            text = t->sceneBoundingRect();
            shown = t->text();
        }
    QVERIFY(!text.isEmpty());
    QVERIFY2(text.left() >= plot.left() && text.right() <= plot.right(),
             qPrintable(QStringLiteral("'%1' spans %2..%3, the plot %4..%5")
                            .arg(shown)
                            .arg(text.left())
                            .arg(text.right())
                            .arg(plot.left())
                            .arg(plot.right())));
    QVERIFY(shown.contains(QLatin1Char('\n')));
}

// Six long names that differ only at their ends, in the studio's small bar charts: one line each
// where two do not fit, cut in the middle, so every row still reads differently (Qt cut each
// two-line label after its first line, and all six read "Llama 3.1 70B on ...").
void TestCharts::longNamesStayApartOnBarRows()
{
    const QStringList names = sixLongNames();
    const auto six = namedDeployments(*m_analysis, names);
    ChartsView view;
    view.resize(1200, 725); // rows too short for two lines, wide enough for the ends to differ
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setAnalysis(six, m_colours);
    view.flush();
    for (const QString& id : {QStringLiteral("latency-breakdown"), QStringLiteral("memory-budget")}) {
        QChart* chart = view.chart(id)->chart();
        QBarCategoryAxis* rows = nullptr;
        for (QAbstractAxis* a : chart->axes())
            rows = rows ? rows : qobject_cast<QBarCategoryAxis*>(a);
        QVERIFY(rows);
        QTRY_VERIFY2(!rows->categories().join(QString()).contains(QLatin1String("<br>")), qPrintable(id));
        QCOMPARE(rows->count(), int(names.size()));
        QSet<QString> shown;
        for (const QString& label : rows->categories())
            shown << QString(label).remove(QChar(0x200B)).section(QChar(0x2026), -1);
        QVERIFY2(shown.size() == int(names.size()),
                 qPrintable(rows->categories().join(QLatin1String(" | ")))); // every row's end differs
    }

    // Rows too short for a line of the panel's type (large type, as for a projector): the
    // labels get smaller type, and Qt cuts none of them to "..." (every row shows its name).
    for (const QString& id : {QStringLiteral("latency-breakdown"), QStringLiteral("memory-budget")}) {
        ChartPanel* panel = view.chart(id);
        // Six long legends make the charts larger than a page holds: the panel's page.
        for (int p = 0; p < view.pageCount() && !panel->isVisible(); ++p)
            view.setCurrentPage(p);
        QVERIFY(panel->isVisible());
        panel->setFontPointSize(16);
        QApplication::processEvents();
        int cut = 0, shown = 0;
        std::function<void(QGraphicsItem*)> count = [&](QGraphicsItem* item) {
            for (QGraphicsItem* child : item->childItems()) {
                if (auto* text = dynamic_cast<QGraphicsTextItem*>(child); text && text->isVisible()) {
                    const QString t = text->toPlainText();
                    cut += t == QLatin1String("...");
                    // Whole in smaller type, or cut in the middle where even that does not fit.
                    shown += t.contains(QChar(0x2026)) || names.contains(t);
                }
                count(child);
            }
        };
        count(panel->chart());
        QVERIFY2(cut == 0 && shown == int(names.size()),
                 qPrintable(QStringLiteral("%1: %2 labels cut, %3 shown").arg(id).arg(cut).arg(shown)));
        panel->setFontPointSize(11);
    }
}

// A TTFT of minutes is shown in seconds ("315,468" ms was cut to "3154…" on the studio's small
// chart); the CSV keeps milliseconds; back under 10 s the axis counts milliseconds again.
void TestCharts::longTimesCountSeconds()
{
    auto slow = std::make_shared<ScenarioAnalysis>(*m_analysis);
    is::RangedEstimate& e = slow->deployments[1].estimate;
    e.mid.fits = true;
    e.mid.ttftS = e.low.ttftS = e.high.ttftS = 315.468;
    ChartsView view;
    view.resize(1600, 1000);
    view.setAnalysis(slow, m_colours);
    view.flush();
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

// Six long names in the studio's small latency chart: the legend takes at most a third of the
// chart (whole names took six rows and left a sliver of plot), every deployment keeps an entry,
// and a cut name gives the whole one as its tooltip.
void TestCharts::crowdedLegendLeavesThePlotRoom()
{
    const QStringList names = sixLongNames();
    const auto six = namedDeployments(*m_analysis, names);
    ChartsView view;
    view.resize(970, 725); // the charts' share of the studio's 1600 x 1000 window
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setAnalysis(six, m_colours);
    view.flush();
    QApplication::processEvents(); // the chart's layout, after the legend set its margin
    QChart* chart = view.chart(QStringLiteral("latency"))->chart();
    QSet<qreal> rows;
    QSet<QString> named;
    qreal top = chart->size().height();
    for (QGraphicsItem* item : chart->childItems()) {
        auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item);
        if (!text || !text->isVisible() || !text->text().startsWith(QLatin1String("Llama")))
            continue;
        rows << text->pos().y();
        top = std::min(top, text->pos().y());
        const QString whole = text->toolTip().isEmpty() ? text->text() : text->toolTip();
        QVERIFY2(names.contains(whole), qPrintable(whole));
        QVERIFY(text->toolTip().isEmpty() == !text->text().contains(QChar(0x2026)));
        named << whole;
    }
    QCOMPARE(named.size(), int(names.size()));
    QVERIFY(chart->plotArea().bottom() < top); // the plot and its axis end above the legend
    QVERIFY2(chart->size().height() - top <= chart->size().height() / 3 + 20,
             qPrintable(QStringLiteral("legend from %1 of %2, %3 rows")
                            .arg(top)
                            .arg(chart->size().height())
                            .arg(rows.size())));
}

// A chart fed without the document's colours colours its deployments as the canvas would.
void TestCharts::onePaletteForChartsAndDocument()
{
    const QStringList& palette = is::gui::deploymentPalette();
    for (int i = 0; i < 2 * int(palette.size()); ++i)
        QCOMPARE(chartfmt::deploymentColour({}, QStringLiteral("d%1").arg(i), i),
                 QColor(palette.at(i % palette.size())));
    // A colour the document gives wins.
    QCOMPARE(chartfmt::deploymentColour({{QStringLiteral("d"), QColor(Qt::red)}}, QStringLiteral("d"), 0),
             QColor(Qt::red));
}

void TestCharts::comparisonTableRatios()
{
    ComparisonTable table;
    ComparisonModel* model = table.model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    table.setAnalysis(m_analysis, m_colours);
    const auto& first = m_analysis->deployments[0].estimate.mid;
    const auto& second = m_analysis->deployments[1].estimate.mid;
    QVERIFY(first.fits && second.fits);
    QCOMPARE(model->columnCount(), 3); // first, second, second vs first
    const int value = model->valueColumn(1);
    const int ratio = model->ratioColumn(1);
    QVERIFY(value >= 0 && ratio >= 0);
    QCOMPARE(model->ratioColumn(0), -1);

    const auto ratioAt = [&](ComparisonModel::Metric m) {
        return model->index(model->rowOf(m), ratio).data(ComparisonModel::RatioRole).toDouble();
    };
    const auto textAt = [&](ComparisonModel::Metric m, int column) {
        return model->index(model->rowOf(m), column).data().toString();
    };
    // Hand-computed from the two estimates.
    QCOMPARE(ratioAt(ComparisonModel::Metric::TokSUser), second.tokSUser / first.tokSUser);
    QCOMPARE(ratioAt(ComparisonModel::Metric::JoulesPerToken), second.joulesPerToken / first.joulesPerToken);
    QCOMPARE(ratioAt(ComparisonModel::Metric::UsdPerMTok), second.usdPerMTok / first.usdPerMTok);
    QCOMPARE(ratioAt(ComparisonModel::Metric::Ttft), second.ttftS / first.ttftS);
    // Nothing cached: no row for the TTFT without the cache.
    QCOMPARE(model->rowOf(ComparisonModel::Metric::TtftUncached), -1);
    {
        // With prefix caching the row follows the TTFT row and shows the uncached TTFT.
        auto cached = std::make_shared<ScenarioAnalysis>(*m_analysis);
        cached->workload.prefixHitRate = 0.9;
        cached->deployments[0].estimate.mid.reuse.hitRate = 0.9;
        cached->deployments[0].estimate.mid.reuse.ttftColdS = 0.25;
        table.setAnalysis(cached, m_colours);
        const int row = model->rowOf(ComparisonModel::Metric::TtftUncached);
        QCOMPARE(row, model->rowOf(ComparisonModel::Metric::Ttft) + 1);
        QVERIFY2(model->index(row, model->valueColumn(0)).data().toString().startsWith(QLatin1String("250")),
                 qPrintable(model->index(row, model->valueColumn(0)).data().toString()));
        table.setAnalysis(m_analysis, m_colours);
    }
    // The cost rows say which of the studio's two cost models they show.
    for (const auto m : {ComparisonModel::Metric::UsdPerMTok, ComparisonModel::Metric::UsdPerHour})
        QVERIFY(model->headerData(model->rowOf(m), Qt::Vertical, Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("Cost tab")));
    QVERIFY(model->headerData(model->rowOf(ComparisonModel::Metric::Ttft), Qt::Vertical, Qt::ToolTipRole)
                .isNull());
    // Cost at full load within the latency targets stands beside the cost at this concurrency,
    // read from core's full-load point: one user costs more per token than a loaded service.
    for (int d = 0; d < 2; ++d) {
        const auto& load = m_analysis->deployments[size_t(d)].atLoad;
        QVERIFY(load && load->fits);
        const QModelIndex atLoad =
            model->index(model->rowOf(ComparisonModel::Metric::UsdPerMTokAtLoad), model->valueColumn(d));
        const QModelIndex atConcurrency =
            model->index(model->rowOf(ComparisonModel::Metric::UsdPerMTok), model->valueColumn(d));
        QCOMPARE(atLoad.data(ComparisonModel::ValueRole).toDouble(), load->usdPerMTok);
        QVERIFY(atLoad.data(ComparisonModel::ValueRole).toDouble() <=
                atConcurrency.data(ComparisonModel::ValueRole).toDouble());
        QCOMPARE(model->index(model->rowOf(ComparisonModel::Metric::ConcurrencyAtLoad), model->valueColumn(d))
                     .data(ComparisonModel::ValueRole)
                     .toDouble(),
                 double(load->batch));
    }
    // The same figure `estimate --json` prints as usd_per_mtok_at_load for the default scenario
    // (EstimateCommand builds its JSON with these two functions).
    {
        static const Engine engine(Catalog::builtin());
        QString error;
        const auto results =
            is::testing::offGuiThread([&] { return evaluateScenario(m_scenario, engine, &error); });
        QVERIFY2(results, qPrintable(error));
        QJsonObject json = estimateResultsToJson(*results);
        QVERIFY2(is::testing::offGuiThread(
                     [&] { return cost::addFullLoadToJson(json, m_scenario, engine, &error); }),
                 qPrintable(error));
        const QJsonArray deployments = json.value(QLatin1String("deployments")).toArray();
        QCOMPARE(deployments.size(), 2);
        for (int d = 0; d < 2; ++d)
            QCOMPARE(
                model->index(model->rowOf(ComparisonModel::Metric::UsdPerMTokAtLoad), model->valueColumn(d))
                    .data(ComparisonModel::ValueRole)
                    .toDouble(),
                deployments.at(d).toObject().value(QLatin1String("usd_per_mtok_at_load")).toDouble());
    }
    QCOMPARE(ratioAt(ComparisonModel::Metric::UsdPerMTokAtLoad),
             m_analysis->deployments[1].atLoad->usdPerMTok / m_analysis->deployments[0].atLoad->usdPerMTok);
    QVERIFY(model
                ->headerData(model->rowOf(ComparisonModel::Metric::UsdPerMTokAtLoad), Qt::Vertical,
                             Qt::ToolTipRole)
                .toString()
                .contains(QLatin1String("latency targets")));

    // Phrases: speed as faster/slower, amounts as "Nx the ...".
    const double speed = second.tokSUser / first.tokSUser;
    const QString speedText = textAt(ComparisonModel::Metric::TokSUser, ratio);
    if (speed < 1) {
        const double slower = 1 / speed;
        const QString n = slower >= 10 ? QString::number(slower, 'f', 1) : QString::number(slower, 'f', 2);
        QCOMPARE(speedText, n + QStringLiteral("x slower"));
    } else {
        QVERIFY(speedText.endsWith(QLatin1String("x faster")));
    }
    QVERIFY2(textAt(ComparisonModel::Metric::JoulesPerToken, ratio)
                 .endsWith(QLatin1String("x the energy per token")),
             qPrintable(textAt(ComparisonModel::Metric::JoulesPerToken, ratio)));
    // A lower TTFT is faster.
    const QString ttftText = textAt(ComparisonModel::Metric::Ttft, ratio);
    QVERIFY(second.ttftS > first.ttftS ? ttftText.endsWith(QLatin1String("x slower"))
                                       : ttftText.endsWith(QLatin1String("x faster")));

    // Bands read "value (low–high)" for ranged inputs; the bottleneck is named.
    QVERIFY(m_analysis->deployments[0].estimate.ranged);
    const QString speedCell = textAt(ComparisonModel::Metric::TokSUser, model->valueColumn(0));
    QVERIFY2(speedCell.contains(QLatin1Char('(')) && speedCell.contains(QChar(0x2013)),
             qPrintable(speedCell));
    QCOMPARE(textAt(ComparisonModel::Metric::Bottleneck, model->valueColumn(0)),
             chartfmt::bottleneckName(first.bottleneck));
    QCOMPARE(textAt(ComparisonModel::Metric::Bottleneck, value), chartfmt::bottleneckName(second.bottleneck));

    // Headers carry the deployment names and colours.
    QCOMPARE(model->headerData(0, Qt::Horizontal).toString(), m_analysis->deployments[0].name);
    QVERIFY(!model->headerData(0, Qt::Horizontal, Qt::DecorationRole).isNull());
    QVERIFY(model->headerData(ratio, Qt::Horizontal).toString().contains(m_analysis->deployments[0].name));
}

void TestCharts::comparisonTableCsv()
{
    ComparisonTable table;
    table.setAnalysis(m_analysis, m_colours);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("comparison.csv"));
    QString error;
    QVERIFY2(table.exportCsv(path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    // Numbers in columns: a line per metric and deployment.
    QCOMPARE(lines.first(), QStringLiteral("metric,deployment,value,low,high,unit,ratio_to_first"));
    const int deployments = int(m_analysis->deployments.size());
    QCOMPARE(lines.size(), table.model()->rowCount() * deployments + 1);
    // No display text: no ratio phrases, no "value (low–high)".
    const QString all = lines.join(QLatin1Char('\n'));
    QVERIFY(!all.contains(QLatin1String("x slower")) && !all.contains(QLatin1String("x faster")));
    QVERIFY(!all.contains(QChar(0x2013)));
    // The rows of one metric, by deployment name (names hold no commas in this scenario).
    const auto line = [&](const QString& metric, int deployment) {
        const QString prefix =
            metric + QLatin1Char(',') + m_analysis->deployments[size_t(deployment)].name + QLatin1Char(',');
        for (const QString& l : lines)
            if (l.startsWith(prefix))
                return l.mid(prefix.size()).split(QLatin1Char(','));
        return QStringList();
    };
    const Estimate& first = m_analysis->deployments[0].estimate.mid;
    const RangedEstimate& firstRanged = m_analysis->deployments[0].estimate;
    const Estimate& second = m_analysis->deployments[1].estimate.mid;
    QVERIFY(firstRanged.ranged);
    // value, low, high, unit, ratio: the estimate's own numbers, to the ten digits every CSV has.
    const QStringList speed = line(QStringLiteral("tok_s_user"), 0);
    QCOMPARE(speed.size(), 5);
    QCOMPARE(speed[0], chartexport::csvNumber(first.tokSUser));
    const double lo = std::min({firstRanged.low.tokSUser, firstRanged.high.tokSUser, first.tokSUser});
    const double hi = std::max({firstRanged.low.tokSUser, firstRanged.high.tokSUser, first.tokSUser});
    QVERIFY(lo < hi);
    QCOMPARE(speed[1], chartexport::csvNumber(lo));
    QCOMPARE(speed[2], chartexport::csvNumber(hi));
    QCOMPARE(speed[3], QStringLiteral("tok/s"));
    QVERIFY(speed[4].isEmpty()); // the first deployment has no ratio to itself
    const QStringList ttft = line(QStringLiteral("ttft_ms"), 1);
    QCOMPARE(ttft.size(), 5);
    QCOMPARE(ttft[0], chartexport::csvNumber(second.ttftS * 1e3));
    QCOMPARE(ttft[3], QStringLiteral("ms"));
    QCOMPARE(ttft[4], chartexport::csvNumber(second.ttftS / first.ttftS));
    // Text rows carry ids: "true", not "yes"; the bottleneck's id, not its translated name.
    QCOMPARE(line(QStringLiteral("fits"), 0).value(0), QStringLiteral("true"));
    QCOMPARE(line(QStringLiteral("bottleneck"), 1).value(0), bottleneckId(second.bottleneck));
    // No targets set: nothing to meet.
    QCOMPARE(line(QStringLiteral("meets_latency_targets"), 0).value(0), QString());

    // The clipboard keeps the display text in its HTML (and plain text) flavours, the numbers
    // in its CSV.
    table.copyToClipboard();
    const QMimeData* mime = QApplication::clipboard()->mimeData();
    QVERIFY(mime);
    QVERIFY(mime->hasHtml());
    QVERIFY(mime->html().contains(QLatin1String("x slower")) ||
            mime->html().contains(QLatin1String("x faster")));
    QVERIFY(mime->html().contains(QChar(0x2013)));
    QCOMPARE(QString::fromUtf8(mime->data(QStringLiteral("text/csv"))), table.toCsv());
    // The host's menu gets Copy and Export from QWidget::actions().
    QCOMPARE(table.actions().size(), 2);
}

void TestCharts::latencyChartDrawsTargets()
{
    Scenario s = m_scenario;
    s.workload.ttftLimitS = 0.75;
    s.workload.tpotLimitS = 0.04;
    ChartsView view;
    view.resize(1600, 1000);
    view.setAnalysis(test::analyse(s), m_colours);
    view.flush();
    ChartPanel* latency = view.chart(QStringLiteral("latency"));
    QVERIFY(latency);
    // A dashed line across each category at its target, in the axis unit (ms): TTFT across the
    // first category, TPOT across the second.
    QList<QLineSeries*> targets;
    for (QAbstractSeries* series : latency->series())
        if (auto* line = qobject_cast<QLineSeries*>(series); line && line->name() == QLatin1String("target"))
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

void TestCharts::speedChartDrawsContextAndTarget()
{
    Scenario s = m_scenario;
    s.workload.inputTokens = 8192;
    s.workload.tpotLimitS = 0.02; // 1000 / 20 ms = 50 tok/s per user
    ChartsView view;
    view.resize(1600, 1000);
    view.setAnalysis(test::analyse(s), m_colours);
    view.flush();
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

void TestCharts::comparisonTableMarksMissedTargets()
{
    // A TPOT target between the two deployments' TPOTs: the slower one misses it.
    const double a = m_analysis->deployments[0].estimate.mid.tpotS;
    const double b = m_analysis->deployments[1].estimate.mid.tpotS;
    QVERIFY(a != b);
    Scenario s = m_scenario;
    s.workload.tpotLimitS = std::sqrt(a * b);
    const auto analysis = test::analyse(s);
    const int slow = a > b ? 0 : 1;
    QCOMPARE(analysis->deployments[size_t(slow)].missedTargets.size(), size_t(1));
    QVERIFY(analysis->deployments[size_t(1 - slow)].missedTargets.empty());
    ComparisonTable table;
    table.setAnalysis(analysis, m_colours);
    ComparisonModel* model = table.model();
    const int row = model->rowOf(ComparisonModel::Metric::Targets);
    QVERIFY(row >= 0);
    const QModelIndex missed = model->index(row, model->valueColumn(slow));
    const QModelIndex met = model->index(row, model->valueColumn(1 - slow));
    // The target it misses and what it reaches, in the units' own format.
    const QString text = missed.data().toString();
    QVERIFY2(
        text.contains(QLatin1String("TPOT")) &&
            text.contains(is::gui::units::seconds(s.workload.tpotLimitS)) &&
            text.contains(is::gui::units::seconds(analysis->deployments[size_t(slow)].estimate.mid.tpotS)),
        qPrintable(text));
    QCOMPARE(met.data().toString(), QStringLiteral("met"));
    QVERIFY(missed.data(Qt::ForegroundRole).isValid());
    QVERIFY(!met.data(Qt::ForegroundRole).isValid());
    QCOMPARE(missed.data(ComparisonModel::CsvRole).toString(), QStringLiteral("false"));
    QCOMPARE(met.data(ComparisonModel::CsvRole).toString(), QStringLiteral("true"));
}

void TestCharts::updateLatency()
{
    // Slider-to-pixels for the charts alone (the engine runs on a worker thread): apply a new
    // analysis and repaint every chart. Reported, and bounded loosely: timing on a shared
    // machine is not a test of speed, the shell's --bench-ui is.
    Scenario other = m_scenario;
    other.workload.inputTokens = 65536;
    const std::shared_ptr<const ScenarioAnalysis> analyses[2] = {m_analysis, test::analyse(other)};
    ChartsView view;
    view.resize(1600, 1000);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
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

void TestCharts::chartsSettleAfterAStream()
{
    // A live analysis grows the axes but never shrinks them; the settled one fits them again.
    Scenario longer = m_scenario;
    longer.workload.inputTokens = 196608; // long, and inside both models' windows
    const auto big = test::analyse(longer);
    ChartsView view;
    view.resize(1600, 1000);
    view.setAnalysis(m_analysis, m_colours);
    view.flush();
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

void TestCharts::comparisonTableSettlesAfterAStream()
{
    // While live, the cells show the newest analysis at most every 100 ms and the columns keep
    // their widths; the settled analysis lands at once and the columns fit it.
    ComparisonTable table;
    table.resize(1000, 520);
    table.show();
    QVERIFY(QTest::qWaitForWindowExposed(&table));
    QElapsedTimer sinceShown;
    sinceShown.start();
    table.setAnalysis(m_analysis, m_colours);
    const QString name = m_analysis->deployments[0].name;
    QCOMPARE(table.model()->headerData(0, Qt::Horizontal).toString(), name);
    const int width = table.view()->horizontalHeader()->sectionSize(0);

    auto renamed = std::make_shared<ScenarioAnalysis>(*m_analysis);
    renamed->deployments[0].name = name + QStringLiteral(" with a much, much longer name than before");
    table.setAnalysis(renamed, m_colours, true);
    if (sinceShown.elapsed() < 90) // (a busy machine may have taken the 100 ms already)
        QCOMPARE(table.model()->headerData(0, Qt::Horizontal).toString(), name);
    QTRY_COMPARE_WITH_TIMEOUT(table.model()->headerData(0, Qt::Horizontal).toString(),
                              renamed->deployments[0].name, 2000);
    QCOMPARE(table.view()->horizontalHeader()->sectionSize(0), width);

    table.setAnalysis(renamed, m_colours);
    QVERIFY(table.view()->horizontalHeader()->sectionSize(0) != width);
}

// A toy model keeps the run short; the probes still take a second or two.
static const QString kToySpec =
    QStringLiteral("dim=64,layers=2,heads=4,kv_heads=4,ffn=128,vocab=256,dtype=f32");

void TestCharts::measurePanelRuns()
{
    MeasurePanel panel;
    if (!MeasurePanel::executorAvailable())
        QSKIP("built without the CPU decode executor");
    panel.setSyntheticSpec(kToySpec);
    panel.setThreads(1);
    panel.setTokens(24, 8);
    QSignalSpy finished(&panel, &MeasurePanel::finished);
    panel.start();
    QVERIFY(panel.isRunning());
    QVERIFY(finished.wait(120000));
    QCOMPARE(finished.first().first().toBool(), true);
    QVERIFY(!panel.isRunning());
    QVERIFY(panel.measuredTokS() > 0 && std::isfinite(panel.measuredTokS()));
    QVERIFY(panel.predictedTokS() > 0 && std::isfinite(panel.predictedTokS()));
    QVERIFY(!panel.generatedText().isEmpty());
}

void TestCharts::measurePanelCancels()
{
    if (!MeasurePanel::executorAvailable())
        QSKIP("built without the CPU decode executor");
    MeasurePanel panel;
    panel.setSyntheticSpec(kToySpec);
    panel.setThreads(1);
    panel.setTokens(4000, 8);
    QSignalSpy finished(&panel, &MeasurePanel::finished);
    panel.start();
    // Cancel once decoding has produced something, then the run ends early and not "ok".
    QTRY_VERIFY_WITH_TIMEOUT(!panel.generatedText().isEmpty(), 120000);
    panel.cancel();
    QVERIFY(finished.count() == 1 || finished.wait(60000));
    QCOMPARE(finished.first().first().toBool(), false);
    QCOMPARE(panel.measuredTokS(), 0.0);

    // A bad spec fails with a message instead of crashing.
    panel.setSyntheticSpec(QStringLiteral("dim=banana"));
    finished.clear();
    panel.start();
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.first().first().toBool(), false);
}

// A presenter running the studio in Chinese who opens a damaged model file reads why in Chinese,
// with the file named: the reader's message comes from core through the zh_CN translation.
void TestCharts::measurePanelErrorsInChinese()
{
    if (!MeasurePanel::executorAvailable())
        QSKIP("built without the CPU decode executor");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("damaged.gguf"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // The GGUF magic, then version 99 and padding up to a plausible header size.
        QByteArray bytes("GGUF");
        const char version[4] = {99, 0, 0, 0};
        bytes.append(version, 4);
        bytes.append(QByteArray(56, '\0'));
        f.write(bytes);
    }
    QVERIFY(is::gui::LanguageManager::apply(QStringLiteral("zh_CN")));
    const auto restore = qScopeGuard([] { is::gui::LanguageManager::apply(QStringLiteral("en")); });
    MeasurePanel panel;
    panel.setModelFile(path);
    panel.setThreads(1);
    QSignalSpy finished(&panel, &MeasurePanel::finished);
    panel.start();
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.first().first().toBool(), false);
    QString shown;
    for (const QLabel* label : panel.findChildren<QLabel*>())
        if (label->text().contains(QStringLiteral("damaged.gguf")))
            shown = label->text();
    QVERIFY2(shown.contains(QStringLiteral("不支持的 GGUF 版本 99")), qPrintable(shown));
}

// The speed chart's log axis keeps Qt's own labels, transparent, under its compact ones: an
// SVG carried them as invisible duplicate text.
void TestCharts::exportsLeaveOutInvisibleLabels()
{
    ChartsView view;
    QVERIFY(showDefaultAnalysis(view));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("speed.svg"));
    QVERIFY(view.chart(QStringLiteral("speed-vs-context"))->exportSvg(path));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    QList<bool> transparent{false};
    QStringList invisible, visible;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const bool zero = xml.attributes().value(QLatin1String("fill-opacity")) == QLatin1String("0");
            transparent.append(transparent.back() || zero);
            if (xml.name() == QLatin1String("text")) {
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
                (transparent.back() ? invisible : visible) << text;
                transparent.removeLast();
            }
        } else if (xml.isEndElement()) {
            transparent.removeLast();
        }
    }
    QVERIFY(!xml.hasError());
    QVERIFY(visible.contains(QStringLiteral("1K")));
    QVERIFY2(invisible.isEmpty(), qPrintable(invisible.join(QLatin1String(", "))));
}

// The note under a chart is drawn by the export's painter: at a PDF's 150 dpi it came out half
// again (at higher resolutions several times) the size of the chart's own text. Its ink is as
// tall at 150 dpi as at 96.
void TestCharts::exportNoteKeepsItsSizeAtPrintResolution()
{
    ChartsView view;
    QVERIFY(showDefaultAnalysis(view));
    ChartPanel* panel = view.chart(QStringLiteral("speed-vs-context"));
    QVERIFY2(!panel->note().isEmpty(), "the default scenario has a 'does not fit' note");
    const auto noteInkRows = [panel](double dpi) {
        QImage image(QSize(1600, 1000), QImage::Format_ARGB32_Premultiplied);
        image.setDotsPerMeterX(int(dpi / 0.0254));
        image.setDotsPerMeterY(int(dpi / 0.0254));
        image.fill(Qt::white);
        {
            QPainter p(&image);
            panel->render(&p, QRectF(image.rect()));
        }
        // The note's red (#aa3333), in the bottom strip under the chart.
        int rows = 0;
        for (int y = image.height() - 120; y < image.height(); ++y) {
            bool ink = false;
            for (int x = 0; x < image.width() && !ink; ++x) {
                const QColor c = image.pixelColor(x, y);
                ink = c.red() > 120 && c.green() < 110 && std::abs(c.green() - c.blue()) < 20 &&
                      c.red() - c.green() > 60;
            }
            rows += ink;
        }
        return rows;
    };
    const int screen = noteInkRows(96), print = noteInkRows(150);
    QVERIFY(screen > 4);
    QVERIFY2(print <= screen * 1.2 && print >= screen * 0.8,
             qPrintable(QStringLiteral("note ink %1 rows at 96 dpi, %2 at 150 dpi").arg(screen).arg(print)));
}

// Exports say which scenario and workload they show.
void TestCharts::exportsCarryTheCaption()
{
    ChartsView view;
    QVERIFY(showDefaultAnalysis(view));
    const QString caption = QStringLiteral("Sol vs Kimi — 8,192 input tokens, 1,024 output tokens");
    view.setCaption(caption);
    QTemporaryDir dir;
    for (ChartPanel* panel : view.charts()) {
        QCOMPARE(panel->caption(), caption);
        const QString path = dir.filePath(panel->id() + QStringLiteral(".svg"));
        QVERIFY(panel->exportSvg(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(QString::fromUtf8(f.readAll()).contains(QStringLiteral("Sol vs Kimi")),
                 qPrintable(panel->id()));
    }
}

// Cost per million tokens and cost per hour share one chart on two value axes: each group of
// bars says which axis it is read on.
void TestCharts::twoMetricChartsSayWhichAxis()
{
    ChartsView view;
    QVERIFY(showDefaultAnalysis(view));
    for (const QString& id : {QStringLiteral("cost"), QStringLiteral("power-energy")}) {
        QBarCategoryAxis* groups = nullptr;
        QList<QValueAxis*> values;
        for (QAbstractAxis* a : view.chart(id)->chart()->axes()) {
            groups = groups ? groups : qobject_cast<QBarCategoryAxis*>(a);
            if (auto* v = qobject_cast<QValueAxis*>(a))
                values << v;
        }
        QVERIFY(groups);
        QCOMPARE(groups->count(), 2);
        QCOMPARE(values.size(), 2);
        QVERIFY2(groups->at(0).contains(QStringLiteral("(left axis)")), qPrintable(groups->at(0)));
        QVERIFY2(groups->at(1).contains(QStringLiteral("(right axis)")), qPrintable(groups->at(1)));
        for (QValueAxis* v : values)
            QCOMPARE(v->alignment(), values.indexOf(v) == 0 ? Qt::AlignLeft : Qt::AlignRight);
    }
}

void TestCharts::screenshot()
{
    // For people: IS_CHARTS_SCREENSHOT=/tmp/charts.png writes the grid at 1600x1000.
    const QString path = qEnvironmentVariable("IS_CHARTS_SCREENSHOT");
    if (path.isEmpty())
        QSKIP("set IS_CHARTS_SCREENSHOT to write a screenshot");
    ChartsView view;
    if (qEnvironmentVariableIsSet("IS_CHARTS_FONT"))
        view.setFontPointSize(qEnvironmentVariableIntValue("IS_CHARTS_FONT"));
    view.resize(1600, 1000);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setAnalysis(m_analysis, m_colours);
    view.flush();
    QTest::qWait(50);
    QVERIFY(view.grab().save(path));
    const QString stem = path.section(QLatin1Char('.'), 0, -2);
    // The size the studio's main window leaves the charts at 1600x1000.
    view.resize(960, 730);
    QTest::qWait(50);
    QVERIFY(view.grab().save(stem % QStringLiteral("-narrow.png")));
    for (ChartPanel* panel : view.charts())
        panel->exportTo(stem % QLatin1Char('-') % panel->id() % QStringLiteral(".png"));

    ComparisonTable table;
    table.resize(1000, 520);
    table.setAnalysis(m_analysis, m_colours);
    table.show();
    QVERIFY(QTest::qWaitForWindowExposed(&table));
    QVERIFY(table.grab().save(stem % QStringLiteral("-table.png")));

    if (MeasurePanel::executorAvailable()) {
        MeasurePanel measure;
        measure.resize(520, 640);
        measure.setSyntheticSpec(kToySpec);
        measure.setTokens(64, 16);
        measure.show();
        QVERIFY(QTest::qWaitForWindowExposed(&measure));
        QSignalSpy finished(&measure, &MeasurePanel::finished);
        measure.start();
        QVERIFY(finished.wait(120000));
        QTest::qWait(50); // let the layout settle around the results
        QVERIFY(measure.grab().save(stem % QStringLiteral("-measure.png")));
    }
}

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
