// SPDX-License-Identifier: MIT
#include "charts/LargerUnits.h"

#include <QCoreApplication>

namespace is::gui {

// The titles keep the context the latency chart first marked them in.
std::vector<LargerUnit> ttftLargerUnits()
{
    return {{1e4, 1e3, QCoreApplication::translate("is::gui::LatencyChart", "TTFT (s)")},
            {1e7, 3.6e6, QCoreApplication::translate("is::gui::LatencyChart", "TTFT (h)")}};
}

std::vector<LargerUnit> tpotLargerUnits()
{
    return {{1e4, 1e3, QCoreApplication::translate("is::gui::LatencyChart", "TPOT (s)")},
            {1e7, 3.6e6, QCoreApplication::translate("is::gui::LatencyChart", "TPOT (h)")}};
}

LargerUnit unitFor(const std::vector<LargerUnit>& larger, double top, const QString& baseTitle)
{
    LargerUnit chosen{0, 1, baseTitle};
    for (const LargerUnit& u : larger)
        if (top >= u.from)
            chosen = u;
    return chosen;
}

} // namespace is::gui
