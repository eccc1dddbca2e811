// SPDX-License-Identifier: MIT
#include "scenario/FfnPoolDoc.h"

#include "common/JsonFields.h"
#include "hardware/Catalog.h"

#include <QCoreApplication>

namespace is {

std::optional<FfnPoolDoc> parseFfnPool(const QJsonObject& o, const QString& path, QString* error)
{
    JsonFields f(o, path, error);
    FfnPoolDoc p;
    p.device = f.string("device", {}, true);
    if (f.ok() && p.device.isEmpty())
        f.fail("device", QCoreApplication::translate("is::Scenario", "empty device id"));
    p.count = f.integer("count", 1, 1, 1 << 20, true);
    p.system = f.string("system");
    const QJsonObject links = f.object("links");
    JsonFields lf(links, f.fieldPath("links"), error);
    p.scaleUpLink = lf.string("scale_up");
    p.scaleOutLink = lf.string("scale_out");
    p.link = f.string("link", {}, true);
    if (f.ok() && p.link.isEmpty())
        f.fail("link", QCoreApplication::translate("is::Scenario", "empty link id"));
    const QJsonValue micro = o.value(QStringLiteral("micro_batches"));
    if (!(micro.isString() && micro.toString() == QLatin1String("auto")))
        p.microBatches = f.integer("micro_batches", 0, 1, 64);
    if (!f.ok())
        return std::nullopt;
    p.plan = parseParallelism(o.value(QStringLiteral("parallelism")), f.fieldPath("parallelism"), p.count,
                              PlanSpan::EveryChip, error);
    if (!error->isEmpty())
        return std::nullopt;
    return p;
}

QJsonObject ffnPoolToJson(const FfnPoolDoc& p)
{
    QJsonObject o{{QStringLiteral("device"), p.device},
                  {QStringLiteral("count"), p.count},
                  {QStringLiteral("parallelism"), parallelismToJson(p.plan)},
                  {QStringLiteral("link"), p.link}};
    if (!p.system.isEmpty())
        o.insert(QStringLiteral("system"), p.system);
    if (const QJsonObject links = linksToJson(p.scaleUpLink, p.scaleOutLink); !links.isEmpty())
        o.insert(QStringLiteral("links"), links);
    o.insert(QStringLiteral("micro_batches"),
             p.microBatches > 0 ? QJsonValue(p.microBatches) : QJsonValue(QStringLiteral("auto")));
    return o;
}

std::optional<FfnPool> resolveFfnPool(const FfnPoolDoc& p, const Catalog& catalog, const QString& path,
                                      QString* error)
{
    FfnPool pool;
    pool.device = catalog.device(p.device);
    if (!pool.device) {
        *error = QCoreApplication::translate("is::ScenarioEvaluation", "%1.device: unknown device '%2'")
                     .arg(path, p.device);
        return std::nullopt;
    }
    const QString systemId = Catalog::systemIdFor(*pool.device, p.system);
    if (!systemId.isEmpty()) {
        pool.system = catalog.system(systemId);
        if (!pool.system || pool.system->deviceId != pool.device->id) {
            *error =
                QCoreApplication::translate("is::ScenarioEvaluation", "%1.system: '%2' is no system of %3")
                    .arg(path, systemId, pool.device->id);
            return std::nullopt;
        }
    }
    struct Named
    {
        QString id;
        const char* field;
        const Link** target;
    };
    const Named links[] = {
        {p.scaleUpLink.isEmpty() ? defaultScaleUpLink(*pool.device, pool.system) : p.scaleUpLink,
         "links.scale_up", &pool.scaleUp},
        {p.scaleOutLink.isEmpty() ? defaultScaleOutLink(*pool.device, pool.system) : p.scaleOutLink,
         "links.scale_out", &pool.scaleOut},
        {p.link, "link", &pool.link}};
    for (const Named& l : links) {
        if (l.id.isEmpty())
            continue;
        *l.target = catalog.link(l.id);
        if (!*l.target) {
            *error = QCoreApplication::translate("is::ScenarioEvaluation", "%1.%2: unknown link '%3'")
                         .arg(path, QLatin1String(l.field), l.id);
            return std::nullopt;
        }
    }
    pool.chips = p.count;
    pool.plan = p.plan;
    if (pool.plan && pool.device->cls == DeviceClass::SramDataflow)
        pool.plan.reset(); // wafers and LPUs always pipeline layers
    pool.microBatches = p.microBatches;
    return pool;
}

} // namespace is
