// SPDX-License-Identifier: MIT
#pragma once

#include "analysis/ScenarioAnalysis.h"
#include "audit/Audit.h"
#include "cost/TcoAssumptions.h"
#include "engine/CrossValidation.h"
#include "engine/Validation.h"
#include "report/CatalogCitations.h"
#include "scenario/Scenario.h"

#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace is {

class Engine;

// Everything a report states beyond the charts, computed by the engine in one place so that the
// studio (on a worker thread) and `inference-studio report` print the same numbers as
// `estimate --json` and `validate` for the same scenario and catalog.
struct ReportFacts
{
    Scenario scenario;
    ScenarioAnalysis analysis;               // what the charts and the comparison table draw
    std::vector<DeploymentResult> estimates; // `estimate --json`'s figures
    std::vector<ResolvedDeployment> resolved;
    std::vector<CatalogCitation> citations;
    // How the engine does on the published measurements shipped with it: on the rows its
    // calibration was fitted on (in-sample, with the calibration in use) ...
    ValidationSummary validation;
    std::vector<FamilySummary> validationByFamily;
    // ... on the same rows, each predicted by a fit without its source (the shipped
    // cross-validation), per family where the family is calibrated as shipped (FamilyAccuracy says
    // why not otherwise: an overlay from "Calibrate from my measurements" describes another fit) ...
    std::map<QString, FamilyAccuracy> accuracy;
    // ... and over all rows, where every family is calibrated as shipped ...
    std::optional<ValidationSummary> crossValidated;
    // ... and on newer published results that no fit reads (the held-out set).
    ValidationSummary heldOut;
    std::vector<FamilySummary> heldOutByFamily;
    // Every seed-article claim with the engine's verdict, as `audit --json` gives them: the
    // claims are about the same devices whatever scenario the report is of, so all are listed.
    std::vector<audit::ClaimVerdict> claims;
    // What the catalog calls each family of the tables above (Catalog::familyName).
    std::map<QString, QString> familyNames;

    // The families of `validationByFamily` that run on the user's own calibration (ids).
    QStringList ownCalibration() const;
    // A family's display name; its id where the catalog names none.
    QString familyName(const QString& family) const;
};

// Fails (with the field named, as `estimate` does) when the scenario does not resolve against the
// engine's catalog or its cost assumptions are invalid.
std::optional<ReportFacts> gatherReportFacts(const Scenario& scenario, const Engine& engine, QString* error);

} // namespace is
