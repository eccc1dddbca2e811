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

// The decimals that show `digits` significant digits of v: 2 for 1.23, 0 for 123 and for 12345
// (whole digits are never dropped), 4 for 0.0123; at most `maxDecimals`. The one rule every
// formatter of "N significant digits" uses, whatever its locale.
int decimalsForSignificant(double v, int digits, int maxDecimals = 6);

// `digits` significant digits in the C locale, thousands grouped, trailing zeros dropped, "-" for
// a value that is not finite: "1,235", "12.3", "0.0123" (at most `maxDecimals` decimals). The
// command line's and the audit's text, which read the same whatever the user's locale.
QString significantText(double v, int digits = 3, int maxDecimals = 6);

} // namespace is
