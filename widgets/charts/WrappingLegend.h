// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QFont>
#include <QList>
#include <QObject>
#include <QString>

class QChart;
class QGraphicsItem;

namespace is::gui {

// A legend under the chart that wraps into as many rows as the width needs. Qt's legend never
// wraps: in a narrow grid cell it cuts every name to "mem…". Where whole names would take more
// than a third of the chart, they are cut in the middle to fit two or three a row (the whole
// name in the tooltip). The chart's bottom margin is grown to make room, so the plot and axes
// never run under it; exports at other sizes lay the legend out again for their size.
class WrappingLegend : public QObject
{
    Q_OBJECT
public:
    enum class Shape { Box, Line, DashedLine, Dot }; // Dot: a scatter series' marker
    struct Entry
    {
        QColor colour;
        QString label;
        Shape shape = Shape::Box;
        bool operator==(const Entry&) const = default;
    };

    explicit WrappingLegend(QChart* chart);

    // Rebuilds only when the entries change (setAnalysis calls this on every update).
    void setEntries(const QList<Entry>& entries);
    QList<Entry> entries() const { return m_entries; }
    void setFont(const QFont& font);
    // Lays the entries out for the chart's current width; called when the chart resizes.
    void relayout();
    // The height the legend takes under a chart `width` pixels wide, names whole (the most it
    // takes at that width).
    qreal heightFor(qreal width) const;

private:
    QChart* m_chart;
    QList<Entry> m_entries;
    QFont m_font;
    QList<QGraphicsItem*> m_items;
    int m_baseBottom = -1;
};

} // namespace is::gui
