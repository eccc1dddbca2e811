// SPDX-License-Identifier: MIT
#include "charts/LogAxisLabels.h"

#include "Units.h"
#include "charts/ChartFormat.h"

#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QLogValueAxis>

#include <cmath>

namespace is::gui {

LogAxisLabels::LogAxisLabels(QChart* chart, QLogValueAxis* axis, Style style)
    : QObject(chart), m_chart(chart), m_axis(axis), m_style(style)
{
    // Construct after QChart::addAxis(): the theme has then set the colour we take over.
    m_colour = m_axis->labelsBrush().color();
    m_axis->setLabelsBrush(QBrush(Qt::transparent));
    // The axis' own labels only hold the room these take. "%g" draws nothing on a chart that
    // localises its numbers (Qt 6.4), which left these over the axis title.
    m_axis->setLabelFormat(QStringLiteral("%.0f"));
    connect(m_chart, &QChart::plotAreaChanged, this, &LogAxisLabels::refresh);
    connect(m_axis, &QLogValueAxis::rangeChanged, this, &LogAxisLabels::refresh);
    connect(m_axis, &QLogValueAxis::labelsFontChanged, this, &LogAxisLabels::refresh);
    connect(m_axis, &QLogValueAxis::visibleChanged, this, &LogAxisLabels::refresh);
}

void LogAxisLabels::removeLabels()
{
    qDeleteAll(m_items);
    m_items.clear();
}

void LogAxisLabels::refresh()
{
    if (!m_axis)
        return;
    const QRectF plot = m_chart->plotArea();
    const double lo = m_axis->min();
    const double hi = m_axis->max();
    const double base = m_axis->base();
    const bool horizontal = m_axis->orientation() == Qt::Horizontal;
    QList<double> ticks;
    if (lo > 0 && hi > lo && base > 1 && plot.isValid() && m_axis->isVisible()) {
        const int first = int(std::ceil(std::log(lo) / std::log(base) - 1e-9));
        const int last = int(std::floor(std::log(hi) / std::log(base) + 1e-9));
        for (int n = first; n <= last && ticks.size() < 64; ++n)
            ticks.append(std::pow(base, n));
    }

    const QFont font = m_axis->labelsFont();
    const QFontMetricsF fm(font);
    const auto label = [this](double v) {
        return m_style == Style::Tokens ? is::gui::units::tokens(v) : is::gui::units::compact(v);
    };
    // Keep every n-th tick so neighbouring labels never touch.
    int stride = 1;
    if (ticks.size() > 1) {
        double widest = 0;
        for (double t : std::as_const(ticks))
            widest = std::max(widest, horizontal ? fm.horizontalAdvance(label(t)) : fm.height());
        const double span = horizontal ? plot.width() : plot.height();
        const double spacing = span / std::max(1.0, std::log(hi / lo) / std::log(base));
        while (stride < ticks.size() && spacing * stride < widest * 1.3)
            ++stride;
    }

    while (m_items.size() < ticks.size()) {
        auto* item = new QGraphicsSimpleTextItem(m_chart);
        item->setZValue(100);
        m_items.append(item);
    }
    for (int i = 0; i < m_items.size(); ++i) {
        QGraphicsSimpleTextItem* item = m_items[i];
        if (i >= ticks.size() || i % stride != 0) {
            item->setVisible(false);
            continue;
        }
        const double frac = std::log(ticks[i] / lo) / std::log(hi / lo);
        item->setText(label(ticks[i]));
        item->setFont(font);
        item->setBrush(m_colour);
        const QRectF r = item->boundingRect();
        // Same offsets the axis uses for its own labels: just outside the tick marks.
        QPointF pos;
        if (horizontal) {
            const double x = plot.left() + frac * plot.width();
            pos = m_axis->alignment() == Qt::AlignTop
                      ? QPointF(x - r.width() / 2, plot.top() - r.height() - 6)
                      : QPointF(x - r.width() / 2, plot.bottom() + 6);
        } else {
            const double y = plot.bottom() - frac * plot.height();
            pos = m_axis->alignment() == Qt::AlignRight
                      ? QPointF(plot.right() + 8, y - r.height() / 2)
                      : QPointF(plot.left() - r.width() - 8, y - r.height() / 2);
        }
        item->setPos(pos);
        item->setVisible(true);
    }
}

} // namespace is::gui
