// SPDX-License-Identifier: MIT
#include "engine/Calibrator.h"

#include "engine/FamilyProblem.h"
#include "hardware/Catalog.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <boost/random/sobol.hpp>
#include <boost/random/uniform_01.hpp>
#include <nlopt.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace is {

namespace {

// A constant is fitted only when moving it a fifth of its range changes the family's predictions
// by at least this much on average (log units: 1 %).
constexpr double kMinSensitivity = 0.01;
constexpr double kSensitivityStep = 0.2;
// Normalised distance from a bound at which a fitted value counts as sitting on it.
constexpr double kBoundTolerance = 0.01;
// A weak pull of the shared constants towards the fit's starting point (the family's assumptions),
// in loss units per unit distance squared (moving a constant across its whole range costs what a
// 0.3 % lower mean error gains): among nearly equal fits it picks the one nearest them. Chosen by
// leave-one-source-out cross-validation (resources/CALIBRATION.md).
constexpr double kPriorWeight = 3e-3;

using detail::FamilyProblem;
using detail::fromUnit;
using detail::generationLabel;
using detail::kEveryGeneration;
using detail::kMissLogError;
using detail::ownsParameter;
using detail::ScopedParameter;
using detail::toUnit;

// Counts the predictions of the rows with candidate constants for CalibrateOptions::progress
// and remembers a request to stop. Each family is budgeted the most it can make: the sensitivity
// probes (the starting point and two per constant) and the optimiser's evaluations.
class FitProgress
{
public:
    // `scopes`: the most software generations a family has (each older one may try every
    // constant in a fit of its own, fitOlderGenerations).
    FitProgress(const CalibrateOptions& options, int families, int scopes)
        : m_callback(options.progress), m_perFamily(1 +
                                                    (2 + (scopes - 1) * descentsBudget(options)) *
                                                        static_cast<int>(calibrationParameters().size()) +
                                                    descentsBudget(options)),
          m_total(std::max(1, families) * m_perFamily)
    {
    }
    // One more prediction; false once the fit is to stop.
    bool step() { return report(m_done + 1); }
    // A family is finished, whatever part of its budget it used.
    bool familyDone(int index) { return report((index + 1) * m_perFamily); }
    bool stopped() const { return m_stopped; }

private:
    // The most predictions one minimise() makes: a budgeted descent from each starting point.
    static int descentsBudget(const CalibrateOptions& options)
    {
        return (1 + std::max(0, options.extraStarts)) * options.maxEvaluations;
    }

    bool report(int done)
    {
        m_done = std::min(done, m_total);
        if (!m_stopped && m_callback && !m_callback(m_done, m_total))
            m_stopped = true;
        return !m_stopped;
    }

    std::function<bool(int, int)> m_callback;
    int m_perFamily;
    int m_total;
    int m_done = 0;
    bool m_stopped = false;
};

struct Objective
{
    FamilyProblem* problem = nullptr;
    std::vector<ScopedParameter> params = {};
    FitProgress* progress = nullptr;
    nlopt_opt opt = nullptr;
    int evaluations = 0;
    // Constants already fitted that stay where they are while `params` move.
    std::vector<ScopedParameter> fixed = {};
    std::vector<double> fixedValues = {};
    // Where each of `params` starts (unit coordinates), and how hard the fit is pulled there:
    // kPriorWeight for the shared constants; none for an older generation's own, where the pull
    // would choose between constants by how far each moves rather than by the rows.
    std::vector<double> prior = {};
    double priorWeight = 0;
};

double objective(unsigned n, const double* u, double* grad, void* data)
{
    (void)grad; // derivative-free
    auto* o = static_cast<Objective*>(data);
    if (!o->progress->step()) {
        nlopt_force_stop(o->opt);
        return kMissLogError; // not used: the optimiser stops before the next step
    }
    std::vector<ScopedParameter> params = o->fixed;
    std::vector<double> values = o->fixedValues;
    for (unsigned i = 0; i < n; ++i) {
        params.push_back(o->params[i]);
        values.push_back(fromUnit(*o->params[i].param, u[i]));
    }
    o->problem->apply(o->problem->with(params, values));
    ++o->evaluations;
    double pull = 0;
    for (unsigned i = 0; i < n; ++i)
        pull += (u[i] - o->prior[i]) * (u[i] - o->prior[i]);
    return FamilyProblem::loss(o->problem->logErrors()) + o->priorWeight * pull;
}

// Minimises the objective from `x` (unit coordinates, updated to the best point found) and from
// options.extraStarts points spread evenly over the unit box (a Sobol sequence), deterministically;
// `x` is also where the prior pulls. Returns the objective at the best point.
double minimise(Objective& obj, std::vector<double>& x, const CalibrateOptions& options)
{
    const unsigned n = static_cast<unsigned>(x.size());
    obj.prior = x;
    nlopt_srand(20261201); // the local algorithms are deterministic; fixed for any that is not
    // BOBYQA builds a quadratic model inside the box; it needs two dimensions, Subplex does one.
    nlopt_opt opt = nlopt_create(n >= 2 ? NLOPT_LN_BOBYQA : NLOPT_LN_SBPLX, n);
    obj.opt = opt;
    nlopt_set_lower_bounds1(opt, 0.0);
    nlopt_set_upper_bounds1(opt, 1.0);
    nlopt_set_min_objective(opt, &objective, &obj);
    nlopt_set_xtol_abs1(opt, 1e-3);
    nlopt_set_ftol_abs(opt, 1e-6);
    nlopt_set_maxeval(opt, options.maxEvaluations);
    nlopt_set_initial_step1(opt, 0.1);
    double best = 0;
    nlopt_optimize(opt, x.data(), &best); // x holds the best point found whatever the return code
    boost::random::sobol spread(n);
    boost::random::uniform_01<double> unit;
    for (int start = 0; start < options.extraStarts && !obj.progress->stopped(); ++start) {
        std::vector<double> y(n);
        for (double& v : y)
            v = unit(spread);
        double value = 0;
        nlopt_optimize(opt, y.data(), &value);
        if (value < best) {
            best = value;
            x = y;
        }
    }
    nlopt_destroy(opt);
    return best;
}

// Stored in the calibration file, so not translated: a file reads the same in every language.
QString sourceText(const FamilyFit& f, const QString& sourceName)
{
    return QStringLiteral("fitted by inference-studio calibrate on %1 (rows %2)")
        .arg(sourceName, f.rows.join(QStringLiteral(", ")));
}

// An older software generation with rows of its own may need its own value of a constant: its
// software reached a different one on the same chips (Cerebras' August 2024 software ran 70 B
// three times slower than October's on the same wafers). With the shared constants fitted, each
// such generation takes, one at a time and at most one per kRowsPerFittedConstant of its rows,
// the constant of its own that explains its rows best (a one-dimensional fit per candidate, kept
// only where it lowers their loss). The newest generation, which the studio uses, keeps the
// shared values. Appends to obj.params / x / sourceIndex; false when the fit was stopped.
bool fitOlderGenerations(FamilyProblem& problem, const std::vector<const MeasurementRow*>& usable,
                         const std::vector<const CalibrationParameter*>& all,
                         const std::vector<double>& startUnit, Objective& obj, std::vector<double>& x,
                         std::vector<int>& sourceIndex, const CalibrateOptions& options)
{
    constexpr double kMinGain = 1e-3; // loss units: a constant that explains less is not worth fitting
    for (size_t g = 0; g + 1 < problem.generations().size(); ++g) {
        const int generation = static_cast<int>(g);
        std::vector<const MeasurementRow*> own;
        for (const MeasurementRow* r : usable)
            if (problem.generationOf(r->date) == generation)
                own.push_back(r);
        problem.setRows(own);
        for (size_t k = 0; k < own.size() / kRowsPerFittedConstant; ++k) {
            Objective trial{.problem = &problem, .progress = obj.progress};
            trial.fixed = obj.params;
            for (size_t i = 0; i < x.size(); ++i)
                trial.fixedValues.push_back(fromUnit(*obj.params[i].param, x[i]));
            problem.apply(problem.with(trial.fixed, trial.fixedValues));
            double bestLoss = FamilyProblem::loss(problem.logErrors()) - kMinGain;
            int best = -1;
            double bestUnit = 0;
            for (size_t i = 0; i < all.size(); ++i) {
                if (ownsParameter(obj.params, all[i], generation))
                    continue;
                trial.params = {{all[i], generation}};
                std::vector<double> u{startUnit[i]};
                const double loss = minimise(trial, u, options);
                if (obj.progress->stopped())
                    return false;
                if (loss < bestLoss) {
                    bestLoss = loss;
                    best = static_cast<int>(i);
                    bestUnit = u[0];
                }
            }
            if (best < 0)
                break;
            obj.params.push_back({all[static_cast<size_t>(best)], generation});
            x.push_back(bestUnit);
            sourceIndex.push_back(best);
        }
    }
    problem.setRows(usable);
    return true;
}

// Where a family's fit starts. From the assumptions: the family's assumptions (FamilyProblem has
// already put them in place of every constant an earlier fit set; one the family states, such as
// Cerebras' compute efficiency, stays), which a family with too few rows keeps. An overlay: the
// shipped calibration, the built-in catalog's, which no overlay replaces (a family only a user's
// catalog has: its assumptions). A user's few rows then move the constants they pin from values
// fitted on the published rows, and a constant they barely pin there is not fitted: from the
// generic 4 us per kernel, six offline rows of a 20 % slower H100 took Hopper's kernel time to its
// 20 us bound and its single streams 2-2.9x slower (resources/CALIBRATION.md).
const FamilyCalibration& startOf(const Catalog& catalog, const QString& family, const FamilyProblem& problem,
                                 CalibrationBase base)
{
    if (base == CalibrationBase::Assumptions)
        return problem.generations().back();
    const Calibration& builtin = Catalog::builtin()->calibration();
    return builtin.families().contains(family) ? builtin.family(family)
                                               : catalog.calibration().assumptions(family);
}

FamilyFit fitFamily(const Catalog& catalog, const QString& family,
                    const std::vector<const MeasurementRow*>& rows, const CalibrateOptions& options,
                    FitProgress& progress, std::vector<FamilyCalibration>* fitted)
{
    FamilyFit fit;
    fit.family = family;
    fit.familyName = catalog.familyName(family);
    FamilyProblem problem(catalog, family, rows, options.base,
                          options.overlayBase ? &options.overlayBase->calibration() : nullptr);
    *fitted = problem.generations();

    // Rows the engine cannot evaluate with the input calibration take no part (and are listed).
    problem.applyInput();
    std::vector<const MeasurementRow*> usable;
    {
        const std::vector<ValidationResult> before = problem.results();
        for (size_t i = 0; i < rows.size(); ++i) {
            if (before[i].evaluated)
                usable.push_back(rows[i]);
            else
                fit.excluded << rows[i]->id + QStringLiteral(": ") + before[i].skipReason;
        }
        fit.before = summarize(before);
    }
    problem.setRows(usable);
    for (const MeasurementRow* r : usable)
        fit.rows << r->id;
    fit.lossBefore = FamilyProblem::loss(problem.logErrors());

    // The search starts where it is pulled and where the rows' sensitivity is probed (startOf):
    // the family's assumptions for a file, the shipped calibration for an overlay. Either way,
    // never from the values being replaced, so a fit run again on its own output lands where it did.
    const FamilyCalibration& from = startOf(catalog, family, problem, options.base);
    std::vector<const CalibrationParameter*> all;
    std::vector<double> startUnit;
    for (const CalibrationParameter& p : calibrationParameters()) {
        all.push_back(&p);
        startUnit.push_back(toUnit(p, (from.*(p.member)).value));
    }
    auto valuesAt = [&](const std::vector<double>& unit) {
        std::vector<double> v;
        for (size_t i = 0; i < all.size(); ++i)
            v.push_back(fromUnit(*all[i], unit[i]));
        return v;
    };
    const std::vector<double> startValues = valuesAt(startUnit);
    const std::vector<FamilyCalibration> start = problem.with(all, startValues);

    auto keep = [&](const QString& why) {
        fit.why = why;
        if (options.untrainedUsesStart)
            *fitted = start;
        fit.after = fit.before;
        fit.lossAfter = fit.lossBefore;
        return fit;
    };
    const int maxConstants = static_cast<int>(usable.size()) / kRowsPerFittedConstant;
    if (maxConstants < 1)
        return keep(
            QCoreApplication::translate(
                "is::Calibrator", "too few rows: %1 the engine can evaluate, %2 per fitted constant needed")
                .arg(usable.size())
                .arg(kRowsPerFittedConstant));

    // Which constants the rows are sensitive to, at the starting point. A stopped fit returns
    // what it has; calibrate() discards it.
    problem.apply(start);
    if (!progress.step())
        return fit;
    const std::vector<double> base = problem.logErrors();
    struct Candidate
    {
        size_t index;
        double sensitivity;
    };
    std::vector<Candidate> candidates;
    for (size_t i = 0; i < all.size(); ++i) {
        double s = 0;
        for (double sign : {-1.0, 1.0}) {
            std::vector<double> unit = startUnit;
            unit[i] = std::clamp(unit[i] + sign * kSensitivityStep, 0.0, 1.0);
            if (unit[i] == startUnit[i])
                continue;
            if (!progress.step())
                return fit;
            problem.apply(problem.with(all, valuesAt(unit)));
            const std::vector<double> moved = problem.logErrors();
            double sum = 0;
            for (size_t r = 0; r < moved.size(); ++r)
                sum += std::abs(moved[r] - base[r]);
            s = std::max(s, sum / static_cast<double>(moved.size()));
        }
        if (s >= kMinSensitivity)
            candidates.push_back({i, s});
    }
    if (candidates.empty())
        return keep(
            QCoreApplication::translate("is::Calibrator", "the rows are not sensitive to any constant"));
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const Candidate& a, const Candidate& b) { return a.sensitivity > b.sensitivity; });
    if (static_cast<int>(candidates.size()) > maxConstants)
        candidates.resize(static_cast<size_t>(maxConstants));
    // Table order, so that the output reads the same way whatever the ranking.
    std::sort(candidates.begin(), candidates.end(),
              [](const Candidate& a, const Candidate& b) { return a.index < b.index; });

    Objective obj{.problem = &problem, .progress = &progress, .priorWeight = kPriorWeight};
    std::vector<double> x;
    for (const Candidate& c : candidates) {
        obj.params.push_back({all[c.index], kEveryGeneration});
        x.push_back(startUnit[c.index]);
    }
    minimise(obj, x, options);
    fit.evaluations = obj.evaluations;
    if (progress.stopped())
        return fit;
    std::vector<int> sourceIndex;
    sourceIndex.reserve(candidates.size());
    for (const Candidate& c : candidates)
        sourceIndex.push_back(static_cast<int>(c.index));
    // The shared values stay as fitted on all rows (refitting them jointly with an older
    // generation's own constants made the cross-validated Cerebras figures worse: 46 % against
    // 38 %); the robust loss keeps a few older rows from pulling them far.
    if (!fitOlderGenerations(problem, usable, all, startUnit, obj, x, sourceIndex, options))
        return fit;
    const unsigned n = static_cast<unsigned>(x.size());

    std::vector<double> values;
    for (unsigned i = 0; i < n; ++i) {
        const CalibrationParameter& p = *obj.params[i].param;
        const int generation = obj.params[i].generation;
        FittedConstant fc;
        fc.key = QLatin1String(p.key);
        if (generation != kEveryGeneration) {
            const auto g = static_cast<size_t>(generation);
            fc.generationFrom = problem.generations()[g].fromDate;
            // fitOlderGenerations gives own constants only to generations with a newer one after.
            fc.generationUntil = problem.generations()[g + 1].fromDate;
        }
        fc.before = problem.inputValue(p, generation);
        fc.start = fromUnit(p, startUnit[static_cast<size_t>(sourceIndex[i])]);
        fc.after = fromUnit(p, x[i]);
        fc.lo = p.lo;
        fc.hi = p.hi;
        fc.sensitivity = i < candidates.size() ? candidates[i].sensitivity : 0.0;
        if (x[i] <= kBoundTolerance)
            fc.boundHit = QStringLiteral("lower");
        else if (x[i] >= 1 - kBoundTolerance)
            fc.boundHit = QStringLiteral("upper");
        fit.constants.push_back(fc);
        values.push_back(fc.after);
    }
    *fitted = problem.with(obj.params, values);
    const QString source = sourceText(fit, options.sourceName);
    for (size_t g = 0; g < fitted->size(); ++g) {
        FamilyCalibration& c = (*fitted)[g];
        for (const ScopedParameter& p : obj.params) {
            if (p.generation != kEveryGeneration && p.generation != static_cast<int>(g))
                continue;
            if (p.generation == kEveryGeneration && ownsParameter(obj.params, p.param, static_cast<int>(g)))
                continue;
            QStringList generationRows;
            for (const MeasurementRow* r : usable)
                if (problem.generationOf(r->date) == p.generation)
                    generationRows << r->id;
            (c.*(p.param->member)).source =
                p.generation == kEveryGeneration
                    ? source
                    : QStringLiteral("fitted by inference-studio calibrate on %1 (rows %2: software %3)")
                          .arg(options.sourceName, generationRows.join(QStringLiteral(", ")),
                               generationLabel(*fitted, p.generation));
            (c.*(p.param->member)).kind = SourceKind::Calibrated;
        }
        if (g == 0)
            c.fittedOn = fit.rows;
    }
    problem.setRows(rows);
    problem.apply(*fitted);
    fit.after = summarize(problem.results());
    problem.setRows(usable);
    fit.lossAfter = FamilyProblem::loss(problem.logErrors());
    fit.fitted = true;
    return fit;
}

} // namespace

QString softwareGenerationLabel(const QString& from, const QString& until)
{
    if (until.isEmpty())
        return {};
    return from.isEmpty() ? QStringLiteral("before %1").arg(until)
                          : QStringLiteral("from %1 before %2").arg(from, until);
}

CalibrationFit calibrate(const std::shared_ptr<const Catalog>& catalog,
                         const std::vector<MeasurementRow>& rows, const CalibrateOptions& options)
{
    std::map<QString, std::vector<const MeasurementRow*>> byFamily;
    for (const MeasurementRow& r : rows) {
        const Device* d = catalog->device(r.device);
        if (d && (options.family.isEmpty() || d->family == options.family))
            byFamily[d->family].push_back(&r);
    }
    CalibrationFit out;
    out.calibration = (options.overlayBase ? options.overlayBase : catalog)->calibration();
    if (!options.family.isEmpty() && byFamily.empty())
        byFamily[options.family] = {};
    int scopes = 1;
    for (const auto& [family, generations] : catalog->calibration().families())
        if (byFamily.count(family))
            scopes = std::max(scopes, static_cast<int>(generations.size()));
    FitProgress progress(options, static_cast<int>(byFamily.size()), scopes);
    int index = 0;
    for (const auto& [family, familyRows] : byFamily) {
        std::vector<FamilyCalibration> fitted;
        FamilyFit fit = fitFamily(*catalog, family, familyRows, options, progress, &fitted);
        if (progress.stopped() || !progress.familyDone(index++)) {
            out.stopped = true;
            return out;
        }
        out.families.push_back(std::move(fit));
        if (out.families.back().fitted || options.untrainedUsesStart)
            out.calibration.setFamily(family, std::move(fitted));
    }
    return out;
}

} // namespace is
