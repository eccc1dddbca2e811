// SPDX-License-Identifier: MIT
#include "Command.h"

namespace is::app {

namespace {
std::vector<Command>& registry()
{
    static std::vector<Command> r;
    return r;
}
} // namespace

const std::vector<Command>& commands()
{
    return registry();
}

CommandRegistration::CommandRegistration(const char* name, const char* usage, CommandFn run, bool paints)
{
    registry().push_back(Command{name, usage, run, paints});
}

} // namespace is::app
