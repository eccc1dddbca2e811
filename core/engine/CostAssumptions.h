// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"

namespace is {

// The cost assumptions every deployment shares: a life to amortise capital over, the price of
// electricity and the facility's power overhead (PUE). The engine reads the PUE for facility
// power; the scenario's total cost of ownership (cost::TcoAssumptions) is these and the rest of
// it, one type, and prices every estimate (cost::price).
struct CostAssumptions
{
    // The sources are marked for translation: the interface shows them through sourceForDisplay.
    Sourced amortisationYears = Sourced::assumed(
        4.0, QStringLiteral(QT_TRANSLATE_NOOP("is::Sourced", "common straight-line life of accelerators")));
    Sourced usdPerKWh = Sourced::assumed(
        0.08,
        QStringLiteral(QT_TRANSLATE_NOOP("is::Sourced", "typical US industrial electricity price, 2025")));
    Sourced pue = Sourced::assumed(
        1.3, QStringLiteral(QT_TRANSLATE_NOOP("is::Sourced", "typical air/liquid-cooled data centre")));

    bool operator==(const CostAssumptions&) const = default;
};

} // namespace is
