// SPDX-License-Identifier: MIT
#pragma once

#include "OffGuiThread.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"
#include "scenario/ScenarioAnalysis.h"

#include <QColor>
#include <QHash>
#include <QString>
#include <QtTest>

#include <memory>

namespace is::test {

// The default scenario's file: IS_SOURCE_DIR points at the repository (ctest sets it).
inline QString defaultScenarioPath()
{
    QString root = qEnvironmentVariable("IS_SOURCE_DIR");
    if (root.isEmpty())
        root = QStringLiteral(IS_TEST_SOURCE_DIR);
    return root + QStringLiteral("/scenarios/gpt-5.6-sol-vs-kimi-k3.json");
}

inline std::optional<Scenario> loadDefaultScenario(QString* error)
{
    return loadScenarioFile(defaultScenarioPath(), error);
}

inline std::shared_ptr<const ScenarioAnalysis> analyse(const Scenario& s)
{
    static const Engine engine(Catalog::builtin());
    return is::testing::offGuiThread([&] {
        return std::make_shared<const ScenarioAnalysis>(analyseScenario(s, engine, defaultContextGrid()));
    });
}

// The colours a scenario assigns its deployments, keyed by id (what the shell passes).
inline QHash<QString, QColor> coloursOf(const Scenario& s)
{
    QHash<QString, QColor> colours;
    for (const DeploymentDoc& d : s.deployments)
        if (!d.color.isEmpty())
            colours.insert(d.id, QColor(d.color));
    return colours;
}

} // namespace is::test
