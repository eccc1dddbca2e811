// SPDX-License-Identifier: MIT
#pragma once

#include "common/Precision.h"
#include "common/Sourced.h"

#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace is {

// The four ways a chip runs a model (see DESIGN.md, "Device classes"), plus the probed CPU.
enum class DeviceClass {
    HbmAccelerator, // GPUs, MI300X, Sohu: weights and KV in HBM, step = max(compute, memory) + comm
    SramDataflow,   // WSE-3, Groq: weights resident in on-chip SRAM, layers pipelined over chips
    Tiered,         // SN40L: SRAM + HBM + DDR
    Cpu             // "this machine", measured by the executor's probes
};

QString deviceClassId(DeviceClass c);
std::optional<DeviceClass> deviceClassFromId(const QString& id);

enum class MemoryTierKind { Sram, Hbm, Ddr, External };
QString memoryTierId(MemoryTierKind k);
std::optional<MemoryTierKind> memoryTierFromId(const QString& id);

struct MemoryTier
{
    MemoryTierKind kind = MemoryTierKind::Hbm;
    Sourced capacityBytes;
    Sourced bandwidthBytesPerS;
};

struct Device
{
    QString id;
    QString name;
    QString vendor;
    QString family; // calibration family
    DeviceClass cls = DeviceClass::HbmAccelerator;
    Precision defaultPrecision = Precision::BF16;
    std::map<Precision, Sourced> peakFlops; // dense
    std::vector<MemoryTier> memory;         // fastest first
    Sourced meshCores;                      // SRAM dataflow only
    Sourced clockHz;
    Sourced idlePowerW;
    Sourced peakPowerW;
    Sourced priceUsd;
    QString scaleUpLink;
    QString scaleOutLink;
    QString defaultSystem;

    const MemoryTier* tier(MemoryTierKind kind) const;
    // The tier that holds weights and KV cache: HBM for GPUs, SRAM for dataflow chips.
    const MemoryTier* primaryTier() const;
    // Dense peak for a precision. A precision the chip lacks runs at the nearest wider one it has
    // (fp4 weights on Hopper compute in fp8), which is how serving stacks handle it.
    double peakFlopsFor(Precision p, Bound b = Bound::Mid) const;
    // The precision a matrix multiply on weights stored as `p` really runs at: `p` where the chip
    // has units for it (fp16 and bf16, int8 and fp8 count as one), else the nearest wider one it
    // has (fp4 on Hopper, MI300X and MI325X runs at fp8; fp8 on A100 at bf16).
    Precision computePrecisionFor(Precision p) const;
    // Bytes per weight as served: FP4 weights (block-scaled NVFP4/MXFP4) on a chip without FP4
    // tensor cores are dequantised at load to the compute precision (fp8, else bf16), so they
    // are stored, read and computed at that width; never fewer bytes than the format itself.
    // Integer 4-bit weights keep their width (weight-only kernels unpack them in registers).
    double storedBytesPerWeight(Precision p) const;
    bool supportsNatively(Precision p) const { return peakFlops.count(p) > 0; }
};

} // namespace is
