// SPDX-License-Identifier: MIT
#pragma once

#include <QChar>
#include <QString>

namespace is {

// "2.50" reads as more precise than it is: drops the zeros after the decimal point, and the point
// when nothing follows it ("2.50" -> "2.5", "3.00" -> "3"). `point` is the locale's decimal point.
// Every formatter that prints a number with fixed decimals and wants it plain goes through this.
QString withoutTrailingZeros(QString text, QChar point = QLatin1Char('.'));

} // namespace is
