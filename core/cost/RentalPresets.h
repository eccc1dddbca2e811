// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"
#include "cost/TcoAssumptions.h"

namespace is {
struct Device;
}

namespace is::cost {

// Rental price per chip-hour of a device under a preset: a table of assumed prices for common
// accelerators; other devices scale the H100 price by their purchase price. The Sourced says
// which (kind "assumed", with the reasoning as source). Prices move fast: the scenario's "tco"
// section overrides them.
Sourced rentalRate(RentalPreset preset, const Device& device);

} // namespace is::cost
