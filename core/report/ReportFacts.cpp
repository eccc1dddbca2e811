// SPDX-License-Identifier: MIT
#include "report/ReportFacts.h"

#include "engine/Engine.h"
#include "hardware/Catalog.h"

namespace is {

std::optional<ReportFacts> gatherReportFacts(const Scenario& scenario, const Engine& engine, QString* error)
{
    ReportFacts f;
    f.scenario = scenario;
    auto resolved = resolveScenario(scenario, engine.catalog(), error);
    if (!resolved)
        return std::nullopt;
    f.resolved = std::move(*resolved);
    auto estimates = evaluateScenario(scenario, engine, error);
    if (!estimates)
        return std::nullopt;
    f.estimates = std::move(*estimates);
    f.analysis = analyseScenario(scenario, engine, defaultContextGrid());
    if (!f.analysis.error.isEmpty()) {
        if (error)
            *error = f.analysis.error;
        return std::nullopt;
    }
    f.citations = catalogCitations(f.resolved, engine.catalog(), &f.scenario.tco);
    QString csvError;
    if (const auto rows = loadMeasurementsFile(shippedMeasurementsPath(), &csvError)) {
        const auto results = validateAll(engine, *rows);
        f.validation = summarize(results);
        f.validationByFamily = summarizeByFamily(results);
    }
    for (const FamilySummary& fam : f.validationByFamily)
        if (!fam.family.isEmpty())
            f.accuracy[fam.family] = familyAccuracy(engine.catalog(), fam.family);
    if (shippedCrossValidation() && f.ownCalibration().isEmpty())
        f.crossValidated = shippedCrossValidation()->all;
    if (const auto rows = loadMeasurementsFile(shippedHeldOutPath(), &csvError)) {
        const auto results = validateAll(engine, *rows);
        f.heldOut = summarize(results);
        f.heldOutByFamily = summarizeByFamily(results);
    }
    for (const auto* byFamily : {&f.validationByFamily, &f.heldOutByFamily})
        for (const FamilySummary& fam : *byFamily)
            f.familyNames[fam.family] = engine.catalog().familyName(fam.family);
    QString claimsError;
    if (const auto claims = audit::loadBuiltInClaims(&claimsError))
        f.claims = audit::auditClaims(*claims, engine);
    return f;
}

QStringList ReportFacts::ownCalibration() const
{
    QStringList own;
    for (const auto& [family, a] : accuracy)
        if (a.basis == FamilyAccuracy::Basis::OwnCalibration)
            own << family;
    return own;
}

QString ReportFacts::familyName(const QString& family) const
{
    const auto it = familyNames.find(family);
    return it == familyNames.end() ? family : it->second;
}

} // namespace is
