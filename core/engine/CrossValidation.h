// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Validation.h"

#include <QJsonObject>
#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace is {

class Catalog;

// Leave-one-source-out within each device family: for every source (the `source` column) the
// family's constants are refitted (calibrate) without that source's rows, which are then
// predicted. How the engine does on measurements it was not fitted on.
struct CrossValidation
{
    std::vector<ValidationResult> inSample; // with the catalog's calibration, as validate gives
    std::vector<ValidationResult> held;     // the same rows, each predicted by a fit without its source
    std::vector<QString> family;            // per row; empty for a device the catalog lacks
    ValidationSummary inSampleSummary;
    ValidationSummary heldSummary;
    std::map<QString, ValidationSummary> familyInSample;
    std::map<QString, ValidationSummary> familyHeld;
    int folds = 0;
};

CrossValidation crossValidate(const std::shared_ptr<const Catalog>& catalog,
                              const std::vector<MeasurementRow>& rows);

// Adds the cross-validated figures to validate's JSON: summary.cv_median_ape, cv_mape, cv_within_2x
// (a count) and cv_within_2x_share, per family under summary.families (beside the in-sample
// figures, which it adds where absent), and cv_predicted / cv_ape per row.
void addCrossValidationToJson(QJsonObject& validation, const CrossValidation& cv);

// The cross-validated figures of validate's JSON, read back: overall and per family, each as the
// summary of the rows predicted by fits without their source.
struct CrossValidationFigures
{
    int folds = 0;
    ValidationSummary all;
    std::map<QString, ValidationSummary> families;
};

// Fails, naming the missing field, on JSON that addCrossValidationToJson() did not write.
std::optional<CrossValidationFigures> crossValidationFromJson(const QJsonObject& validation, QString* error);

// `inference-studio validate --cross-validate --json` on the shipped measurements with the shipped
// calibration (resources/validation/cross-validation.json): a fresh one takes dozens of refits, so
// the report quotes this one, and tst_validation checks that it is still what the engine gives.
QString shippedCrossValidationPath();
std::optional<CrossValidationFigures> loadShippedCrossValidation(QString* error);
// The same, read once for the process: every analysis and report quotes it. Nullopt only if the
// embedded file is broken, which tst_validation rules out.
const std::optional<CrossValidationFigures>& shippedCrossValidation();

// What a prediction for one device family is worth: the shipped cross-validation's figures for it,
// where the catalog in use calibrates the family as shipped.
struct FamilyAccuracy
{
    enum class Basis {
        CrossValidated, // `crossValidated` holds the family's figures
        OwnCalibration, // the user's overlay calibrates it: the shipped figures describe another fit
        NoMeasurements, // no shipped measurement is of this family: nothing checks its predictions
    };
    Basis basis = Basis::NoMeasurements;
    ValidationSummary crossValidated;
};

// Whether `inUse` calibrates `family` as the shipped calibration does (no user overlay moved it).
bool usesShippedCalibration(const Catalog& inUse, const QString& family);
FamilyAccuracy familyAccuracy(const Catalog& inUse, const QString& family);

} // namespace is
