// SPDX-License-Identifier: MIT
#pragma once

#include "planning/PlanningPanel.h"

#include <QDoubleSpinBox>
#include <QSignalSpy>

namespace is::testing {

// Runs the planning panel's search for the targets the planning tests share (10,000 concurrent
// users, first token within 300 ms, 50 ms per output token) and waits for it: true once the
// search finished.
inline bool searchTenThousandUsers(is::gui::PlanningPanel& panel)
{
    panel.loadValue()->setValue(10000);
    panel.ttftMs()->setValue(300);
    panel.tpotMs()->setValue(50);
    QSignalSpy done(&panel, &is::gui::PlanningPanel::searchFinished);
    panel.search();
    return done.wait(120000);
}

} // namespace is::testing
