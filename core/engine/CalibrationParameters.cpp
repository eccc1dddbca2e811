// SPDX-License-Identifier: MIT
// What calibrate fits and what it accepts: the fitted constants with their physical ranges, and
// the checks a measurements file must pass before any fit starts.
#include "engine/Calibrator.h"

#include "hardware/Catalog.h"

#include <QCoreApplication>

namespace is {

const std::vector<CalibrationParameter>& calibrationParameters()
{
    // The physical ranges; resources/CALIBRATION.md ("range" column) explains each.
    static const std::vector<CalibrationParameter> table{
        {"compute_efficiency", &FamilyCalibration::computeEfficiency, 0.2, 0.85, false,
         QT_TRANSLATE_NOOP("is::CalibrationParameter", "Compute efficiency")},
        {"gemm_half_rows", &FamilyCalibration::gemmHalfRows, 8, 128, true,
         QT_TRANSLATE_NOOP("is::CalibrationParameter", "Matmul rows at half efficiency")},
        {"memory_efficiency", &FamilyCalibration::memoryEfficiency, 0.4, 0.92, false,
         QT_TRANSLATE_NOOP("is::CalibrationParameter", "Memory efficiency")},
        {"kv_read_ratio", &FamilyCalibration::kvReadRatio, 0.4, 1.0, false,
         QT_TRANSLATE_NOOP("is::CalibrationParameter", "KV cache read share")},
        {"kernel_overhead_s", &FamilyCalibration::kernelOverheadS, 2e-7, 2e-5, true,
         QT_TRANSLATE_NOOP("is::CalibrationParameter", "Kernel overhead")},
        {"step_overhead_s", &FamilyCalibration::stepOverheadS, 1e-5, 5e-3, true,
         QT_TRANSLATE_NOOP("is::CalibrationParameter", "Step overhead")},
        {"sequence_overhead_s", &FamilyCalibration::sequenceOverheadS, 0.0, 2e-5, false,
         QT_TRANSLATE_NOOP("is::CalibrationParameter", "Overhead per sequence and step")},
        {"request_overhead_s", &FamilyCalibration::requestOverheadS, 0.0, 1.0, false,
         QT_TRANSLATE_NOOP("is::CalibrationParameter", "Request overhead")},
        {"link_efficiency", &FamilyCalibration::linkEfficiency, 0.5, 0.9, false,
         QT_TRANSLATE_NOOP("is::CalibrationParameter", "Link efficiency")},
        {"dataflow_layer_s", &FamilyCalibration::dataflowLayerS, 1e-7, 1e-4, true,
         QT_TRANSLATE_NOOP("is::CalibrationParameter", "Dataflow latency per layer")},
        {"dataflow_area_s", &FamilyCalibration::dataflowAreaS, 1e-7, 5e-4, true,
         QT_TRANSLATE_NOOP("is::CalibrationParameter", "Dataflow latency per mesh area")},
        {"dataflow_hop_s", &FamilyCalibration::dataflowHopS, 0.0, 1e-4, false,
         QT_TRANSLATE_NOOP("is::CalibrationParameter", "Dataflow latency per hop")},
    };
    return table;
}

QString calibrationParameterName(const QString& key)
{
    const CalibrationParameter* p = calibrationParameter(key);
    return p ? QCoreApplication::translate("is::CalibrationParameter", p->name) : key;
}

const CalibrationParameter* calibrationParameter(const QString& key)
{
    for (const CalibrationParameter& p : calibrationParameters())
        if (key == QLatin1String(p.key))
            return &p;
    return nullptr;
}

bool checkMeasurements(const Catalog& catalog, const std::vector<MeasurementRow>& rows, const QString& origin,
                       QString* error)
{
    static const QStringList scenarios{QStringLiteral("single"), QStringLiteral("fixed"),
                                       QStringLiteral("offline"), QStringLiteral("server")};
    static const QStringList metrics{QStringLiteral("tok_s_user"), QStringLiteral("tok_s_total"),
                                     QStringLiteral("tok_s_per_chip"), QStringLiteral("ttft_ms")};
    for (const MeasurementRow& r : rows) {
        auto fail = [&](const char* field, const QString& what) {
            *error = QStringLiteral("%1:%2: %3: %4")
                         .arg(origin, QString::number(r.line), QLatin1String(field), what);
            return false;
        };
        if (!catalog.device(r.device))
            return fail("device",
                        QCoreApplication::translate("is::Calibrator", "unknown device '%1'").arg(r.device));
        if (!catalog.model(r.model))
            return fail("model",
                        QCoreApplication::translate("is::Calibrator", "unknown model '%1'").arg(r.model));
        if (!r.precision.isEmpty() && !precisionFromId(r.precision))
            return fail(
                "precision",
                QCoreApplication::translate("is::Calibrator", "unknown precision '%1'").arg(r.precision));
        if (!speculativeMethodFromId(r.speculative))
            return fail("speculative",
                        QCoreApplication::translate("is::Calibrator", "unknown speculative method '%1'")
                            .arg(r.speculative));
        if (!scenarios.contains(r.scenario))
            return fail(
                "scenario",
                QCoreApplication::translate("is::Calibrator", "unknown scenario '%1'").arg(r.scenario));
        if (!metrics.contains(r.metric))
            return fail("metric",
                        QCoreApplication::translate("is::Calibrator", "unknown metric '%1'").arg(r.metric));
    }
    return true;
}

} // namespace is
