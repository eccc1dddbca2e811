// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"

#include <QString>

#include <optional>

namespace is {

// The die as built, for the devices whose built-in catalog entry has a "die" object
// (resources/CATALOG-FORMAT.md): facts the seed articles quote and the claim audit checks.
// The engine does not use them, so they are read on demand rather than held by every Device.
struct DieFacts
{
    Sourced transistors;
    Sourced areaMm2;
};

// The built-in catalog's die facts of a device; nullopt when it has none (or the file does not
// parse: the catalog loader reports that). A fact the entry lacks has value 0.
std::optional<DieFacts> builtInDieFacts(const QString& deviceId);

} // namespace is
