// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

// CSV as every export writes it (RFC 4180, UTF-8, "\n" line ends, numbers in the C locale): the
// studio's chart and table exports and the command line share these, so a column reads the same
// wherever it comes from. Column names are metric keys (metrics/Metrics.h).
namespace is {

// Quotes a field when it needs it.
QString csvField(const QString& field);
// A number at full precision in the C locale; empty when not finite.
QString csvNumber(double v);
// One line: the fields quoted where needed, joined by commas, ending in "\n".
QString csvLine(const QStringList& fields);

} // namespace is
