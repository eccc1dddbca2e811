// SPDX-License-Identifier: MIT
#pragma once

namespace is::app {

// Starts the studio (QApplication). In builds without the GUI it explains that and returns 1.
int runGui(int argc, char** argv);

struct Command;
// Runs a subcommand that paints (Command::paints) on a QApplication, on the offscreen platform
// unless one is chosen: it needs no display. `argv[1]` is the subcommand's name.
int runPaintingCommand(const Command& command, int argc, char** argv);

} // namespace is::app
