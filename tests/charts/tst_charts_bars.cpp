// SPDX-License-Identifier: MIT
// The labels of the studio's bar charts: each bar's value, on its own bar and clear of the
// others, which axis a group of bars is read on, and category names that fit the column Qt
// Charts gives them rather than being cut to "...".
#include "ChartsFixture.h"

#include "Units.h"
#include "charts/BackedTextItem.h"
#include "charts/ChartFormat.h"
#include "charts/ChartPanel.h"
#include "charts/ChartsView.h"

#include <QApplication>
#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGraphicsTextItem>
#include <QValueAxis>
#include <QtTest>

#include <cmath>
#include <functional>

using namespace is;
using is::gui::ChartPanel;
using is::gui::ChartsView;
namespace chartfmt = is::gui::chartfmt;

namespace {

// Every drawn bar as a rectangle in the chart's coordinates: the first metric's bar sets, the
// second's boxes.
QList<QRectF> barsOf(QChart* chart)
{
    QList<QRectF> bars;
    for (QAbstractSeries* series : chart->series()) {
        if (auto* barSeries = qobject_cast<QAbstractBarSeries*>(series)) {
            const auto sets = barSeries->barSets();
            const int n = int(sets.size());
            for (int i = 0; i < n; ++i)
                for (int c = 0; c < sets[i]->count(); ++c) {
                    const double centre = c - 0.35 + 0.7 / n * (i + 0.5);
                    bars << QRectF(chart->mapToPosition(QPointF(centre - 0.35 / n, sets[i]->at(c)), series),
                                   chart->mapToPosition(QPointF(centre + 0.35 / n, 0), series))
                                .normalized();
                }
        }
        if (auto* box = qobject_cast<QAreaSeries*>(series); box && box->upperSeries()->count() == 2)
            bars << QRectF(chart->mapToPosition(box->upperSeries()->at(0), series),
                           chart->mapToPosition(box->lowerSeries()->at(1), series))
                        .normalized();
    }
    return bars;
}

// The visible texts of a chart's items that Qt Charts cut to "...".
QStringList cutTexts(QGraphicsItem* root)
{
    QStringList cut;
    std::function<void(QGraphicsItem*)> visit = [&](QGraphicsItem* item) {
        for (QGraphicsItem* child : item->childItems()) {
            if (auto* text = dynamic_cast<QGraphicsTextItem*>(child);
                text && text->isVisible() && text->toPlainText().contains(QLatin1String("...")))
                cut << text->toPlainText();
            visit(child);
        }
    };
    visit(root);
    return cut;
}

// The longest run of "m" (no spaces: Qt cannot wrap it) whose width in `font` is at most `width`,
// and at least `atLeast` characters.
QString widestWithin(const QFont& font, qreal width, int atLeast = 1)
{
    QString text(atLeast, QLatin1Char('m'));
    while (chartfmt::textWidth(text + QLatin1Char('m'), font) <= width)
        text += QLatin1Char('m');
    return text;
}

} // namespace

class TestChartsBars : public test::ChartsSuite
{
    Q_OBJECT

private Q_SLOTS:
    // Qt Charts 6.4 gives each category of a bottom bar axis the axis' width over categories + 2,
    // less 8 px of padding; the names were wrapped to the plot's width over categories + 1, so
    // "Kimi K3 on H100" stayed on one line and was cut to "Kimi K3 on H..." in the cost chart at
    // 1920 x 1080. A label as wide as barCategoryLabelWidth is shown whole, and the width is
    // not far below Qt's: a label little wider is cut.
    void categoryLabelWidthIsQtCut()
    {
        for (int categories : {1, 2, 3, 5}) {
            for (int viewWidth : {420, 640, 900}) {
                QChart* chart = new QChart;
                chart->legend()->hide();
                auto* axis = new QBarCategoryAxis;
                auto* values = new QValueAxis;
                auto* series = new QBarSeries;
                auto* set = new QBarSet(QStringLiteral("v"));
                QStringList names;
                for (int c = 0; c < categories; ++c) {
                    set->append(1.0 + c);
                    names << QStringLiteral("c%1").arg(c);
                }
                series->append(set);
                chart->addSeries(series);
                axis->append(names);
                chart->addAxis(axis, Qt::AlignBottom);
                chart->addAxis(values, Qt::AlignLeft);
                series->attachAxis(axis);
                series->attachAxis(values);
                QChartView view(chart);
                QVERIFY(showExposed(view, QSize(viewWidth, 360)));
                const QFont font = axis->labelsFont();
                const auto showAll = [&](const QString& label) {
                    QStringList labels;
                    for (int c = 0; c < categories; ++c)
                        labels << label + QString(c, QChar(0x200B)); // distinct, as the studio's
                    axis->setCategories(labels);
                    QApplication::processEvents();
                    return cutTexts(chart);
                };
                const qreal width = chartfmt::barCategoryLabelWidth(chart->plotArea().width(), categories);
                const QString fits = widestWithin(font, width);
                QVERIFY2(showAll(fits).isEmpty(),
                         qPrintable(QStringLiteral("%1 categories, %2 px: %3 cut at %4")
                                        .arg(categories)
                                        .arg(viewWidth)
                                        .arg(fits)
                                        .arg(width)));
                // Qt measures the column on the axis' own rectangle, which runs some 20 to 65 px
                // beyond the plot on either side (the room its end labels may take): a label wider
                // than the column of a plot 80 px wider is cut.
                const qreal over =
                    chartfmt::barCategoryLabelWidth(chart->plotArea().width() + 80, categories);
                const QString wider = widestWithin(font, over, int(fits.size())) + QLatin1Char('m');
                QVERIFY2(!showAll(wider).isEmpty(),
                         qPrintable(QStringLiteral("%1 categories, %2 px: %3 not cut")
                                        .arg(categories)
                                        .arg(viewWidth)
                                        .arg(wider)));
                QVERIFY(qFuzzyCompare(chartfmt::barCategoryAxisWidth(width, categories),
                                      chart->plotArea().width()));
            }
        }
    }

    // Each bar carries its value (the table's format): the default scenario's full-load costs,
    // $27 and $26 per million tokens, lie flat beside one user's $1,867 and unlabelled read as
    // nothing. A label is a number some bar draws; labels never overlap one another, and where
    // they would (narrow charts, bars of like height) the metric shows none. At the width of a
    // whole page every fitting deployment's bar is labelled.
    void barsCarryTheirValues()
    {
        ChartsView view;
        QVERIFY(showDefaultAnalysis(view));
        for (const QString& id :
             {QStringLiteral("cost"), QStringLiteral("power-energy"), QStringLiteral("latency")}) {
            ChartPanel* panel = view.chart(id);
            QVERIFY(panel);
            QSet<QString> drawn;
            for (QAbstractSeries* series : panel->chart()->series()) {
                if (auto* bars = qobject_cast<QAbstractBarSeries*>(series))
                    for (QBarSet* set : bars->barSets())
                        for (int i = 0; i < set->count(); ++i)
                            drawn << gui::units::significant(set->at(i));
                if (auto* box = qobject_cast<QAreaSeries*>(series))
                    for (const QPointF& p : box->upperSeries()->points())
                        drawn << gui::units::significant(p.y());
            }
            for (int width = 360; width <= 900; width += 60) {
                panel->resize(width, 380);
                QApplication::processEvents();
                QList<QRectF> shown;
                for (QGraphicsItem* item : panel->chart()->childItems()) {
                    auto* label = dynamic_cast<gui::BackedTextItem*>(item);
                    if (!label || !label->isVisible())
                        continue;
                    QVERIFY2(drawn.contains(label->text()),
                             qPrintable(id + QLatin1String(": ") + label->text()));
                    const QRectF r = label->mapRectToScene(label->boundingRect());
                    for (const QRectF& other : shown)
                        QVERIFY2(!r.intersects(other), qPrintable(QStringLiteral("%1 at %2 px: %3 overlaps")
                                                                      .arg(id)
                                                                      .arg(width)
                                                                      .arg(label->text())));
                    QVERIFY(panel->chart()->rect().contains(label->mapRectToParent(label->boundingRect())));
                    shown << r;
                }
                // Two deployments that fit, two metrics: four numbers down to 340 px, where a
                // number wider than its bar that would have covered its neighbour had hidden them.
                if (width >= 340)
                    QVERIFY2(shown.size() == 4,
                             qPrintable(QStringLiteral("%1: %2 labels").arg(id).arg(shown.size())));
            }
        }
    }

    // A label sits on its bar: over the bar where the inputs are exact (a scenario of point
    // values, where it had floated at the height of the bound estimates no whisker drew), and it
    // never covers a neighbour's bar.
    void valueLabelsSitOnTheirBars()
    {
        QString err;
        auto scenario = loadScenarioFile(
            is::test::defaultScenarioPath().replace(QStringLiteral("gpt-5.6-sol-vs-kimi-k3"),
                                                    QStringLiteral("llama-3.1-70b-cs3-vs-h100")),
            &err);
        QVERIFY2(scenario, qPrintable(err));
        ChartsView view;
        QVERIFY(showExposed(view));
        view.setAnalysis(is::test::analyse(*scenario), is::test::coloursOf(*scenario));
        view.flush();
        const QStringList ids{QStringLiteral("cost"), QStringLiteral("power-energy"),
                              QStringLiteral("latency")};
        for (const QString& id : ids) {
            for (int width : {300, 340, 420, 600, 900}) {
                ChartPanel* panel = view.chart(id);
                panel->resize(width, 380);
                QApplication::processEvents();
                QChart* chart = panel->chart();
                const QList<QRectF> bars = barsOf(chart);
                int labelled = 0;
                for (QGraphicsItem* item : chart->childItems()) {
                    auto* label = dynamic_cast<gui::BackedTextItem*>(item);
                    if (!label || !label->isVisible())
                        continue;
                    ++labelled;
                    const QRectF r = label->mapRectToParent(label->boundingRect());
                    // Over its own bar, resting on it or on a taller neighbour it would otherwise
                    // cover; never over another bar.
                    int own = 0;
                    bool resting = false;
                    for (const QRectF& bar : bars) {
                        if (bar.height() <= 0)
                            continue;
                        const bool mine = std::abs(bar.center().x() - r.center().x()) < 1.0;
                        own += mine ? 1 : 0;
                        if (mine)
                            QVERIFY(r.bottom() <= bar.top() + 0.5);
                        else
                            QVERIFY2(!r.adjusted(0.5, 0, -0.5, 0).intersects(bar),
                                     qPrintable(id + QLatin1String(": ") + label->text()));
                        resting = resting || (r.bottom() <= bar.top() + 0.5 && r.bottom() >= bar.top() - 6);
                    }
                    QCOMPARE(own, 1);
                    QVERIFY2(resting, qPrintable(QStringLiteral("%1 at %2 px: %3 from %4 to %5 floats")
                                                     .arg(id)
                                                     .arg(width)
                                                     .arg(label->text())
                                                     .arg(r.top())
                                                     .arg(r.bottom())));
                }
                // Two deployments that fit, two metrics: four numbers down to 340 px, where a
                // number wider than its bar that would have covered its neighbour had hidden them.
                if (width >= 340)
                    QVERIFY2(labelled == 4,
                             qPrintable(
                                 QStringLiteral("%1 at %2 px: %3 labels").arg(id).arg(width).arg(labelled)));
            }
        }
    }

    // Power and energy per token share one chart on two value axes: each group of bars says which
    // axis it is read on. Cost per million tokens at this concurrency and at full load is one
    // quantity: one axis for both, so a taller bar is a larger cost ($1.74 drawn above $54 when
    // each had its own scale).
    void twoMetricChartsSayWhichAxis()
    {
        ChartsView view;
        QVERIFY(showDefaultAnalysis(view));
        for (const QString& id : {QStringLiteral("cost"), QStringLiteral("power-energy")}) {
            const bool oneQuantity = id == QStringLiteral("cost");
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
            QCOMPARE(groups->at(0).contains(QStringLiteral("(left axis)")), !oneQuantity);
            QCOMPARE(groups->at(1).contains(QStringLiteral("(right axis)")), !oneQuantity);
            for (QValueAxis* v : values)
                QCOMPARE(v->alignment(), values.indexOf(v) == 0 ? Qt::AlignLeft : Qt::AlignRight);
            QCOMPARE(values[1]->isVisible(), !oneQuantity);
            // Without "(left axis)" a group's name is one line where it fits: at the widths the
            // studio gives a chart (a half or a whole page), none is cut to "At this concurre...".
            ChartPanel* panel = view.chart(id);
            for (int width = 400; width <= 800; width += 20) {
                panel->resize(width, 360);
                QApplication::processEvents();
                std::function<void(QGraphicsItem*)> check = [&](QGraphicsItem* item) {
                    for (QGraphicsItem* child : item->childItems()) {
                        if (auto* text = dynamic_cast<QGraphicsTextItem*>(child); text && text->isVisible())
                            QVERIFY2(!text->toPlainText().endsWith(QLatin1String("...")),
                                     qPrintable(QStringLiteral("%1 at %2 px: %3")
                                                    .arg(id)
                                                    .arg(width)
                                                    .arg(text->toPlainText())));
                        check(child);
                    }
                };
                check(panel->chart());
            }
            if (oneQuantity) {
                QCOMPARE(values[0]->max(), values[1]->max());
                QCOMPARE(values[0]->min(), values[1]->min());
            } else {
                QVERIFY(values[0]->max() != values[1]->max());
            }
        }
    }
};

QTEST_MAIN(TestChartsBars)
#include "tst_charts_bars.moc"
