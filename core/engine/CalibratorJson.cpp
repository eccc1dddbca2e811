// SPDX-License-Identifier: MIT
// The calibrator's results as JSON: the calibration file it writes and the fit's report
// (calibrate --json, the studio's calibration dialog).
#include "engine/Calibrator.h"

#include <QJsonArray>

namespace is {

QJsonObject calibrationFitToJson(const CalibrationFit& fit, const QString& sourceName,
                                 bool fittedFamiliesOnly)
{
    QStringList only;
    for (const FamilyFit& f : fit.families)
        if (f.fitted)
            only << f.family;
    if (fittedFamiliesOnly && only.isEmpty())
        only << QString(); // no family: an overlay with nothing in it
    QJsonObject o = fit.calibration.toJson(fittedFamiliesOnly ? only : QStringList());
    o.insert(QStringLiteral("kind"), sourceKindId(SourceKind::Calibrated));
    o.insert(QStringLiteral("source"), sourceName);
    return o;
}

QJsonObject calibrationSummaryToJson(const CalibrationFit& fit)
{
    auto summary = [](const ValidationSummary& s) {
        return QJsonObject{{QStringLiteral("evaluated"), s.evaluated},
                           {QStringLiteral("median_ape"), s.medianApe},
                           {QStringLiteral("mape"), s.mape},
                           {QStringLiteral("within_2x"), s.within2x},
                           {QStringLiteral("within_25pct"), s.within25pct}};
    };
    QJsonObject families;
    for (const FamilyFit& f : fit.families) {
        QJsonArray constants;
        for (const FittedConstant& c : f.constants)
            constants.append(QJsonObject{
                {QStringLiteral("key"), c.key},
                {QStringLiteral("before"), c.before},
                {QStringLiteral("start"), c.start},
                {QStringLiteral("after"), c.after},
                {QStringLiteral("min"), c.lo},
                {QStringLiteral("max"), c.hi},
                {QStringLiteral("bound_hit"), c.boundHit.isEmpty() ? QJsonValue() : QJsonValue(c.boundHit)},
                {QStringLiteral("sensitivity"), c.sensitivity},
                {QStringLiteral("generation"),
                 c.generation().isEmpty() ? QJsonValue() : QJsonValue(c.generation())}});
        QJsonObject o{{QStringLiteral("fitted"), f.fitted},
                      {QStringLiteral("rows"), QJsonArray::fromStringList(f.rows)},
                      {QStringLiteral("excluded"), QJsonArray::fromStringList(f.excluded)},
                      {QStringLiteral("constants"), constants},
                      {QStringLiteral("loss_before"), f.lossBefore},
                      {QStringLiteral("loss_after"), f.lossAfter},
                      {QStringLiteral("before"), summary(f.before)},
                      {QStringLiteral("after"), summary(f.after)},
                      {QStringLiteral("evaluations"), f.evaluations}};
        if (!f.why.isEmpty())
            o.insert(QStringLiteral("why"), f.why);
        families.insert(f.family, o);
    }
    return QJsonObject{{QStringLiteral("families"), families}};
}

} // namespace is
