// SPDX-License-Identifier: MIT
#include "common/NumberText.h"

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

} // namespace is
