// SPDX-License-Identifier: MIT
// Entry point: a subcommand runs headless on QCoreApplication; no subcommand starts the studio.
#include "Command.h"
#include "GuiEntry.h"

#include "common/Log.h"

#include "GitCommit.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstring>

namespace {

void printUsage(QTextStream& out)
{
    out << "Usage: inference-studio [--log-level LEVEL] [SUBCOMMAND ...]\n"
           "       inference-studio --version\n"
           "       inference-studio [[--scenario] FILE] [--lang zh_CN] [--screenshot FILE.png] "
           "[--bench-ui]\n\n"
           "Without a subcommand the studio starts. Subcommands run without a display:\n";
    for (const auto& c : is::app::commands())
        out << "  " << c.usage << "\n";
    out << "\nExit codes: 0 success, 1 runtime failure, 2 bad input.\n";
}

const is::app::Command* findCommand(const char* name)
{
    for (const auto& c : is::app::commands())
        if (std::strcmp(name, c.name) == 0)
            return &c;
    return nullptr;
}

bool isHelp(const char* arg)
{
    return std::strcmp(arg, "--help") == 0 || std::strcmp(arg, "-h") == 0;
}

} // namespace

int main(int argc, char** argv)
{
    // --log-level is global and may appear anywhere; strip it before dispatching.
    std::vector<char*> rest;
    rest.push_back(argv[0]);
    std::string logLevel = "warn";
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--log-level") == 0 && i + 1 < argc) {
            logLevel = argv[++i];
        } else if (std::strncmp(argv[i], "--log-level=", 12) == 0) {
            logLevel = argv[i] + 12;
        } else {
            rest.push_back(argv[i]);
        }
    }
    if (!is::log::setLevel(logLevel)) {
        QTextStream err(stderr);
        err << "inference-studio: --log-level: unknown level '" << logLevel.c_str()
            << "' (trace, debug, info, warn, error, critical, off)\n";
        return is::app::ExitBadInput;
    }
    int restArgc = static_cast<int>(rest.size());
    rest.push_back(nullptr);

    if (restArgc > 1) {
        const char* first = rest[1];
        if (isHelp(first)) {
            QCoreApplication app(restArgc, rest.data());
            QTextStream out(stdout);
            printUsage(out);
            return is::app::ExitOk;
        }
        // Before any window: --version must answer on a machine without a display.
        if (std::strcmp(first, "--version") == 0) {
            QTextStream(stdout) << "inference-studio " << IS_VERSION_STRING << " (commit " << IS_GIT_COMMIT
                                << ")\n";
            return is::app::ExitOk;
        }
        if (const is::app::Command* c = findCommand(first)) {
            if (c->paints)
                return is::app::runPaintingCommand(*c, restArgc, rest.data());
            // Each subcommand reads its own options (QCommandLineParser), --help included.
            QCoreApplication app(restArgc, rest.data());
            QCoreApplication::setApplicationName(QStringLiteral("inference-studio"));
            QCoreApplication::setOrganizationName(QStringLiteral("InferenceStudio"));
            QStringList args = QCoreApplication::arguments().mid(2);
            return c->run(args);
        }
        // A scenario file without --scenario ("inference-studio %f" from a file manager) opens the
        // studio; any other word is a mistyped subcommand.
        if (first[0] != '-' && !is::app::isScenarioArgument(QString::fromLocal8Bit(first))) {
            QTextStream err(stderr);
            err << "inference-studio: unknown subcommand '" << first << "'\n";
            printUsage(err);
            return is::app::ExitBadInput;
        }
    }
    return is::app::runGui(restArgc, rest.data());
}
