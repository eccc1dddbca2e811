// SPDX-License-Identifier: MIT
#include "engine/StepModels.h"

namespace is::detail {

// Mean tokens per verification step for each method. These are stated assumptions, documented
// with their sources in resources/CALIBRATION.md: the target model's weights are read once per
// step however many draft tokens it checks, which is why speculation helps memory-bound decode.
double speculativeAcceptance(const EvalContext& ctx)
{
    if (ctx.deployment->acceptanceOverride > 0)
        return ctx.deployment->acceptanceOverride;
    switch (ctx.deployment->speculative) {
    case SpeculativeMethod::None:
        return 1.0;
    case SpeculativeMethod::Draft:
        return 2.5; // small draft model, 4-5 proposed tokens (Leviathan et al. 2023 report 2-3x)
    case SpeculativeMethod::Medusa:
        return 2.2; // Medusa-1 heads (Cai et al. 2024: 2.2-2.8 tokens per step)
    case SpeculativeMethod::Eagle3:
        return 3.5; // EAGLE-3 (Li et al. 2025: average acceptance length 3-4 at temperature 0)
    case SpeculativeMethod::Mtp:
        return 2.4; // DeepSeek-V3 MTP with 3 draft tokens (NVIDIA blog: acceptance ~2.4-2.8)
    }
    return 1.0;
}

} // namespace is::detail
