// SPDX-License-Identifier: MIT
#include "executor/DecodePrediction.h"

#include <algorithm>

namespace is::exec {

namespace {
// Share of the LLC a streamed working set may use and still stay resident: the rest holds
// activations, code, other tenants' lines, and absorbs imperfect replacement.
constexpr double kLlcUsable = 0.75;
} // namespace

DecodePrediction predictDecode(const MachineProfile& machine, const DecodeWorkload& work)
{
    DecodePrediction p;
    const double bytes = work.weight_bytes + work.kv_bytes;
    p.in_llc = machine.llc_bytes > 0 && machine.llc_bw_bytes_s > 0
               && bytes <= kLlcUsable * static_cast<double>(machine.llc_bytes);
    p.bandwidth = p.in_llc ? machine.llc_bw_bytes_s : machine.read_bw_bytes_s;
    p.memory_s = p.bandwidth > 0 ? bytes / p.bandwidth : 0;
    p.compute_s = machine.peak_flops > 0 ? work.flops / machine.peak_flops : 0;
    p.kernel_s = machine.dot_bytes_s > 0 ? work.weight_bytes / machine.dot_bytes_s : 0;
    p.sync_s = machine.threads > 1 ? work.regions * machine.sync_s : 0;
    p.seconds_per_token = std::max(p.memory_s + p.kernel_s, p.compute_s) + p.sync_s;
    p.tok_s = p.seconds_per_token > 0 ? 1.0 / p.seconds_per_token : 0;
    return p;
}

} // namespace is::exec
