// SPDX-License-Identifier: MIT
#include "charts/NiceAxis.h"

#include "charts/ChartFormat.h"

#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <vector>

namespace is::gui::niceaxis {

namespace {

constexpr double kKeepFraction = 0.4;

// Decimals that print `step` exactly (0.5 -> 1, 2.5 -> 1, 200 -> 0).
int decimalsFor(double step)
{
    int d = 0;
    while (d < 4 && std::fabs(step * std::pow(10.0, d) - std::round(step * std::pow(10.0, d))) > 1e-6)
        ++d;
    return d;
}

// Labels with the decimals a tick step of `step` needs.
void setDecimalsFor(QValueAxis* axis, double step)
{
    axis->setLabelFormat(QStringLiteral("%.") + QString::number(decimalsFor(step)) + QStringLiteral("f"));
}

void setIntervals(QValueAxis* axis, int intervals)
{
    setDecimalsFor(axis, axis->max() / intervals);
    axis->setTickCount(intervals + 1);
}

} // namespace

void labelTicksExactly(QValueAxis* axis)
{
    setDecimalsFor(axis, (axis->max() - axis->min()) / std::max(1, axis->tickCount() - 1));
}

void fitTicks(QValueAxis* axis, double pixels, double labelExtent)
{
    const double top = axis->max();
    if (!(top > 0) || !(pixels > 0) || axis->min() != 0)
        return;
    // Only a 1-2-5 range (setValueRange's), or 3 (a price axis to 0.30 USD/kWh), divides into
    // these intervals; an axis set to its data's own length (a 150 s simulation) keeps its
    // ticks, else 150 read 37.5, 75, 112.5.
    const double magnitude = std::pow(10.0, std::floor(std::log10(top) + 1e-9));
    const double leading = std::round(top / magnitude);
    if (std::fabs(top - leading * magnitude) > 1e-9 * top || (chartfmt::niceCeil(top) != top && leading != 3))
        return;
    const std::vector<int> candidates = leading == 2   ? std::vector<int>{4, 2, 1}
                                        : leading == 3 ? std::vector<int>{6, 3, 1}
                                        : leading == 5 ? std::vector<int>{5, 1}
                                                       : std::vector<int>{5, 2, 1};
    int chosen = candidates.back();
    for (int c : candidates)
        if (pixels / c >= labelExtent * 1.6) {
            chosen = c;
            break;
        }
    if (axis->tickCount() != chosen + 1)
        setIntervals(axis, chosen);
}

void setValueRange(QValueAxis* axis, double max, bool live)
{
    const double top = chartfmt::niceCeil(max > 0 && chartfmt::drawable(max) ? max : 1);
    // Live data (a slider being dragged) must not rescale the axis on every tick: the range stays
    // while the data still fills at least kKeepFraction of it. A rescale relabels the axis and
    // lays the whole chart out again (most of an update's cost), and a jumping axis is hard to
    // read while comparing bars.
    const double shown = axis->max();
    if (axis->min() == 0 && top <= shown && (live || max >= shown * kKeepFraction) &&
        chartfmt::niceCeil(shown) == shown)
        return;
    const double magnitude = std::pow(10.0, std::floor(std::log10(top) + 1e-9));
    const double leading = std::round(top / magnitude);
    // 1 -> 0.2 steps, 2 -> 0.5 steps (4 intervals), 5 -> 1 step: 5 or 6 ticks.
    const int intervals = leading == 2 ? 4 : 5;
    axis->setRange(0, top);
    axis->setMinorTickCount(0);
    // Keep the count fitTicks() chose for this axis length when it still divides the range.
    const int current = axis->tickCount() - 1;
    const bool keep =
        current > 0 && current < intervals && (intervals % current == 0 || (leading == 5 && current == 1));
    setIntervals(axis, keep ? current : intervals);
}

void setLogRange(QLogValueAxis* axis, double lo, double hi, bool live)
{
    if (!(lo > 0) || !chartfmt::drawable(lo))
        lo = 1;
    if (!(hi > lo) || !chartfmt::drawable(hi))
        hi = lo * 10;
    const double base = axis->base();
    const double a = std::pow(base, std::floor(std::log(lo) / std::log(base) + 1e-9));
    double b = std::pow(base, std::ceil(std::log(hi) / std::log(base) - 1e-9));
    if (b <= a)
        b = a * base;
    // While a slider is dragged (live) and the data stays inside the shown decades, the axis
    // keeps its range instead of re-laying out the chart on every tick. Otherwise it shows the
    // decades the data spans: the same document draws the same axes whatever was shown before
    // (an edit that widened them and its undo, another file opened).
    const double shownLo = axis->min();
    const double shownHi = axis->max();
    if (live ? shownLo > 0 && shownLo <= a && shownHi >= b
             : std::abs(shownLo / a - 1) < 1e-9 && std::abs(shownHi / b - 1) < 1e-9)
        return;
    axis->setRange(a, b);
}

} // namespace is::gui::niceaxis
