// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Engine.h"
#include "scenario/ScenarioEvaluation.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace is {

// One point of a curve with its band (low/high equal the value when no input is a range).
struct BandPoint
{
    double x = 0;
    double y = 0;
    double low = 0;
    double high = 0;
};

// A point on the throughput-versus-interactivity curve of one deployment.
struct ParetoPoint
{
    int batch = 0;
    double tokSUser = 0;
    double tokSPerChip = 0;
    double tokSPerMW = 0;
};

// Everything the studio draws for one deployment.
struct DeploymentAnalysis
{
    QString docId;
    QString name;
    QString modelName;
    RangedEstimate estimate;
    std::vector<BandPoint> speedVsContext;   // x: context tokens, y: tok/s per user (0 where it does not fit
                                             // or lies past the model's context window)
    double maxContext = 0;                   // the model's context window (0: unknown)
    std::vector<KvPlacement> contextPlacement; // per speedVsContext point
    std::vector<int> contextChips;             // per speedVsContext point
    double sramExhaustedAt = 0; // first context where a wafer deployment runs out of SRAM (0: never / not wafer)
    QString sramExhaustedAction; // "added-chips" or "spilled-external"
    std::vector<ParetoPoint> pareto;
};

struct ScenarioAnalysis
{
    std::vector<DeploymentAnalysis> deployments;
    QStringList issues;   // user-facing warnings ("Kimi K3 does not fit on 8 H100 at 1 M context: needs 40")
    QString error;        // set when the scenario cannot be evaluated at all
};

// The contexts the speed-versus-context chart samples: log-spaced from 1 K to 2 M tokens.
std::vector<double> defaultContextGrid(int points = 25);

// Computes every chart's data for a scenario. Pure function of its inputs: the GUI runs it on a
// worker thread, the command line and the tests call it directly.
ScenarioAnalysis analyseScenario(const Scenario& s, const Engine& engine, const std::vector<double>& contexts);

// Throughput versus interactivity: sweeps the batch from one stream to the memory limit.
std::vector<ParetoPoint> paretoSweep(const Engine& engine, const ResolvedDeployment& r, const Workload& w,
                                     const CostAssumptions& c);

} // namespace is
