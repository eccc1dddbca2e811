// SPDX-License-Identifier: MIT
#include "CrossValidationReport.h"
#include "common/NumberText.h"

#include "CliSupport.h"

namespace is::app {

namespace {

QStringList line(const QString& name, const ValidationSummary& in, const ValidationSummary& held)
{
    auto pct = [](double v) -> QString { return is::fixedDecimals(v * 100, 1) + QStringLiteral(" %"); };
    auto within = [](const ValidationSummary& s) -> QString {
        return QStringLiteral("%1/%2").arg(s.within2x).arg(s.evaluated);
    };
    return {name, QString::number(in.rows), pct(in.medianApe), within(in), pct(held.medianApe), within(held)};
}

} // namespace

void printCrossValidation(const CrossValidation& cv, QTextStream& out)
{
    out << QStringLiteral("\nleave-one-source-out cross-validation (%1 refits)\n").arg(cv.folds);
    std::vector<QStringList> table{{QStringLiteral("family"), QStringLiteral("rows"),
                                    QStringLiteral("median"), QStringLiteral("within 2x"),
                                    QStringLiteral("cv median"), QStringLiteral("cv within 2x")}};
    for (const auto& [f, held] : cv.familyHeld)
        table.push_back(line(f, cv.familyInSample.at(f), held));
    table.push_back(line(QStringLiteral("all"), cv.inSampleSummary, cv.heldSummary));
    printAligned(table, out);
}

} // namespace is::app
