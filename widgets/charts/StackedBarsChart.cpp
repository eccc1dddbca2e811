// SPDX-License-Identifier: MIT
#include "charts/StackedBarsChart.h"

#include "charts/ChartExport.h"
#include "charts/ChartFormat.h"
#include "charts/NiceAxis.h"
#include "charts/Whiskers.h"
#include "charts/WrappingLegend.h"

#include "analysis/ScenarioAnalysis.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsTextItem>
#include <QHorizontalStackedBarSeries>
#include <QLineSeries>
#include <QTextDocument>
#include <QValueAxis>

namespace is::gui {

namespace {
constexpr double kBarWidth = 0.6;

} // namespace

StackedBarsChart::StackedBarsChart(QWidget* parent) : ChartPanel(parent)
{
    // New labels only ask for another layout, and cannot change the plot's height (a left
    // category axis takes width, not height), so this settles after one more pass.
    connect(chart(), &QChart::plotAreaChanged, this, &StackedBarsChart::fitCategoryLabels);
}

void StackedBarsChart::applyFonts()
{
    ChartPanel::applyFonts(); // sets every axis' labels in the small font
    fitCategoryLabels();
}

void StackedBarsChart::fitCategoryLabels()
{
    if (!m_categories || m_names.isEmpty())
        return;
    // Qt Charts gives a category label the axis' height over (rows + 2), less 4 pixels of padding
    // above and below, and shows "..." for a taller label (checked against Qt 6.4 for rows and
    // fonts of several sizes). The axis spans the chart less its margins. A label's height is
    // measured as Qt measures it: a text item with half a pixel of document margin (Chinese
    // fonts' lines are taller than their line spacing says).
    const QMargins margins = chart()->margins();
    const qreal room =
        (chart()->size().height() - margins.top() - margins.bottom()) / (m_names.size() + 2) - 8;
    const auto height = [](const QFont& f, const QString& html) {
        QGraphicsTextItem item;
        item.document()->setDocumentMargin(0.5);
        item.setFont(f);
        item.setHtml(html);
        return item.boundingRect().height();
    };
    // Qt Charts gives a left axis at most 40 % of the chart's width (its layout's
    // maxAxisPortion) and cuts wider labels; the axis' padding and ticks take about 12 pixels.
    const qreal width = 0.4 * chart()->size().width() - 12;
    // Whole names: on two lines where the rows are tall enough, else on one, in smaller type if
    // need be (down to 7 points). Only where even that does not fit, one line cut in the middle
    // (Qt cut a two-line label to "...": six deployments read "Llama 3.1 70B on..." in English,
    // "..." in Chinese), without the words all names share.
    const QString oneLineSample = QStringLiteral("Ag"), twoLineSample = QStringLiteral("Ag<br>Ag");
    const auto widest = [this](const QFont& f, bool twoLines) {
        qreal w = 0;
        for (const QString& name : std::as_const(m_names))
            w = std::max(w, chartfmt::textWidth(
                                twoLines ? chartfmt::twoLineLabel(name, 14) : name.toHtmlEscaped(), f));
        return w;
    };
    QFont font = smallFont();
    QStringList labels;
    const int smallest = 7;
    bool placed = false;
    for (int twoLines = 1; twoLines >= 0 && !placed && room > 0; --twoLines) {
        for (QFont f = smallFont(); f.pointSize() >= smallest; f.setPointSize(f.pointSize() - 1)) {
            // Two lines of tiny type sat a pixel or two short of Qt's room and lost the second
            // line: they keep two points more and a margin.
            if (twoLines && (f.pointSize() < smallest + 2 || height(f, twoLineSample) > room - 3))
                continue;
            if (height(f, twoLines ? twoLineSample : oneLineSample) > room || widest(f, twoLines) > width)
                continue;
            font = f;
            for (const QString& name : std::as_const(m_names))
                labels << (twoLines ? chartfmt::twoLineLabel(name, 14) : name.toHtmlEscaped());
            placed = true;
            break;
        }
    }
    if (!placed) {
        const bool oneLine = room > 0 && height(font, twoLineSample) > room;
        while (oneLine && font.pointSize() > 6 && height(font, oneLineSample) > room)
            font.setPointSize(font.pointSize() - 1);
        if (oneLine) {
            for (const QString& name : chartfmt::withoutSharedWords(m_names))
                labels << chartfmt::middleElidedLabel(name, font, width);
        } else {
            for (const QString& name : m_names)
                labels << chartfmt::twoLineLabel(name, 14);
        }
    }
    if (m_categories->labelsFont() != font)
        m_categories->setLabelsFont(font);
    labels = chartfmt::distinctCategories(labels);
    if (labels != m_categories->categories())
        m_categories->setCategories(labels);
}

void StackedBarsChart::retranslate()
{
    ChartPanel::retranslate();
    if (m_values)
        m_values->setTitleText(valueAxisTitle());
}

QString StackedBarsChart::noteFor(const QString& deployment, const is::Estimate& mid) const
{
    return mid.fits ? QString() : chartfmt::doesNotFit(deployment, mid.why, !drawsDeploymentsThatDoNotFit());
}

void StackedBarsChart::rebuild(const is::ScenarioAnalysis& analysis)
{
    removeSeriesAndAxes();
    m_whiskers.clear();
    m_limits.clear();
    m_parts = parts();
    const int n = int(analysis.deployments.size());

    // Category 0 is drawn at the bottom: list deployments in reverse so the first is on top.
    m_categories = new QBarCategoryAxis;
    m_names.clear();
    for (int i = n - 1; i >= 0; --i)
        m_names << analysis.deployments[size_t(i)].name;
    fitCategoryLabels();
    m_values = new QValueAxis;
    m_values->setTitleText(valueAxisTitle());
    chart()->addAxis(m_categories, Qt::AlignLeft);
    chart()->addAxis(m_values, Qt::AlignBottom);

    m_series = new QHorizontalStackedBarSeries;
    m_series->setBarWidth(kBarWidth);
    for (const Part& p : m_parts) {
        auto* set = new QBarSet(p.name);
        set->setColor(p.colour);
        set->setBorderColor(p.colour.darker(130));
        for (int i = 0; i < n; ++i)
            set->append(0);
        m_series->append(set);
    }
    chart()->addSeries(m_series);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_values);

    const QString limitLegend = limitName();
    for (int i = 0; i < n; ++i) {
        m_whiskers.push_back(addRangeWhisker(analysis.deployments[size_t(i)].name, m_categories, m_values));

        if (!limitLegend.isEmpty()) {
            auto* l = new QLineSeries;
            l->setName(limitLegend);
            QPen lp(Qt::black);
            lp.setWidthF(3);
            lp.setStyle(Qt::DashLine);
            l->setPen(lp);
            chart()->addSeries(l);
            l->attachAxis(m_categories);
            l->attachAxis(m_values);
            m_limits.push_back(l);
        }
    }
    applyFonts();
}

void StackedBarsChart::setAnalysis(const is::ScenarioAnalysis& analysis,
                                   const QHash<QString, QColor>& colours)
{
    Q_UNUSED(colours); // bars are coloured by part; deployments are named on the axis
    if (takeRebuild(analysis, nullptr))
        rebuild(analysis);

    const int n = int(analysis.deployments.size());
    m_rows.assign(size_t(n), {});
    const QList<QBarSet*> sets = m_series->barSets();
    QStringList notes;
    double top = 0;
    for (int i = 0; i < n; ++i) {
        const is::DeploymentAnalysis& d = analysis.deployments[size_t(i)];
        const is::RangedEstimate& e = d.estimate;
        const int category = n - 1 - i;
        Row& row = m_rows[size_t(i)];
        row.deployment = d.name;
        row.fits = e.mid.fits;
        const bool drawn = row.fits || drawsDeploymentsThatDoNotFit();
        const auto value = [&](const Part& part, const is::Estimate& at) {
            return drawn ? std::max(0.0, chartfmt::finiteOr(part.value(at))) : 0.0;
        };
        double total = 0, totalA = 0, totalB = 0;
        for (size_t p = 0; p < m_parts.size(); ++p) {
            const double v = value(m_parts[p], e.mid);
            row.parts.push_back(v);
            total += v;
            totalA += value(m_parts[p], e.low);
            totalB += value(m_parts[p], e.high);
            if (int(p) < sets.size())
                sets[int(p)]->replace(category, v);
        }
        row.totalLow = std::min({totalA, totalB, total});
        row.totalHigh = std::max({totalA, totalB, total});
        const bool ranged = e.ranged && row.totalHigh - row.totalLow > 1e-9 * std::max(1.0, total);
        m_whiskers[size_t(i)]->replace(
            ranged ? whiskers::iBeam(category, row.totalLow, row.totalHigh, 0.15, false) : QList<QPointF>());
        top = std::max(top, row.totalHigh);
        row.limit = chartfmt::finiteOr(limit(e.mid), 0);
        if (i < int(m_limits.size())) {
            QList<QPointF> line;
            if (row.limit > 0)
                line = {QPointF(row.limit, category - 0.45), QPointF(row.limit, category + 0.45)};
            m_limits[size_t(i)]->replace(line);
            top = std::max(top, row.limit);
        }
        const QString note = noteFor(d.name, e.mid);
        if (!note.isEmpty())
            notes << note;
    }
    // Parts that are zero everywhere (no compute on a wafer, no communication on one chip) leave the legend,
    // so the ones that matter fit in one row under a grid cell.
    QList<WrappingLegend::Entry> entries;
    for (size_t p = 0; p < m_parts.size(); ++p) {
        bool any = false;
        for (const Row& r : m_rows)
            any = any || r.parts[p] > 0;
        if (any)
            entries.append({m_parts[p].colour, m_parts[p].name, WrappingLegend::Shape::Box});
    }
    bool anyLimit = false;
    for (const Row& r : m_rows)
        anyLimit = anyLimit || r.limit > 0;
    if (anyLimit && !m_limits.empty())
        entries.append({Qt::black, limitName(), WrappingLegend::Shape::DashedLine});
    legend()->setEntries(entries);
    niceaxis::setValueRange(m_values, top * 1.05, liveUpdate());
    setNote(chartfmt::joinNotes(notes));
}

QString StackedBarsChart::toCsv() const
{
    QString csv = QStringLiteral("deployment,fits");
    for (const Part& p : m_parts)
        csv += QLatin1Char(',') % p.csvColumn;
    csv +=
        QLatin1Char(',') % totalCsvKey() % QStringLiteral("_low,") % totalCsvKey() % QStringLiteral("_high");
    if (!limitCsvColumn().isEmpty())
        csv += QLatin1Char(',') % limitCsvColumn();
    csv += QLatin1Char('\n');
    for (const Row& r : m_rows) {
        csv += chartexport::csvField(r.deployment) % QLatin1Char(',') %
               (r.fits ? QStringLiteral("true") : QStringLiteral("false"));
        for (double v : r.parts)
            csv += QLatin1Char(',') % chartexport::csvNumber(v);
        csv += QLatin1Char(',') % chartexport::csvNumber(r.totalLow) % QLatin1Char(',') %
               chartexport::csvNumber(r.totalHigh);
        if (!limitCsvColumn().isEmpty())
            csv += QLatin1Char(',') % chartexport::csvNumber(r.limit);
        csv += QLatin1Char('\n');
    }
    return csv;
}

} // namespace is::gui
