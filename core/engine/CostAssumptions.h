// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"

namespace is {

// The first cost model: capital amortised over a fixed life plus electricity. The full TCO model
// (core/cost) extends it.
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
};

} // namespace is
