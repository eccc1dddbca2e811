// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"
#include "cost/TcoAssumptions.h"
#include "engine/CostAssumptions.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <span>

namespace is {
class JsonFields;
}

namespace is::cost {

// What a TCO number must satisfy. Each key has one rule, and every reader applies it: the
// scenario's "tco" section (parseTco), its "cost" section (parseCostSection), and the Cost view's
// editor (withAssumption, and the widget before it builds an edit).
enum class TcoCheck {
    Positive,    // > 0: amortisation years (capital is spread over them)
    NonNegative, // >= 0: prices (0: free power, donated hardware), cost of capital, shares of capex
    Fraction,    // in (0, 1]: utilisation (costs are divided by it)
    AtLeastOne,  // >= 1: PUE (facility power includes the IT power)
};
// Whether `v` is finite and satisfies the rule.
bool satisfies(TcoCheck check, double v);
// Whether the value and, for a range, both of its ends satisfy the rule.
bool satisfies(TcoCheck check, const Sourced& s);
// Why a value was refused, for file errors: "must be at least 1".
QString checkReason(TcoCheck check);

// Which pricing an assumption counts in (the Cost view greys the others).
enum class TcoPricingUse { Both, Owning, Renting };

// One TCO assumption: its JSON key, its rule, and where its value lives.
struct TcoField
{
    const char* key;
    TcoCheck check;
    TcoPricingUse use;
    // The scenario-wide value in resolved assumptions (null: the key is per deployment only). get
    // returns null while the value is unset (usd_per_chip_hour: the rental presets apply).
    const Sourced* (*get)(const TcoAssumptions&);
    void (*set)(TcoAssumptions&, const Sourced&);
    // Gives `to` the scenario-wide value `from` has (set or, for usd_per_chip_hour, unset): a reset
    // copies it from TcoAssumptions().
    void (*copy)(TcoAssumptions& to, const TcoAssumptions& from);
    // The per-deployment price (DeploymentPrices); null: scenario-wide only.
    std::optional<Sourced> DeploymentPrices::*perDeployment;
    // Also a key of the scenario's "cost" section, which the engine reads; null otherwise.
    Sourced CostAssumptions::*cost;

    QString name() const { return QString::fromLatin1(key); }
    bool scenarioWide() const { return get != nullptr; }
};

// Every TCO assumption, in the order an analyst reads a TCO sheet.
std::span<const TcoField> tcoFields();
// The assumption under a JSON key; null for an unknown key.
const TcoField* tcoField(const QString& key);

// Checks a value against the key's rule; on failure `error` is "<path>: <reason>".
bool checkTcoValue(const TcoField& field, const Sourced& v, const QString& path, QString* error);
// Reads `field.key` of `f` when present and checks it; an error is recorded in `f` as
// "tco.pue: must be at least 1". nullopt when the key is absent or on error (f.ok() tells which).
std::optional<Sourced> readTcoField(JsonFields& f, const TcoField& field);
// The scenario's "cost" section (amortisation_years, usd_per_kwh, pue) over `base`; errors name
// the field ("cost.pue: must be at least 1").
std::optional<CostAssumptions> parseCostSection(const QJsonObject& o, const CostAssumptions& base,
                                                QString* error);

} // namespace is::cost
