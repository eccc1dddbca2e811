// SPDX-License-Identifier: MIT
#pragma once

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
QString bottleneck(Bottleneck b);

} // namespace is::gui::names
