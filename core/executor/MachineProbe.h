// SPDX-License-Identifier: MIT
#pragma once

#include "executor/AlignedBuffer.h"
#include "executor/DType.h"
#include "executor/DecodePrediction.h"
#include "executor/ThreadPool.h"

#include <cstddef>

namespace is::exec {

struct CacheSizes
{
    std::size_t l1d = 0;
    std::size_t l2 = 0;  // per core
    std::size_t llc = 0; // last level, shared
};

// From /sys/devices/system/cpu/cpu0/cache, falling back to sysconf.
CacheSizes cacheSizes();

// Measures this machine with the same threads and the same SIMD loads the executor uses.
// Memory bandwidth on shared machines drifts by tens of percent between runs, so callers probe
// right before each measurement; buffers are kept between probes.
class MachineProbe
{
public:
    explicit MachineProbe(ThreadPool& pool);

    // Median over `reps` multi-threaded sweeps of a buffer much larger than the LLC.
    double readBandwidth(int reps = 7);
    // Median over sweeps of a buffer half the LLC size (kept warm in it).
    double llcBandwidth(int reps = 15);
    // Best of a few multi-threaded FMA bursts (wall clock). Also records the best per-thread rate
    // per CPU-second (lastPeakPerCpuSecond), which time the thread was preempted does not dilute.
    double peakFlops(int reps = 5);
    double lastPeakPerCpuSecond() const { return m_peakPerCpu; }
    // Median time of an empty fork-join on the pool.
    double syncSeconds();
    // Multi-threaded matrix-vector rate (weight bytes/s) of the executor's kernel for `type`
    // with each thread's rows resident in its L2: what decode could do with infinite bandwidth.
    double dotRate(DType type);

    // All of the above.
    MachineProfile profile();

private:
    double sweep(const AlignedBuffer& buf, int passes);

    ThreadPool& m_pool;
    CacheSizes m_caches;
    AlignedBuffer m_dram;
    AlignedBuffer m_llc;
    double m_peakPerCpu = 0;
};

} // namespace is::exec
