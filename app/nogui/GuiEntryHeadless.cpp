// SPDX-License-Identifier: MIT
// Used by builds without the studio (the sanitizer preset): without a subcommand, prints the
// comparison of the scenario given with --scenario, as `estimate` would.
#include "Command.h"
#include "GuiEntry.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstdio>
#include <cstring>

namespace is::app {

int runGui(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = QCoreApplication::arguments().mid(1);
    const qsizetype i = args.indexOf(QStringLiteral("--scenario"));
    if (i < 0 || i + 1 >= args.size()) {
        std::fputs(
            "inference-studio: this build has no GUI; use a subcommand (see --help) or --scenario FILE\n",
            stderr);
        return ExitBadInput;
    }
    for (const Command& c : commands())
        if (std::strcmp(c.name, "estimate") == 0)
            return c.run({args[i + 1]});
    return ExitRuntimeFailure;
}

int runPaintingCommand(const Command& command, int, char**)
{
    std::fprintf(stderr, "inference-studio: %s: this build has no GUI to draw with\n", command.name);
    return ExitRuntimeFailure;
}

} // namespace is::app
