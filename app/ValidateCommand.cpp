// SPDX-License-Identifier: MIT
// `inference-studio validate [MEASUREMENTS.csv] [--json] [--cross-validate]`: the engine against
// published results; without a file, against the published measurements shipped inside the
// application. --cross-validate adds leave-one-source-out refits per family.
#include "CliSupport.h"
#include "Command.h"
#include "CrossValidationReport.h"

#include "engine/Validation.h"
#include "hardware/Catalog.h"

#include <QJsonDocument>
#include <QTextStream>

namespace {

QString num(double v)
{
    if (v >= 100)
        return QString::number(v, 'f', 0);
    if (v >= 10)
        return QString::number(v, 'f', 1);
    return QString::number(v, 'f', 2);
}

int runValidate(const QStringList& argsIn)
{
    QTextStream err(stderr);
    is::app::ArgParser args(QStringLiteral("validate"), argsIn);
    const bool json = args.flag(QStringLiteral("--json"));
    const bool crossValidate = args.flag(QStringLiteral("--cross-validate"));
    const QStringList positional = args.positional();
    if (args.ok() && positional.size() > 1)
        err << "validate: expected at most one measurements file, got " << positional.size() << ": "
            << positional.join(QLatin1Char(' ')) << "\n";
    if (!args.ok() || positional.size() > 1) {
        err << "usage: inference-studio validate [MEASUREMENTS.csv] [--json] [--cross-validate]\n"
               "  without a file: the published measurements shipped with the application\n";
        if (!args.ok())
            err << args.error() << "\n";
        return is::app::ExitBadInput;
    }
    QString error;
    auto rows = is::loadMeasurementsFile(
        positional.isEmpty() ? is::shippedMeasurementsPath() : positional.front(), &error);
    if (!rows) {
        err << error << "\n";
        return is::app::ExitBadInput;
    }
    const auto catalog = is::app::loadCatalogReportingWarnings(err);
    is::Engine engine(catalog);
    const auto results = is::validateAll(engine, *rows);
    const is::ValidationSummary s = is::summarize(results);
    const std::optional<is::CrossValidation> cv =
        crossValidate ? std::optional(is::crossValidate(catalog, *rows)) : std::nullopt;
    QTextStream out(stdout);
    if (json) {
        QJsonObject o = is::validationToJson(results, s);
        if (cv)
            is::addCrossValidationToJson(o, *cv);
        out << QJsonDocument(o).toJson(QJsonDocument::Compact) << "\n";
        return is::app::ExitOk;
    }
    std::vector<QStringList> table{{QStringLiteral("id"), QStringLiteral("device"), QStringLiteral("chips"),
                                    QStringLiteral("model"), QStringLiteral("scenario"),
                                    QStringLiteral("metric"), QStringLiteral("predicted"),
                                    QStringLiteral("measured"), QStringLiteral("error"),
                                    QStringLiteral("plan"), QStringLiteral("bottleneck")}};
    for (const auto& r : results) {
        if (!r.evaluated) {
            table.push_back({r.row.id, r.row.device, QString::number(r.row.chips), r.row.model,
                             r.row.scenario, r.row.metric, QStringLiteral("-"), num(r.row.value),
                             QStringLiteral("skipped: ") + r.skipReason});
            continue;
        }
        const double signedErr = (r.predicted - r.row.value) / r.row.value * 100.0;
        table.push_back({r.row.id, r.row.device, QString::number(r.chips), r.row.model, r.row.scenario,
                         r.row.metric, num(r.predicted), num(r.row.value),
                         QStringLiteral("%1%2 %")
                             .arg(signedErr >= 0 ? QStringLiteral("+") : QString())
                             .arg(signedErr, 0, 'f', 1),
                         r.plan + QStringLiteral(" b=") + QString::number(r.batch), r.bottleneck});
    }
    is::app::printAligned(table, out);
    out << QStringLiteral("\n%1 rows, %2 evaluated, %3 skipped; median APE %4 %, MAPE %5 %, within 25 %: %6, "
                          "within 2x: %7\n")
               .arg(s.rows)
               .arg(s.evaluated)
               .arg(s.skipped)
               .arg(s.medianApe * 100, 0, 'f', 1)
               .arg(s.mape * 100, 0, 'f', 1)
               .arg(s.within25pct)
               .arg(s.within2x);
    // Per device family: where the engine is right and where it is not.
    std::vector<QStringList> families{{QStringLiteral("family"), QStringLiteral("rows"),
                                       QStringLiteral("evaluated"), QStringLiteral("skipped"),
                                       QStringLiteral("median APE"), QStringLiteral("within 25 %"),
                                       QStringLiteral("within 2x")}};
    auto countAndShare = [](int count, double share) {
        return QStringLiteral("%1 (%2 %)").arg(count).arg(share * 100, 0, 'f', 0);
    };
    for (const is::FamilySummary& f : is::summarizeByFamily(results)) {
        const is::ValidationSummary& fs = f.summary;
        families.push_back({f.family.isEmpty() ? QStringLiteral("unknown") : f.family,
                            QString::number(fs.rows), QString::number(fs.evaluated),
                            QString::number(fs.skipped),
                            fs.evaluated > 0 ? QStringLiteral("%1 %").arg(fs.medianApe * 100, 0, 'f', 1)
                                             : QStringLiteral("-"),
                            countAndShare(fs.within25pct, fs.within25pctShare()),
                            countAndShare(fs.within2x, fs.within2xShare())});
    }
    out << "\n";
    is::app::printAligned(families, out);
    if (cv)
        is::app::printCrossValidation(*cv, out);
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg("validate", "validate [MEASUREMENTS.csv] [--json] [--cross-validate]",
                                       &runValidate);

} // namespace
