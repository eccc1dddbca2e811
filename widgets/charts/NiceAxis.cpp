// SPDX-License-Identifier: MIT
#include "charts/NiceAxis.h"

#include "charts/ChartFormat.h"

#include <QLogValueAxis>
#include <QValueAxis>

#include <cmath>

namespace niceaxis {

void setValueRange(QValueAxis* axis, double max)
{
    const double top = chartfmt::niceCeil(max > 0 && chartfmt::drawable(max) ? max : 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(top) + 1e-9));
    const double leading = std::round(top / magnitude);
    // 1 -> 0.2 steps, 2 -> 0.5 steps (4 intervals), 5 -> 1 step: 5 or 6 ticks.
    const int intervals = leading == 2 ? 4 : 5;
    const double step = top / intervals;
    const int decimals = std::max(0, -int(std::floor(std::log10(step) + 1e-9)));
    axis->setLabelFormat(QStringLiteral("%.") + QString::number(std::min(decimals, 4)) + QStringLiteral("f"));
    axis->setRange(0, top);
    axis->setTickCount(intervals + 1);
    axis->setMinorTickCount(0);
}

void setLogRange(QLogValueAxis* axis, double lo, double hi)
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
    axis->setRange(a, b);
}

} // namespace niceaxis
