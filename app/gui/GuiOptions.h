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
    // Start-up test hooks, hidden from --help: the crash-recovery tests run the real executable
    // offscreen, where nobody can type into a panel or click a dialog.
    QString recover;         // --recover ask|yes|no: how a crashed session's work is offered
    int autosaveDelayMs = 0; // --autosave-delay MS: from an edit to its recovery copy
    int editConcurrency = 0; // --edit-concurrency N: one workload edit, as the panel makes it
    QString dumpDocument;    // --dump-document FILE: write the document after start-up and exit
    bool stressSave = false; // --stress-save: edit, save and autosave in a loop until killed
    bool headless() const { return !screenshot.isEmpty() || benchUi; }
};

} // namespace is::app
