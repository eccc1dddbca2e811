// SPDX-License-Identifier: MIT
#include "engine/StepModels.h"

namespace is::detail {

namespace {
// Mean tokens per verification step and the cost of one draft step relative to one target step,
// for each method. Stated assumptions, with sources in resources/CALIBRATION.md: the target's
// weights are read once per step however many draft tokens it checks, which is why speculation
// helps memory- and latency-bound decode.
struct MethodDefaults
{
    double acceptance;
    double draftCost;
};

MethodDefaults defaultsFor(SpeculativeMethod m)
{
    switch (m) {
    case SpeculativeMethod::None:
        return {1.0, 0.0};
    case SpeculativeMethod::Draft:
        return {2.5, 0.1}; // a ~10x smaller draft model (Leviathan et al. 2023: 2-3x)
    case SpeculativeMethod::Medusa:
        return {2.2, 0.03}; // Medusa-1 heads (Cai et al. 2024: 2.2-2.8 tokens per step)
    case SpeculativeMethod::Eagle3:
        return {3.5, 0.05}; // EAGLE-3 (Li et al. 2025: acceptance length 3-4 at temperature 0)
    case SpeculativeMethod::Mtp:
        return {2.4, 0.05}; // DeepSeek-V3 MTP, 3 draft tokens (NVIDIA: acceptance 2.4-2.8)
    }
    return {1.0, 0.0};
}
} // namespace

void resolveSpeculative(EvalContext& ctx)
{
    const Deployment& d = *ctx.deployment;
    SpeculativeMethod method = d.speculative;
    MethodDefaults v = defaultsFor(method);
    if (method == SpeculativeMethod::None && !ctx.cal.defaultSpeculative.isEmpty()) {
        // The vendor's serving stack speculates on its own (calibration says so and with what).
        if (auto m = speculativeMethodFromId(ctx.cal.defaultSpeculative);
            m && *m != SpeculativeMethod::None) {
            method = *m;
            v = {ctx.cal.defaultAcceptance.value, ctx.cal.draftCostRatio.value};
        }
    }
    if (d.acceptanceOverride > 0)
        v.acceptance = d.acceptanceOverride;
    ctx.speculative = method;
    ctx.acceptance = method == SpeculativeMethod::None ? 1.0 : std::max(1.0, v.acceptance);
    ctx.draftCostRatio = method == SpeculativeMethod::None ? 0.0 : v.draftCost;
}

} // namespace is::detail
