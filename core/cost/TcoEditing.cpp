// SPDX-License-Identifier: MIT
#include "cost/TcoEditing.h"

#include "scenario/Scenario.h"

#include <cmath>
#include <utility>

namespace is::cost {

namespace {

const QString kTco = QStringLiteral("tco");
const QString kDeployments = QStringLiteral("deployments");
const QString kUserSet = QStringLiteral("user-set");

Sourced* costField(CostAssumptions& c, const QString& key)
{
    if (key == QLatin1String("amortisation_years"))
        return &c.amortisationYears;
    if (key == QLatin1String("usd_per_kwh"))
        return &c.usdPerKWh;
    if (key == QLatin1String("pue"))
        return &c.pue;
    return nullptr;
}

bool sameSourced(const Sourced& a, const Sourced& b)
{
    return a.value == b.value && a.min == b.min && a.max == b.max && a.source == b.source && a.kind == b.kind;
}

// Moves amortisation, electricity and PUE from "tco" to "cost": "tco" would shadow them for the
// Cost view while the estimates read "cost".
void normalise(TcoSections& s)
{
    for (const char* k : {"amortisation_years", "usd_per_kwh", "pue"}) {
        const QString key = QLatin1String(k);
        if (!s.tco.contains(key))
            continue;
        QString error;
        if (auto v = parseSourced(s.tco.value(key), key, &error))
            *costField(s.cost, key) = *v;
        s.tco.remove(key);
    }
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

TcoRange tcoRange(const QString& key, bool perDeployment)
{
    if (perDeployment)
        return TcoRange::NonNegative;
    if (key == QLatin1String("amortisation_years") || key == QLatin1String("usd_per_kwh"))
        return TcoRange::Positive;
    if (key == QLatin1String("pue"))
        return TcoRange::AtLeastOne;
    if (key == QLatin1String("utilisation") || key == QLatin1String("max_utilisation"))
        return TcoRange::Fraction;
    return TcoRange::NonNegative;
}

bool inTcoRange(TcoRange r, double v)
{
    if (!std::isfinite(v))
        return false;
    switch (r) {
    case TcoRange::Positive:
        return v > 0;
    case TcoRange::NonNegative:
        return v >= 0;
    case TcoRange::Fraction:
        return v > 0 && v <= 1;
    case TcoRange::AtLeastOne:
        return v >= 1;
    }
    return false;
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
    const std::pair<const char*, const Sourced*> fields[] = {
        {"amortisation_years", &t.amortisationYears},
        {"cost_of_capital", &t.costOfCapital},
        {"usd_per_kwh", &t.usdPerKWh},
        {"pue", &t.pue},
        {"maintenance_per_year", &t.maintenancePerYear},
        {"space_usd_per_kw_month", &t.spaceUsdPerKwMonth},
        {"utilisation", &t.utilisation},
        {"network_capex_fraction", &t.networkCapexFraction},
        {"system_share_usd", &t.systemShareUsd},
        {"max_utilisation", &t.maxUtilisation},
    };
    for (const auto& [k, v] : fields)
        if (key == QLatin1String(k))
            return v;
    if (key == QLatin1String("usd_per_chip_hour") && t.usdPerChipHour)
        return &*t.usdPerChipHour;
    return nullptr;
}

std::optional<Sourced> defaultAssumption(const QString& key)
{
    CostAssumptions c;
    if (Sourced* f = costField(c, key))
        return *f;
    const TcoAssumptions t;
    if (key == QLatin1String("usd_per_chip_hour"))
        return std::nullopt; // no scenario-wide rental price unless one is stated
    if (const Sourced* f = assumptionField(t, key))
        return *f;
    return std::nullopt;
}

bool isOverridden(const TcoSections& s, const QString& deploymentId, const QString& key)
{
    if (!deploymentId.isEmpty())
        return s.tco.value(kDeployments).toObject().value(deploymentId).toObject().contains(key);
    if (s.tco.contains(key))
        return true;
    CostAssumptions c = s.cost;
    if (const Sourced* f = costField(c, key))
        return !sameSourced(*f, *defaultAssumption(key));
    return false;
}

TcoSections withAssumption(TcoSections s, const QString& deploymentId, const QString& key,
                           const std::optional<Sourced>& value)
{
    normalise(s);
    if (!deploymentId.isEmpty()) {
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
    if (Sourced* f = costField(s.cost, key)) {
        *f = value ? *value : *defaultAssumption(key);
        return s;
    }
    if (value)
        s.tco.insert(key, value->toJson());
    else
        s.tco.remove(key);
    return s;
}

TcoSections withPricing(TcoSections s, Pricing pricing, RentalPreset preset)
{
    normalise(s);
    s.tco.insert(QStringLiteral("pricing"), pricingId(pricing));
    s.tco.insert(QStringLiteral("rental_preset"), rentalPresetId(preset));
    return s;
}

} // namespace is::cost
