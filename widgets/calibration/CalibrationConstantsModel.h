// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractTableModel>

#include <vector>

namespace is {
struct FamilyFit;
struct FittedConstant;
} // namespace is

namespace is::gui {

struct CalibrationRun;

// The constants a calibration run moved, family by family: the value in use, the fitted value,
// the physical range (core/engine/Calibrator.cpp, resources/CALIBRATION.md) and whether the fit
// stopped on a bound. Qt::UserRole holds the raw values (the bound as "", "lower" or "upper").
class CalibrationConstantsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Constant, Family, Before, After, Range, Bound, Count };

    explicit CalibrationConstantsModel(QObject* parent = nullptr);
    void setRun(const CalibrationRun* run);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Entry
    {
        const FamilyFit* fit; // its family: the id (UserRole) and the name a person reads
        const FittedConstant* constant;
    };
    std::vector<Entry> m_entries;
};

} // namespace is::gui
