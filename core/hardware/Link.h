// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"

#include <QString>

namespace is {

enum class LinkScope { ScaleUp, ScaleOut };

struct Link
{
    QString id;
    QString name;
    LinkScope scope = LinkScope::ScaleOut;
    Sourced bandwidthBytesPerS; // per device, per direction
    Sourced latencyS;           // one hop, software included
    Sourced powerWPerPort;
};

// A packaging of devices: an HGX node, an NVL72 rack, a CS-3 with MemoryX and SwarmX.
struct SystemPackaging
{
    QString id;
    QString name;
    QString deviceId;
    int devicesPerSystem = 1; // the scale-up domain
    QString scaleUpLink;
    QString scaleOutLink;
    Sourced hostPowerW; // on top of the devices' own power
    Sourced priceUsd;   // the whole system, devices included
};

} // namespace is
