// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Estimate.h"

#include <QJsonObject>

namespace is {

// `estimate --json`'s "attention_ffn" object for a disaggregated deployment: each pool's and the
// link's time in one decode step (ms), the link's share of the step, micro-batches, chips, plans,
// memory per chip of each pool (GB), power (kW) and hardware cost (USD) of each pool.
QJsonObject attentionFfnToJson(const AttentionFfnBreakdown& s);

} // namespace is
