// SPDX-License-Identifier: MIT
#pragma once

#include <QChar>
#include <QString>

namespace is {

// "2.50" reads as more precise than it is: drops the zeros after the decimal point, and the point
// when nothing follows it ("2.50" -> "2.5", "3.00" -> "3"). `point` is the locale's decimal point.
// Every formatter that prints a number with fixed decimals and wants it plain goes through this.
QString withoutTrailingZeros(QString text, QChar point = QLatin1Char('.'));

// `decimals` decimals in the C locale ("1234.5"): the command line's text output and the report's
// key figures, which must read the same digits whatever the user's locale. The studio's own
// labels use gui::units, in the user's locale.
QString fixedDecimals(double v, int decimals);

} // namespace is
