// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"
#include "cost/TcoAssumptions.h"
#include "engine/CostAssumptions.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace is {
struct Scenario;
}

namespace is::cost {

// Editing the TCO assumptions of a scenario one at a time (the Cost view's assumptions editor).
// A scenario stores them in two sections: "cost" (amortisation, electricity, PUE: the engine's
// estimates and the comparison table use them) and "tco" (everything else, and per-deployment
// prices). An edit writes the three shared ones to "cost" only, so the estimates and the Cost view
// always agree; every other assumption goes to "tco". An assumption absent from both sections has
// its stated default (TcoAssumptions(), CostAssumptions(), the catalog's prices, the rental presets).
struct TcoSections
{
    CostAssumptions cost;
    QJsonObject tco;
};
TcoSections tcoSections(const Scenario& s);

// The keys an edit may set. Scenario-wide: the "tco" keys of scenarios/README.md. Per deployment:
// capex_usd_per_chip, system_share_usd, usd_per_chip_hour.
bool isCostSectionKey(const QString& key); // amortisation_years, usd_per_kwh, pue

// What an edited value must satisfy.
enum class TcoRange {
    Positive,    // > 0 (years; electricity, which the "cost" section requires positive)
    NonNegative, // >= 0 (prices, shares of capex)
    Fraction,    // in (0, 1] (utilisation)
    AtLeastOne,  // >= 1 (PUE)
};
TcoRange tcoRange(const QString& key, bool perDeployment);
// Whether `v` satisfies the range (and is finite).
bool inTcoRange(TcoRange r, double v);

// A value typed by the user: kind "assumed", source "user-set" (how the studio recognises it).
Sourced userSet(double v);
bool isUserSet(const Sourced& s);

// The stated default of a scenario-wide assumption (no default for usd_per_chip_hour: the presets).
std::optional<Sourced> defaultAssumption(const QString& key);
// The scenario-wide assumption under its JSON key in resolved assumptions; null for an unknown
// key, or for usd_per_chip_hour when no scenario-wide rental price is set.
const Sourced* assumptionField(const TcoAssumptions& t, const QString& key);

// Whether the scenario sets the assumption itself (differs from the default, or names it in "tco").
bool isOverridden(const TcoSections& s, const QString& deploymentId, const QString& key);

// Sets an assumption (`value`) or removes it, so that its default applies again (nullopt).
// `deploymentId` empty: scenario-wide. The three "cost" keys are moved out of "tco" on every edit.
TcoSections withAssumption(TcoSections s, const QString& deploymentId, const QString& key,
                           const std::optional<Sourced>& value);
TcoSections withPricing(TcoSections s, Pricing pricing, RentalPreset preset);

} // namespace is::cost
