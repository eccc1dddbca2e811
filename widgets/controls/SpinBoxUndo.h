// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

namespace is::gui {

// Undo and Redo keys (Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y) pressed in a spin box undo the document.
// A spin box hands those keys to its line edit, which claims them for its own text history; the
// studio commits every digit as an edit, so that history is empty and the keys did nothing while
// the document's Undo action never saw them. Installed on the application (one filter for every
// spin box of every panel), it leaves them unclaimed, so the window's Undo and Redo actions get
// them. Plain line edits (a name being typed) keep their own text undo.
class SpinBoxUndo : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace is::gui
