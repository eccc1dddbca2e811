// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"
#include "engine/CostAssumptions.h"

#include <QJsonObject>
#include <QString>

#include <map>
#include <optional>

namespace is::cost {

// Owning the hardware (capital, energy, maintenance, space) or renting it by the chip-hour.
enum class Pricing { Capex, Rental };
enum class RentalPreset { Hyperscaler, Neocloud, Reserved3y };
QString pricingId(Pricing p);
std::optional<Pricing> pricingFromId(const QString& id);
QString rentalPresetId(RentalPreset p);
std::optional<RentalPreset> rentalPresetFromId(const QString& id);

// Prices that differ per deployment (keyed by the deployment's id).
struct DeploymentPrices
{
    std::optional<Sourced> capexUsdPerChip; // unset: the catalog's system or device price
    std::optional<Sourced> usdPerChipHour;  // unset: the rental preset
    std::optional<Sourced> systemShareUsd;  // unset: the scenario-wide value
    bool operator==(const DeploymentPrices&) const = default;
};

// Every assumption of the total cost of ownership, each with its source: the engine's own
// (amortisation, electricity, PUE: the scenario's "cost" section) and the rest of the TCO model
// (its "tco" section). A scenario holds one; the engine reads its CostAssumptions part, the Cost and
// Fleet views all of it, so the two can never disagree.
struct TcoAssumptions : CostAssumptions
{
    Pricing pricing = Pricing::Capex;
    RentalPreset preset = RentalPreset::Neocloud;
    std::optional<Sourced> usdPerChipHour; // overrides the preset for every deployment

    Sourced costOfCapital;      // per year; capital is recovered as an annuity
    Sourced maintenancePerYear; // share of capex per year
    Sourced spaceUsdPerKwMonth; // data-centre space and power provisioning, per kW of peak IT load
    Sourced utilisation;        // share of hours the capacity serves paying load
    Sourced
        networkCapexFraction; // scale-out fabric, as a share of the systems' capex (multi-system deployments)
    Sourced systemShareUsd;   // per system on top of the catalog price (chassis, MemoryX/SwarmX, ...)
    Sourced maxUtilisation;   // fleet sizing: plan systems to run at most this share of capacity

    std::map<QString, DeploymentPrices> perDeployment;

    TcoAssumptions(); // the stated defaults
    bool operator==(const TcoAssumptions&) const = default;
};

// Parses the "tco" object over `base`. Errors name the field: "tco.pue: must be at least 1".
std::optional<TcoAssumptions> parseTco(const QJsonObject& o, const TcoAssumptions& base, QString* error);
// Every assumption, the defaults included.
QJsonObject tcoToJson(const TcoAssumptions& t);

// A scenario file's two sections: "cost" (the engine's three, always written) and "tco" (what
// differs from the stated defaults: a file states what the user chose, and later default changes
// reach it). parseCostAndTco reads "cost" over the defaults, then "tco" over that (a "tco" value of
// one of the three wins, as it always did for the Cost view).
std::optional<TcoAssumptions> parseCostAndTco(const QJsonObject& cost, const QJsonObject& tco,
                                              QString* error);
QJsonObject costSectionJson(const TcoAssumptions& t);
QJsonObject tcoSectionJson(const TcoAssumptions& t); // empty: nothing differs from the defaults

} // namespace is::cost
