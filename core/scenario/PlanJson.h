// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Workload.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace is {

// How a scenario file writes a parallel plan and a pair of links, for a deployment and for the
// FFN pool of an attention-FFN deployment alike.

// Whether a plan must span every chip of its count or may leave some idle.
enum class PlanSpan { EveryChip, AtMostCount };

// A "parallelism" value: "auto" (nullopt, no error) or {"tp", "pp", "ep", "dp"} whose chips equal
// `count`, or with PlanSpan::AtMostCount are at most `count` (ignored when count is 0, an automatic
// count). Errors name `path`.
std::optional<ParallelPlan> parseParallelism(const QJsonValue& v, const QString& path, int count,
                                             PlanSpan span, QString* error);
QJsonValue parallelismToJson(const std::optional<ParallelPlan>& plan);

// A "links" object: the non-empty ones of the scale-up and scale-out link ids.
QJsonObject linksToJson(const QString& scaleUp, const QString& scaleOut);

} // namespace is
