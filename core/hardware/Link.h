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

// A tier below device memory that a system offers the KV cache of idle sessions (host DRAM
// behind PCIe or NVLink-C2C, local NVMe SSDs): the whole system's capacity, and the bandwidth at
// which the system's devices together read it back. Zero when the catalog gives none.
struct KvOffloadTier
{
    Sourced capacityBytes;
    Sourced bandwidthBytesPerS;
    bool present() const { return capacityBytes.value > 0 && bandwidthBytesPerS.value > 0; }
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
    Sourced hostPowerW;     // on top of the devices' own power
    Sourced priceUsd;       // the whole system, devices included
    KvOffloadTier hostDram; // "kv_offload": {"host_dram": ..., "ssd": ...}
    KvOffloadTier ssd;
};

} // namespace is
