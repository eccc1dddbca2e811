// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Validation.h"
#include "hardware/Calibration.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace is {

class Catalog;

// One family constant a fit may move: its key in calibration.json, the member it sets and its
// physical range (resources/CALIBRATION.md states the same ranges; this table is where the code
// reads them). Ranges spanning orders of magnitude are searched on a log scale.
struct CalibrationParameter
{
    const char* key;
    Sourced FamilyCalibration::*member;
    double lo;
    double hi;
    bool logScale;
    const char* name; // what people call it, untranslated (calibrationParameterName)
};
const std::vector<CalibrationParameter>& calibrationParameters();
const CalibrationParameter* calibrationParameter(const QString& key);
// A constant's name in the user's language ("Compute efficiency"); the key itself for a key no
// constant has.
QString calibrationParameterName(const QString& key);

// Every row's device, model, precision, speculative method, scenario and metric must be known to
// the catalog: a fit on rows it cannot read would be a fit on fewer rows than the user gave.
// The error names the file, the line and the field.
bool checkMeasurements(const Catalog& catalog, const std::vector<MeasurementRow>& rows, const QString& origin,
                       QString* error);

// A software generation by its dates, as the calibration file and the command line name it:
// "before 2024-10" for the oldest, "from 2024-10 before 2025-06" for a later one; empty without an
// end (the newest, whose values every generation shares unless an older one fits its own).
QString softwareGenerationLabel(const QString& from, const QString& until);

struct FittedConstant
{
    QString key;
    // The older software generation with a value of its own, by its dates ("2024-10"; from is
    // empty for the oldest); both empty for a value every generation shares.
    QString generationFrom;
    QString generationUntil;
    double before = 0; // the value the input calibration had
    double start = 0;  // where the search began (see CalibrationBase), inside the range
    double after = 0;
    double lo = 0;
    double hi = 0;
    QString boundHit;       // "", "lower" or "upper"
    double sensitivity = 0; // mean |change of log prediction| when the constant moves a fifth of its range

    // "before 2024-10", "from 2024-10 before 2025-06"; empty for a shared value. English, as the
    // calibration file and the command line write it.
    QString generation() const { return softwareGenerationLabel(generationFrom, generationUntil); }
};

struct FamilyFit
{
    QString family;
    QString familyName; // what the catalog calls it (Catalog::familyName), for people
    bool fitted = false;
    QString why;          // why the family kept its constants (too few rows, nothing sensitive)
    QStringList rows;     // ids the fit used
    QStringList excluded; // "id: reason" for rows the engine could not evaluate
    std::vector<FittedConstant> constants;
    double lossBefore = 0; // robust mean of |log(predicted / measured)| with the input calibration
    double lossAfter = 0;
    ValidationSummary before; // the family's rows with the input calibration
    ValidationSummary after;  // ... and with the fitted one
    int evaluations = 0;      // objective evaluations the optimiser used
};

struct CalibrationFit
{
    std::vector<FamilyFit> families;
    Calibration calibration; // the input calibration with the fitted families replaced
    bool stopped = false;    // CalibrateOptions::progress asked to stop: the fit is incomplete
};

// What a fit starts from and leaves the constants it does not move at.
enum class CalibrationBase {
    // The family's stated assumptions: every constant the catalog has as `calibrated` goes back to
    // the family's assumed value (Calibration::assumptions) first, so the fit depends on its rows
    // alone. How resources/calibration.json is made, and what cross-validation repeats without the
    // rows it holds out (a fold that kept a constant fitted on all rows would have seen them).
    Assumptions,
    // The calibration in use: the constants the fit does not move keep their values, and the
    // ones it fits start from the shipped calibration (the built-in catalog's). A user's overlay
    // adjusts the shipped calibration to a few rows of their own.
    Current,
};

struct CalibrateOptions
{
    QString family; // fit only this family (empty: every family with rows)
    CalibrationBase base = CalibrationBase::Assumptions;
    // An overlay's: the catalog it will sit on, the one in use without the overlay the fit
    // replaces (userCalibrationBase()). The constants the fit does not move keep its values, and
    // the families it does not fit are its. Without it they are the input catalog's, and a refit
    // of a changed file under the same name kept a value the overlay it replaces had fitted.
    // The "before" figures are always the input catalog's: what is in use.
    std::shared_ptr<const Catalog> overlayBase;
    QString sourceName; // what the fitted values cite ("measurements.csv")
    // Cross-validation: a family with too few training rows predicts with the search's starting
    // point, not with constants that may have been fitted on the very rows held out.
    bool untrainedUsesStart = false;
    int maxEvaluations = 120; // per descent
    // The loss is flat along some directions (a faster chip with more per-step overhead explains
    // the same rows) and has several local minima, so one descent from the starting point can
    // stop in a poor one: the fit also descends from this many more starting points, spread
    // evenly over the constants' ranges, and keeps the best (resources/CALIBRATION.md).
    int extraStarts = 8;
    // Called on the fitting thread before each prediction of the rows with candidate constants:
    // (work done, work in all), in those predictions, the most a fit can make. Returning false
    // stops the fit at once (CalibrationFit::stopped); the studio's Cancel. Empty: runs through.
    std::function<bool(int done, int total)> progress;
};

// The fitted rows per constant: a family fits at most one constant per this many rows.
inline constexpr int kRowsPerFittedConstant = 2;

// Fits each family's sensitive constants to its rows by a bounded derivative-free optimiser
// (NLopt) on the robust mean of |log(predicted / measured)|. Predictions come from the engine's
// own evaluation path (validateRow) with the candidate constants injected into a copy of the
// catalog's calibration, so the fit follows whatever physics the engine has.
CalibrationFit calibrate(const std::shared_ptr<const Catalog>& catalog,
                         const std::vector<MeasurementRow>& rows, const CalibrateOptions& options);

// The fit as a calibration file in the format of resources/calibration.json (Calibration::toJson of
// the calibration in effect after the fit) with "kind": "calibrated" and the measurements file it
// was fitted on. `fittedFamiliesOnly`: only the fitted families, an overlay for the user catalog.
QJsonObject calibrationFitToJson(const CalibrationFit& fit, const QString& sourceName,
                                 bool fittedFamiliesOnly = false);
// Per family: constants before and after, bound hits, rows, error before and after.
QJsonObject calibrationSummaryToJson(const CalibrationFit& fit);

} // namespace is
