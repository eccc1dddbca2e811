// SPDX-License-Identifier: MIT
// The plans the engine's search considers for a chip count: GPU and tiered layouts (tensor,
// pipeline, expert and data parallelism) and wafer pipelines, one or side by side.
#include "engine/Engine.h"

#include "hardware/Catalog.h"

#include <cmath>

namespace is {

namespace {

// Ascending. Trial division up to sqrt(n), each hit giving its pair: the plan search asks for
// the divisors of every chip count it splits, and up to n itself a million chips cost 180 ms.
std::vector<int> divisors(int n)
{
    std::vector<int> low;
    std::vector<int> high;
    for (int i = 1; static_cast<qint64>(i) * i <= n; ++i)
        if (n % i == 0) {
            low.push_back(i);
            if (i != n / i)
                high.push_back(n / i);
        }
    low.insert(low.end(), high.rbegin(), high.rend());
    return low;
}

} // namespace

std::vector<ParallelPlan> Engine::candidatePlans(const Deployment& d, const ModelDesc& m, int chips) const
{
    if (d.device->cls == DeviceClass::SramDataflow)
        return dataflowPlans(d, m, chips);
    if (d.plan)
        return {*d.plan};
    std::vector<ParallelPlan> plans;
    const int domain = std::max(1, std::min(chips, d.devicesPerSystem()));
    for (int tp : divisors(chips)) {
        // Tensor parallelism stays inside the scale-up domain, where serving engines keep it.
        if (tp > domain && tp != chips)
            continue;
        if (m.heads % tp != 0 && tp > 1)
            continue;
        for (int pp : divisors(chips / tp)) {
            if (pp > m.layers)
                continue;
            const int dp = chips / (tp * pp);
            plans.push_back(ParallelPlan{tp, pp, 1, dp});
            if (m.isMoe()) {
                // Experts spread over tensor and data-parallel ranks of a stage, attention data-
                // parallel over the same ranks (wide EP: DeepSeek-R1 over the 72 GPUs of an
                // NVL72, its all-to-all over NVLink; beyond a node, over the scale-out network).
                // A count that does not divide the experts leaves the busiest rank ceil(E / ep)
                // of them, as EPLB's redundant copies do (expertShare() in ResidentModel.cpp).
                for (int ep : divisors(tp * dp))
                    if (ep > 1 && ep <= m.experts)
                        plans.push_back(ParallelPlan{tp, pp, ep, dp});
            }
        }
    }
    return plans;
}

std::vector<ParallelPlan> Engine::dataflowPlans(const Deployment& d, const ModelDesc& m, int chips) const
{
    // One pipeline over every chip, or data-parallel replicas: pipelines of the fewest chips that
    // hold the weights and of a few sizes up from there (more hold more streams each), as many
    // as the count takes, any chips left over idle. One pipeline's throughput stops growing once
    // its layers are all busy (a layer is a stage), so beyond that more streams need more
    // pipelines, not a longer one: 1,924 wafers as one pipeline served 100,000 streams of Llama
    // 3.1 70B at 64 K tokens/s in all, the rate of 24 wafers.
    std::vector<ParallelPlan> plans{ParallelPlan{1, chips, 1, 1}};
    // Weights streamed every step (MemoryX) run the wafers as one machine.
    if (d.mode == ExecutionMode::WeightStreaming)
        return plans;
    // A plan the deployment pins (the user's, or the simulator's for the capacity of the plan it
    // runs) where it is a wafer plan: whole layers per chip, pipelines side by side, any chips
    // beyond them idle. Any other plan is not used, and the estimate says so (Engine.cpp).
    if (d.plan && d.plan->tp == 1 && d.plan->ep == 1 && qint64(d.plan->pp) * d.plan->dp <= chips)
        return {*d.plan};
    const int smallest = std::max(1, dataflowChipsFor(d, m, 0, 0));
    int previous = 0;
    for (const double factor : {1.0, 1.25, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0}) {
        const int pipeline = static_cast<int>(std::ceil(smallest * factor));
        if (pipeline == previous)
            continue;
        previous = pipeline;
        if (pipeline > chips / 2)
            break;
        plans.push_back(ParallelPlan{1, pipeline, 1, chips / pipeline});
    }
    return plans;
}

} // namespace is
