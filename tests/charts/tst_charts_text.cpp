// SPDX-License-Identifier: MIT
// The text of the studio's charts: number and label formatting, marker text that stays in the
// plot and clear of other text, long deployment names that stay apart and legends that leave
// the plot room (bar labels: tst_charts_bars).
#include "ChartsFixture.h"

#include "Units.h"
#include "charts/ChartFormat.h"
#include "charts/ChartPanel.h"
#include "charts/ChartsView.h"
#include "charts/SpeedVsContextChart.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QChart>
#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QSet>
#include <QValueAxis>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>

using namespace is;
using is::gui::ChartPanel;
using is::gui::ChartsView;
using is::gui::SpeedVsContextChart;
namespace chartfmt = is::gui::chartfmt;

namespace {

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

} // namespace

class TestChartsText : public test::ChartsSuite
{
    Q_OBJECT

    // With the first deployment's SRAM full at `share` of the workload's context, where the
    // speed chart's context line crosses that marker's text; empty where it does not.
    QString contextLineThroughMarkerText(ChartsView& view, double share) const
    {
        auto marked = std::make_shared<ScenarioAnalysis>(*m_analysis);
        DeploymentAnalysis& d = marked->deployments[0];
        d.sramExhaustedAt = marked->workload.inputTokens * share;
        d.sramExhaustedAction = is::kvPlacementId(is::KvPlacement::AddedChips);
        view.setAnalysis(marked, m_colours);
        view.flush();
        QChart* chart = view.chart(QStringLiteral("speed-vs-context"))->chart();
        QRectF text;
        for (QGraphicsItem* item : chart->childItems())
            if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(item);
                t && t->isVisible() && t->text().startsWith(QLatin1String("SRAM full")))
                text = t->sceneBoundingRect();
        QLineSeries* contextLine = nullptr;
        for (QAbstractSeries* series : chart->series())
            if (series->name().startsWith(QLatin1String("context")))
                contextLine = qobject_cast<QLineSeries*>(series);
        if (text.isEmpty() || !contextLine || contextLine->count() == 0)
            return QStringLiteral("no marker text or no context line");
        const qreal lineX = chart->mapToScene(chart->mapToPosition(contextLine->at(0), contextLine)).x();
        if (lineX < text.left() || lineX > text.right())
            return {};
        return QStringLiteral("context line at %1 crosses text %2..%3")
            .arg(lineX)
            .arg(text.left())
            .arg(text.right());
    }

private Q_SLOTS:
    void formatting()
    {
        QCOMPARE(is::gui::units::compact(1500), QStringLiteral("1.5K"));
        QCOMPARE(is::gui::units::compact(999.96), QStringLiteral("1K")); // not "1000"
        QCOMPARE(is::gui::units::compact(999.4), QStringLiteral("999"));
        QCOMPARE(is::gui::units::compact(-0.0123456), QStringLiteral("-0.0123"));
        QCOMPARE(is::gui::units::compact(1e-307), QStringLiteral("0")); // no NaN from the rounding
        QCOMPARE(is::gui::units::compact(5e-324), QStringLiteral("0"));
        QCOMPARE(is::gui::units::compact(750), QStringLiteral("750"));
        QCOMPARE(is::gui::units::compact(2.1e6), QStringLiteral("2.1M"));
        QCOMPARE(is::gui::units::compact(1.21e9), QStringLiteral("1.21B")); // as "$1.21 bn" reads, not "G"
        QCOMPARE(is::gui::units::compact(0.312), QStringLiteral("0.312"));
        QCOMPARE(is::gui::units::dollars(1.19e14), QStringLiteral("$119 tn"));
        {
            // Chinese counts in myriads (万, 亿), as a Chinese reader says them.
            const QLocale saved;
            QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
            QCOMPARE(is::gui::units::compact(1500), QStringLiteral("1,500"));
            QCOMPARE(is::gui::units::compact(2304.4), QStringLiteral("2,304")); // not a rounded "2,300"
            QCOMPARE(is::gui::units::compact(9994.6), QStringLiteral("9,995"));
            QCOMPARE(is::gui::units::dollars(1.19e14),
                     QCoreApplication::translate("units", "%1 trillion USD", "Chinese 万亿美元")
                         .arg(QStringLiteral("119")));
            QCOMPARE(is::gui::units::compact(15000), QString(QStringLiteral("1.5") + QChar(0x4E07)));
            QCOMPARE(is::gui::units::compact(9999.6), QString(QStringLiteral("1") + QChar(0x4E07)));
            QCOMPARE(is::gui::units::compact(2.1e6), QString(QStringLiteral("210") + QChar(0x4E07)));
            // Grouped as the sums in 万美元 are: 1,210万 beside 1,566万美元.
            QCOMPARE(is::gui::units::compact(1.21e7), QString(QStringLiteral("1,210") + QChar(0x4E07)));
            QCOMPARE(is::gui::units::compact(3e8), QString(QStringLiteral("3") + QChar(0x4EBF)));
            QCOMPARE(is::gui::units::compact(1.2e12),
                     QString(QStringLiteral("1.2") + QChar(0x4E07) + QChar(0x4EBF)));
            QCOMPARE(is::gui::units::compact(750), QStringLiteral("750"));
            QLocale::setDefault(saved);
        }
        QCOMPARE(is::gui::units::tokens(1024), QStringLiteral("1K"));
        QCOMPARE(is::gui::units::tokens(131072), QStringLiteral("128K"));
        QCOMPARE(is::gui::units::tokens(87552), QStringLiteral("85.5K")); // a field, a note and an axis alike
        QCOMPARE(is::gui::units::tokens(2.0 * 1024 * 1024), QStringLiteral("2M"));
        // A count a prefix would round is written whole: a typed 2,000,000 read "1.91M".
        QCOMPARE(is::gui::units::tokens(2e6), is::gui::units::integer(2e6));
        QCOMPARE(is::gui::units::tokens(100000), is::gui::units::integer(100000));
        QCOMPARE(is::gui::units::parseTokens(is::gui::units::tokens(100000)), 100000.0);
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
        // Sentences: a space after an English one, none after a Chinese full stop.
        QCOMPARE(chartfmt::joinSentences({QStringLiteral("One."), QString(), QStringLiteral("Two.")}),
                 QStringLiteral("One. Two."));
        QCOMPARE(chartfmt::joinSentences({QStringLiteral("已评估。"), QStringLiteral("最便宜：甲。")}),
                 QStringLiteral("已评估。最便宜：甲。"));
        {
            // Wrapped where the longer line is shortest, never leaving one character on a line: the
            // Chinese latency chart read "首 / token / （左轴）" down three lines.
            QFont font;
            font.setPointSize(10);
            const QString first = QStringLiteral("首 token");
            QCOMPARE(chartfmt::wrappedLabel(first, font, chartfmt::textWidth(first, font) / 2), first);
            const QString english = QStringLiteral("At this concurrency");
            QCOMPARE(chartfmt::wrappedLabel(english, font, chartfmt::textWidth(english, font) * 0.7),
                     QStringLiteral("At this<br>concurrency"));
            const QString chinese = QStringLiteral("每用户的速度");
            QCOMPARE(chartfmt::wrappedLabel(chinese, font, chartfmt::textWidth(chinese, font) * 0.7),
                     QStringLiteral("每用户<br>的速度"));
        }
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
            QCOMPARE(chartfmt::middleElidedLabel(QStringLiteral("A<B"), font, 1000),
                     QStringLiteral("A&lt;B"));
        }
        {
            // Shared leading and trailing words go; a name left empty keeps them all.
            const QStringList six = {QStringLiteral("Llama 3.1 70B on eight NVIDIA H100 SXM (fp8)"),
                                     QStringLiteral("Llama 3.1 70B on Groq LPU racks (fp8)")};
            QCOMPARE(
                chartfmt::withoutSharedWords(six),
                QStringList({QStringLiteral("…eight NVIDIA H100 SXM…"), QStringLiteral("…Groq LPU racks…")}));
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

    // The "SRAM full" text of a marker stays whole inside the plot, near its marker, clear of the
    // other marker's text: markers at either end of the context axis (Qt's point labels, centred on
    // the point, were cut off at the chart's left edge), and two markers at one point at the bottom
    // of the plot (where there is room neither above nor below for both).
    void markerTextStaysInThePlot()
    {
        ChartsView view;
        QVERIFY(showExposed(view));
        for (const bool together : {false, true}) {
            auto marked = std::make_shared<ScenarioAnalysis>(*m_analysis);
            for (std::size_t i = 0; i < 2; ++i) {
                DeploymentAnalysis& d = marked->deployments[i];
                QVERIFY(!d.speedVsContext.empty());
                d.sramExhaustedAt =
                    i == 0 && !together ? d.speedVsContext.front().x : d.speedVsContext.back().x;
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
        QVERIFY2(lineY < sram.top() || lineY > sram.bottom(),
                 qPrintable(QStringLiteral("line at %1 crosses text %2..%3")
                                .arg(lineY)
                                .arg(sram.top())
                                .arg(sram.bottom())));

        // A marker on the workload's context line: its text goes to one side of the line, not
        // through it.
        speed->setClaimMarks({});
        const QString crossed = contextLineThroughMarkerText(view, 1.0);
        QVERIFY2(crossed.isEmpty(), qPrintable(crossed));
    }

    // At 1280 x 720 each chart of a pair is about 320 pixels wide, narrower than "SRAM full at 62.2K:
    // spills to MemoryX" on one line: the text breaks after its colon and stays inside the plot (it
    // ran off the chart's right edge).
    void markerTextWrapsInANarrowPlot()
    {
        ChartsView view;
        QVERIFY(showExposed(view, QSize(650, 420)));
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
        // A marker just before the context line near the axis' start (SRAM full at 3.56K with the
        // context at 8K): no side of the marker clears the line in a plot this narrow, so the
        // text goes just beyond the line.
        const QString crossed = contextLineThroughMarkerText(view, 0.45);
        QVERIFY2(crossed.isEmpty(), qPrintable(crossed));
    }

    // Six long names that differ only at their ends, in the studio's small bar charts: one line each
    // where two do not fit, cut in the middle, so every row still reads differently (Qt cut each
    // two-line label after its first line, and all six read "Llama 3.1 70B on ...").
    void longNamesStayApartOnBarRows()
    {
        const QStringList names = sixLongNames();
        const auto six = namedDeployments(*m_analysis, names);
        ChartsView view;
        QVERIFY(showExposed(
            view, QSize(1200, 725))); // rows too short for two lines, wide enough for the ends to differ
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

    // Six long names in the studio's small latency chart: the legend takes at most a third of the
    // chart (whole names took six rows and left a sliver of plot), every deployment keeps an entry,
    // and a cut name gives the whole one as its tooltip.
    void crowdedLegendLeavesThePlotRoom()
    {
        const QStringList names = sixLongNames();
        const auto six = namedDeployments(*m_analysis, names);
        ChartsView view;
        QVERIFY(showExposed(view, QSize(970, 725))); // the charts' share of the studio's 1600 x 1000 window
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
};

QTEST_MAIN(TestChartsText)
#include "tst_charts_text.moc"
