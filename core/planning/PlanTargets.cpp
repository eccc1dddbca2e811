// SPDX-License-Identifier: MIT
#include "planning/PlanTargets.h"

#include "hardware/Catalog.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <cmath>

namespace is::planning {

double PlanTargets::effectiveTpotS() const
{
    const double fromSpeed = minTokSUser > 0 ? 1.0 / minTokSUser : 0.0;
    if (tpotS > 0 && fromSpeed > 0)
        return std::min(tpotS, fromSpeed);
    return tpotS > 0 ? tpotS : fromSpeed;
}

namespace {

// A limit must be a finite number above zero when stated (0 means not stated).
bool badLimit(double v)
{
    return !std::isfinite(v) || v < 0;
}

QString mustBePositive(const QString& field)
{
    return QCoreApplication::translate("is::planning", "%1: must be a positive number").arg(field);
}

} // namespace

QString checkTargets(const PlanTargets& t, const Catalog& catalog)
{
    const QString loadField = cost::fleetTargetKindId(t.load.kind);
    if (t.load.kind == cost::FleetTargetKind::PowerMW)
        return QCoreApplication::translate("is::planning", "load: give users or requests per second");
    if (!(t.load.value > 0) || !std::isfinite(t.load.value))
        return mustBePositive(loadField);
    if (t.load.value > cost::fleetTargetLimit(t.load.kind))
        return QCoreApplication::translate("is::planning", "%1: at most %2, got %3")
            .arg(loadField, QString::number(cost::fleetTargetLimit(t.load.kind), 'g', 3),
                 QString::number(t.load.value, 'g', 3));
    const struct
    {
        const char* field;
        double value;
    } limits[] = {{"ttft_ms", t.ttftS},
                  {"tpot_ms", t.tpotS},
                  {"tok_s_user", t.minTokSUser},
                  {"power_mw", t.powerMW},
                  {"capex_usd", t.capexUsd}};
    for (const auto& l : limits)
        if (badLimit(l.value))
            return mustBePositive(QLatin1String(l.field));
    if (t.top < 1)
        return QCoreApplication::translate("is::planning", "top: must be at least 1");
    for (const QString& id : t.devices) {
        const Device* d = catalog.device(id);
        if (!d)
            return QCoreApplication::translate("is::planning", "devices: unknown device '%1'").arg(id);
        if (d->cls == DeviceClass::Cpu)
            return QCoreApplication::translate("is::planning",
                                               "devices: '%1' is a CPU, not a serving accelerator")
                .arg(id);
    }
    return {};
}

QJsonObject targetsToJson(const PlanTargets& t)
{
    QJsonObject o{{cost::fleetTargetKindId(t.load.kind), t.load.value}};
    auto optional = [&o](const char* key, double v) {
        if (v > 0)
            o.insert(QLatin1String(key), v);
    };
    optional("ttft_ms", t.ttftS * 1000.0);
    optional("tpot_ms", t.tpotS * 1000.0);
    optional("tok_s_user", t.minTokSUser);
    optional("power_mw", t.powerMW);
    optional("capex_usd", t.capexUsd);
    if (!t.devices.isEmpty())
        o.insert(QStringLiteral("devices"), QJsonArray::fromStringList(t.devices));
    return o;
}

} // namespace is::planning
