// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <optional>

namespace is::gui::tco {

// How the editor names each assumption of core's table (cost/TcoFields.h), keyed by its JSON key:
// labels and unit (translated in TcoEditor's context), and whether it is typed in percent. Which
// assumptions exist, their order, their ranges and which pricing uses them come from the table.
struct AssumptionInfo
{
    const char* key;
    const char* label;           // scenario-wide row; null: per deployment only
    const char* deploymentLabel; // per-deployment row; null: scenario-wide only
    const char* unit;
    bool percent;
};

// The editor's names for the assumption with JSON key `key`; null for a key it does not know.
const AssumptionInfo* assumptionInfo(const QString& key);
// One of an AssumptionInfo's texts (a label or a unit) in the user's language.
QString translated(const char* text);
// A value as the editor shows it: ten significant digits, so what was typed comes back unchanged.
QString formatNumber(double v);
// A typed value ("7", "7 %", "$1500"; the locale's number format, else the C one); none when it
// is not a finite number.
std::optional<double> parseNumber(QString text);

} // namespace is::gui::tco
