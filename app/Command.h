// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

#include <vector>

namespace is::app {

// Exit codes of the command-line contract.
enum ExitCode { ExitOk = 0, ExitRuntimeFailure = 1, ExitBadInput = 2 };

// A headless subcommand. `args` are the arguments after the subcommand name.
using CommandFn = int (*)(const QStringList& args);

struct Command
{
    const char* name;
    const char* usage; // one line, shown by --help
    CommandFn run;
    // Paints (a report draws the studio's charts): runs on a QApplication on the offscreen
    // platform instead of a QCoreApplication, still without a display.
    bool paints = false;
};

// Each subcommand registers itself from its own .cpp file with a static CommandRegistration.
const std::vector<Command>& commands();
struct CommandRegistration
{
    CommandRegistration(const char* name, const char* usage, CommandFn run, bool paints = false);
};

} // namespace is::app
