// SPDX-License-Identifier: MIT
#pragma once

#include "model/ModelDesc.h"
#include "model/ParametricModel.h"

#include <QJsonObject>

#include <optional>

namespace is {

// A catalog or scenario model: a fixed architecture, or a parametric one whose numbers are ranges.
struct ModelEntry
{
    ModelDesc arch; // for parametric entries: id, name, source and kind only
    std::optional<ParametricSpec> parametric;

    bool hasRange() const { return parametric && parametric->hasRange(); }
    ModelDesc resolve(Bound bound = Bound::Mid) const;
};

// Parses one model object in the catalog format (resources/CATALOG-FORMAT.md). `path` prefixes
// field names in the error, e.g. "models[3]".
std::optional<ModelEntry> parseModelEntry(const QJsonObject& obj, const QString& path, QString* error);
QJsonObject modelEntryToJson(const ModelEntry& entry);

} // namespace is
