// SPDX-License-Identifier: MIT
#include "engine/Deployment.h"

#include <algorithm>

namespace is {

Precision Deployment::kv() const
{
    if (kvPrecision)
        return *kvPrecision;
    // Serving stacks keep the KV cache at fp8 or wider even when weights are 4-bit.
    const Precision w = weights();
    return bytesPerElement(w) < 1.0 ? Precision::FP8 : w;
}

int Deployment::devicesPerSystem() const { return system ? system->devicesPerSystem : 1; }

Topology::Spec Deployment::topologySpec(int chipCount) const
{
    Topology::Spec s;
    s.devices = chipCount;
    s.devicesPerSystem = std::min(chipCount, devicesPerSystem());
    s.scaleUp = scaleUp;
    s.scaleOut = scaleOut;
    return s;
}

} // namespace is
