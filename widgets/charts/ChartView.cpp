// SPDX-License-Identifier: MIT
#include "charts/ChartView.h"

#include <QContextMenuEvent>
#include <QGraphicsScene>
#include <QMenu>

namespace is::gui {

ChartView::ChartView(QChart* chart, QWidget* parent) : QChartView(chart, parent)
{
    setRenderHint(QPainter::Antialiasing);
    // A chart's few hundred items move on every live update: a BSP index would be rebuilt each
    // time for nothing (Qt's advice for dynamic scenes).
    if (scene())
        scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    // Repaint the whole chart on a change: with minimal updates, markers and antialiased edges
    // drawn just outside their items' bounding rects stayed on screen as fragments after an edit
    // moved the series (and after an undo moved them back).
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    // The panel's actions are added to this widget; show them as the context menu.
    setContextMenuPolicy(Qt::DefaultContextMenu);
}

void ChartView::paintEvent(QPaintEvent* event)
{
    QChartView::paintEvent(event);
    Q_EMIT painted();
}

void ChartView::contextMenuEvent(QContextMenuEvent* event)
{
    if (actions().isEmpty())
        return QChartView::contextMenuEvent(event);
    QMenu menu(this);
    menu.addActions(actions());
    menu.exec(event->globalPos());
}

} // namespace is::gui
