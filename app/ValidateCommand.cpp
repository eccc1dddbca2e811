// SPDX-License-Identifier: MIT
// `inference-studio validate [MEASUREMENTS.csv | --held-out] [--json] [--cross-validate]`: the
// engine against published results; without a file, against the published measurements shipped
// inside the application (the calibration's rows), with --held-out against the newer ones shipped
// beside them that no fit reads. --cross-validate adds leave-one-source-out refits per family.
#include "CliSupport.h"
#include "Command.h"
#include "CrossValidationReport.h"
#include "common/NumberText.h"

#include "engine/Validation.h"
#include "hardware/Catalog.h"

#include <QJsonDocument>
#include <QTextStream>

namespace {

constexpr const char* kUsage = "validate [MEASUREMENTS.csv | --held-out] [--json] [--cross-validate]";

int runValidate(const QStringList& argsIn)
{
    QTextStream err(stderr);
    QTextStream out(stdout);
    is::app::CommandLine args(
        QStringLiteral("validate"), QLatin1String(kUsage), QStringLiteral("measurements file"), false,
        QStringLiteral(
            "The measurements (default: the published measurements shipped with the application)."));
    args.addFlag(QStringLiteral("json"), QStringLiteral("Print every row and the summaries as JSON."));
    args.addFlag(QStringLiteral("cross-validate"),
                 QStringLiteral(
                     "Also refit without each source in turn and predict its rows (leave-one-source-out)."));
    args.addFlag(QStringLiteral("held-out"),
                 QStringLiteral("Validate the shipped held-out measurements: newer published results that "
                                "calibrate never reads."));
    if (const auto stop = args.parse(argsIn, out, err))
        return *stop;
    const bool json = args.isSet(QStringLiteral("json"));
    const bool crossValidate = args.isSet(QStringLiteral("cross-validate"));
    const bool heldOut = args.isSet(QStringLiteral("held-out"));
    if (heldOut && (!args.file().isEmpty() || crossValidate)) {
        err << "validate: --held-out takes no file and no --cross-validate (its rows are never fitted)\n";
        return is::app::ExitBadInput;
    }
    QString error;
    const QString path = heldOut                 ? is::shippedHeldOutPath()
                         : args.file().isEmpty() ? is::shippedMeasurementsPath()
                                                 : args.file();
    auto rows = is::loadMeasurementsFile(path, &error);
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
                             r.row.scenario, r.row.metric, QStringLiteral("-"),
                             is::significantText(r.row.value), QStringLiteral("skipped: ") + r.skipReason});
            continue;
        }
        const double signedErr = (r.predicted - r.row.value) / r.row.value * 100.0;
        table.push_back({r.row.id, r.row.device, QString::number(r.chips), r.row.model, r.row.scenario,
                         r.row.metric, is::significantText(r.predicted), is::significantText(r.row.value),
                         QStringLiteral("%1%2 %")
                             .arg(signedErr >= 0 ? QStringLiteral("+") : QString())
                             .arg(is::fixedDecimals(signedErr, 1)),
                         r.plan + QStringLiteral(" b=") + QString::number(r.batch), r.bottleneck});
    }
    is::app::printAligned(table, out);
    out << QStringLiteral("\n%1 rows, %2 evaluated, %3 skipped; median APE %4 %, MAPE %5 %, within 25 %: %6, "
                          "within 2x: %7\n")
               .arg(s.rows)
               .arg(s.evaluated)
               .arg(s.skipped)
               .arg(is::fixedDecimals(s.medianApe * 100, 1))
               .arg(is::fixedDecimals(s.mape * 100, 1))
               .arg(s.within25pct)
               .arg(s.within2x);
    // Per device family: where the engine is right and where it is not.
    std::vector<QStringList> families{{QStringLiteral("family"), QStringLiteral("rows"),
                                       QStringLiteral("evaluated"), QStringLiteral("skipped"),
                                       QStringLiteral("median APE"), QStringLiteral("within 25 %"),
                                       QStringLiteral("within 2x")}};
    auto countAndShare = [](int count, double share) {
        return QStringLiteral("%1 (%2 %)").arg(count).arg(is::fixedDecimals(share * 100, 0));
    };
    for (const is::FamilySummary& f : is::summarizeByFamily(results)) {
        const is::ValidationSummary& fs = f.summary;
        families.push_back(
            {f.family.isEmpty() ? QStringLiteral("unknown") : f.family, QString::number(fs.rows),
             QString::number(fs.evaluated), QString::number(fs.skipped),
             fs.evaluated > 0 ? QStringLiteral("%1 %").arg(is::fixedDecimals(fs.medianApe * 100, 1))
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

const is::app::CommandRegistration reg("validate", kUsage, &runValidate);

} // namespace
