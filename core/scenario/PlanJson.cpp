// SPDX-License-Identifier: MIT
#include "scenario/PlanJson.h"

#include "common/JsonFields.h"

#include <QCoreApplication>

namespace is {

std::optional<ParallelPlan> parseParallelism(const QJsonValue& v, const QString& path, int count,
                                             PlanSpan span, QString* error)
{
    if (v.isUndefined() || (v.isString() && v.toString() == QLatin1String("auto")))
        return std::nullopt;
    if (!v.isObject()) {
        *error = QCoreApplication::translate("is::Scenario",
                                             "%1: expected \"auto\" or {\"tp\", \"pp\", \"ep\", \"dp\"}")
                     .arg(path);
        return std::nullopt;
    }
    JsonFields pf(v.toObject(), path, error);
    ParallelPlan p;
    p.tp = pf.integer("tp", 1, 1, 1 << 16);
    p.pp = pf.integer("pp", 1, 1, 1 << 16);
    p.ep = pf.integer("ep", 1, 1, 1 << 16);
    p.dp = pf.integer("dp", 1, 1, 1 << 16);
    if (pf.ok() && count > 0 && span == PlanSpan::EveryChip && p.chips() != count)
        pf.fail("tp", QCoreApplication::translate("is::Scenario", "tp x pp x dp = %1 but count is %2")
                          .arg(p.chips())
                          .arg(count));
    if (pf.ok() && count > 0 && span == PlanSpan::AtMostCount && p.chips() > count)
        pf.fail("tp", QCoreApplication::translate("is::Scenario", "tp x pp x dp = %1 is more than count %2")
                          .arg(p.chips())
                          .arg(count));
    if (pf.ok() && (p.tp * p.dp) % p.ep != 0)
        pf.fail("ep", QCoreApplication::translate("is::Scenario", "ep must divide tp x dp"));
    if (!pf.ok())
        return std::nullopt;
    return p;
}

QJsonValue parallelismToJson(const std::optional<ParallelPlan>& plan)
{
    if (!plan)
        return QStringLiteral("auto");
    return QJsonObject{{QStringLiteral("tp"), plan->tp},
                       {QStringLiteral("pp"), plan->pp},
                       {QStringLiteral("ep"), plan->ep},
                       {QStringLiteral("dp"), plan->dp}};
}

QJsonObject linksToJson(const QString& scaleUp, const QString& scaleOut)
{
    QJsonObject links;
    if (!scaleUp.isEmpty())
        links.insert(QStringLiteral("scale_up"), scaleUp);
    if (!scaleOut.isEmpty())
        links.insert(QStringLiteral("scale_out"), scaleOut);
    return links;
}

} // namespace is
