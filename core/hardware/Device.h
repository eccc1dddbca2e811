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
    // Dense peak for a precision. A precision the chip lacks runs at the precision
    // computePrecisionFor gives (fp4 weights on Hopper multiply at bf16).
    double peakFlopsFor(Precision p, Bound b = Bound::Mid, bool weightOnly = false) const;
    // The precision a matrix multiply on weights stored as `p` really runs at: `p` where the chip
    // has units for it (fp16 and bf16, int8 and fp8 count as one); 4-bit weights on a chip with
    // no 4-bit units (Hopper, MI300X, MI325X, A100) at 16 bits, in weight-only kernels; on a chip
    // with 4-bit units, `weightOnly` 4-bit weights (a checkpoint without activation scales,
    // gpt-oss's MXFP4 experts) and a 4-bit format the units do not take (int4 on Blackwell) at
    // fp8; any other format at the nearest wider one the chip has (fp8 on A100 at bf16).
    Precision computePrecisionFor(Precision p, bool weightOnly = false) const;
    bool supportsNatively(Precision p) const { return peakFlops.count(p) > 0; }
};

} // namespace is
