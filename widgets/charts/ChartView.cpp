// SPDX-License-Identifier: MIT
#include "charts/ChartView.h"

#include <QChart>
#include <QContextMenuEvent>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QMenu>

ChartView::ChartView(QChart* chart, QWidget* parent) : QChartView(chart, parent)
{
    setRenderHint(QPainter::Antialiasing);
    // A chart's few hundred items move on every live update: a BSP index would be rebuilt each
    // time for nothing (Qt's advice for dynamic scenes).
    if (scene())
        scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    // The panel's actions are added to this widget; show them as the context menu.
    setContextMenuPolicy(Qt::DefaultContextMenu);
}

void ChartView::setTextCaching(bool on)
{
    m_textCaching = on;
    applyTextCaching();
}

namespace {

void setTextCacheMode(QGraphicsItem* item, QGraphicsItem::CacheMode mode)
{
    const int type = item->type();
    if ((type == QGraphicsTextItem::Type || type == QGraphicsSimpleTextItem::Type) &&
        item->cacheMode() != mode)
        item->setCacheMode(mode);
    const auto children = item->childItems();
    for (QGraphicsItem* child : children)
        setTextCacheMode(child, mode);
}

} // namespace

void ChartView::applyTextCaching()
{
    // Qt Charts creates label items as axes change, so look again before each paint. The walk
    // goes down from the chart: QGraphicsScene::items() sorts the whole scene every time.
    if (QChart* c = chart())
        setTextCacheMode(c, m_textCaching ? QGraphicsItem::DeviceCoordinateCache : QGraphicsItem::NoCache);
}

void ChartView::paintEvent(QPaintEvent* event)
{
    if (m_textCaching)
        applyTextCaching();
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
