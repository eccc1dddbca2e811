// SPDX-License-Identifier: MIT
#pragma once

#include "serving/RequestGenerator.h"
#include "serving/ServingConfig.h"
#include "serving/SimResult.h"
#include "serving/StepCostModel.h"

#include <atomic>

namespace is::serving {

struct SimOptions
{
    SchedulerSpec scheduler;
    DisaggSpec disaggregated;   // off: every replica prefills and decodes
    double ttftTargetS = 0;     // goodput targets; 0: none
    double tpotTargetS = 0;
    int timelinePoints = 240;
    const std::atomic<bool>* cancel = nullptr; // set from another thread to stop early
};

// The request-level discrete-event simulation of one deployment: requests arrive, wait for
// admission, prefill in chunks within each step's token budget, decode in a continuously
// re-formed batch and leave. Every replica runs its own scheduler over the shared queue; paged
// KV blocks limit admission, and when a growing batch runs out of blocks the most recently
// admitted sequence is preempted and recomputed later (vLLM's policy). Step times come from the
// StepCostModel for the actual batch and context. Between events the batch is unchanged, so
// runs of identical decode steps are advanced at once: the cost grows with requests, not tokens.
// Deterministic: the same inputs give the same result.
SimResult simulate(const StepCostModel& model, const RequestSet& requests, const SimOptions& options);

} // namespace is::serving
