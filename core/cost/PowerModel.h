// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"

namespace is {
struct Deployment;
struct Estimate;
} // namespace is

namespace is::cost {

// Electrical power of a deployment from the chips' utilisation: each chip draws its idle power
// plus the dynamic share (peak - idle) x utilisation; hosts and scale-out network ports draw
// constant power; the facility multiplies everything by its PUE.
struct PowerModel
{
    int chips = 0;
    int systems = 0;
    double idleWPerChip = 0;
    double peakWPerChip = 0;
    double hostWPerSystem = 0;
    double networkWPerChip = 0; // scale-out ports (switch share and optics), multi-system only
    double pue = 1;

    double itPowerW(double utilisation) const;
    double facilityPowerW(double utilisation) const { return itPowerW(utilisation) * pue; }
    double peakItPowerW() const { return itPowerW(1.0); }
    double peakFacilityPowerW() const { return facilityPowerW(1.0); }
    double idleFacilityPowerW() const { return facilityPowerW(0.0); }
    // The utilisation at which this model draws what an engine estimate says the chips and
    // hosts draw (Engine::addPower), so the two agree on a serving point.
    double utilisationOf(const Estimate& e) const;

    static PowerModel forDeployment(const Deployment& d, int chips, double pue, Bound bound = Bound::Mid);
};

// Joules per output token and tokens per kWh at an average facility power and throughput.
double joulesPerToken(double facilityPowerW, double tokS);
double tokensPerKWh(double facilityPowerW, double tokS);

} // namespace is::cost
