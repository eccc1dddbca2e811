// SPDX-License-Identifier: MIT
#include "charts/Whiskers.h"

namespace is::gui::whiskers {

double barCentre(int category, int set, int setCount, double barWidth)
{
    const double n = setCount > 0 ? setCount : 1;
    return category - barWidth / 2 + (set + 0.5) / n * barWidth;
}

QList<QPointF> iBeam(double centre, double low, double high, double capHalfWidth, bool valueIsY)
{
    const auto pt = [valueIsY](double c, double v) { return valueIsY ? QPointF(c, v) : QPointF(v, c); };
    // Cap, back to the middle, the stem, then the other cap.
    return {
        pt(centre - capHalfWidth, low),  pt(centre + capHalfWidth, low), pt(centre, low), pt(centre, high),
        pt(centre - capHalfWidth, high), pt(centre + capHalfWidth, high)};
}

} // namespace is::gui::whiskers
