// SPDX-License-Identifier: MIT
#include "calibration/CalibrationRowsModel.h"

#include "Names.h"
#include "Units.h"
#include "calibration/CalibrationJob.h"

#include "hardware/Catalog.h"

namespace is::gui {

namespace {

QString metricName(const QString& metric)
{
    if (metric == QLatin1String("tok_s_user"))
        return CalibrationRowsModel::tr("tok/s per user");
    if (metric == QLatin1String("tok_s_total"))
        return CalibrationRowsModel::tr("tok/s in all");
    if (metric == QLatin1String("tok_s_per_chip"))
        return CalibrationRowsModel::tr("tok/s per chip");
    if (metric == QLatin1String("ttft_ms"))
        return CalibrationRowsModel::tr("time to first token, ms");
    return metric;
}

// "+23.4 %": the row's error (core's ape), marked + where the prediction is above the measurement
// and − where it is below.
QString signedError(const ValidationResult& v)
{
    const QString sign = v.predicted > v.row.value
                             ? QStringLiteral("+")
                             : (v.predicted < v.row.value ? QStringLiteral("−") : QString());
    return CalibrationRowsModel::tr("%1 %").arg(sign + units::number(v.ape * 100));
}

QString deploymentText(const Catalog& catalog, const MeasurementRow& r)
{
    const Device* d = catalog.device(r.device);
    const ModelEntry* m = catalog.model(r.model);
    const QString device = d ? d->name : r.device;
    const QString model = m ? names::catalogName(m->arch.name) : r.model;
    if (r.chips > 0)
        return CalibrationRowsModel::tr("%1 × %2 · %3").arg(QString::number(r.chips), device, model);
    return CalibrationRowsModel::tr("%1 · %2").arg(device, model);
}

QString rowToolTip(const MeasurementRow& r)
{
    QString t = CalibrationRowsModel::tr("Line %1: %2 input and %3 output tokens, scenario %4")
                    .arg(QString::number(r.line), units::number(r.inputTokens, 4),
                         units::number(r.outputTokens, 4), r.scenario);
    if (r.concurrency > 0)
        t += CalibrationRowsModel::tr(", concurrency %1").arg(r.concurrency);
    if (!r.source.isEmpty())
        t += QLatin1Char('\n') + CalibrationRowsModel::tr("Source: %1").arg(r.source);
    return t;
}

} // namespace

CalibrationRowsModel::CalibrationRowsModel(QObject* parent) : QAbstractTableModel(parent) {}

void CalibrationRowsModel::setRun(const CalibrationRun* run)
{
    beginResetModel();
    m_run = run && run->ok() ? run : nullptr;
    endResetModel();
}

int CalibrationRowsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_run ? 0 : static_cast<int>(m_run->comparison.before.size());
}

int CalibrationRowsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : Count;
}

QVariant CalibrationRowsModel::data(const QModelIndex& index, int role) const
{
    if (!m_run || !index.isValid() || index.row() >= rowCount())
        return {};
    const size_t i = static_cast<size_t>(index.row());
    const ValidationResult& before = m_run->comparison.before[i];
    const ValidationResult& after = m_run->comparison.after[i];
    const MeasurementRow& r = before.row;
    const int c = index.column();
    const ValidationResult* side = c == PredictedBefore || c == ErrorBefore ? &before : &after;
    if (role == Qt::TextAlignmentRole)
        return c >= Measured ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == Qt::ToolTipRole) {
        if (c == Id || c == Deployment)
            return rowToolTip(r);
        if (c >= PredictedBefore && !side->evaluated)
            return tr("Not evaluated: %1").arg(side->skipReason);
        if (c >= PredictedBefore)
            return tr("%1 chips, plan %2, batch %3")
                .arg(QString::number(side->chips), side->plan, QString::number(side->batch));
        return {};
    }
    if (role == Qt::UserRole) {
        switch (c) {
        case Id:
            return r.id;
        case Measured:
            return r.value;
        case PredictedBefore:
        case PredictedAfter:
            return side->evaluated ? QVariant(side->predicted) : QVariant();
        case ErrorBefore:
        case ErrorAfter:
            return side->evaluated ? QVariant(side->ape) : QVariant();
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (c) {
    case Id:
        return r.id;
    case Deployment:
        return deploymentText(*m_run->catalog, r);
    case Metric:
        return metricName(r.metric);
    case Measured:
        return units::number(r.value);
    case PredictedBefore:
    case PredictedAfter:
        return side->evaluated ? units::number(side->predicted) : QStringLiteral("–");
    case ErrorBefore:
    case ErrorAfter:
        return side->evaluated ? signedError(*side) : tr("not evaluated");
    default:
        return {};
    }
}

QVariant CalibrationRowsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && (section == ErrorBefore || section == ErrorAfter))
        return tr("(predicted − measured) / measured: + where the engine predicts more than was measured");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id:
        return tr("Row");
    case Deployment:
        return tr("Measured on");
    case Metric:
        return tr("Metric");
    case Measured:
        return tr("Measured");
    case PredictedBefore:
        return tr("Predicted before");
    case PredictedAfter:
        return tr("Predicted after");
    case ErrorBefore:
        return tr("Error before");
    case ErrorAfter:
        return tr("Error after");
    default:
        return {};
    }
}

} // namespace is::gui
