// SPDX-License-Identifier: MIT
#pragma once

#include <QComboBox>

namespace is::gui {

// A combo box whose closed face ends a choice too long for it in "…" instead of cutting it off
// mid-letter ("Offline (max throu"), and whose tooltip then starts with the whole choice (above
// the box's own tooltip, where it has one). The list shows every choice whole. For narrow docks and columns,
// where the box cannot widen to its text.
class ElidingComboBox : public QComboBox
{
    Q_OBJECT
public:
    using QComboBox::QComboBox;

    // The text the closed box shows at its present width.
    QString shownText() const;
    // What hovering the box shows: its tooltip, led by the whole choice when the face elides it.
    QString hoverText() const;

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
};

} // namespace is::gui
