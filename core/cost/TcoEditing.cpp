// SPDX-License-Identifier: MIT
#include "cost/TcoEditing.h"

#include "cost/TcoFields.h"

#include <QCoreApplication>

namespace is::cost {

namespace {

const QString kUserSet = QStringLiteral("user-set");

// Where the value is saved in a scenario file: what a parser names when it refuses it.
QString savedPath(const TcoField* field, const QString& deploymentId, const QString& key)
{
    if (!deploymentId.isEmpty())
        return QStringLiteral("tco.deployments.") + deploymentId + QLatin1Char('.') + key;
    return (field && field->cost ? QStringLiteral("cost.") : QStringLiteral("tco.")) + key;
}

} // namespace

bool isCostSectionKey(const QString& key)
{
    const TcoField* f = tcoField(key);
    return f && f->cost;
}

Sourced userSet(double v)
{
    return Sourced::assumed(v, kUserSet);
}

bool isUserSet(const Sourced& s)
{
    return s.source.startsWith(kUserSet);
}

const Sourced* assumptionField(const TcoAssumptions& t, const QString& key)
{
    const TcoField* f = tcoField(key);
    return f && f->scenarioWide() ? f->get(t) : nullptr;
}

std::optional<Sourced> defaultAssumption(const QString& key)
{
    const TcoAssumptions defaults;
    if (const Sourced* f = assumptionField(defaults, key))
        return *f;
    return std::nullopt; // no scenario-wide rental price unless one is stated
}

bool isOverridden(const TcoAssumptions& t, const QString& deploymentId, const QString& key)
{
    const TcoField* field = tcoField(key);
    if (!field)
        return false;
    if (!deploymentId.isEmpty()) {
        const auto it = t.perDeployment.find(deploymentId);
        return field->perDeployment && it != t.perDeployment.end() &&
               (it->second.*field->perDeployment).has_value();
    }
    const TcoAssumptions defaults;
    const Sourced* value = assumptionField(t, key);
    const Sourced* byDefault = assumptionField(defaults, key); // null: unset (usd_per_chip_hour)
    return value && byDefault ? *value != *byDefault : value != byDefault;
}

std::optional<TcoAssumptions> withAssumption(TcoAssumptions t, const QString& deploymentId,
                                             const QString& key, const std::optional<Sourced>& value,
                                             QString* error)
{
    const TcoField* field = tcoField(key);
    const bool perDeployment = !deploymentId.isEmpty();
    const QString path = savedPath(field, deploymentId, key);
    if (!field) {
        *error = QCoreApplication::translate("is::cost::TcoEditing", "%1: not a TCO assumption").arg(path);
        return std::nullopt;
    }
    if (perDeployment ? !field->perDeployment : !field->scenarioWide()) {
        *error = (perDeployment
                      ? QCoreApplication::translate("is::cost::TcoEditing", "%1: not a per-deployment price")
                      : QCoreApplication::translate("is::cost::TcoEditing", "%1: only set per deployment"))
                     .arg(path);
        return std::nullopt;
    }
    if (value && !checkTcoValue(*field, *value, path, error))
        return std::nullopt;
    if (perDeployment) {
        DeploymentPrices& prices = t.perDeployment[deploymentId];
        prices.*field->perDeployment = value;
        if (prices == DeploymentPrices{})
            t.perDeployment.erase(deploymentId);
        return t;
    }
    if (value)
        field->set(t, *value);
    else
        field->copy(t, TcoAssumptions());
    return t;
}

TcoAssumptions withPricing(TcoAssumptions t, Pricing pricing, RentalPreset preset)
{
    t.pricing = pricing;
    t.preset = preset;
    return t;
}

} // namespace is::cost
