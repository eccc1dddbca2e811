// SPDX-License-Identifier: MIT
#pragma once

#include <QFileInfo>
#include <QString>

namespace is::app {

// Whether a bare argument is a scenario file for the studio to open ("inference-studio %f" from a
// file manager): it names a file, or ends in .json. Any other word is a mistyped subcommand. The
// one rule main() dispatches by and the studio's options read.
inline bool isScenarioArgument(const QString& arg)
{
    return QFileInfo(arg).isFile() || arg.endsWith(QLatin1String(".json"));
}

// Starts the studio (QApplication). In builds without the GUI it explains that and returns 1.
int runGui(int argc, char** argv);

struct Command;
// Runs a subcommand that paints (Command::paints) on a QApplication, on the offscreen platform
// unless one is chosen: it needs no display. `argv[1]` is the subcommand's name.
int runPaintingCommand(const Command& command, int argc, char** argv);

} // namespace is::app
