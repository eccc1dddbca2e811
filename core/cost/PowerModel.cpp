// SPDX-License-Identifier: MIT
#include "cost/PowerModel.h"

#include "engine/Deployment.h"
#include "engine/Estimate.h"

#include <algorithm>

namespace is::cost {

double PowerModel::itPowerW(double utilisation) const
{
    const double u = std::clamp(utilisation, 0.0, 1.0);
    return chips * (idleWPerChip + (peakWPerChip - idleWPerChip) * u + networkWPerChip) + systems * hostWPerSystem;
}

double PowerModel::utilisationOf(const Estimate& e) const
{
    if (chips <= 0 || peakWPerChip <= idleWPerChip)
        return 1.0;
    const double chipW = (e.powerW - systems * hostWPerSystem) / chips;
    return std::clamp((chipW - idleWPerChip) / (peakWPerChip - idleWPerChip), 0.0, 1.0);
}

PowerModel PowerModel::forDeployment(const Deployment& d, int chips, double pue, Bound bound)
{
    PowerModel p;
    p.chips = chips;
    const int perSystem = std::max(1, d.devicesPerSystem());
    p.systems = (chips + perSystem - 1) / perSystem;
    p.idleWPerChip = d.device->idlePowerW.at(bound);
    p.peakWPerChip = d.device->peakPowerW.at(bound);
    p.hostWPerSystem = d.system ? d.system->hostPowerW.at(bound) : 0.0;
    if (p.systems > 1 && d.scaleOut)
        p.networkWPerChip = d.scaleOut->powerWPerPort.at(bound);
    p.pue = pue;
    return p;
}

double joulesPerToken(double facilityPowerW, double tokS) { return tokS > 0 ? facilityPowerW / tokS : 0.0; }

double tokensPerKWh(double facilityPowerW, double tokS)
{
    return facilityPowerW > 0 ? tokS * 3.6e6 / facilityPowerW : 0.0;
}

} // namespace is::cost
