// SPDX-License-Identifier: MIT
#include "engine/UserCalibration.h"

#include "engine/Engine.h"
#include "hardware/Catalog.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

namespace is {

std::optional<std::vector<MeasurementRow>> loadCheckedMeasurements(const Catalog& catalog,
                                                                   const QString& path, QString* error)
{
    auto rows = loadMeasurementsFile(path, error);
    if (!rows)
        return std::nullopt;
    if (rows->empty()) {
        *error = QCoreApplication::translate("is::UserCalibration", "%1: no measurement rows").arg(path);
        return std::nullopt;
    }
    if (!checkMeasurements(catalog, *rows, path, error))
        return std::nullopt;
    return rows;
}

CalibrationComparison compareCalibrations(const std::shared_ptr<const Catalog>& catalog,
                                          const Calibration& fitted, const std::vector<MeasurementRow>& rows)
{
    CalibrationComparison c;
    c.before = validateAll(Engine(catalog), rows);
    auto after = std::make_shared<Catalog>(*catalog);
    after->setCalibration(fitted);
    c.after = validateAll(Engine(after), rows);
    c.summaryBefore = summarize(c.before);
    c.summaryAfter = summarize(c.after);
    return c;
}

bool writeCalibrationFile(const QString& path, const QJsonObject& json, QString* error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(json).toJson(QJsonDocument::Indented)) < 0 ||
        !f.commit()) {
        *error = QCoreApplication::translate("is::UserCalibration", "%1: cannot write: %2")
                     .arg(path, f.errorString());
        return false;
    }
    return true;
}

QString userCalibrationPath(const QString& measurementsFile)
{
    return Catalog::userCatalogDir() + QStringLiteral("/calibration-") +
           QFileInfo(measurementsFile).completeBaseName() + QStringLiteral(".json");
}

std::shared_ptr<const Catalog> userCalibrationBase(const QString& measurementsFile, QStringList* warnings)
{
    return Catalog::load(warnings, userCalibrationPath(measurementsFile));
}

QString writeUserCalibration(const CalibrationFit& fit, const QString& measurementsFile, QString* error)
{
    // An overlay of the fitted families only; the catalog loads it over the built-in calibration.
    const QString dir = Catalog::userCatalogDir();
    if (!QDir().mkpath(dir)) {
        *error = QCoreApplication::translate("is::UserCalibration", "%1: cannot create").arg(dir);
        return {};
    }
    const QString path = userCalibrationPath(measurementsFile);
    if (!writeCalibrationFile(path, calibrationFitToJson(fit, QFileInfo(measurementsFile).fileName(), true),
                              error))
        return {};
    return path;
}

std::optional<FileSnapshot> snapshotFile(const QString& path, QString* error)
{
    FileSnapshot s;
    s.path = path;
    QFile f(path);
    if (!f.exists())
        return s;
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QCoreApplication::translate("is::UserCalibration", "%1: cannot read: %2")
                     .arg(path, f.errorString());
        return std::nullopt;
    }
    s.existed = true;
    s.content = f.readAll();
    return s;
}

bool restoreFile(const FileSnapshot& snapshot, QString* error)
{
    if (!snapshot.existed) {
        QFile f(snapshot.path);
        if (f.exists() && !f.remove()) {
            *error = QCoreApplication::translate("is::UserCalibration", "%1: cannot remove: %2")
                         .arg(snapshot.path, f.errorString());
            return false;
        }
        return true;
    }
    QSaveFile f(snapshot.path);
    if (!f.open(QIODevice::WriteOnly) || f.write(snapshot.content) < 0 || !f.commit()) {
        *error = QCoreApplication::translate("is::UserCalibration", "%1: cannot write: %2")
                     .arg(snapshot.path, f.errorString());
        return false;
    }
    return true;
}

std::shared_ptr<const Catalog> catalogWithOverlay(const Catalog& base, const QString& path, QString* error)
{
    auto catalog = std::make_shared<Catalog>(base);
    if (!catalog->loadFile(path, error))
        return nullptr;
    return catalog;
}

} // namespace is
