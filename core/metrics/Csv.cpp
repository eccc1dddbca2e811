// SPDX-License-Identifier: MIT
#include "metrics/Csv.h"

#include <cmath>

namespace is {

QString csvField(const QString& field)
{
    if (!field.contains(QLatin1Char(',')) && !field.contains(QLatin1Char('"')) &&
        !field.contains(QLatin1Char('\n')))
        return field;
    QString quoted = field;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString csvNumber(double v)
{
    if (!std::isfinite(v))
        return {};
    return QString::number(v, 'g', 10);
}

QString csvLine(const QStringList& fields)
{
    QStringList quoted;
    quoted.reserve(fields.size());
    for (const QString& f : fields)
        quoted.append(csvField(f));
    return quoted.join(QLatin1Char(',')) + QLatin1Char('\n');
}

} // namespace is
