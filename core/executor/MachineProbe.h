// SPDX-License-Identifier: MIT
#pragma once

#include "executor/AlignedBuffer.h"
#include "executor/DType.h"
#include "executor/Kernels.h"
#include "executor/ThreadPool.h"

#include <cstddef>
#include <vector>

namespace is::exec {

// Bytes streamed and the time it took: samples taken between the steps of a measurement add up,
// and their rate (bytes over seconds) weights each moment by time, as the measurement does.
struct StreamSample
{
    double bytes = 0;
    double seconds = 0;
    double rate() const { return seconds > 0 ? bytes / seconds : 0; }
    StreamSample& operator+=(const StreamSample& o)
    {
        bytes += o.bytes;
        seconds += o.seconds;
        return *this;
    }
};

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
    // Median time of a kernel boundary as decode has them: the calling thread writes a vector of
    // `width` floats (as RMSNorm does), one fork-join in which every thread reads all of it and
    // writes its share of an output vector, and the calling thread reads the output back (as
    // the next kernel does). The streaming probes leave out those trips of the activations
    // between the cores' caches, and so does an empty fork-join: on the development VM that took
    // 0.2-0.3 us, this 0.4-1.1 us at a width of 256 and 0.9-1.7 us at 768.
    double kernelBoundarySeconds(std::size_t width);
    // Multi-threaded matrix-vector rate (weight bytes/s) of the executor's kernel for `type`
    // with each thread's rows resident in its L2: what decode could do with infinite bandwidth.
    double dotRate(DType type);
    // Multi-threaded rate (weight bytes/s) at which the decode kernel streams rows of `type`
    // from DRAM (a buffer much larger than the LLC) or, with `llc`, from a buffer kept warm in
    // the cache, rows of `cols` weights (rounded to whole Q8_0 blocks), forking and joining once
    // per region of the sizes in `regionBytes` in turn, as decode does once per matrix
    // (Executor::decodeRegionBytes): the bandwidth decode gets for that format from each tier.
    // The cache buffer holds `cacheBytes` (0: half the LLC; at least 1 MiB, at most half the
    // LLC): on a shared machine other tenants hold part of the LLC, so what it delivers depends
    // on the working set, and a prediction should probe the working set it is for.
    // Median over `reps` sweeps.
    double streamRate(DType type, bool llc, const std::vector<std::size_t>& regionBytes, std::size_t cols,
                      int reps = 5, std::size_t cacheBytes = 0);
    // After streamRate(type, false, ...): streams `bytes` more (whole rows, at least one) of
    // its DRAM buffer the same way, continuing where the last sample stopped in the buffer and in
    // the region pattern, so that samples taken between the tokens of a decode see the bandwidth
    // of the same moments and never hit in the cache. Empty when the last streamRate was for
    // the LLC.
    StreamSample streamSample(std::size_t bytes);
    // Achieved FLOP/s of the prefill GEMM (gemm(), all threads) on a 1024 x 1024 f32 matrix
    // against 128 tokens, median of `reps`: the matrix-matrix rate prefill can reach.
    double gemmRate(int reps = 5);

    const CacheSizes& caches() const { return m_caches; }

private:
    double sweep(const AlignedBuffer& buf, int passes);
    // The decode kernel streaming rows [rowBegin, rowEnd) of the stream buffer, one fork-join
    // per region of the pattern (continuing it from the last call), regions a gap apart.
    StreamSample dotSweep(std::size_t rowBegin, std::size_t rowEnd);

    ThreadPool& m_pool;
    CacheSizes m_caches;
    AlignedBuffer m_dram;
    AlignedBuffer m_llc;
    AlignedBuffer m_stream; // rows of m_streamType for streamRate
    DType m_streamType = DType::F32;
    bool m_streamLlc = false;
    std::size_t m_streamCols = 0;
    std::vector<std::size_t> m_streamRegionRows; // rows per fork-join, in decode's order
    std::size_t m_regionCursor = 0;              // the next region in that pattern
    std::size_t m_regionLeft = 0;                // rows left of the current region
    std::size_t m_streamCursor = 0;              // first row of the next streamSample
    std::vector<float> m_streamX;                // the vector the stream is multiplied with
    std::vector<BlockQ8x> m_streamXq;            // ... quantised for Q8_0 rows
    std::vector<float> m_streamOut;              // 64 outputs per thread, discarded
    double m_peakPerCpu = 0;
};

} // namespace is::exec
