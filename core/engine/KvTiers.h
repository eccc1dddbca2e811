// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"

#include <QString>

#include <array>
#include <vector>

namespace is {

struct Deployment;

// Where the KV cache of a session waiting between turns sits, fastest first. A prefix that fits
// in no tier is evicted and its prompt is prefilled again.
enum class KvTier { Device, HostDram, Ssd, External, Evicted };
inline constexpr int kKvTierCount = 5;
// "device", "host-dram", "ssd", "external" (MemoryX), "evicted": as --json prints them.
QString kvTierId(KvTier t);

// One tier below device memory as one chip sees it: its share of the capacity, and the
// bandwidth at which it reads its own slice of a prefix back.
struct KvTierSpec
{
    KvTier tier = KvTier::HostDram;
    double capacityBytes = 0;
    double bandwidthBytesPerS = 0;
};

// The offload tiers of one chip of a deployment of `chips`, fastest first: the system's host
// DRAM and SSDs (catalog "kv_offload") split evenly over its devices; a tiered device's own DDR
// (SN40L); for wafers the device's external memory (MemoryX): its capacity shared by the
// deployment's wafers, its bandwidth each wafer's own system I/O (as in weight streaming). Empty
// when the catalog offers none (Groq, bare devices).
std::vector<KvTierSpec> offloadTiersPerChip(const Deployment& d, int chips, Bound b);

} // namespace is
