// SPDX-License-Identifier: MIT
#include "common/NumberText.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace is {

QString withoutTrailingZeros(QString text, QChar point)
{
    if (!text.contains(point))
        return text;
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    if (text.endsWith(point))
        text.chop(1);
    return text;
}

QString fixedDecimals(double v, int decimals)
{
    return QString::number(v, 'f', decimals);
}

int decimalsForSignificant(double v, int digits, int maxDecimals)
{
    const double a = std::fabs(v);
    if (!(a > 0) || !std::isfinite(a))
        return 0;
    return std::clamp(digits - 1 - static_cast<int>(std::floor(std::log10(a))), 0, maxDecimals);
}

QString significantText(double v, int digits, int maxDecimals)
{
    if (!std::isfinite(v))
        return QStringLiteral("-");
    // Rounded first, so that the decimals follow the value as it prints: 999.96 prints "1,000".
    const int first = decimalsForSignificant(v, digits, maxDecimals);
    const double scale = std::pow(10.0, first);
    const double rounded = std::round(v * scale) / scale;
    static const QLocale english(QLocale::English);
    return withoutTrailingZeros(
        english.toString(rounded, 'f', decimalsForSignificant(rounded, digits, maxDecimals)));
}

} // namespace is
