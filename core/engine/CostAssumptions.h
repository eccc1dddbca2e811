// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"

namespace is {

// The first cost model: capital amortised over a fixed life plus electricity. The full TCO model
// (core/cost) extends it.
struct CostAssumptions
{
    Sourced amortisationYears = Sourced::assumed(4.0, QStringLiteral("common straight-line life of accelerators"));
    Sourced usdPerKWh = Sourced::assumed(0.08, QStringLiteral("typical US industrial electricity price, 2025"));
    Sourced pue = Sourced::assumed(1.3, QStringLiteral("typical air/liquid-cooled data centre"));
};

} // namespace is
