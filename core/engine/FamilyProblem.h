// SPDX-License-Identifier: MIT
#pragma once

// What calibrate() minimises for one device family: the family's rows predicted through the
// engine's own evaluation path with candidate constants, and the robust loss of their log errors.
// The optimiser and the choice of constants are Calibrator.cpp's.
#include "engine/Calibrator.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"

#include <cmath>
#include <memory>
#include <vector>

namespace is::detail {

// A row the engine cannot evaluate under a candidate counts as this far off (a factor of 10).
inline const double kMissLogError = std::log(10.0);

// A constant's value mapped to [0, 1] over its physical range (log-scaled where the range spans
// orders of magnitude), and back: the optimiser works in the unit box.
double toUnit(const CalibrationParameter& p, double v);
double fromUnit(const CalibrationParameter& p, double u);

// A constant the fit moves: in every software generation of the family, or in one older
// generation only (that generation's software reached a different value; its rows fit it).
constexpr int kEveryGeneration = -1;
struct ScopedParameter
{
    const CalibrationParameter* param;
    int generation; // index into the family's generations, or kEveryGeneration
};

bool ownsParameter(const std::vector<ScopedParameter>& params, const CalibrationParameter* p, int generation);

// How an older software generation is named: the dates its rows ran in ("before 2024-10").
QString generationLabel(const std::vector<FamilyCalibration>& generations, int g);

// One family's fit: a private copy of the catalog whose calibration the candidates overwrite,
// and an engine on it, so every prediction takes the engine's own path.
class FamilyProblem
{
public:
    // `catalog`: the one in use, whose calibration is the input (the "before" figures).
    // `beneath`: what the fitted family is set into and where the constants the fit does not move
    // come from; the input calibration when null (CalibrateOptions::overlayBase).
    FamilyProblem(const Catalog& catalog, QString family, std::vector<const MeasurementRow*> rows,
                  CalibrationBase base, const Calibration* beneath = nullptr);

    const std::vector<FamilyCalibration>& generations() const { return m_generations; }
    // A constant's value in the input calibration, in generation `generation` (kEveryGeneration:
    // the newest); where the input has fewer generations, its newest.
    double inputValue(const CalibrationParameter& p, int generation) const;
    const std::vector<const MeasurementRow*>& rows() const { return m_rows; }
    void setRows(std::vector<const MeasurementRow*> rows) { m_rows = std::move(rows); }

    // The family's generations with the given constants set in every generation: one set of
    // constants explains every software generation the rows ran on.
    std::vector<FamilyCalibration> with(const std::vector<const CalibrationParameter*>& params,
                                        const std::vector<double>& values) const;
    // The same with some constants of one older software generation's own: each constant is set
    // in its generation, or in every generation that has no value of its own for it.
    std::vector<FamilyCalibration> with(const std::vector<ScopedParameter>& params,
                                        const std::vector<double>& values) const;
    // Which generation a row dated `date` ran on (generationIndex(), Calibration::family's rule).
    int generationOf(const QString& date) const;

    void apply(std::vector<FamilyCalibration> generations);
    void applyInput() { m_work->setCalibration(m_inUse); }

    // log(predicted / measured) per row; a row the engine refuses counts as kMissLogError.
    std::vector<double> logErrors() const;
    std::vector<ValidationResult> results() const;
    // Robust mean of the log errors: quadratic well below 5 %, linear above, so one badly
    // modelled row does not pull the constants away from the rest.
    static double loss(const std::vector<double>& logErrors);

private:
    std::shared_ptr<Catalog> m_work;
    Engine m_engine;
    Calibration m_inUse;
    Calibration m_base;
    QString m_family;
    std::vector<const MeasurementRow*> m_rows;
    std::vector<FamilyCalibration> m_generations;
    std::vector<FamilyCalibration> m_input;
};

} // namespace is::detail
