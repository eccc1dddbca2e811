// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>

namespace is::exec {

// What the prediction knows about "this machine": probed, never typed in.
struct MachineProfile
{
    double read_bw_bytes_s = 0;  // multi-threaded read bandwidth from DRAM (buffer >> LLC)
    std::size_t llc_bytes = 0;   // last-level cache size
    double llc_bw_bytes_s = 0;   // multi-threaded read bandwidth from a buffer that fits the LLC
    double peak_flops = 0;       // multi-threaded FMA peak (FLOP/s, an FMA counts 2)
    int threads = 1;
    double sync_s = 0;           // one fork-join of the thread pool (decode runs dozens a token)
    double dot_bytes_s = 0;      // multi-threaded matrix-vector rate of the weight format with the
                                 // weights in L2: the compute ceiling of decode (0 = unknown)
};

// What one decode step of a model does.
struct DecodeWorkload
{
    double weight_bytes = 0;  // weight bytes read per token (top-k experts only, one embedding row)
    double kv_bytes = 0;      // KV-cache bytes read per token, averaged over the run's positions
    double flops = 0;         // FLOPs per token (matrix products and attention)
    int regions = 0;          // fork-join points per token
};

struct DecodePrediction
{
    double seconds_per_token = 0;
    double tok_s = 0;
    bool in_llc = false;      // the working set fits the last-level cache
    double bandwidth = 0;     // bytes/s of the tier the working set is streamed from
    double memory_s = 0;
    double compute_s = 0;
    double kernel_s = 0;
    double sync_s = 0;
};

// Decode reads every weight byte and the KV cache once per token. Streaming those bytes from
// the memory tier they live in (the LLC when the whole working set fits it with room to spare,
// DRAM otherwise: a cyclic sweep larger than an LRU cache gets almost no hits) and running the
// dot-product kernel over the weights at its in-cache rate are added, not overlapped: each
// thread issues its loads from the same loop that converts and multiplies them, and the
// measurements (F16, Q8_0 well below the read bandwidth, F32 at it) follow the sum, not the
// maximum. FLOPs at the probed peak bound it from below; fork-join overheads add.
DecodePrediction predictDecode(const MachineProfile& machine, const DecodeWorkload& work);

} // namespace is::exec
