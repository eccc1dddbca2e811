// SPDX-License-Identifier: MIT
// The audit's phrases: units, inputs and conditions in the user's language.
#pragma once

#include "engine/Estimate.h"

#include <QString>

namespace is {
struct Deployment;
struct ModelDesc;
} // namespace is

namespace is::audit::detail {

// The unit a metric is claimed and predicted in ("tok/s", "ms", "kW").
QString metricUnit(const QString& metric);
QString bottleneckText(Bottleneck b);
QString kvPlacementText(KvPlacement p);
// The format a deployment stores the model's weights in: "fp8", or for a release that quantises
// only its routed experts (gpt-oss) "fp4 routed experts, bf16 other weights".
QString weightFormatText(const Deployment& d, const ModelDesc& m);

enum class InputBound { AtMost, AtLeast, Between, Any };
// A searched input's range as a condition: "at most 61 B active parameters", "replies of
// between 40 and 60 tokens".
QString inputRangeText(const QString& input, InputBound bound, double a, double b);
// A searched input's value in the scenario: "150 B active parameters".
QString inputValueText(const QString& input, double v);

} // namespace is::audit::detail
