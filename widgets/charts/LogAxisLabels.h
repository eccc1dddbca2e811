// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QList>
#include <QObject>

class QChart;
class QLogValueAxis;
class QGraphicsSimpleTextItem;

namespace is::gui {

// Compact tick labels ("1K", "64K", "2M") for a QLogValueAxis, whose own labels only take a
// printf format ("1.04858e+06"). The axis keeps its labels, drawn transparent, so the chart
// layout still reserves their room; these items are drawn in the same place and thinned so
// they never overlap.
class LogAxisLabels : public QObject
{
    Q_OBJECT
public:
    enum class Style { Decimal, Tokens };
    LogAxisLabels(QChart* chart, QLogValueAxis* axis, Style style);

    // Repositions the labels (the plot area, the range or the font changed).
    void refresh();

private:
    QChart* m_chart;
    QLogValueAxis* m_axis;
    Style m_style;
    QColor m_colour;
    QList<QGraphicsSimpleTextItem*> m_items;
};

} // namespace is::gui
