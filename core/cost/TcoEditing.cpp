// SPDX-License-Identifier: MIT
#include "cost/TcoEditing.h"

#include "cost/TcoFields.h"
#include "scenario/Scenario.h"

#include <QCoreApplication>

namespace is::cost {

namespace {

const QString kTco = QStringLiteral("tco");
const QString kDeployments = QStringLiteral("deployments");
const QString kUserSet = QStringLiteral("user-set");

// The field of the "cost" section under `key`; null for every other key.
Sourced* costField(CostAssumptions& c, const QString& key)
{
    const TcoField* f = tcoField(key);
    return f && f->cost ? &(c.*f->cost) : nullptr;
}

// Moves amortisation, electricity and PUE from "tco" to "cost": "tco" would shadow them for the
// Cost view while the estimates read "cost". Each is checked as the "cost" parser will check it on
// the next load; one that fails stops the edit with the reason. `replaced`: the key this edit sets
// or resets, whose "tco" value is dropped instead.
bool normalise(TcoSections& s, const QString& replaced, QString* error)
{
    for (const TcoField& field : tcoFields()) {
        const QString key = field.name();
        if (!field.cost || !s.tco.contains(key))
            continue;
        if (key != replaced) {
            const QString path = kTco + QLatin1Char('.') + key;
            const auto v = parseSourced(s.tco.value(key), path, error);
            if (!v || !checkTcoValue(field, *v, path, error))
                return false;
            s.cost.*field.cost = *v;
        }
        s.tco.remove(key);
    }
    return true;
}

} // namespace

TcoSections tcoSections(const Scenario& s)
{
    return TcoSections{s.cost, s.extensions.value(kTco).toObject()};
}

bool isCostSectionKey(const QString& key)
{
    CostAssumptions c;
    return costField(c, key) != nullptr;
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
    // TcoAssumptions() holds the stated defaults, CostAssumptions()'s among them.
    const TcoAssumptions defaults;
    if (const Sourced* f = assumptionField(defaults, key))
        return *f;
    return std::nullopt; // no scenario-wide rental price unless one is stated
}

bool isOverridden(const TcoSections& s, const QString& deploymentId, const QString& key)
{
    if (!deploymentId.isEmpty())
        return s.tco.value(kDeployments).toObject().value(deploymentId).toObject().contains(key);
    if (s.tco.contains(key))
        return true;
    CostAssumptions c = s.cost;
    if (const Sourced* f = costField(c, key))
        return *f != *defaultAssumption(key);
    return false;
}

std::optional<TcoSections> withAssumption(TcoSections s, const QString& deploymentId, const QString& key,
                                          const std::optional<Sourced>& value, QString* error)
{
    const TcoField* field = tcoField(key);
    const bool perDeployment = !deploymentId.isEmpty();
    // Where the value is saved: what a parser names when it refuses it.
    QString path;
    if (perDeployment)
        path =
            kTco + QLatin1Char('.') + kDeployments + QLatin1Char('.') + deploymentId + QLatin1Char('.') + key;
    else if (field && field->cost)
        path = QStringLiteral("cost.") + key;
    else
        path = kTco + QLatin1Char('.') + key;
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
    if (!normalise(s, perDeployment ? QString() : key, error))
        return std::nullopt;
    if (perDeployment) {
        QJsonObject deps = s.tco.value(kDeployments).toObject();
        QJsonObject d = deps.value(deploymentId).toObject();
        if (value)
            d.insert(key, value->toJson());
        else
            d.remove(key);
        if (d.isEmpty())
            deps.remove(deploymentId);
        else
            deps.insert(deploymentId, d);
        if (deps.isEmpty())
            s.tco.remove(kDeployments);
        else
            s.tco.insert(kDeployments, deps);
        return s;
    }
    if (field->cost) {
        s.cost.*field->cost = value ? *value : *defaultAssumption(key);
        return s;
    }
    if (value)
        s.tco.insert(key, value->toJson());
    else
        s.tco.remove(key);
    return s;
}

std::optional<TcoSections> withPricing(TcoSections s, Pricing pricing, RentalPreset preset, QString* error)
{
    if (!normalise(s, QString(), error))
        return std::nullopt;
    s.tco.insert(QStringLiteral("pricing"), pricingId(pricing));
    s.tco.insert(QStringLiteral("rental_preset"), rentalPresetId(preset));
    return s;
}

} // namespace is::cost
