// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractTableModel>

namespace is::gui {

struct CalibrationRun;

// Each measured row of a calibration run: what was measured, what the engine predicted with the
// calibration in use and with the fitted one, and the error of each. Display text is formatted as
// elsewhere in the studio; Qt::UserRole holds the raw number (the error as |predicted - measured| /
// measured, `validate`'s "ape"; nothing for a row the engine could not evaluate).
class CalibrationRowsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Id,
        Deployment,
        Metric,
        Measured,
        PredictedBefore,
        PredictedAfter,
        ErrorBefore,
        ErrorAfter,
        Count
    };

    explicit CalibrationRowsModel(QObject* parent = nullptr);
    // The run must outlive the model's use of it (the dialog keeps both); nullptr empties it.
    void setRun(const CalibrationRun* run);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const CalibrationRun* m_run = nullptr;
};

} // namespace is::gui
