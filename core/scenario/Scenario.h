// SPDX-License-Identifier: MIT
#pragma once

#include "common/Precision.h"
#include "cost/TcoAssumptions.h"
#include "engine/Deployment.h"
#include "engine/Workload.h"
#include "model/ModelEntry.h"
#include "scenario/ClaimedFigures.h"
#include "scenario/FfnPoolDoc.h"
#include "serving/ServingConfig.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace is {

// Where a scenario's model comes from: a catalog id, an inline description, or a config.json.
struct ModelRef
{
    QString catalogId; // "llama-3.1-70b"
    std::optional<ModelEntry> inlineModel;
    QString configPath; // Hugging Face config.json (relative to the scenario file)
    bool isSet() const { return !catalogId.isEmpty() || inlineModel || !configPath.isEmpty(); }
    bool operator==(const ModelRef& o) const;
};

// The most chips (and replicas) one deployment of a scenario may have.
constexpr int kMaxDeploymentCount = 1 << 20;

// One deployment as the user describes it. Ids are stable across edits (the canvas keys on them).
struct DeploymentDoc
{
    QString id;
    QString name;
    // The name was made by the studio ("Llama 3.1 70B on H100 SXM5 80GB") and follows the model
    // and device until the user renames the deployment (file: "name_auto": true; files without it
    // keep their names as typed).
    bool autoName = false;
    QString device;
    int count = 1;
    bool autoCount = false;
    QString system;                   // empty: the device's default system
    QString scaleUpLink;              // empty: the system's
    QString scaleOutLink;             // empty: the system's
    std::optional<ParallelPlan> plan; // nullopt: automatic
    std::optional<Precision> weights;
    std::optional<Precision> kv;
    ExecutionMode mode = ExecutionMode::Auto;
    SpeculativeMethod speculative = SpeculativeMethod::None;
    ModelRef model; // empty: the scenario's model
    double x = 0;   // canvas position
    double y = 0;
    QString color; // "#rrggbb"; empty: assigned by position in the list
    // Set: attention-FFN disaggregated; device, count and parallelism above are the attention pool.
    std::optional<FfnPoolDoc> ffnPool;
    // Prefill-decode disaggregated: this many replicas of the plan only prefill (0: none).
    int prefillReplicas = 0;
    bool operator==(const DeploymentDoc& o) const;
};

// The scenario document (format v1, scenarios/README.md).
struct Scenario
{
    static constexpr int kVersion = 1;
    QString name;
    QString description;
    ModelRef model;
    Workload workload;
    ServingGoal goal = ServingGoal::FixedConcurrency;
    // The cost assumptions, one type for the engine and the Cost and Fleet views (file: the "cost"
    // and "tco" sections).
    cost::TcoAssumptions tco;
    // How the request-level simulation and fleet sizing serve it (file: "serving").
    serving::ServingConfig serving;
    // Figures others published for its deployments, shown beside predictions (file: "claimed").
    ClaimedSection claimed;
    std::vector<DeploymentDoc> deployments;
    QString baseDir; // directory of the file, for relative config.json and trace paths

    bool operator==(const Scenario& o) const;
};

QString executionModeId(ExecutionMode m);

// The canvas distance between deployments placed side by side (a card and the room beside it).
inline constexpr double kCanvasColumn = 360;
// Where a deployment added to `deployments` goes on the canvas: one column right of the rightmost
// of them, at the top (x 0 for the first).
double nextCanvasColumn(const std::vector<DeploymentDoc>& deployments);

// Parses and validates; errors name the field ("deployments[1].count: must be at least 1").
std::optional<Scenario> parseScenario(const QJsonObject& root, QString* error);
// Reads a file; errors start with the file name.
std::optional<Scenario> loadScenarioFile(const QString& path, QString* error);
QJsonObject scenarioToJson(const Scenario& s);
// Atomic save (QSaveFile): a crash mid-write never leaves a truncated file.
bool saveScenarioFile(const Scenario& s, const QString& path, QString* error);

} // namespace is
