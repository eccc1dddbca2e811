// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace is::app {

// The studio's command-line flags (DESIGN.md, "Command-line contract").
struct GuiOptions
{
    QString scenario;   // --scenario FILE (empty: the built-in default scenario)
    QString lang;       // --lang zh_CN (empty: the saved setting)
    QString screenshot; // --screenshot FILE.png
    bool benchUi = false;
    bool headless() const { return !screenshot.isEmpty() || benchUi; }
};

} // namespace is::app
