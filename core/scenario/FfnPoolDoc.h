// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Deployment.h"
#include "engine/Workload.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace is {

class Catalog;

// The FFN pool of an attention-FFN disaggregated deployment as the scenario file describes it
// (engine/AttentionFfnSplit.h): "ffn_pool": {"device", "count", "system", "parallelism", "links",
// "link", "micro_batches"}. The deployment's own device, count and parallelism are the attention pool.
struct FfnPoolDoc
{
    QString device;
    int count = 1;
    QString system;       // empty: the device's default system
    QString scaleUpLink;  // empty: the system's
    QString scaleOutLink; // empty: the system's
    std::optional<ParallelPlan> plan;
    QString link;         // a catalog link between the pools
    int microBatches = 0; // 0: automatic
    bool operator==(const FfnPoolDoc&) const = default;
};

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

std::optional<FfnPoolDoc> parseFfnPool(const QJsonObject& o, const QString& path, QString* error);
QJsonObject ffnPoolToJson(const FfnPoolDoc& p);

// Resolves devices, system and links against the catalog; errors name the field
// ("deployments[0].ffn_pool.link: unknown link 'eth-9000g'").
std::optional<FfnPool> resolveFfnPool(const FfnPoolDoc& p, const Catalog& catalog, const QString& path,
                                      QString* error);

} // namespace is
