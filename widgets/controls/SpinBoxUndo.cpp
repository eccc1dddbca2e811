// SPDX-License-Identifier: MIT
#include "controls/SpinBoxUndo.h"

#include <QAbstractSpinBox>
#include <QKeyEvent>

namespace is::gui {

bool SpinBoxUndo::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::ShortcutOverride)
        return false;
    // The spin box holds the focus (its line edit is only its proxy); the line edit is checked
    // too for a spin box that forwards the event to it.
    const bool spinBox = qobject_cast<QAbstractSpinBox*>(watched) ||
                         (watched->parent() && qobject_cast<QAbstractSpinBox*>(watched->parent()));
    if (!spinBox)
        return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    if (!key->matches(QKeySequence::Undo) && !key->matches(QKeySequence::Redo))
        return false;
    event->ignore(); // not overridden: the shortcut goes to the window's Undo or Redo action
    return true;
}

} // namespace is::gui
