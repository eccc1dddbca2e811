// SPDX-License-Identifier: MIT
#pragma once

#include "analysis/FleetSizing.h"
#include "engine/Estimate.h"

#include <optional>

namespace is {
class Engine;
struct EvalContext;
struct Deployment;
} // namespace is

namespace is::planning {

// Prefill-decode disaggregation (DistServe, Splitwise, NVIDIA Dynamo) as the search prices it: a
// fleet of identical units, some of which only prefill prompts and hand each request's KV cache
// over the scale-out network to the others, which only decode. A decoding stream is then never
// stopped by another request's prefill (colocated, each of the b - 1 other streams' prefills
// interrupts it once), so a decode unit runs a larger batch within the same TPOT limit; the price
// is the prefill units and the hand-over on the first token.
struct PrefillDecodePoint
{
    bool feasible = false;
    bool batchCappedByMemory = false; // the decode batch stops where memory does, not at the TPOT limit
    Estimate decode;                  // a decode unit at its batch (its prefill fields unused)
    double firstTokenS = 0;           // prefill, hand-over and joining a batch, before any queueing
    double handoverS = 0;             // one prompt's KV cache from a prefill to a decode unit
    double prefillOccupancyS = 0;     // of one replica of a prefill unit, per request
    int replicas = 1;                 // per unit
};

// The decode unit's serving point under `ctx`'s workload limits: the largest batch that fits in
// memory and keeps a step within the TPOT limit, its first token (one request's prefill alone on a
// prefill replica, the hand-over, half a decode step to join the batch) within the TTFT limit
// before any queueing. Not feasible when no batch meets them.
PrefillDecodePoint prefillDecodePoint(const Engine& engine, const EvalContext& ctx, const ParallelPlan& plan);

// The fleet for the load (users or requests a second; a power budget is refused): decode units for
// the streams at the TCO's maximum utilisation, prefill units for the request rate at the
// utilisation whose queueing (M/D/1, mean or 99th percentile as the limits say) keeps the first
// token within the TTFT limit. Priced and powered as in cost::sizeServingPoint: prefill units busy
// at full power for their share of the time, decode units at the serving point's.
cost::FleetRow sizePrefillDecode(const Deployment& d, const PrefillDecodePoint& p, const Workload& w,
                                 const cost::TcoAssumptions& tco, const cost::FleetTarget& target,
                                 long long* prefillUnits, long long* decodeUnits);

// The fleet in miniature: the fewest units whose prefill and decode pools keep the fleet's shares
// within `tolerance` (relative), the prefill pool never below its share (fewer prefill units
// than the fleet's share would queue prompts past the TTFT the search priced). A ratio that
// reduces (6:4) gives its exact smallest form (3:2); one that does not (3,877:24) its nearest
// small one (162:1), where dividing by the greatest common divisor kept all 3,901 units.
struct UnitRatio
{
    long long prefill = 0;
    long long decode = 0;
};
UnitRatio smallestUnitRatio(long long prefillUnits, long long decodeUnits, double tolerance = 0.05);

} // namespace is::planning
