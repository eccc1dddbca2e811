// SPDX-License-Identifier: MIT
#include "controls/ElidingComboBox.h"

#include <QHelpEvent>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QToolTip>

namespace is::gui {

QString ElidingComboBox::shownText() const
{
    QStyleOptionComboBox option;
    initStyleOption(&option);
    const QRect field =
        style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this);
    return fontMetrics().elidedText(currentText(), Qt::ElideRight, field.width());
}

QString ElidingComboBox::hoverText() const
{
    // An elided choice is read whole in the tooltip, above the box's own tooltip if it has one.
    if (shownText() == currentText())
        return toolTip();
    return toolTip().isEmpty() ? currentText() : currentText() + QStringLiteral("\n\n") + toolTip();
}

bool ElidingComboBox::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const QString tip = hoverText();
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), tip, this);
        return true;
    }
    return QComboBox::event(event);
}

void ElidingComboBox::paintEvent(QPaintEvent* /*event*/)
{
    // QComboBox's own painting, with the label's text elided to the field the style gives it.
    QStylePainter painter(this);
    QStyleOptionComboBox option;
    initStyleOption(&option);
    painter.drawComplexControl(QStyle::CC_ComboBox, option);
    option.currentText = shownText();
    painter.drawControl(QStyle::CE_ComboBoxLabel, option);
}

} // namespace is::gui
