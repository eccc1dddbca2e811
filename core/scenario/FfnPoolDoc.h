// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Deployment.h"
#include "engine/Workload.h"
#include "scenario/PlanJson.h"

#include <QJsonObject>
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

std::optional<FfnPoolDoc> parseFfnPool(const QJsonObject& o, const QString& path, QString* error);
QJsonObject ffnPoolToJson(const FfnPoolDoc& p);

// Resolves devices, system and links against the catalog; errors name the field
// ("deployments[0].ffn_pool.link: unknown link 'eth-9000g'").
std::optional<FfnPool> resolveFfnPool(const FfnPoolDoc& p, const Catalog& catalog, const QString& path,
                                      QString* error);

} // namespace is
