// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QPointF>

// Error bars for bar charts, drawn as one polyline per bar: an I-beam from the band's low to
// its high end. Qt Charts has no error bars; a QLineSeries on the same axes stands in.
namespace is::gui::whiskers {

// Centre of bar `set` of `setCount` in `category`, in category-axis units, matching
// Qt Charts' grouped-bar layout (bar width 0.5 of a category by default).
double barCentre(int category, int set, int setCount, double barWidth);

// The I-beam through `centre` spanning [low, high] on the value axis; `capHalfWidth` in
// category units. valueIsY: vertical bars (value on y).
QList<QPointF> iBeam(double centre, double low, double high, double capHalfWidth, bool valueIsY);

} // namespace is::gui::whiskers
