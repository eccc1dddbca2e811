// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Engine.h"
#include "scenario/Scenario.h"

#include <QJsonObject>

#include <optional>
#include <vector>

namespace is {

class Catalog;

// A scenario deployment resolved against the catalog: what the engine takes.
struct ResolvedDeployment
{
    QString docId;
    Deployment deployment;
    ModelEntry model;
};

// Resolves devices, systems, links and models; errors name the field
// ("deployments[0].device: unknown device 'h900'").
std::optional<std::vector<ResolvedDeployment>> resolveScenario(const Scenario& s, const Catalog& catalog,
                                                               QString* error);

// The name the studio gives a deployment it made: "<model> on <device>", the model's catalog
// name without its remark in parentheses and the device's without its vendor and remark
// ("Kimi K2 on H100 SXM5 80GB", "GPT-5.6 Sol on CS-3"). A deployment without its own model
// serves the scenario's. Unique among the scenario's other deployments ("... (2)").
QString automaticDeploymentName(const Scenario& s, const DeploymentDoc& d, const Catalog& catalog);

struct DeploymentResult
{
    QString docId;
    QString name;
    QString modelName;
    RangedEstimate estimate;
};

// Estimates every deployment of a scenario. The same function serves `estimate` on the command
// line and the studio's charts, so their numbers are identical.
std::optional<std::vector<DeploymentResult>> evaluateScenario(const Scenario& s, const Engine& engine, QString* error);

// The command-line contract's JSON (`estimate --json`).
QJsonObject estimateResultsToJson(const std::vector<DeploymentResult>& results);

} // namespace is
