// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"
#include "cost/LatencyTargets.h"
#include "engine/Estimate.h"
#include "scenario/ScenarioEvaluation.h"

#include <QJsonObject>

#include <optional>

namespace is {
class Engine;
struct Deployment;
struct ModelDesc;
struct Scenario;
} // namespace is

namespace is::cost {

// The latency targets a scenario's deployments are loaded up to: its serving.slo, else its
// workload's limits, else the assumed interactive ones (resolveSlo). A serving section that does
// not parse states no target here; `simulate` and the Serving view report its error.
SloTargets scenarioSlo(const Scenario& s);

// A deployment at the load a service runs it at: the most throughput it gives while every stream
// still meets the latency targets (the engine's latency-bounded batch search, at the scenario's
// cost assumptions). A pipelined wafer deployment holds many streams at almost the single-stream
// speed there, so its cost per token falls far below that of the workload's one user. The
// point's `batch` is the concurrency at load. nullopt (error set) when the engine cannot evaluate
// the deployment at all; an estimate whose one stream already misses the targets comes back with
// the engine's note saying so (meetsSlo tells). Priced with the scenario's cost of ownership
// (`docId`: the deployment's own price overrides).
std::optional<Estimate> estimateAtFullLoad(const Engine& engine, const Deployment& d, const QString& docId,
                                           const ModelDesc& m, const Scenario& s, const SloTargets& slo,
                                           QString* error, Bound deviceBound = Bound::Mid);

// A scenario deployment at full load within the scenario's targets, at the point estimate;
// nullopt where the engine cannot evaluate it or where even one stream misses the targets. `estimate --json`
// and the comparison take their "at full load" figures from here. `chipsShown`: for a deployment of
// automatic count, the count the workload's own estimate chose; the load keeps it unless the
// targets' own choice serves a token cheaper by more than kPriceRounding (CostModel.h; the point's
// `chips` says which). 0: the targets' own choice.
std::optional<Estimate> atFullLoad(const ResolvedDeployment& r, const Scenario& s, const Engine& engine,
                                   int chipsShown = 0);
// atFullLoad's choice of count for any deployment and model, at a device bound (the audit's
// claims "at full load" take theirs here, as the comparison does): the targets' own count, or
// for an automatic one `chipsShown` unless the targets' count serves a token cheaper by more than
// kPriceRounding. Unlike atFullLoad it returns an estimate whose one stream misses the targets
// (meetsSlo tells), as estimateAtFullLoad does.
std::optional<Estimate> fullLoadKeepingCount(const Engine& engine, const Deployment& d, const QString& docId,
                                             const ModelDesc& m, const Scenario& s, int chipsShown,
                                             QString* error, Bound deviceBound = Bound::Mid);

// Adds to each deployment of `estimate --json` (estimateResultsToJson of the same scenario, in
// its order) the cost at the load a service runs: "usd_per_mtok_at_load", "tok_s_total_at_load",
// "concurrency_at_load" and "chips_at_load" (null where the deployment does not fit or no stream meets the
// targets). False (error set) when the scenario does not resolve.
bool addFullLoadToJson(QJsonObject& estimateJson, const Scenario& s, const Engine& engine, QString* error);

// Whether an estimate meets the targets (mean TTFT and time per output token), as the search
// chooses its batch by.
bool meetsSlo(const Estimate& e, const SloTargets& slo);

} // namespace is::cost
