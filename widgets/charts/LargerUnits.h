// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <vector>

namespace is::gui {

// A larger unit for large values on a chart's value axis: from `from` (in the axis unit) on, the
// chart shows values divided by `divisor` under `title` ("TTFT (s)"), since Qt cuts a long axis
// label short ("315,468" ms read "3154…"). A chart's CSV keeps the axis unit.
struct LargerUnit
{
    double from;
    double divisor;
    QString title;
};

// A latency in milliseconds, TTFT or TPOT: seconds from 10 s, hours from 10,000 s.
std::vector<LargerUnit> ttftLargerUnits();
std::vector<LargerUnit> tpotLargerUnits();

// The unit values up to `top` (in the axis unit) read in: the largest of `larger` that `top`
// reaches, else the axis unit itself ({0, 1, baseTitle}).
LargerUnit unitFor(const std::vector<LargerUnit>& larger, double top, const QString& baseTitle);

} // namespace is::gui
