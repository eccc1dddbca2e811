// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"
#include "cost/TcoAssumptions.h"

#include <QString>

#include <optional>

namespace is::cost {

// Editing a scenario's TCO assumptions one at a time (the Cost view's assumptions editor). The
// scenario holds them as one TcoAssumptions; an edit returns the new value, which the studio's undo
// command sets. An assumption the user has not set has its stated default (TcoAssumptions(), the
// catalog's prices, the rental presets).

// The keys an edit may set: those of cost/TcoFields.h (tcoFields()), scenario-wide where the
// field has a scenario-wide value and per deployment where it has a per-deployment price.
bool isCostSectionKey(const QString& key); // amortisation_years, usd_per_kwh, pue

// A value typed by the user: kind "assumed", source "user-set" (how the studio recognises it).
Sourced userSet(double v);
bool isUserSet(const Sourced& s);

// The stated default of a scenario-wide assumption (no default for usd_per_chip_hour: the presets).
std::optional<Sourced> defaultAssumption(const QString& key);
// The scenario-wide assumption under its JSON key; null for an unknown key, or for
// usd_per_chip_hour when no scenario-wide rental price is set.
const Sourced* assumptionField(const TcoAssumptions& t, const QString& key);

// Whether the scenario sets the assumption itself: a per-deployment price it states, or a
// scenario-wide value that differs from the stated default (value, range or source).
bool isOverridden(const TcoAssumptions& t, const QString& deploymentId, const QString& key);

// Sets an assumption (`value`) or removes it, so that its default applies again (nullopt).
// `deploymentId` empty: scenario-wide. Returns nullopt and names the field in `error` for an
// unknown key or a value outside its rule ("cost.pue: must be at least 1"), by the same rules the
// parsers apply, so that what is saved opens again.
std::optional<TcoAssumptions> withAssumption(TcoAssumptions t, const QString& deploymentId,
                                             const QString& key, const std::optional<Sourced>& value,
                                             QString* error);
TcoAssumptions withPricing(TcoAssumptions t, Pricing pricing, RentalPreset preset);

} // namespace is::cost
