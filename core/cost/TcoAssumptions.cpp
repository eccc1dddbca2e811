// SPDX-License-Identifier: MIT
#include "cost/TcoAssumptions.h"

#include "common/JsonFields.h"
#include "cost/TcoFields.h"

#include <QCoreApplication>

namespace is::cost {

namespace {

Sourced ranged(double v, double lo, double hi, const QString& source)
{
    Sourced s = Sourced::assumed(v, source);
    s.min = lo;
    s.max = hi;
    return s;
}

} // namespace

QString pricingId(Pricing p)
{
    return p == Pricing::Rental ? QStringLiteral("rental") : QStringLiteral("capex");
}

std::optional<Pricing> pricingFromId(const QString& id)
{
    for (const Pricing p : {Pricing::Capex, Pricing::Rental})
        if (id == pricingId(p))
            return p;
    return std::nullopt;
}

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
    costOfCapital = ranged(0.08, 0.05, 0.12,
                           QStringLiteral(QT_TRANSLATE_NOOP(
                               "is::Sourced", "assumed: typical cost of capital for data-centre hardware")));
    maintenancePerYear =
        ranged(0.05, 0.03, 0.08,
               QStringLiteral(QT_TRANSLATE_NOOP(
                   "is::Sourced", "assumed: support contracts and spares, 3-8 % of hardware capex a year")));
    spaceUsdPerKwMonth =
        ranged(150, 100, 200,
               QStringLiteral(QT_TRANSLATE_NOOP(
                   "is::Sourced", "assumed: US wholesale colocation, per kW of IT load per month, 2024-25")));
    utilisation = ranged(0.7, 0.4, 0.9,
                         QStringLiteral(QT_TRANSLATE_NOOP(
                             "is::Sourced", "assumed: share of hours a serving fleet carries paying load")));
    networkCapexFraction =
        ranged(0.10, 0.05, 0.15,
               QStringLiteral(QT_TRANSLATE_NOOP(
                   "is::Sourced",
                   "assumed: scale-out fabric (switches, optics, cabling) as a share of system capex")));
    systemShareUsd = Sourced::assumed(
        0, QStringLiteral(QT_TRANSLATE_NOOP(
               "is::Sourced", "assumed: catalog system prices include chassis and system network")));
    maxUtilisation = ranged(0.8, 0.6, 0.9,
                            QStringLiteral(QT_TRANSLATE_NOOP(
                                "is::Sourced", "assumed: fleets are planned with headroom for bursts")));
}

std::optional<TcoAssumptions> parseTco(const QJsonObject& o, const TcoAssumptions& base, QString* error)
{
    TcoAssumptions t = base;
    JsonFields f(o, QStringLiteral("tco"), error);
    if (auto p = f.choice(
            "pricing", pricingId(t.pricing), pricingFromId,
            QCoreApplication::translate("is::cost::TcoAssumptions", "expected capex or rental, got '%1'")))
        t.pricing = *p;
    if (auto p =
            f.choice("rental_preset", rentalPresetId(t.preset), rentalPresetFromId,
                     QCoreApplication::translate("is::cost::TcoAssumptions",
                                                 "expected hyperscaler, neocloud or reserved-3y, got '%1'")))
        t.preset = *p;
    for (const TcoField& field : tcoFields())
        if (field.scenarioWide())
            if (auto v = readTcoField(f, field))
                field.set(t, *v);
    if (f.ok() && f.has("deployments")) {
        f.forEachObject("deployments", [&](const QString& id, JsonFields& df) {
            DeploymentPrices p;
            for (const TcoField& field : tcoFields())
                if (field.perDeployment)
                    p.*field.perDeployment = readTcoField(df, field);
            t.perDeployment[id] = p;
        });
    }
    if (!error->isEmpty())
        return std::nullopt;
    return t;
}

QJsonObject tcoToJson(const TcoAssumptions& t)
{
    QJsonObject o{{QStringLiteral("pricing"), pricingId(t.pricing)},
                  {QStringLiteral("rental_preset"), rentalPresetId(t.preset)}};
    for (const TcoField& field : tcoFields())
        if (field.scenarioWide())
            if (const Sourced* v = field.get(t))
                o.insert(field.name(), v->toJson());
    if (!t.perDeployment.empty()) {
        QJsonObject deps;
        for (const auto& [id, p] : t.perDeployment) {
            QJsonObject d;
            for (const TcoField& field : tcoFields())
                if (field.perDeployment && p.*field.perDeployment)
                    d.insert(field.name(), (p.*field.perDeployment)->toJson());
            deps.insert(id, d);
        }
        o.insert(QStringLiteral("deployments"), deps);
    }
    return o;
}

std::optional<TcoAssumptions> parseCostAndTco(const QJsonObject& cost, const QJsonObject& tco, QString* error)
{
    TcoAssumptions t;
    const auto engineCost = parseCostSection(cost, t, error);
    if (!engineCost)
        return std::nullopt;
    static_cast<CostAssumptions&>(t) = *engineCost;
    return parseTco(tco, t, error);
}

QJsonObject costSectionJson(const TcoAssumptions& t)
{
    QJsonObject o;
    for (const TcoField& field : tcoFields())
        if (field.cost)
            o.insert(field.name(), (t.*field.cost).toJson());
    return o;
}

QJsonObject tcoSectionJson(const TcoAssumptions& t)
{
    QJsonObject o = withoutDefaults(tcoToJson(t), tcoToJson(TcoAssumptions()));
    for (const TcoField& field : tcoFields())
        if (field.cost)
            o.remove(field.name()); // saved in "cost"
    return o;
}

} // namespace is::cost
