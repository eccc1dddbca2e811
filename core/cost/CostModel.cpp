// SPDX-License-Identifier: MIT
#include "cost/CostModel.h"

#include "cost/RentalPresets.h"
#include "engine/Deployment.h"

#include <algorithm>
#include <cmath>

namespace is::cost {

namespace {
constexpr double kHoursPerYear = 8760.0;
} // namespace

double capitalRecoveryFactor(double rate, double years)
{
    if (years <= 0)
        return 0;
    if (rate <= 0)
        return 1.0 / years;
    const double g = std::pow(1.0 + rate, years);
    return rate * g / (g - 1.0);
}

namespace {

// A per-chip figure of two pools as one: their chip-weighted mean, so that a total over all chips
// is the sum of the pools' totals; the source names both.
Sourced pooledPerChip(const Sourced& a, int chipsA, const Sourced& b, int chipsB)
{
    const double n = std::max(1, chipsA + chipsB);
    Sourced s = a;
    s.value = (a.value * chipsA + b.value * chipsB) / n;
    s.min = (a.min * chipsA + b.min * chipsB) / n;
    s.max = (a.max * chipsA + b.max * chipsB) / n;
    if (b.source != a.source)
        s.source = QStringLiteral("attention pool: %1; FFN pool: %2").arg(a.source, b.source);
    return s;
}

double pooledMean(double a, int na, double b, int nb)
{
    return na + nb > 0 ? (a * na + b * nb) / (na + nb) : 0.0;
}

// An attention-FFN deployment's two pools, each priced as a deployment of its own: the attention
// pool at the deployment's device and per-deployment prices, the FFN pool at its own device and the
// catalog's. `chips` counts both pools.
struct PoolCostInputs
{
    DeploymentCostInputs attention;
    DeploymentCostInputs ffn;
};

PoolCostInputs poolCostInputs(const Deployment& d, const QString& docId, int chips, const TcoAssumptions& t)
{
    Deployment attention = d;
    attention.ffnPool.reset();
    Deployment ffn = attention;
    ffn.device = d.ffnPool->device;
    ffn.system = d.ffnPool->system;
    ffn.scaleUp = d.ffnPool->scaleUp;
    ffn.scaleOut = d.ffnPool->scaleOut;
    const int nF = d.ffnPool->chips;
    const int nA = std::max(1, chips - nF);
    return PoolCostInputs{costInputs(attention, docId, nA, t), costInputs(ffn, QString(), nF, t)};
}

// An attention-FFN deployment (engine/AttentionFfnSplit.h): `chips` counts both pools, the FFN
// pool's own count among them. Each pool is priced and powered as a deployment of its own and the
// two are summed (per-chip figures as chip-weighted means); the scenario's per-deployment prices
// apply to the attention pool, whose device the deployment names.
DeploymentCostInputs splitCostInputs(const Deployment& d, const QString& docId, int chips,
                                     const TcoAssumptions& t)
{
    const PoolCostInputs pools = poolCostInputs(d, docId, chips, t);
    const DeploymentCostInputs& a = pools.attention;
    const DeploymentCostInputs& f = pools.ffn;
    const int nA = a.chips;
    const int nF = f.chips;
    DeploymentCostInputs in = a;
    in.chips = nA + nF;
    in.systems = a.systems + f.systems;
    in.capexPerChip = pooledPerChip(a.capexPerChip, nA, f.capexPerChip, nF);
    in.systemShareUsd = a.systemShareUsd + f.systemShareUsd;
    in.networkCapexUsd = a.networkCapexUsd + f.networkCapexUsd;
    in.capexUsd = a.capexUsd + f.capexUsd;
    in.ffnPoolCapexUsd = f.capexUsd;
    in.rentalPerChipHour = pooledPerChip(a.rentalPerChipHour, nA, f.rentalPerChipHour, nF);
    PowerModel& p = in.power;
    p.chips = in.chips;
    p.systems = in.systems;
    p.idleWPerChip = pooledMean(a.power.idleWPerChip, nA, f.power.idleWPerChip, nF);
    p.peakWPerChip = pooledMean(a.power.peakWPerChip, nA, f.power.peakWPerChip, nF);
    p.hostWPerSystem = pooledMean(a.power.hostWPerSystem, a.systems, f.power.hostWPerSystem, f.systems);
    p.networkWPerChip = pooledMean(a.power.networkWPerChip, nA, f.power.networkWPerChip, nF);
    if (d.ffnPool->link) // every chip's port on the link between the pools
        p.networkWPerChip += d.ffnPool->link->powerWPerPort.value;
    return in;
}

} // namespace

DeploymentCostInputs costInputs(const Deployment& d, const QString& docId, int chips, const TcoAssumptions& t)
{
    if (d.ffnPool && chips > d.ffnPool->chips)
        return splitCostInputs(d, docId, chips, t);
    DeploymentCostInputs in;
    in.chips = chips;
    const int perSystem = std::max(1, d.devicesPerSystem());
    in.systems = (chips + perSystem - 1) / perSystem;
    const auto over = t.perDeployment.find(docId);
    const DeploymentPrices* prices = over != t.perDeployment.end() ? &over->second : nullptr;

    if (prices && prices->capexUsdPerChip)
        in.capexPerChip = *prices->capexUsdPerChip;
    else if (d.system && d.system->priceUsd.value > 0)
        in.capexPerChip = d.system->priceUsd.scaled(1.0 / perSystem);
    else
        in.capexPerChip = d.device->priceUsd;
    const double share =
        prices && prices->systemShareUsd ? prices->systemShareUsd->value : t.systemShareUsd.value;
    in.systemShareUsd = share * in.systems;
    const double hardware = in.capexPerChip.value * chips;
    in.networkCapexUsd = in.systems > 1 ? hardware * t.networkCapexFraction.value : 0.0;
    in.capexUsd = hardware + in.systemShareUsd + in.networkCapexUsd;

    if (prices && prices->usdPerChipHour)
        in.rentalPerChipHour = *prices->usdPerChipHour;
    else if (t.usdPerChipHour)
        in.rentalPerChipHour = *t.usdPerChipHour;
    else
        in.rentalPerChipHour = rentalRate(t.preset, *d.device);
    in.power = PowerModel::forDeployment(d, chips, t.pue.value);
    return in;
}

DeploymentPriceAssumptions deploymentPriceAssumptions(const Deployment& d, const QString& docId,
                                                      const TcoAssumptions& t)
{
    TcoAssumptions plain = t;
    plain.perDeployment.erase(docId);
    const DeploymentCostInputs def = costInputs(d, docId, 1, plain);
    const DeploymentCostInputs cur = costInputs(d, docId, 1, t);
    const auto over = t.perDeployment.find(docId);
    const bool ownShare = over != t.perDeployment.end() && over->second.systemShareUsd;
    DeploymentPriceAssumptions a;
    a.capexPerChip = {cur.capexPerChip, def.capexPerChip};
    a.systemShareUsd = {ownShare ? *over->second.systemShareUsd : t.systemShareUsd, t.systemShareUsd};
    a.rentalPerChipHour = {cur.rentalPerChipHour, def.rentalPerChipHour};
    return a;
}

HourlyCost hourlyCost(const DeploymentCostInputs& in, const TcoAssumptions& t, double avgFacilityPowerW,
                      double units)
{
    HourlyCost h;
    if (t.pricing == Pricing::Rental) {
        h.rental = in.chips * in.rentalPerChipHour.value * units;
        return h;
    }
    h.capital = in.capexUsd * capitalRecoveryFactor(t.costOfCapital.value, t.amortisationYears.value) /
                kHoursPerYear * units;
    h.maintenance = in.capexUsd * t.maintenancePerYear.value / kHoursPerYear * units;
    h.energy = avgFacilityPowerW / 1000.0 * t.usdPerKWh.value;
    h.space = in.power.peakItPowerW() / 1000.0 * t.spaceUsdPerKwMonth.value * 12.0 / kHoursPerYear * units;
    return h;
}

TokenCosts tokenCosts(const HourlyCost& h, double outputTokS, double inputTokS, double prefillShare,
                      double users, double avgFacilityPowerW)
{
    TokenCosts c;
    c.hourly = h;
    const double perHour = h.total();
    const double share = std::clamp(prefillShare, 0.0, 1.0);
    if (outputTokS > 0) {
        c.usdPerMTok = perHour / (outputTokS * 3600.0) * 1e6;
        c.usdPerMTokOutput = perHour * (1.0 - share) / (outputTokS * 3600.0) * 1e6;
    }
    if (inputTokS > 0)
        c.usdPerMTokInput = perHour * share / (inputTokS * 3600.0) * 1e6;
    c.usdPerUserHour = users > 0 ? perHour / users : 0.0;
    c.joulesPerToken = joulesPerToken(avgFacilityPowerW, outputTokS);
    c.tokensPerKWh = tokensPerKWh(avgFacilityPowerW, outputTokS);
    return c;
}

} // namespace is::cost
