// SPDX-License-Identifier: MIT
#pragma once

#include "analysis/FleetSizing.h"
#include "common/Precision.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace is {
class Catalog;
}

namespace is::planning {

// What a decision maker asks of a deployment they have not chosen yet: a load (concurrent users or
// requests per second) and limits. A limit of 0 is no limit.
struct PlanTargets
{
    cost::FleetTarget load{cost::FleetTargetKind::Users, 0}; // Users or RequestsPerS
    double ttftS = 0;
    double tpotS = 0;
    double minTokSUser = 0; // per-user speed floor (the command line gives it instead of a TPOT)
    double powerMW = 0;     // the fleet's peak facility power
    double capexUsd = 0;    // the fleet's purchase price
    QStringList devices;    // catalog ids to search; empty: every device of the catalog
    // Weight formats searched on a device beside its own (by device id): the scenario's own
    // deployments' (searchScenario), so that the search weighs the user's choice too.
    std::vector<std::pair<QString, Precision>> alsoWeights;
    int top = 10; // feasible configurations listed beyond the Pareto frontier

    // The TPOT the engine's latency-bounded batch search must meet: the stated TPOT, or the one
    // a per-user speed floor implies (a user sees 1 / TPOT tokens a second), the tighter of both.
    double effectiveTpotS() const;
};

// Checks the targets against each other and the catalog. Empty when they are usable, else one
// message naming the field ("users: must be a positive number", "devices: unknown device 'h900'").
QString checkTargets(const PlanTargets& t, const Catalog& catalog);

// The targets as the `plan --json` "targets" object (0 limits left out).
QJsonObject targetsToJson(const PlanTargets& t);

} // namespace is::planning
