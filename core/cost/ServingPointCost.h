// SPDX-License-Identifier: MIT
#pragma once

#include "cost/CostModel.h"
#include "cost/TcoAssumptions.h"

namespace is {
struct Deployment;
struct Estimate;
struct RangedEstimate;
struct Workload;
} // namespace is

namespace is::cost {

// What one deployment costs at an engine serving point when its capacity carries paying load
// for the TCO's share of hours (`utilisation`); the rest of the time it idles at idle power.
// The Cost view's numbers: stack `perMillionTokens(costs.hourly, servedTokS)` per deployment and
// sweep the electricity price or the utilisation by editing the assumptions.
struct ServingPointCost
{
    DeploymentCostInputs inputs;
    double servingFacilityW = 0; // while serving
    double avgFacilityW = 0;     // over all hours
    double servedTokS = 0;       // output tokens/s averaged over all hours
    double prefillShare = 0;
    TokenCosts costs;
};
ServingPointCost servingPointCost(const Deployment& d, const QString& docId, const Estimate& e,
                                  const Workload& w, const TcoAssumptions& t);

// Prices an engine estimate as the Cost view does: `usdPerHour` is what the deployment costs per
// hour over all hours (capital, upkeep, energy and space, or rent), `usdPerMTok` that per million
// output tokens served. The engine states no cost of its own: every cost per token the studio,
// the command line and the audit show comes from the one total cost of ownership here.
void price(Estimate& e, const Deployment& d, const QString& docId, const Workload& w,
           const TcoAssumptions& t);
// The point estimate and both ends of its band, each at its own chip count.
void price(RangedEstimate& e, const Deployment& d, const QString& docId, const Workload& w,
           const TcoAssumptions& t);

// Of the busy machine time at a serving point, the share spent prefilling (the engine's cycle:
// per replica, b prefills and output/acceptance decode steps).
double prefillShareOf(const Estimate& e, int replicas, double outputTokens);

// An hourly cost expressed per million output tokens at a throughput, component by component.
HourlyCost perMillionTokens(const HourlyCost& h, double tokS);

} // namespace is::cost
