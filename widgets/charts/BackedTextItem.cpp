// SPDX-License-Identifier: MIT
#include "charts/BackedTextItem.h"

#include <QPainter>

namespace is::gui {

void BackedTextItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget)
{
    // Within the item's own bounding rectangle, which is all a repaint clears.
    painter->fillRect(boundingRect(), QColor(255, 255, 255, 210));
    QGraphicsSimpleTextItem::paint(painter, option, widget);
}

} // namespace is::gui
