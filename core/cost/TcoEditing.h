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

// The keys an edit may set: those of cost/TcoFields.h (tcoFields()), scenario-wide where the
// field has a scenario-wide value and per deployment where it has a per-deployment price.
bool isCostSectionKey(const QString& key); // amortisation_years, usd_per_kwh, pue

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
// `deploymentId` empty: scenario-wide. The three "cost" keys are moved out of "tco" on every edit,
// checked by the same rules the parsers apply, so that what is saved opens again. Returns nullopt
// and names the field in `error` for an unknown key, a value outside its rule ("cost.pue: must be
// at least 1"), or a "tco" value that cannot be moved ("tco.pue: must be at least 1"): editing or
// resetting that assumption itself replaces it.
std::optional<TcoSections> withAssumption(TcoSections s, const QString& deploymentId, const QString& key,
                                          const std::optional<Sourced>& value, QString* error);
std::optional<TcoSections> withPricing(TcoSections s, Pricing pricing, RentalPreset preset, QString* error);

} // namespace is::cost
