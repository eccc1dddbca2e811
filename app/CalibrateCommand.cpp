// SPDX-License-Identifier: MIT
// `inference-studio calibrate MEASUREMENTS.csv [--family F] [-o FILE.json] [--user] [--json]`: fits
// each device family's constants to measured rows (resources/CALIBRATION.md) and writes the
// calibration file; --user writes the fitted families as an overlay into the user catalog folder.
// A calibration file is fitted from the rows alone (each family's stated assumptions, none of the
// constants the catalog has as calibrated); an overlay adjusts the calibration in use, so the
// constants a few rows cannot pin keep the values they have.
#include "CliSupport.h"
#include "Command.h"
#include "common/NumberText.h"

#include "engine/Calibrator.h"
#include "engine/UserCalibration.h"
#include "hardware/Catalog.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

namespace {

// Constants span seconds to tenths of a microsecond: enough decimals for four digits of 1e-8 s.
constexpr int kConstantDecimals = 12;

void printText(const is::CalibrationFit& fit, QTextStream& out)
{
    for (const is::FamilyFit& f : fit.families) {
        out << f.family << ": ";
        if (!f.fitted) {
            out << "kept its constants (" << f.why << ")\n";
            continue;
        }
        out << f.rows.size() << " rows, median error " << is::fixedDecimals(f.before.medianApe * 100, 1)
            << " % -> " << is::fixedDecimals(f.after.medianApe * 100, 1) << " %, within 2x "
            << f.before.within2x << " -> " << f.after.within2x << " of " << f.before.evaluated << "\n";
        std::vector<QStringList> table;
        for (const is::FittedConstant& c : f.constants)
            table.push_back(
                {QStringLiteral("  ") + c.key +
                     (c.generation().isEmpty() ? QString()
                                               : QStringLiteral(" (software %1)").arg(c.generation())),
                 is::significantText(c.before, 4, kConstantDecimals), QStringLiteral("->"),
                 is::significantText(c.after, 4, kConstantDecimals),
                 QStringLiteral("[%1, %2]")
                     .arg(is::significantText(c.lo, 4, kConstantDecimals),
                          is::significantText(c.hi, 4, kConstantDecimals)),
                 c.boundHit.isEmpty() ? QString() : QStringLiteral("at %1 bound").arg(c.boundHit)});
        is::app::printAligned(table, out);
        for (const QString& e : f.excluded)
            out << "  not used: " << e << "\n";
    }
}

constexpr const char* kUsage = "calibrate MEASUREMENTS.csv [--family F] [-o FILE.json] [--user] [--json]";

int runCalibrate(const QStringList& argsIn)
{
    QTextStream err(stderr);
    is::app::CommandLine args(QStringLiteral("calibrate"), QLatin1String(kUsage),
                              QStringLiteral("measurements file"));
    args.addOption({QStringLiteral("family")}, QStringLiteral("F"),
                   QStringLiteral("Fit only this device family (hopper, blackwell, cerebras...)."));
    args.addOption({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("FILE.json"),
                   QStringLiteral("Write the fitted calibration to FILE.json, fitted from the rows alone."));
    args.addFlag(QStringLiteral("user"),
                 QStringLiteral("Write the fit as a calibration overlay into the user catalog folder; "
                                "constants the rows do not move keep the values in use."));
    args.addFlag(QStringLiteral("json"), QStringLiteral("Print the fit as JSON."));
    {
        QTextStream help(stdout);
        if (const auto stop = args.parse(argsIn, help, err))
            return *stop;
    }
    const bool json = args.isSet(QStringLiteral("json"));
    const bool user = args.isSet(QStringLiteral("user"));
    const QString family = args.value(QStringLiteral("family"));
    const bool outGiven = args.isSet(QStringLiteral("output"));
    const QString outPath = args.value(QStringLiteral("output"));
    const QString file = args.file();
    QString error;
    const auto catalog = is::app::loadCatalogReportingWarnings(err);
    const auto rows = is::loadCheckedMeasurements(*catalog, file, &error);
    if (!rows) {
        err << error << "\n";
        return is::app::ExitBadInput;
    }
    if (!family.isEmpty()) {
        bool known = false;
        for (const is::Device* d : catalog->devices())
            known = known || d->family == family;
        if (!known) {
            err << QStringLiteral("--family: no device of family '%1' in the catalog").arg(family) << "\n";
            return is::app::ExitBadInput;
        }
    }
    QElapsedTimer timer;
    timer.start();
    is::CalibrateOptions options;
    options.family = family;
    options.sourceName = QFileInfo(file).fileName();
    // An overlay adjusts the calibration in use; a calibration file comes from the rows alone.
    options.base = user ? is::CalibrationBase::Current : is::CalibrationBase::Assumptions;
    if (user) // its warnings were reported with the catalog's
        options.overlayBase = is::userCalibrationBase(file);
    const is::CalibrationFit fit = is::calibrate(catalog, *rows, options);
    const double seconds = static_cast<double>(timer.elapsed()) / 1000.0;

    QStringList written;
    if (outGiven) {
        if (!is::writeCalibrationFile(outPath, is::calibrationFitToJson(fit, options.sourceName), &error)) {
            err << error << "\n";
            return is::app::ExitRuntimeFailure;
        }
        written << outPath;
    }
    if (user) {
        // The studio's "Calibrate from my measurements…" writes the same overlay the same way.
        const QString path = is::writeUserCalibration(fit, file, &error);
        if (path.isEmpty()) {
            err << error << "\n";
            return is::app::ExitRuntimeFailure;
        }
        written << path;
    }
    QTextStream out(stdout);
    if (json) {
        QJsonObject o = is::calibrationSummaryToJson(fit);
        o.insert(QStringLiteral("source"), options.sourceName);
        o.insert(QStringLiteral("seconds"), seconds);
        o.insert(QStringLiteral("written"), QJsonArray::fromStringList(written));
        out << QJsonDocument(o).toJson(QJsonDocument::Compact) << "\n";
        return is::app::ExitOk;
    }
    printText(fit, out);
    for (const QString& w : written)
        out << "wrote " << w << "\n";
    if (written.isEmpty())
        out << "(nothing written: give -o FILE.json or --user)\n";
    return is::app::ExitOk;
}

const is::app::CommandRegistration reg("calibrate", kUsage, &runCalibrate);

} // namespace
