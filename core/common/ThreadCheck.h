// SPDX-License-Identifier: MIT
#pragma once

namespace is::threadcheck {

// The engine's entry points call this: in a GUI process (a QGuiApplication exists) an evaluation
// on the application's main thread would freeze the window, so it is a programming error. Checked
// in debug builds, and in any build where the environment sets IS_THREAD_CHECK=1 (the GUI tests
// do, so they prove the rule). A process without a GUI (the command line) evaluates on its main
// thread freely. `where` names the entry point in the failure message.
void expectOffGuiThread(const char* where);

// Whether the check is active in this process (debug build or IS_THREAD_CHECK=1).
bool enabled();

// Whether the calling thread is the main thread of a GUI application (always false without one).
bool onGuiThread();

} // namespace is::threadcheck
