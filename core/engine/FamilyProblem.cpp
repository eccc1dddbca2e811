// SPDX-License-Identifier: MIT
#include "engine/FamilyProblem.h"

#include <algorithm>

namespace is::detail {

namespace {
// Scale of the robust loss: errors well below 5 % count quadratically, larger ones linearly.
// Checked by cross-validation (resources/CALIBRATION.md): 2 % and 10 % both predict worse.
constexpr double kLossScale = 0.05;
} // namespace

double toUnit(const CalibrationParameter& p, double v)
{
    v = std::clamp(v, p.lo, p.hi);
    if (p.logScale)
        return std::log(v / p.lo) / std::log(p.hi / p.lo);
    return (v - p.lo) / (p.hi - p.lo);
}

double fromUnit(const CalibrationParameter& p, double u)
{
    u = std::clamp(u, 0.0, 1.0);
    if (p.logScale)
        return p.lo * std::pow(p.hi / p.lo, u);
    return p.lo + u * (p.hi - p.lo);
}

bool ownsParameter(const std::vector<ScopedParameter>& params, const CalibrationParameter* p, int generation)
{
    return std::any_of(params.begin(), params.end(),
                       [&](const ScopedParameter& s) { return s.param == p && s.generation == generation; });
}

QString generationLabel(const std::vector<FamilyCalibration>& generations, int g)
{
    const auto i = static_cast<size_t>(g);
    const QString until = i + 1 < generations.size() ? generations[i + 1].fromDate : QString();
    return softwareGenerationLabel(generations[i].fromDate, until);
}

namespace {
// A family's generations as `calibration` has them; its assumptions, one generation without a date
// or rows, where it has none.
std::vector<FamilyCalibration> generationsIn(const Calibration& calibration, const QString& family)
{
    auto it = calibration.families().find(family);
    if (it != calibration.families().end() && !it->second.empty())
        return it->second;
    FamilyCalibration c = calibration.assumptions(family);
    c.fittedOn.clear();
    c.fromDate.clear();
    return {c};
}
} // namespace

FamilyProblem::FamilyProblem(const Catalog& catalog, QString family, std::vector<const MeasurementRow*> rows,
                             CalibrationBase base, const Calibration* beneath)
    : m_work(std::make_shared<Catalog>(catalog)), m_engine(m_work), m_inUse(catalog.calibration()),
      m_base(beneath ? *beneath : catalog.calibration()), m_family(std::move(family)), m_rows(std::move(rows))
{
    const FamilyCalibration& assumed = m_base.assumptions(m_family);
    m_generations = generationsIn(m_base, m_family);
    m_input = generationsIn(m_inUse, m_family);
    // From the assumptions, a constant the fit does not move is the family's assumption (its own
    // published one, else the "default" family's), not one an earlier fit (or a hand) set on these
    // or other rows: the output then depends on the rows alone, and a cross-validation fold cannot
    // inherit a value fitted on the rows it holds out. Values the family states (kind `assumed`)
    // stay.
    if (base == CalibrationBase::Assumptions)
        for (FamilyCalibration& g : m_generations)
            for (const CalibrationParameter& p : calibrationParameters())
                if ((g.*(p.member)).kind == SourceKind::Calibrated)
                    g.*(p.member) = assumed.*(p.member);
    // An older generation's own values are the fit's to set (fitOlderGenerations): it starts from
    // the newest generation's, so a fit run again on its own output lands where it did.
    for (size_t g = 0; g + 1 < m_generations.size(); ++g)
        for (const CalibrationParameter& p : calibrationParameters())
            (m_generations[g].*(p.member)).value = (m_generations.back().*(p.member)).value;
}

std::vector<FamilyCalibration> FamilyProblem::with(const std::vector<const CalibrationParameter*>& params,
                                                   const std::vector<double>& values) const
{
    std::vector<ScopedParameter> scoped;
    scoped.reserve(params.size());
    for (const CalibrationParameter* p : params)
        scoped.push_back({p, kEveryGeneration});
    return with(scoped, values);
}

std::vector<FamilyCalibration> FamilyProblem::with(const std::vector<ScopedParameter>& params,
                                                   const std::vector<double>& values) const
{
    std::vector<FamilyCalibration> g = m_generations;
    for (size_t gi = 0; gi < g.size(); ++gi)
        for (size_t i = 0; i < params.size(); ++i) {
            const bool own = params[i].generation == static_cast<int>(gi);
            const bool shared = params[i].generation == kEveryGeneration &&
                                !ownsParameter(params, params[i].param, static_cast<int>(gi));
            if (own || shared)
                (g[gi].*(params[i].param->member)).value = values[i];
        }
    return g;
}

double FamilyProblem::inputValue(const CalibrationParameter& p, int generation) const
{
    const size_t newest = m_input.size() - 1;
    const size_t g =
        generation == kEveryGeneration ? newest : std::min(static_cast<size_t>(generation), newest);
    return (m_input[g].*(p.member)).value;
}

int FamilyProblem::generationOf(const QString& date) const
{
    return static_cast<int>(generationIndex(m_generations, date));
}

void FamilyProblem::apply(std::vector<FamilyCalibration> generations)
{
    Calibration c = m_base;
    c.setFamily(m_family, std::move(generations));
    m_work->setCalibration(std::move(c));
}

std::vector<double> FamilyProblem::logErrors() const
{
    std::vector<double> out;
    out.reserve(m_rows.size());
    for (const MeasurementRow* r : m_rows) {
        const ValidationResult v = validateRow(m_engine, *r);
        out.push_back(v.evaluated && v.predicted > 0 ? std::log(v.predicted / r->value) : kMissLogError);
    }
    return out;
}

std::vector<ValidationResult> FamilyProblem::results() const
{
    std::vector<ValidationResult> out;
    out.reserve(m_rows.size());
    for (const MeasurementRow* r : m_rows)
        out.push_back(validateRow(m_engine, *r));
    return out;
}

double FamilyProblem::loss(const std::vector<double>& logErrors)
{
    if (logErrors.empty())
        return 0;
    double sum = 0;
    for (double r : logErrors)
        sum += kLossScale * (std::sqrt(1 + (r / kLossScale) * (r / kLossScale)) - 1);
    return sum / static_cast<double>(logErrors.size());
}

} // namespace is::detail
