// SPDX-License-Identifier: MIT
#pragma once
// A user's own calibration: their measurements read and checked, each row predicted before and
// after the fit, and the overlay in the user catalog folder. `inference-studio calibrate --user`
// and the studio's "Calibrate from my measurements…" go through these same functions, so that
// both write the same file and report the same figures.

#include "engine/Calibrator.h"
#include "engine/Validation.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace is {

class Catalog;

// Reads a measurements file and checks every row against the catalog (checkMeasurements). A file
// without rows is refused too. Errors name the file, the line and the field.
std::optional<std::vector<MeasurementRow>> loadCheckedMeasurements(const Catalog& catalog,
                                                                   const QString& path, QString* error);

// Each row predicted with the catalog's calibration and with `fitted`, and their summaries: what
// `validate` reports on the rows before and after the overlay is installed.
struct CalibrationComparison
{
    std::vector<ValidationResult> before;
    std::vector<ValidationResult> after;
    ValidationSummary summaryBefore;
    ValidationSummary summaryAfter;
};
CalibrationComparison compareCalibrations(const std::shared_ptr<const Catalog>& catalog,
                                          const Calibration& fitted, const std::vector<MeasurementRow>& rows);

// Writes a calibration file atomically (a crash mid-write never leaves half a file). The error
// names the file.
bool writeCalibrationFile(const QString& path, const QJsonObject& json, QString* error);

// Where `calibrate --user` puts the overlay fitted on `measurementsFile`:
// <user catalog folder>/calibration-<file's base name>.json.
QString userCalibrationPath(const QString& measurementsFile);
// The catalog that overlay will sit on: the built-in catalog and the user's folder without it, so
// that a refit of the same file replaces the overlay rather than building on it
// (CalibrateOptions::overlayBase). Problems in the user's files go to `warnings`.
std::shared_ptr<const Catalog> userCalibrationBase(const QString& measurementsFile,
                                                   QStringList* warnings = nullptr);
// Writes the fitted families of `fit` there (calibrationFitToJson(fit, file name, true)), creating
// the folder. Returns the path written; empty, with `error` set, on failure.
QString writeUserCalibration(const CalibrationFit& fit, const QString& measurementsFile, QString* error);

// What a file held before it is replaced, so that it can be put back: its contents, or that it
// did not exist (then restoring removes it).
struct FileSnapshot
{
    QString path;
    bool existed = false;
    QByteArray content;
};
std::optional<FileSnapshot> snapshotFile(const QString& path, QString* error);
bool restoreFile(const FileSnapshot& snapshot, QString* error);

// `base` with one calibration overlay loaded over it the way Catalog::load loads the user's files
// (the overlay's families replace the base's). nullptr, with `error` set, when it does not load.
std::shared_ptr<const Catalog> catalogWithOverlay(const Catalog& base, const QString& path, QString* error);

} // namespace is
