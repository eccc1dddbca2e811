// SPDX-License-Identifier: MIT
#include "charts/WrappingLegend.h"

#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QPen>

#include <cmath>

namespace is::gui {

WrappingLegend::WrappingLegend(QChart* chart) : QObject(chart), m_chart(chart)
{
    m_chart->legend()->hide();
    connect(m_chart, &QChart::geometryChanged, this, &WrappingLegend::relayout);
}

void WrappingLegend::setEntries(const QList<Entry>& entries)
{
    if (entries == m_entries)
        return;
    m_entries = entries;
    relayout();
}

void WrappingLegend::setFont(const QFont& font)
{
    m_font = font;
    relayout();
}

qreal WrappingLegend::heightFor(qreal width) const
{
    if (m_entries.isEmpty())
        return 0;
    const QFontMetricsF fm(m_font);
    const qreal line = fm.height();
    const qreal swatch = line * 0.75, gap = line * 0.35, spacing = line * 1.1;
    const qreal avail = std::max(40.0, width - 16);
    int rows = 1;
    qreal x = 0;
    for (const Entry& e : m_entries) {
        const qreal w = swatch + gap + std::min(fm.horizontalAdvance(e.label), avail - swatch - gap);
        if (x > 0 && x + w > avail) {
            ++rows;
            x = 0;
        }
        x += w + spacing;
    }
    return rows * line * 1.25 + 4;
}

void WrappingLegend::relayout()
{
    qDeleteAll(m_items);
    m_items.clear();
    QMargins margins = m_chart->margins();
    if (m_baseBottom < 0)
        m_baseBottom = margins.bottom();

    const qreal width = m_chart->size().width();
    const QFontMetricsF fm(m_font);
    const qreal line = fm.height();
    const qreal swatch = line * 0.75;
    const qreal gap = line * 0.35;    // swatch to text
    const qreal spacing = line * 1.1; // entry to entry
    const qreal avail = std::max(40.0, width - 16);

    // Greedy rows, each label cut (in the middle, where names differ least) to `labelWidth`.
    struct Placed
    {
        int entry;
        QString text;
        qreal width;
    };
    const qreal rowHeight = line * 1.25;
    const auto layOut = [&](qreal labelWidth) {
        QList<QList<Placed>> rows;
        qreal x = 0;
        for (int i = 0; i < m_entries.size(); ++i) {
            const QString text = fm.elidedText(m_entries[i].label, Qt::ElideMiddle, labelWidth);
            const qreal w = swatch + gap + fm.horizontalAdvance(text);
            if (rows.isEmpty() || x + w > avail) {
                rows.append(QList<Placed>());
                x = 0;
            }
            rows.last().append({i, text, w});
            x += w + spacing;
        }
        return rows;
    };
    // Whole names, unless they would take more than a third of the chart's height (six long
    // names took six rows and left the plot a sliver, its axis titles cut to "TTFT (…"): then
    // two entries a row, or three. An export at a larger size lays out again, whole.
    QList<QList<Placed>> rows = layOut(avail - swatch - gap);
    for (int perRow = 2; perRow <= 3 && rows.size() * rowHeight > m_chart->size().height() / 3; ++perRow)
        rows = layOut(std::max(line, (avail + spacing) / perRow - spacing - swatch - gap));
    const qreal height = rows.isEmpty() ? 0 : rows.size() * rowHeight + 4;
    const int bottom = m_baseBottom + int(std::ceil(height));
    if (margins.bottom() != bottom) {
        margins.setBottom(bottom);
        m_chart->setMargins(margins);
    }

    qreal y = m_chart->size().height() - height + 2;
    for (const QList<Placed>& row : std::as_const(rows)) {
        qreal rowWidth = -spacing;
        for (const Placed& p : row)
            rowWidth += p.width + spacing;
        qreal px = (width - rowWidth) / 2;
        for (const Placed& p : row) {
            const Entry& e = m_entries[p.entry];
            const qreal cy = y + rowHeight / 2;
            QGraphicsItem* mark = nullptr;
            if (e.shape == Shape::Box) {
                auto* r = new QGraphicsRectItem(px, cy - swatch / 2, swatch, swatch, m_chart);
                r->setBrush(e.colour);
                r->setPen(QPen(e.colour.darker(130), 1));
                mark = r;
            } else if (e.shape == Shape::Dot) {
                const qreal d = swatch * 0.75;
                auto* dot = new QGraphicsEllipseItem(px + (swatch - d) / 2, cy - d / 2, d, d, m_chart);
                dot->setBrush(e.colour);
                dot->setPen(QPen(e.colour.darker(130), 1));
                mark = dot;
            } else {
                auto* l = new QGraphicsLineItem(px, cy, px + swatch, cy, m_chart);
                QPen pen(e.colour, e.shape == Shape::DashedLine ? 2.5 : 3);
                if (e.shape == Shape::DashedLine)
                    pen.setDashPattern({1.5, 1});
                l->setPen(pen);
                mark = l;
            }
            mark->setZValue(100);
            m_items.append(mark);
            auto* label = new QGraphicsSimpleTextItem(p.text, m_chart);
            label->setFont(m_font);
            label->setBrush(QColor(0x40, 0x40, 0x40));
            label->setPos(px + swatch + gap, cy - line / 2);
            label->setZValue(100);
            if (p.text != e.label)
                label->setToolTip(e.label);
            m_items.append(label);
            px += p.width + spacing;
        }
        y += rowHeight;
    }
}

} // namespace is::gui
