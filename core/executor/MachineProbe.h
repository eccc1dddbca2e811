// SPDX-License-Identifier: MIT
#pragma once

#include "executor/AlignedBuffer.h"
#include "executor/DType.h"
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
    // Multi-threaded rate (weight bytes/s) at which the decode kernel streams rows of `type`
    // from DRAM (a buffer much larger than the LLC) or, with `llc`, from a buffer of half the
    // LLC kept warm in it, rows of `cols` weights (rounded to whole Q8_0 blocks) and one
    // fork-join per `regionBytes`, as decode has one per matrix: the bandwidth decode gets for
    // that format from each tier. Median over `reps` sweeps.
    double streamRate(DType type, bool llc, std::size_t regionBytes, std::size_t cols, int reps = 5);
    // Achieved FLOP/s of the prefill GEMM (gemm(), all threads) on a 1024 x 1024 f32 matrix
    // against 128 tokens, median of `reps`: the matrix-matrix rate prefill can reach.
    double gemmRate(int reps = 5);

    const CacheSizes& caches() const { return m_caches; }

private:
    double sweep(const AlignedBuffer& buf, int passes);
    double dotSweep(DType type, const AlignedBuffer& buf, std::size_t rowB, std::size_t cols, int passes,
                    std::size_t regionRows);

    ThreadPool& m_pool;
    CacheSizes m_caches;
    AlignedBuffer m_dram;
    AlignedBuffer m_llc;
    AlignedBuffer m_stream; // rows of m_streamType for streamRate
    DType m_streamType = DType::F32;
    bool m_streamLlc = false;
    std::size_t m_streamCols = 0;
    double m_peakPerCpu = 0;
};

} // namespace is::exec
