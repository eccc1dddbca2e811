// SPDX-License-Identifier: MIT
#include "cost/PricedEstimate.h"

#include "cost/ServingPointCost.h"

namespace is::cost {

std::optional<Estimate> pricedEstimate(const Engine& engine, const Deployment& d, const QString& docId,
                                       const ModelDesc& m, const Workload& w, ServingGoal goal,
                                       const TcoAssumptions& t, QString* error, Bound deviceBound)
{
    auto e = engine.estimate(d, m, w, goal, t, error, deviceBound);
    if (e)
        price(*e, d, docId, w, t);
    return e;
}

std::optional<RangedEstimate> pricedEstimateRanged(const Engine& engine, const Deployment& d,
                                                   const QString& docId, const ModelEntry& m,
                                                   const Workload& w, ServingGoal goal,
                                                   const TcoAssumptions& t, QString* error)
{
    auto e = engine.estimateRanged(d, m, w, goal, t, error);
    if (e)
        price(*e, d, docId, w, t);
    return e;
}

} // namespace is::cost
