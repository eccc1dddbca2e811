// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

namespace is::gui {

// A wheel turned over a panel scrolls the panel. Qt hands the wheel to whatever combo box or
// spin box is under the pointer, which takes the focus and changes its value: scrolling down the
// inspector silently changed the device of whichever field passed under the mouse, an edit the
// user never meant. Installed on the application (one filter for every panel), it lets a combo or
// spin box inside a scrolled panel take the wheel only once it has the focus (clicked or tabbed
// to); until then the wheel goes on to the panel.
class WheelGuard : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace is::gui
