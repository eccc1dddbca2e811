// SPDX-License-Identifier: MIT
#pragma once

#include "cost/PowerModel.h"
#include "cost/TcoAssumptions.h"

namespace is {
struct Deployment;
}

namespace is::cost {

// Two prices closer than this share are within the rounding of the prices shown (three
// significant figures): the deployment search names no "next cheaper" configuration saving less,
// and a full-load point keeps the chip count shown unless another saves more.
inline constexpr double kPriceRounding = 0.01;

// What one copy of a deployment costs to buy or rent, and what it draws.
struct DeploymentCostInputs
{
    int chips = 0;
    int systems = 0;
    Sourced capexPerChip;      // the price used, with its source
    double systemShareUsd = 0; // all systems together
    double networkCapexUsd = 0;
    double capexUsd = 0;        // chips + system share + network
    double ffnPoolCapexUsd = 0; // of capexUsd, an attention-FFN deployment's FFN pool (0 without one)
    Sourced rentalPerChipHour;  // the rate used, with its source
    PowerModel power;
};

// Prices from the catalog (system price per device when the system has one, else the device's),
// per-deployment overrides from the TCO assumptions (keyed by the deployment's id).
DeploymentCostInputs costInputs(const Deployment& d, const QString& docId, int chips,
                                const TcoAssumptions& t);

// One deployment's prices as an editor lists them: each value in force next to the default it
// replaces, which is what the scenario-wide assumptions and the catalog give without this
// deployment's own prices.
struct DeploymentPriceAssumptions
{
    struct Entry
    {
        Sourced value;
        Sourced fallback;
    };
    Entry capexPerChip;
    Entry systemShareUsd; // per system
    Entry rentalPerChipHour;
};
DeploymentPriceAssumptions deploymentPriceAssumptions(const Deployment& d, const QString& docId,
                                                      const TcoAssumptions& t);

// Cost per hour of running `units` copies, by component (USD/h).
struct HourlyCost
{
    double capital = 0; // capex recovered as an annuity over the amortisation years
    double maintenance = 0;
    double energy = 0; // average facility power x electricity price
    double space = 0;  // peak IT power x space price
    double rental = 0; // rental pricing: chip-hours (energy and space included)
    double total() const { return capital + maintenance + energy + space + rental; }
};
HourlyCost hourlyCost(const DeploymentCostInputs& in, const TcoAssumptions& t, double avgFacilityPowerW,
                      double units = 1);

// Costs per token and per user at a served load.
struct TokenCosts
{
    HourlyCost hourly;
    double usdPerMTok = 0;       // all cost per million output tokens (as `estimate` reports)
    double usdPerMTokInput = 0;  // the prefill share of the cost per million prompt tokens
    double usdPerMTokOutput = 0; // the decode share per million output tokens
    double usdPerUserHour = 0;   // per concurrent stream
    double joulesPerToken = 0;
    double tokensPerKWh = 0;
};
// `prefillShare`: of the busy machine time, the share spent prefilling (splits input/output).
TokenCosts tokenCosts(const HourlyCost& h, double outputTokS, double inputTokS, double prefillShare,
                      double users, double avgFacilityPowerW);

// Annual payment that repays 1 over `years` at `rate` (1 / years when the rate is 0).
double capitalRecoveryFactor(double rate, double years);

} // namespace is::cost
