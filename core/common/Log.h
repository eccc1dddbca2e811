// SPDX-License-Identifier: MIT
#pragma once

#include <spdlog/logger.h>

#include <memory>
#include <string>

namespace is::log {

// One logger per module ("hardware", "model", "engine", "scenario", "executor", "gui", ...).
// Loggers write to stderr so that `--json` output on stdout stays a single JSON object.
std::shared_ptr<spdlog::logger> get(const std::string& module);

// Sets the level of every existing and future logger: trace, debug, info, warn, error, critical, off.
// Returns false when the name is not a level.
bool setLevel(const std::string& levelName);

} // namespace is::log
