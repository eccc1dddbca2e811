// SPDX-License-Identifier: MIT
#include "charts/MetricBarsChart.h"

#include "metrics/Metrics.h"

#include "charts/BackedTextItem.h"
#include "charts/ChartExport.h"
#include "charts/ChartFormat.h"
#include "charts/NiceAxis.h"
#include "charts/Whiskers.h"
#include "charts/WrappingLegend.h"

#include "Units.h"
#include "analysis/ScenarioAnalysis.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QValueAxis>

namespace is::gui {

namespace {
constexpr double kBarWidth = 0.7;
}

MetricBarsChart::MetricBarsChart(QWidget* parent) : ChartPanel(parent)
{
    // New labels can change the plot's height, not its width: this settles after one more pass.
    connect(chart(), &QChart::plotAreaChanged, this, &MetricBarsChart::fitCategoryLabels);
    connect(chart(), &QChart::plotAreaChanged, this, &MetricBarsChart::placeValueLabels);
}

void MetricBarsChart::placeValueLabels()
{
    const int n = int(m_rows.size());
    const QRectF plot = chart()->plotArea();
    for (size_t m = 0; m < m_valueLabels.size() && m < m_divisors.size(); ++m) {
        const std::vector<QGraphicsSimpleTextItem*>& labels = m_valueLabels[m];
        QAbstractSeries* axes = m == 0 ? static_cast<QAbstractSeries*>(m_bars)
                                       : (m_boxes[m].empty() ? nullptr : m_boxes[m].front());
        if (!axes)
            continue;
        // Each bar as drawn, in the chart's pixels.
        std::vector<QRectF> bars;
        const double half = kBarWidth / std::max(1, n) / 2;
        for (int i = 0; i < n; ++i) {
            const Row& row = m_rows[size_t(i)];
            const double centre = whiskers::barCentre(int(m), i, n, kBarWidth);
            const double value = m < row.mid.size() ? row.mid[m] / m_divisors[m] : 0.0;
            bars.push_back(QRectF(chart()->mapToPosition(QPointF(centre - half, value), axes),
                                  chart()->mapToPosition(QPointF(centre + half, 0), axes))
                               .normalized());
        }
        // Where each label goes: centred over its bar, or over its range's whisker where the
        // inputs are ranged. A number wider than its bar that would cover a taller neighbour
        // goes up over that neighbour ("0.673" beside a bar of 8.62).
        std::vector<QRectF> rects;
        for (int i = 0; i < n && i < int(labels.size()); ++i) {
            QGraphicsSimpleTextItem* label = labels[size_t(i)];
            const Row& row = m_rows[size_t(i)];
            if (label->text().isEmpty() || m >= row.labelAt.size()) {
                rects.emplace_back();
                continue;
            }
            const QPointF at = chart()->mapToPosition(
                QPointF(whiskers::barCentre(int(m), i, n, kBarWidth), row.labelAt[m]), axes);
            const QSizeF size = label->boundingRect().size();
            QRectF r(QPointF(at.x() - size.width() / 2, at.y() - size.height() - 2), size);
            for (int j = 0; j < n; ++j) {
                const QRectF& bar = bars[size_t(j)];
                const bool beside = r.left() < bar.right() - 0.5 && r.right() > bar.left() + 0.5;
                if (j != i && bar.height() > 0 && beside && r.bottom() > bar.top() - 2)
                    r.moveBottom(bar.top() - 2);
            }
            r.moveTop(std::max(plot.top() - size.height(), r.top()));
            rects.push_back(r);
        }
        // Labels that would still run into each other (bars of like height, too narrow for their
        // numbers) would be unreadable: then the metric shows none, and the table has them.
        bool clear = true;
        for (size_t a = 0; a < rects.size(); ++a)
            for (size_t b = a + 1; b < rects.size(); ++b)
                if (!rects[a].isNull() && !rects[b].isNull() &&
                    rects[a].adjusted(-2, -1, 2, 1).intersects(rects[b]))
                    clear = false;
        for (size_t i = 0; i < labels.size(); ++i) {
            const bool show = clear && i < rects.size() && !rects[i].isNull();
            if (show)
                labels[i]->setPos(rects[i].topLeft());
            labels[i]->setVisible(show);
        }
    }
}

void MetricBarsChart::fitCategoryLabels()
{
    if (!m_categories || m_metrics.empty())
        return;
    // Qt Charts cuts a label wider than its column (chartfmt::barCategoryLabelWidth, which leaves
    // room: one line instead of two makes the plot taller, its value labels wider and the plot
    // narrower, and a label that just fitted the wider plot must fit the narrower one).
    const qreal width = chartfmt::barCategoryLabelWidth(chart()->plotArea().width(), int(m_metrics.size()));
    const QFont font = m_categories->labelsFont();
    QStringList labels;
    for (size_t m = 0; m < m_metrics.size(); ++m) {
        QString label = width > 0 ? chartfmt::wrappedLabel(m_metrics[m].category, font, width)
                                  : m_metrics[m].category.toHtmlEscaped();
        // Two units on one pair of axes: each group says whose scale it is drawn on.
        if (m_metrics.size() == 2 && !oneQuantity())
            label +=
                QStringLiteral("<br>") + (m == 0 ? tr("(left axis)") : tr("(right axis)")).toHtmlEscaped();
        labels << label;
    }
    if (labels != m_categories->categories())
        m_categories->setCategories(labels);
}

void MetricBarsChart::retranslate()
{
    ChartPanel::retranslate();
}

void MetricBarsChart::rebuild(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>& colours)
{
    for (const auto& labels : m_valueLabels)
        qDeleteAll(labels);
    m_valueLabels.clear();
    removeSeriesAndAxes();
    m_axes.clear();
    m_divisors.clear();
    m_bars = nullptr;
    m_boxes.clear();
    m_whiskers.clear();
    m_targetLines.clear();
    m_metrics = metrics();
    if (!m_decodes)
        std::erase_if(m_metrics, [](const Metric& m) { return m.betweenTokens; });
    const int metricCount = int(m_metrics.size());
    const int n = int(analysis.deployments.size());

    m_categories = new QBarCategoryAxis;
    for (const Metric& m : m_metrics)
        m_categories->append(m.category.toHtmlEscaped());
    chart()->addAxis(m_categories, Qt::AlignBottom);

    for (int m = 0; m < metricCount; ++m) {
        auto* axis = new QValueAxis;
        axis->setTitleText(m_metrics[size_t(m)].axisTitle);
        chart()->addAxis(axis, m == 0 ? Qt::AlignLeft : Qt::AlignRight);
        m_axes.push_back(axis);
        m_divisors.push_back(1);

        std::vector<QAreaSeries*> boxes;
        if (m == 0) {
            // The first metric's bars sit in its category and are zero in the others.
            m_bars = new QBarSeries;
            m_bars->setBarWidth(kBarWidth);
            for (int i = 0; i < n; ++i) {
                const auto& d = analysis.deployments[size_t(i)];
                const QColor colour = chartfmt::deploymentColour(colours, d.docId, i);
                auto* set = new QBarSet(d.name);
                set->setColor(colour);
                set->setBorderColor(colour.darker(130));
                for (int c = 0; c < metricCount; ++c)
                    set->append(0);
                m_bars->append(set);
            }
            chart()->addSeries(m_bars);
            m_bars->attachAxis(m_categories);
            m_bars->attachAxis(axis);
        } else {
            for (int i = 0; i < n; ++i) {
                const auto& d = analysis.deployments[size_t(i)];
                const QColor colour = chartfmt::deploymentColour(colours, d.docId, i);
                auto* box = new QAreaSeries(new QLineSeries(chart()), new QLineSeries(chart()));
                box->setName(d.name);
                box->setBrush(colour);
                box->setPen(QPen(colour.darker(130), 1));
                chart()->addSeries(box);
                box->attachAxis(m_categories);
                box->attachAxis(axis);
                boxes.push_back(box);
            }
        }
        m_boxes.push_back(boxes);

        std::vector<QLineSeries*> whiskerLines;
        whiskerLines.reserve(size_t(n));
        for (int i = 0; i < n; ++i)
            whiskerLines.push_back(addRangeWhisker(analysis.deployments[size_t(i)].name, m_categories, axis));
        m_whiskers.push_back(whiskerLines);

        QLineSeries* target = nullptr;
        if (m_metrics[size_t(m)].target) {
            target = new QLineSeries;
            target->setName(tr("target"));
            QPen pen(chartfmt::targetColour());
            pen.setWidthF(2);
            pen.setStyle(Qt::DashLine);
            target->setPen(pen);
            chart()->addSeries(target);
            target->attachAxis(m_categories);
            target->attachAxis(axis);
        }
        m_targetLines.push_back(target);

        std::vector<QGraphicsSimpleTextItem*> labels;
        for (int i = 0; i < n; ++i) {
            auto* label = new BackedTextItem(chart());
            label->setZValue(10);
            label->hide();
            labels.push_back(label);
        }
        m_valueLabels.push_back(labels);
    }
    applyFonts();
    fitCategoryLabels();
}

void MetricBarsChart::setAnalysis(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>& colours)
{
    // One output token or more: the metrics shown (a time between tokens or none) and the title
    // change with it.
    if (analysis.workload.decodes() != m_decodes) {
        m_decodes = analysis.workload.decodes();
        m_needsRebuild = true;
        chart()->setTitle(title());
    }
    if (takeRebuild(analysis, &colours))
        rebuild(analysis, colours);

    const int n = int(analysis.deployments.size());
    m_rows.assign(size_t(n), {});
    QStringList notes;
    QList<WrappingLegend::Entry> entries;
    for (int i = 0; i < n; ++i) {
        const is::DeploymentAnalysis& d = analysis.deployments[size_t(i)];
        Row& row = m_rows[size_t(i)];
        row.deployment = d.name;
        row.fits = d.estimate.mid.fits;
        entries.append({chartfmt::deploymentColour(colours, d.docId, i), d.name, WrappingLegend::Shape::Box});
        if (!row.fits)
            notes << chartfmt::doesNotFit(d.name, d.estimate.mid.why, true);
    }
    m_targets.assign(m_metrics.size(), 0);
    bool anyTarget = false;
    struct AxisRange
    {
        double top = 0;
        bool rescaled = false;
    };
    std::vector<AxisRange> ranges;
    for (size_t m = 0; m < m_metrics.size(); ++m) {
        const Metric& metric = m_metrics[m];
        const double target =
            metric.target ? std::max(0.0, chartfmt::finiteOr(metric.target(analysis.workload))) : 0;
        m_targets[m] = target;
        anyTarget = anyTarget || target > 0;
        // The target stays in view: how far a bar is from it is the point of drawing it.
        double top = target;
        for (int i = 0; i < n; ++i) {
            const is::DeploymentAnalysis& d = analysis.deployments[size_t(i)];
            const is::RangedEstimate& e = d.estimate;
            Row& row = m_rows[size_t(i)];
            double mid = 0;
            double a = 0;
            double b = 0;
            if (metric.atLoad) {
                const bool loaded = row.fits && d.atLoad && d.atLoad->fits;
                mid = a = b = loaded ? chartfmt::finiteOr(metric.value(*d.atLoad)) : 0;
            } else if (row.fits) {
                mid = chartfmt::finiteOr(metric.value(e.mid));
                a = chartfmt::finiteOr(metric.value(e.low), mid);
                b = chartfmt::finiteOr(metric.value(e.high), mid);
            }
            mid = std::max(0.0, mid);
            row.mid.push_back(mid);
            row.low.push_back(std::max(0.0, std::min({a, b, mid})));
            row.high.push_back(std::max({a, b, mid}));
            top = std::max(top, row.high.back());
        }
        double divisor = 1.0;
        QString title = metric.axisTitle;
        for (const Metric::LargerUnit& u : metric.larger) {
            // While live an axis only grows, its unit too.
            if (top >= u.from || (liveUpdate() && m_divisors[m] >= u.divisor)) {
                divisor = u.divisor;
                title = u.title;
            }
        }
        const bool rescaled = divisor != m_divisors[m];
        m_divisors[m] = divisor;
        if (m_axes[m]->titleText() != title)
            m_axes[m]->setTitleText(title);
        const QList<QBarSet*> sets = m == 0 ? m_bars->barSets() : QList<QBarSet*>();
        for (int i = 0; i < n; ++i) {
            const Row& row = m_rows[size_t(i)];
            const double mid = row.mid[m] / divisor, lo = row.low[m] / divisor, hi = row.high[m] / divisor;
            const double centre = whiskers::barCentre(int(m), i, n, kBarWidth);
            if (m == 0 && i < sets.size()) {
                sets[i]->replace(int(m), mid);
            } else if (m > 0) {
                const double half = kBarWidth / std::max(1, n) / 2;
                QAreaSeries* box = m_boxes[m][size_t(i)];
                box->upperSeries()->replace({QPointF(centre - half, mid), QPointF(centre + half, mid)});
                box->lowerSeries()->replace({QPointF(centre - half, 0), QPointF(centre + half, 0)});
            }
            const bool ranged = analysis.deployments[size_t(i)].estimate.ranged && row.fits &&
                                hi - lo > 1e-9 * std::max(1.0, mid);
            m_whiskers[m][size_t(i)]->replace(
                ranged ? whiskers::iBeam(centre, lo, hi, 0.25 * kBarWidth / std::max(1, n), true)
                       : QList<QPointF>());
            m_rows[size_t(i)].labelAt.push_back(ranged ? std::max(mid, hi) : mid);
            if (m < m_valueLabels.size() && size_t(i) < m_valueLabels[m].size()) {
                QGraphicsSimpleTextItem* label = m_valueLabels[m][size_t(i)];
                label->setFont(smallFont());
                label->setText(row.fits && mid > 0 ? units::significant(mid) : QString());
            }
        }
        if (QLineSeries* line = m_targetLines[m]) {
            // Across the metric's category (a category spans its index ± 0.5 on the axis).
            line->replace(target > 0 ? QList<QPointF>{QPointF(double(m) - 0.5, target / divisor),
                                                      QPointF(double(m) + 0.5, target / divisor)}
                                     : QList<QPointF>());
            line->setVisible(target > 0);
        }
        ranges.push_back({top / divisor * 1.08, rescaled});
    }
    // One quantity on one axis: the longest range of them all, the right axis (the same) hidden.
    if (oneQuantity() && !ranges.empty()) {
        const AxisRange longest =
            *std::max_element(ranges.begin(), ranges.end(),
                              [](const AxisRange& a, const AxisRange& b) { return a.top < b.top; });
        std::fill(ranges.begin(), ranges.end(), longest);
    }
    for (size_t m = 0; m < ranges.size(); ++m) {
        // A new unit starts the axis afresh: kept from the old one, a live update's range would be
        // a thousand times too long.
        niceaxis::setValueRange(m_axes[m], ranges[m].top, liveUpdate() && !ranges[m].rescaled);
        m_axes[m]->setVisible(m == 0 || !oneQuantity());
    }
    if (anyTarget)
        entries.append({chartfmt::targetColour(), tr("target"), WrappingLegend::Shape::DashedLine});
    legend()->setEntries(entries);
    setNote(chartfmt::joinNotes(notes));
    placeValueLabels();
}

MetricBarsChart::Metric MetricBarsChart::fromTable(is::metrics::Id id)
{
    Metric m{is::metrics::category(id), is::metrics::axis(id), is::metrics::key(id),
             [id](const is::Estimate& e) { return is::metrics::value(id, e); }};
    m.atLoad = is::metrics::get(id).atLoad;
    return m;
}

QString MetricBarsChart::toCsv() const
{
    QString csv = QStringLiteral("deployment,fits");
    for (const Metric& m : m_metrics) {
        csv += QLatin1Char(',') % m.csvColumn % QLatin1Char(',') % m.csvColumn % QStringLiteral("_low,") %
               m.csvColumn % QStringLiteral("_high");
        if (m.target)
            csv += QLatin1Char(',') % m.csvColumn % QStringLiteral("_target");
    }
    csv += QLatin1Char('\n');
    for (const Row& r : m_rows) {
        csv += chartexport::csvField(r.deployment) % QLatin1Char(',') %
               (r.fits ? QStringLiteral("true") : QStringLiteral("false"));
        for (size_t m = 0; m < r.mid.size(); ++m) {
            csv += QLatin1Char(',') % chartexport::csvNumber(r.mid[m]) % QLatin1Char(',') %
                   chartexport::csvNumber(r.low[m]) % QLatin1Char(',') % chartexport::csvNumber(r.high[m]);
            // Empty where no target is set.
            if (m_metrics[m].target)
                csv +=
                    QLatin1Char(',') % (m_targets[m] > 0 ? chartexport::csvNumber(m_targets[m]) : QString());
        }
        csv += QLatin1Char('\n');
    }
    return csv;
}

} // namespace is::gui
