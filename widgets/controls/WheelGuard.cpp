// SPDX-License-Identifier: MIT
#include "controls/WheelGuard.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>

namespace is::gui {

namespace {

bool inScrolledPanel(const QWidget* w)
{
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget())
        if (qobject_cast<const QAbstractScrollArea*>(p))
            return true;
    return false;
}

} // namespace

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    const QEvent::Type type = event->type();
    if (type != QEvent::Polish && type != QEvent::Enter && type != QEvent::Wheel)
        return false;
    auto* w = qobject_cast<QWidget*>(watched);
    if (!w || !(qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractSpinBox*>(w)))
        return false;
    if (type != QEvent::Wheel) {
        // Qt gives the focus to a wheel-focus widget before any filter sees the wheel; a click
        // or Tab still focuses it. Every such widget (it may join a panel after its polish);
        // one polished before this filter existed still sees the pointer enter it.
        if (w->focusPolicy() == Qt::WheelFocus)
            w->setFocusPolicy(Qt::StrongFocus);
        return false;
    }
    if (w->hasFocus() || !inScrolledPanel(w))
        return false;
    // Not accepted and not delivered: QApplication passes it on to the parents, up to the panel.
    event->ignore();
    return true;
}

} // namespace is::gui
