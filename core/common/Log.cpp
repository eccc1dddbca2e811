// SPDX-License-Identifier: MIT
#include "common/Log.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <mutex>

namespace is::log {

namespace {
std::mutex g_mutex;
spdlog::level::level_enum g_level = spdlog::level::warn;
} // namespace

std::shared_ptr<spdlog::logger> get(const std::string& module)
{
    std::lock_guard lock(g_mutex);
    if (auto existing = spdlog::get(module))
        return existing;
    auto logger = spdlog::stderr_color_mt(module);
    logger->set_level(g_level);
    return logger;
}

bool setLevel(const std::string& levelName)
{
    const auto level = spdlog::level::from_str(levelName);
    if (level == spdlog::level::off && levelName != "off")
        return false;
    std::lock_guard lock(g_mutex);
    g_level = level;
    spdlog::apply_all([level](const std::shared_ptr<spdlog::logger>& l) { l->set_level(level); });
    return true;
}

} // namespace is::log
