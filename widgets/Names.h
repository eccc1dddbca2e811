// SPDX-License-Identifier: MIT
#pragma once

#include "analysis/ScenarioAnalysis.h"
#include "common/Precision.h"
#include "common/Sourced.h"
#include "engine/Deployment.h"
#include "engine/Estimate.h"
#include "engine/Workload.h"
#include "hardware/Device.h"
#include "model/ModelDesc.h"

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
// How a serving runtime admits requests against the KV cache, naming the runtimes that do so.
QString kvAdmission(KvAdmission a);
// How attention-DP ranks schedule their prefills: together, or each on its own.
QString attentionDpPrefill(AttentionDpPrefill a);
QString bottleneck(Bottleneck b);
// How an estimate executes (Estimate::mode), in words: "weights resident", "3 of 8 replicas
// prefill, the rest decode"...
QString execution(const Estimate& e);
// "TTFT", "TPOT".
QString latencyTarget(LatencyTarget t);
// The latency targets a deployment misses, for the comparison table and its canvas card:
// "misses TTFT target 500 ms: 1.23 s". Empty when it misses none.
QString missedTargets(const std::vector<TargetMiss>& missed);

// A catalog model's name with its qualifiers in the user's language: "Kimi K3 (speculative,
// Kimi K2 base)" reads "Kimi K3（推测，基于 Kimi K2）" in Chinese. Names are proper nouns; only
// the qualifier words in the trailing brackets are translated, unknown ones kept.
QString catalogName(const QString& name);

} // namespace is::gui::names
