// SPDX-License-Identifier: MIT
#pragma once

#include "common/Precision.h"
#include "common/Sourced.h"
#include "engine/Deployment.h"
#include "engine/Estimate.h"
#include "engine/Workload.h"
#include "hardware/Device.h"
#include "model/ModelDesc.h"
#include "scenario/ScenarioAnalysis.h"

#include <QString>

// Translated display names for the engine's enums. The ids (precisionId(), bottleneckId(), ...)
// stay in files and logs; people read these.
namespace is::gui::names {

QString sourceKind(SourceKind k);
QString deviceClass(DeviceClass c);
QString precision(Precision p);
QString attention(AttentionKind k);
QString goal(ServingGoal g);
QString mode(ExecutionMode m);
QString speculative(SpeculativeMethod m);
QString bottleneck(Bottleneck b);
// "TTFT", "TPOT".
QString latencyTarget(LatencyTarget t);
// The latency targets a deployment misses, for the comparison table and its canvas card:
// "misses TTFT target 500 ms: 1.23 s". Empty when it misses none.
QString missedTargets(const std::vector<TargetMiss>& missed);

} // namespace is::gui::names
