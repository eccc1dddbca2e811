// SPDX-License-Identifier: MIT
#include "engine/KvTiers.h"

#include "engine/Deployment.h"
#include "hardware/Device.h"
#include "hardware/Link.h"

#include <algorithm>

namespace is {

QString kvTierId(KvTier t)
{
    switch (t) {
    case KvTier::Device:
        return QStringLiteral("device");
    case KvTier::HostDram:
        return QStringLiteral("host-dram");
    case KvTier::Ssd:
        return QStringLiteral("ssd");
    case KvTier::External:
        return QStringLiteral("external");
    case KvTier::Evicted:
        return QStringLiteral("evicted");
    }
    return {};
}

std::vector<KvTierSpec> offloadTiersPerChip(const Deployment& d, int chips, Bound b)
{
    std::vector<KvTierSpec> tiers;
    if (!d.device)
        return tiers;
    const Device& dev = *d.device;
    const MemoryTier* primary = dev.primaryTier();
    if (dev.cls == DeviceClass::Tiered)
        if (const MemoryTier* ddr = dev.tier(MemoryTierKind::Ddr); ddr && ddr != primary)
            tiers.push_back({KvTier::HostDram, ddr->capacityBytes.at(b), ddr->bandwidthBytesPerS.at(b)});
    if (d.system && dev.cls != DeviceClass::SramDataflow) {
        // The system's host memory and drives serve all its devices; each reads its own slice.
        const double perSystem = std::max(1, d.system->devicesPerSystem);
        for (const auto& [tier, spec] :
             {std::pair{KvTier::HostDram, &d.system->hostDram}, std::pair{KvTier::Ssd, &d.system->ssd}})
            if (spec->present())
                tiers.push_back({tier, spec->capacityBytes.at(b) / perSystem,
                                 spec->bandwidthBytesPerS.at(b) / perSystem});
    }
    // MemoryX is one appliance the wafers share, so each holds its share of the capacity; but the
    // catalog's bandwidth is one CS-3's own system I/O, the ports weight streaming also uses, so
    // every wafer reads its slice of a prefix back at that full rate, all wafers at once.
    if (dev.cls == DeviceClass::SramDataflow)
        if (const MemoryTier* ext = dev.tier(MemoryTierKind::External))
            tiers.push_back({KvTier::External, ext->capacityBytes.at(b) / std::max(1, chips),
                             ext->bandwidthBytesPerS.at(b)});
    return tiers;
}

} // namespace is
