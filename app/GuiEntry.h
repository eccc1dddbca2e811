// SPDX-License-Identifier: MIT
#pragma once

namespace is::app {

// Starts the studio (QApplication). In builds without the GUI it explains that and returns 1.
int runGui(int argc, char** argv);

} // namespace is::app
