// SPDX-License-Identifier: MIT
#pragma once

#include "common/Precision.h"
#include "engine/Estimate.h"
#include "hardware/Device.h"
#include "model/ModelDesc.h"

#include <QString>

#include <memory>
#include <optional>

namespace is {

class Catalog;

// What the executor's probes measured on "this machine" (DESIGN.md, device classes): the
// numbers a DeviceClass::Cpu device and its calibration are built from, never typed in.
struct MachineProbes
{
    int threads = 1;
    double peakFlops = 0;       // multi-threaded FMA peak, FLOP/s (all independent chains)
    double gemmFlops = 0;       // achieved rate of the prefill matrix-matrix kernel, FLOP/s (0 = not probed)
    double matvecFlops = 0;     // achieved rate of the decode matrix-vector kernel with its operands in cache
    double memoryBytes = 0;     // DRAM capacity
    double memoryBandwidth = 0; // bytes/s the decode kernel streams weights from DRAM
    double cacheBytes = 0;      // last-level cache capacity
    double cacheBandwidth = 0;  // bytes/s the decode kernel streams weights from the last-level cache
    double kernelOverheadS = 0; // one kernel boundary of the thread pool (a fork-join, the
                                // activations handed between cores): the per-kernel overhead
};

// The device id and calibration family of the probed CPU.
QString thisMachineId();

// The probed CPU as a device: class Cpu, an SRAM tier for the last-level cache and a DDR tier
// (the primary one), a dense peak at fp32 (the executor converts every weight format to f32
// before it multiplies, so narrower formats run at that rate).
Device thisMachineDevice(const MachineProbes& p);

// A catalog holding this machine and its calibration, family thisMachineId(): the probes give
// achieved rates (memory efficiency 1, compute efficiency = prefill kernel / peak, the
// half-efficiency row count from the matrix-vector and matrix-matrix rates, the kernel overhead
// = one fork-join). What no probe measures is stated as assumed.
std::shared_ptr<const Catalog> thisMachineCatalog(const MachineProbes& p);

// The engine's estimate for one stream on this machine: `prompt` tokens of prefill, then `gen`
// decoded tokens, weights, KV cache and activations at the given precisions. The same
// Engine::estimate the GUI and the command line call for every other device.
std::optional<Estimate> estimateThisMachine(const MachineProbes& p, const ModelDesc& m, Precision weights,
                                            Precision kv, Precision activations, double prompt, double gen,
                                            QString* error);

} // namespace is
