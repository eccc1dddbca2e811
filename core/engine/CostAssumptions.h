// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"

namespace is {

// What the engine's cost per token needs: capital amortised over a fixed life plus electricity.
// The scenario's cost assumptions (cost::TcoAssumptions) are these and the rest of the total cost
// of ownership, one type: the engine reads this part of it.
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
