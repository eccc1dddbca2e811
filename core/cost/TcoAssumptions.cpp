// SPDX-License-Identifier: MIT
#include "cost/TcoAssumptions.h"

#include "common/JsonFields.h"
#include "scenario/Scenario.h"

namespace is::cost {

namespace {

Sourced ranged(double v, double lo, double hi, const QString& source)
{
    Sourced s = Sourced::assumed(v, source);
    s.min = lo;
    s.max = hi;
    return s;
}

enum class Check { Positive, NonNegative, Fraction, AtLeastOne };

// Reads an optional sourced number and checks its range; keeps `target` when absent.
void read(JsonFields& f, const char* key, Sourced& target, Check check)
{
    if (!f.has(key))
        return;
    const Sourced v = f.sourced(key);
    if (!f.ok())
        return;
    const double lo = v.hasRange() ? v.min : v.value;
    const double hi = v.hasRange() ? v.max : v.value;
    switch (check) {
    case Check::Positive:
        if (lo <= 0)
            f.fail(key, QStringLiteral("must be positive"));
        break;
    case Check::NonNegative:
        if (lo < 0)
            f.fail(key, QStringLiteral("must not be negative"));
        break;
    case Check::Fraction:
        if (lo <= 0 || hi > 1)
            f.fail(key, QStringLiteral("must be a share above 0 and at most 1"));
        break;
    case Check::AtLeastOne:
        if (lo < 1)
            f.fail(key, QStringLiteral("must be at least 1"));
        break;
    }
    target = v;
}

std::optional<Sourced> readOptional(JsonFields& f, const char* key, Check check)
{
    if (!f.has(key))
        return std::nullopt;
    Sourced s;
    read(f, key, s, check);
    return s;
}

} // namespace

QString pricingId(Pricing p) { return p == Pricing::Rental ? QStringLiteral("rental") : QStringLiteral("capex"); }

QString rentalPresetId(RentalPreset p)
{
    switch (p) {
    case RentalPreset::Hyperscaler:
        return QStringLiteral("hyperscaler");
    case RentalPreset::Neocloud:
        return QStringLiteral("neocloud");
    case RentalPreset::Reserved3y:
        return QStringLiteral("reserved-3y");
    }
    return QStringLiteral("neocloud");
}

std::optional<RentalPreset> rentalPresetFromId(const QString& id)
{
    for (RentalPreset p : {RentalPreset::Hyperscaler, RentalPreset::Neocloud, RentalPreset::Reserved3y})
        if (rentalPresetId(p) == id)
            return p;
    return std::nullopt;
}

TcoAssumptions::TcoAssumptions()
{
    const CostAssumptions c;
    amortisationYears = c.amortisationYears;
    usdPerKWh = c.usdPerKWh;
    pue = c.pue;
    costOfCapital = ranged(0.08, 0.05, 0.12, QStringLiteral("assumed: typical cost of capital for data-centre hardware"));
    maintenancePerYear =
        ranged(0.05, 0.03, 0.08, QStringLiteral("assumed: support contracts and spares, 3-8 % of hardware capex a year"));
    spaceUsdPerKwMonth =
        ranged(150, 100, 200, QStringLiteral("assumed: US wholesale colocation, per kW of IT load per month, 2024-25"));
    utilisation = ranged(0.7, 0.4, 0.9, QStringLiteral("assumed: share of hours a serving fleet carries paying load"));
    networkCapexFraction =
        ranged(0.10, 0.05, 0.15, QStringLiteral("assumed: scale-out fabric (switches, optics, cabling) as a share of system capex"));
    systemShareUsd = Sourced::assumed(0, QStringLiteral("assumed: catalog system prices include chassis and system network"));
    maxUtilisation = ranged(0.8, 0.6, 0.9, QStringLiteral("assumed: fleets are planned with headroom for bursts"));
}

TcoAssumptions TcoAssumptions::fromCost(const CostAssumptions& c)
{
    TcoAssumptions t;
    t.amortisationYears = c.amortisationYears;
    t.usdPerKWh = c.usdPerKWh;
    t.pue = c.pue;
    return t;
}

CostAssumptions TcoAssumptions::engineCost() const
{
    CostAssumptions c;
    c.amortisationYears = amortisationYears;
    c.usdPerKWh = usdPerKWh;
    c.pue = pue;
    return c;
}

std::optional<TcoAssumptions> parseTco(const QJsonObject& o, const TcoAssumptions& base, QString* error)
{
    TcoAssumptions t = base;
    JsonFields f(o, QStringLiteral("tco"), error);
    const QString pricing = f.string("pricing", pricingId(t.pricing));
    if (pricing == QLatin1String("capex"))
        t.pricing = Pricing::Capex;
    else if (pricing == QLatin1String("rental"))
        t.pricing = Pricing::Rental;
    else
        f.fail("pricing", QStringLiteral("expected capex or rental, got '%1'").arg(pricing));
    const QString preset = f.string("rental_preset", rentalPresetId(t.preset));
    if (auto p = rentalPresetFromId(preset))
        t.preset = *p;
    else
        f.fail("rental_preset", QStringLiteral("expected hyperscaler, neocloud or reserved-3y, got '%1'").arg(preset));
    if (auto v = readOptional(f, "usd_per_chip_hour", Check::NonNegative))
        t.usdPerChipHour = v;
    read(f, "amortisation_years", t.amortisationYears, Check::Positive);
    read(f, "cost_of_capital", t.costOfCapital, Check::NonNegative);
    read(f, "usd_per_kwh", t.usdPerKWh, Check::NonNegative);
    read(f, "pue", t.pue, Check::AtLeastOne);
    read(f, "maintenance_per_year", t.maintenancePerYear, Check::NonNegative);
    read(f, "space_usd_per_kw_month", t.spaceUsdPerKwMonth, Check::NonNegative);
    read(f, "utilisation", t.utilisation, Check::Fraction);
    read(f, "network_capex_fraction", t.networkCapexFraction, Check::NonNegative);
    read(f, "system_share_usd", t.systemShareUsd, Check::NonNegative);
    read(f, "max_utilisation", t.maxUtilisation, Check::Fraction);
    if (f.ok() && f.has("deployments")) {
        const QJsonObject deps = f.object("deployments");
        for (auto it = deps.begin(); it != deps.end() && f.ok(); ++it) {
            const QString path = f.fieldPath("deployments") + QLatin1Char('.') + it.key();
            if (!it.value().isObject()) {
                *error = path + QStringLiteral(": expected an object");
                break;
            }
            JsonFields df(it.value().toObject(), path, error);
            DeploymentPrices p;
            p.capexUsdPerChip = readOptional(df, "capex_usd_per_chip", Check::NonNegative);
            p.usdPerChipHour = readOptional(df, "usd_per_chip_hour", Check::NonNegative);
            p.systemShareUsd = readOptional(df, "system_share_usd", Check::NonNegative);
            t.perDeployment[it.key()] = p;
        }
    }
    if (!error->isEmpty())
        return std::nullopt;
    return t;
}

QJsonObject tcoToJson(const TcoAssumptions& t)
{
    QJsonObject o{{QStringLiteral("pricing"), pricingId(t.pricing)},
                  {QStringLiteral("rental_preset"), rentalPresetId(t.preset)},
                  {QStringLiteral("amortisation_years"), t.amortisationYears.toJson()},
                  {QStringLiteral("cost_of_capital"), t.costOfCapital.toJson()},
                  {QStringLiteral("usd_per_kwh"), t.usdPerKWh.toJson()},
                  {QStringLiteral("pue"), t.pue.toJson()},
                  {QStringLiteral("maintenance_per_year"), t.maintenancePerYear.toJson()},
                  {QStringLiteral("space_usd_per_kw_month"), t.spaceUsdPerKwMonth.toJson()},
                  {QStringLiteral("utilisation"), t.utilisation.toJson()},
                  {QStringLiteral("network_capex_fraction"), t.networkCapexFraction.toJson()},
                  {QStringLiteral("system_share_usd"), t.systemShareUsd.toJson()},
                  {QStringLiteral("max_utilisation"), t.maxUtilisation.toJson()}};
    if (t.usdPerChipHour)
        o.insert(QStringLiteral("usd_per_chip_hour"), t.usdPerChipHour->toJson());
    if (!t.perDeployment.empty()) {
        QJsonObject deps;
        for (const auto& [id, p] : t.perDeployment) {
            QJsonObject d;
            if (p.capexUsdPerChip)
                d.insert(QStringLiteral("capex_usd_per_chip"), p.capexUsdPerChip->toJson());
            if (p.usdPerChipHour)
                d.insert(QStringLiteral("usd_per_chip_hour"), p.usdPerChipHour->toJson());
            if (p.systemShareUsd)
                d.insert(QStringLiteral("system_share_usd"), p.systemShareUsd->toJson());
            deps.insert(id, d);
        }
        o.insert(QStringLiteral("deployments"), deps);
    }
    return o;
}

std::optional<TcoAssumptions> tcoFor(const Scenario& s, QString* error)
{
    return parseTco(s.extensions.value(QStringLiteral("tco")).toObject(), TcoAssumptions::fromCost(s.cost), error);
}

} // namespace is::cost
