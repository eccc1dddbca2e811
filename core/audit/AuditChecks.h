// SPDX-License-Identifier: MIT
// The audit's check types, shared between the files that implement them. Not a public API.
#pragma once

#include "audit/Audit.h"
#include "scenario/Scenario.h"
#include "scenario/ScenarioEvaluation.h"

#include <QString>

#include <map>
#include <optional>

namespace is::audit::detail {

// How far the engine's figure may sit from a claimed one and still agree with it: about its
// error on published measurements (`validate`: most rows within 25 %). Catalog facts are
// rounded figures of one datasheet (10 %); arithmetic is checked to the claimed figure's rounding.
constexpr double kEngineTolerance = 0.25;
constexpr double kCatalogTolerance = 0.10;
constexpr double kArithmeticTolerance = 0.05;

// The shipped scenarios, loaded once per audit (":/scenarios/NAME").
class ScenarioSet
{
public:
    explicit ScenarioSet(const Engine& engine) : m_engine(engine) {}
    const Engine& engine() const { return m_engine; }
    // The scenario and the named deployment resolved; nullopt with `error` set when either fails.
    struct Target
    {
        const Scenario* scenario = nullptr;
        ResolvedDeployment deployment;
    };
    std::optional<Target> target(const QString& file, const QString& deploymentId, QString* error);

private:
    const Engine& m_engine;
    std::map<QString, std::optional<Scenario>> m_scenarios;
    std::map<QString, QString> m_errors;
};

// Whether a claimed figure agrees with a predicted band widened by `tolerance`.
bool agrees(const ClaimedFigure& c, double low, double high, double tolerance);

// The claimed figure as the article states it ("750", "0.2-0.3", "800+", "< 100").
QString claimedText(const ClaimedFigure& c);

// The checks that evaluate a scenario with the engine (EngineChecks.cpp).
ClaimVerdict checkMetric(const Claim& c, ScenarioSet& set);
ClaimVerdict checkRatio(const Claim& c, ScenarioSet& set);
ClaimVerdict checkResident(const Claim& c, ScenarioSet& set);
ClaimVerdict checkContext(const Claim& c, ScenarioSet& set);
ClaimVerdict checkCapacity(const Claim& c, ScenarioSet& set);

} // namespace is::audit::detail
