// SPDX-License-Identifier: MIT
#include "engine/CrossValidation.h"

#include "engine/Calibrator.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QThreadPool>

#include <set>

namespace is {

namespace {

std::vector<ValidationResult> pick(const std::vector<ValidationResult>& all,
                                   const std::vector<QString>& family, const QString& f)
{
    std::vector<ValidationResult> out;
    for (size_t i = 0; i < all.size(); ++i)
        if (family[i] == f)
            out.push_back(all[i]);
    return out;
}

double share(int count, int of)
{
    return of > 0 ? static_cast<double>(count) / of : 0.0;
}

// The cross-validated figures' keys, beside validate's in-sample ones in each summary object.
const QLatin1String kCvEvaluated("cv_evaluated");
const QLatin1String kCvMedianApe("cv_median_ape");
const QLatin1String kCvMape("cv_mape");
const QLatin1String kCvWithin2x("cv_within_2x");
const QLatin1String kCvWithin2xShare("cv_within_2x_share");
const QLatin1String kCvFolds("cv_folds");

QString missing(const QString& field)
{
    return QCoreApplication::translate("is::CrossValidation", "%1: missing or not a number").arg(field);
}

// One summary object's cross-validated figures; `where` names it in an error.
std::optional<ValidationSummary> cvSummaryFrom(const QJsonObject& o, const QString& where, QString* error)
{
    for (const QLatin1String key : {kCvEvaluated, kCvMedianApe, kCvMape, kCvWithin2x})
        if (!o.value(key).isDouble()) {
            if (error)
                *error = missing(where + QLatin1Char('.') + key);
            return std::nullopt;
        }
    ValidationSummary s;
    s.evaluated = o.value(kCvEvaluated).toInt();
    s.rows = o.value(QLatin1String("rows")).toInt(s.evaluated);
    s.skipped = s.rows - s.evaluated;
    s.medianApe = o.value(kCvMedianApe).toDouble();
    s.mape = o.value(kCvMape).toDouble();
    s.within2x = o.value(kCvWithin2x).toInt();
    return s;
}

} // namespace

CrossValidation crossValidate(const std::shared_ptr<const Catalog>& catalog,
                              const std::vector<MeasurementRow>& rows)
{
    CrossValidation cv;
    const Engine engine(catalog);
    cv.inSample = validateAll(engine, rows);
    cv.held = cv.inSample;
    for (const MeasurementRow& r : rows) {
        const Device* d = catalog->device(r.device);
        cv.family.push_back(d ? d->family : QString());
    }
    std::set<QString> families(cv.family.begin(), cv.family.end());
    families.erase(QString()); // rows on an unknown device belong to no family and are not refitted
    // One fold per (family, source): refit the family without that source's rows, predict them.
    struct Fold
    {
        QString family;
        QString source;
    };
    std::vector<Fold> folds;
    for (const QString& f : families) {
        std::set<QString> sources;
        for (size_t i = 0; i < rows.size(); ++i)
            if (cv.family[i] == f)
                sources.insert(rows[i].source);
        for (const QString& s : sources)
            folds.push_back({f, s});
    }
    // The folds share nothing but the read-only catalog and each writes only its own rows'
    // results, so they run side by side, one per core: a fit takes seconds and there are dozens.
    auto runFold = [&](const Fold& fold) {
        std::vector<MeasurementRow> training;
        for (size_t i = 0; i < rows.size(); ++i)
            if (cv.family[i] == fold.family && rows[i].source != fold.source)
                training.push_back(rows[i]);
        CalibrateOptions options;
        options.family = fold.family;
        options.untrainedUsesStart = true;
        options.sourceName = QStringLiteral("cross-validation");
        const CalibrationFit fit = calibrate(catalog, training, options);
        auto refitted = std::make_shared<Catalog>(*catalog);
        refitted->setCalibration(fit.calibration);
        const Engine foldEngine(refitted);
        for (size_t i = 0; i < rows.size(); ++i)
            if (cv.family[i] == fold.family && rows[i].source == fold.source)
                cv.held[i] = validateRow(foldEngine, rows[i]);
    };
    QThreadPool pool; // its own pool, so waiting for it waits for these folds only
    for (const Fold& fold : folds)
        pool.start([&runFold, &fold] { runFold(fold); });
    pool.waitForDone();
    cv.folds = static_cast<int>(folds.size());
    for (const QString& f : families) {
        cv.familyInSample[f] = summarize(pick(cv.inSample, cv.family, f));
        cv.familyHeld[f] = summarize(pick(cv.held, cv.family, f));
    }
    cv.inSampleSummary = summarize(cv.inSample);
    cv.heldSummary = summarize(cv.held);
    return cv;
}

void addCrossValidationToJson(QJsonObject& validation, const CrossValidation& cv)
{
    auto addCv = [](QJsonObject& o, const ValidationSummary& s) {
        o.insert(kCvEvaluated, s.evaluated);
        o.insert(kCvMedianApe, s.medianApe);
        o.insert(kCvMape, s.mape);
        o.insert(kCvWithin2x, s.within2x);
        o.insert(kCvWithin2xShare, share(s.within2x, s.evaluated));
    };
    QJsonObject summary = validation.value(QStringLiteral("summary")).toObject();
    addCv(summary, cv.heldSummary);
    summary.insert(kCvFolds, cv.folds);
    QJsonObject families = summary.value(QStringLiteral("families")).toObject();
    for (const auto& [f, held] : cv.familyHeld) {
        QJsonObject o = families.value(f).toObject();
        const ValidationSummary& in = cv.familyInSample.at(f);
        // In-sample figures under validate's own names, where validate has not put them already.
        const QJsonObject inSample{{QStringLiteral("rows"), in.rows},
                                   {QStringLiteral("evaluated"), in.evaluated},
                                   {QStringLiteral("median_ape"), in.medianApe},
                                   {QStringLiteral("mape"), in.mape},
                                   {QStringLiteral("within_2x"), in.within2x},
                                   {QStringLiteral("within_2x_share"), share(in.within2x, in.evaluated)}};
        for (auto it = inSample.begin(); it != inSample.end(); ++it)
            if (!o.contains(it.key()))
                o.insert(it.key(), it.value());
        addCv(o, held);
        families.insert(f, o);
    }
    summary.insert(QStringLiteral("families"), families);
    validation.insert(QStringLiteral("summary"), summary);
    QJsonArray out;
    const QJsonArray rows = validation.value(QStringLiteral("rows")).toArray();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        QJsonObject o = rows.at(i).toObject();
        const auto k = static_cast<size_t>(i);
        if (k < cv.held.size() && cv.held[k].evaluated) {
            o.insert(QStringLiteral("cv_predicted"), cv.held[k].predicted);
            o.insert(QStringLiteral("cv_ape"), cv.held[k].ape);
        } else {
            o.insert(QStringLiteral("cv_predicted"), QJsonValue());
            o.insert(QStringLiteral("cv_ape"), QJsonValue());
        }
        out.append(o);
    }
    validation.insert(QStringLiteral("rows"), out);
}

std::optional<CrossValidationFigures> crossValidationFromJson(const QJsonObject& validation, QString* error)
{
    const QJsonObject summary = validation.value(QLatin1String("summary")).toObject();
    CrossValidationFigures figures;
    if (!summary.value(kCvFolds).isDouble()) {
        if (error)
            *error = missing(QStringLiteral("summary.") + kCvFolds);
        return std::nullopt;
    }
    figures.folds = summary.value(kCvFolds).toInt();
    auto all = cvSummaryFrom(summary, QStringLiteral("summary"), error);
    if (!all)
        return std::nullopt;
    figures.all = *all;
    const QJsonObject families = summary.value(QLatin1String("families")).toObject();
    for (auto it = families.begin(); it != families.end(); ++it) {
        auto s = cvSummaryFrom(it.value().toObject(), QStringLiteral("summary.families.") + it.key(), error);
        if (!s)
            return std::nullopt;
        figures.families[it.key()] = *s;
    }
    return figures;
}

QString shippedCrossValidationPath()
{
    return QStringLiteral(":/validation/cross-validation.json");
}

std::optional<CrossValidationFigures> loadShippedCrossValidation(QString* error)
{
    QFile f(shippedCrossValidationPath());
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(f.fileName(), f.errorString());
        return std::nullopt;
    }
    QJsonParseError parse{};
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &parse);
    if (!doc.isObject()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(f.fileName(), parse.errorString());
        return std::nullopt;
    }
    QString why;
    auto figures = crossValidationFromJson(doc.object(), &why);
    if (!figures && error)
        *error = QStringLiteral("%1: %2").arg(f.fileName(), why);
    return figures;
}

const std::optional<CrossValidationFigures>& shippedCrossValidation()
{
    static const std::optional<CrossValidationFigures> shipped = loadShippedCrossValidation(nullptr);
    return shipped;
}

bool usesShippedCalibration(const Catalog& inUse, const QString& family)
{
    return inUse.calibration().toJson({family}) == Catalog::builtin()->calibration().toJson({family});
}

FamilyAccuracy familyAccuracy(const Catalog& inUse, const QString& family)
{
    const std::optional<CrossValidationFigures>& shipped = shippedCrossValidation();
    FamilyAccuracy a;
    if (!usesShippedCalibration(inUse, family)) {
        a.basis = FamilyAccuracy::Basis::OwnCalibration;
        return a;
    }
    if (shipped) {
        const auto it = shipped->families.find(family);
        if (it != shipped->families.end() && it->second.evaluated > 0) {
            a.basis = FamilyAccuracy::Basis::CrossValidated;
            a.crossValidated = it->second;
        }
    }
    return a;
}

} // namespace is
