// SPDX-License-Identifier: MIT
#include "cost/TcoFields.h"

#include "common/ErrorText.h"
#include "common/JsonFields.h"

#include <QCoreApplication>

#include <cmath>

namespace is::cost {

namespace {

template <Sourced TcoAssumptions::*M> const Sourced* member(const TcoAssumptions& t)
{
    return &(t.*M);
}

template <Sourced TcoAssumptions::*M> void setMember(TcoAssumptions& t, const Sourced& v)
{
    t.*M = v;
}

// Any member of TcoAssumptions or its CostAssumptions base, set or optional.
template <auto M> void copyMember(TcoAssumptions& to, const TcoAssumptions& from)
{
    to.*M = from.*M;
}

const Sourced* rentalPrice(const TcoAssumptions& t)
{
    return t.usdPerChipHour ? &*t.usdPerChipHour : nullptr;
}

void setRentalPrice(TcoAssumptions& t, const Sourced& v)
{
    t.usdPerChipHour = v;
}

// One of the engine's three (CostAssumptions, which TcoAssumptions extends), saved in "cost".
template <Sourced CostAssumptions::*M> const Sourced* costMember(const TcoAssumptions& t)
{
    return &(t.*M);
}

template <Sourced CostAssumptions::*M> void setCostMember(TcoAssumptions& t, const Sourced& v)
{
    t.*M = v;
}

using C = TcoCheck;
using U = TcoPricingUse;
using PerDeployment = std::optional<Sourced> DeploymentPrices::*;

// A scenario-wide assumption held in TcoAssumptions::*M.
template <Sourced TcoAssumptions::*M>
constexpr TcoField wide(const char* key, TcoCheck check, TcoPricingUse use,
                        PerDeployment perDeployment = nullptr)
{
    return TcoField{key, check, use, &member<M>, &setMember<M>, &copyMember<M>, perDeployment, nullptr};
}

template <Sourced CostAssumptions::*M>
constexpr TcoField engineWide(const char* key, TcoCheck check, TcoPricingUse use)
{
    return TcoField{key, check, use, &costMember<M>, &setCostMember<M>, &copyMember<M>, nullptr, M};
}

constexpr TcoField kFields[] = {
    engineWide<&CostAssumptions::amortisationYears>("amortisation_years", C::Positive, U::Owning),
    wide<&TcoAssumptions::costOfCapital>("cost_of_capital", C::NonNegative, U::Owning),
    engineWide<&CostAssumptions::usdPerKWh>("usd_per_kwh", C::NonNegative, U::Owning),
    engineWide<&CostAssumptions::pue>("pue", C::AtLeastOne, U::Owning),
    wide<&TcoAssumptions::maintenancePerYear>("maintenance_per_year", C::NonNegative, U::Owning),
    wide<&TcoAssumptions::spaceUsdPerKwMonth>("space_usd_per_kw_month", C::NonNegative, U::Owning),
    wide<&TcoAssumptions::networkCapexFraction>("network_capex_fraction", C::NonNegative, U::Owning),
    wide<&TcoAssumptions::systemShareUsd>("system_share_usd", C::NonNegative, U::Owning,
                                          &DeploymentPrices::systemShareUsd),
    // Unset unless the scenario states one price for every deployment: the rental presets apply.
    TcoField{"usd_per_chip_hour", C::NonNegative, U::Renting, &rentalPrice, &setRentalPrice,
             &copyMember<&TcoAssumptions::usdPerChipHour>, &DeploymentPrices::usdPerChipHour, nullptr},
    wide<&TcoAssumptions::utilisation>("utilisation", C::Fraction, U::Both),
    wide<&TcoAssumptions::maxUtilisation>("max_utilisation", C::Fraction, U::Both),
    // Per deployment only: the catalog's price unless the scenario states one.
    TcoField{"capex_usd_per_chip", C::NonNegative, U::Owning, nullptr, nullptr, nullptr,
             &DeploymentPrices::capexUsdPerChip, nullptr},
};

} // namespace

bool satisfies(TcoCheck check, double v)
{
    if (!std::isfinite(v))
        return false;
    switch (check) {
    case TcoCheck::Positive:
        return v > 0;
    case TcoCheck::NonNegative:
        return v >= 0;
    case TcoCheck::Fraction:
        return v > 0 && v <= 1;
    case TcoCheck::AtLeastOne:
        return v >= 1;
    }
    return false;
}

bool satisfies(TcoCheck check, const Sourced& s)
{
    // Every rule is an interval: the value and the ends of its range are enough.
    return satisfies(check, s.value) &&
           (!s.hasRange() || (satisfies(check, s.min) && satisfies(check, s.max)));
}

QString checkReason(TcoCheck check)
{
    switch (check) {
    case TcoCheck::Positive:
        return QCoreApplication::translate("is::cost::TcoFields", "must be positive");
    case TcoCheck::NonNegative:
        return QCoreApplication::translate("is::cost::TcoFields", "must not be negative");
    case TcoCheck::Fraction:
        return QCoreApplication::translate("is::cost::TcoFields", "must be a share above 0 and at most 1");
    case TcoCheck::AtLeastOne:
        return QCoreApplication::translate("is::cost::TcoFields", "must be at least 1");
    }
    return {};
}

std::span<const TcoField> tcoFields()
{
    return kFields;
}

const TcoField* tcoField(const QString& key)
{
    for (const TcoField& f : kFields)
        if (key == QLatin1String(f.key))
            return &f;
    return nullptr;
}

bool checkTcoValue(const TcoField& field, const Sourced& v, const QString& path, QString* error)
{
    if (satisfies(field.check, v))
        return true;
    *error = errorAt(path, checkReason(field.check));
    return false;
}

std::optional<Sourced> readTcoField(JsonFields& f, const TcoField& field)
{
    if (!f.ok() || !f.has(field.key))
        return std::nullopt;
    const Sourced v = f.sourced(field.key);
    if (!f.ok())
        return std::nullopt;
    if (!satisfies(field.check, v)) {
        f.fail(field.key, checkReason(field.check));
        return std::nullopt;
    }
    return v;
}

std::optional<CostAssumptions> parseCostSection(const QJsonObject& o, const CostAssumptions& base,
                                                QString* error)
{
    CostAssumptions c = base;
    JsonFields f(o, QStringLiteral("cost"), error);
    for (const TcoField& field : kFields)
        if (field.cost)
            if (auto v = readTcoField(f, field))
                c.*field.cost = *v;
    if (!f.ok())
        return std::nullopt;
    return c;
}

} // namespace is::cost
