// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace is {

struct Scenario;

// A figure someone published for a deployment like one of the scenario's (the official 750
// tokens/s of GPT-5.6 Sol on Cerebras): shown beside the engine's prediction, never computed with.
// The scenario's optional "claimed" section holds them per deployment id:
//   "claimed": {"cs3": [{"metric": "tok_s_user", "value": 750, "source": "...", "kind": "vendor-claim"}]}
// `metric` names an estimate field as `estimate --json` does (claimedMetricIds()); the value,
// range, source and kind read like every sourced catalog number.
struct ClaimedFigure
{
    QString metric;
    Sourced value;
    bool operator==(const ClaimedFigure&) const = default;
};

// "tok_s_user", "ttft_ms", "usd_per_mtok", "power_kw".
QStringList claimedMetricIds();

// Per deployment id, its figures in file order.
using ClaimedSection = std::map<QString, std::vector<ClaimedFigure>>;

// Parses the section; errors name the field ("claimed.cs3[0].metric: unknown metric 'speed' ...").
std::optional<ClaimedSection> parseClaimedSection(const QJsonObject& section, QString* error);
QJsonObject claimedSectionToJson(const ClaimedSection& section);

// The figures published for deployment `id` of an already parsed scenario (none if it has none).
std::vector<ClaimedFigure> claimedFigures(const Scenario& s, const QString& id);

} // namespace is
