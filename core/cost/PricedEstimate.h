// SPDX-License-Identifier: MIT
#pragma once

#include "cost/TcoAssumptions.h"
#include "engine/Engine.h"

#include <optional>

namespace is::cost {

// An engine estimate with what it costs under the total cost of ownership (cost::price). The engine
// states no cost of its own, so every estimate that reaches a user (the comparison, `estimate`, the
// audit, the figures at full load) is made here and never shows a cost of zero.
std::optional<Estimate> pricedEstimate(const Engine& engine, const Deployment& d, const QString& docId,
                                       const ModelDesc& m, const Workload& w, ServingGoal goal,
                                       const TcoAssumptions& t, QString* error,
                                       Bound deviceBound = Bound::Mid);
// The point estimate and both ends of its band, each priced at its own chip count.
std::optional<RangedEstimate> pricedEstimateRanged(const Engine& engine, const Deployment& d,
                                                   const QString& docId, const ModelEntry& m,
                                                   const Workload& w, ServingGoal goal,
                                                   const TcoAssumptions& t, QString* error);

} // namespace is::cost
