// SPDX-License-Identifier: MIT
#pragma once

#include <QGraphicsSimpleTextItem>

namespace is::gui {

// A text label drawn over a chart's plot ("SRAM full at 85.4K: adds chips", a claim's value) on
// a translucent backing of the plot's colour, so that a line crossing it (a latency target, the
// curve it marks) does not strike through the words. Exports draw it the same way.
class BackedTextItem : public QGraphicsSimpleTextItem
{
public:
    using QGraphicsSimpleTextItem::QGraphicsSimpleTextItem;

    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
};

} // namespace is::gui
