// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"
#include "engine/CostAssumptions.h"

#include <QJsonObject>
#include <QString>

#include <map>
#include <optional>

namespace is {
struct Scenario;
}

namespace is::cost {

// Owning the hardware (capital, energy, maintenance, space) or renting it by the chip-hour.
enum class Pricing { Capex, Rental };
enum class RentalPreset { Hyperscaler, Neocloud, Reserved3y };
QString pricingId(Pricing p);
QString rentalPresetId(RentalPreset p);
std::optional<RentalPreset> rentalPresetFromId(const QString& id);

// Prices that differ per deployment (keyed by the deployment's id).
struct DeploymentPrices
{
    std::optional<Sourced> capexUsdPerChip; // unset: the catalog's system or device price
    std::optional<Sourced> usdPerChipHour;  // unset: the rental preset
    std::optional<Sourced> systemShareUsd;  // unset: the scenario-wide value
};

// Every assumption of the total cost of ownership, each with its source. Read from the
// scenario's "tco" section over the scenario's "cost" section (amortisation, electricity, PUE),
// editable, and written back by tcoToJson.
struct TcoAssumptions
{
    Pricing pricing = Pricing::Capex;
    RentalPreset preset = RentalPreset::Neocloud;
    std::optional<Sourced> usdPerChipHour; // overrides the preset for every deployment

    Sourced amortisationYears;
    Sourced costOfCapital;       // per year; capital is recovered as an annuity
    Sourced usdPerKWh;
    Sourced pue;
    Sourced maintenancePerYear;  // share of capex per year
    Sourced spaceUsdPerKwMonth;  // data-centre space and power provisioning, per kW of peak IT load
    Sourced utilisation;         // share of hours the capacity serves paying load
    Sourced networkCapexFraction; // scale-out fabric, as a share of the systems' capex (multi-system deployments)
    Sourced systemShareUsd;      // per system on top of the catalog price (chassis, MemoryX/SwarmX, ...)
    Sourced maxUtilisation;      // fleet sizing: plan systems to run at most this share of capacity

    std::map<QString, DeploymentPrices> perDeployment;

    TcoAssumptions(); // the stated defaults
    static TcoAssumptions fromCost(const CostAssumptions& c);
    CostAssumptions engineCost() const; // what Engine::estimate takes
};

// Parses the "tco" object over `base`. Errors name the field: "tco.pue: must be at least 1".
std::optional<TcoAssumptions> parseTco(const QJsonObject& o, const TcoAssumptions& base, QString* error);
QJsonObject tcoToJson(const TcoAssumptions& t);
// The scenario's assumptions: its "cost" section, then its "tco" section.
std::optional<TcoAssumptions> tcoFor(const Scenario& s, QString* error);

} // namespace is::cost
