// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QList>
#include <QObject>
#include <QPointer>

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
    // Deletes the labels drawn, before the axis goes (a chart that rebuilds its axes). They are
    // the chart's graphics items otherwise, deleted with it.
    void removeLabels();

private:
    QChart* m_chart;
    QPointer<QLogValueAxis> m_axis;
    Style m_style;
    QColor m_colour;
    QList<QGraphicsSimpleTextItem*> m_items;
};

} // namespace is::gui
