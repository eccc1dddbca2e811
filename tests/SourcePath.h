// SPDX-License-Identifier: MIT
#pragma once
// Files of the repository from a test: ctest points IS_SOURCE_DIR at the source tree; run by hand
// from the source tree, the current directory is it. Every suite that reads a shipped scenario,
// catalog or document finds it through here instead of each writing its own lookup.
#include <QDir>
#include <QString>

namespace is::testing {

inline QString sourceRoot()
{
    const QString root = qEnvironmentVariable("IS_SOURCE_DIR");
    return root.isEmpty() ? QDir::currentPath() : root;
}

// `relative` ("scenarios/agent-turns-gpt-5.6-sol.json") inside the source tree.
inline QString sourcePath(const QString& relative)
{
    return sourceRoot() + QLatin1Char('/') + relative;
}

// The scenario the studio opens by default (GPT-5.6 Sol vs Kimi K3), in the source tree.
inline QString defaultScenarioPath()
{
    return sourcePath(QStringLiteral("scenarios/gpt-5.6-sol-vs-kimi-k3.json"));
}

} // namespace is::testing
