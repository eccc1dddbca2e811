// SPDX-License-Identifier: MIT
#include "calibration/CalibrationConstantsModel.h"

#include "Units.h"
#include "calibration/CalibrationJob.h"

namespace is::gui {

namespace {

// Constants whose key ends in "_s" are durations; the others are fractions or row counts.
QString value(const QString& key, double v)
{
    if (key.endsWith(QLatin1String("_s")))
        return units::seconds(v);
    return units::number(v);
}

} // namespace

CalibrationConstantsModel::CalibrationConstantsModel(QObject* parent) : QAbstractTableModel(parent) {}

void CalibrationConstantsModel::setRun(const CalibrationRun* run)
{
    beginResetModel();
    m_entries.clear();
    if (run && run->ok())
        for (const FamilyFit& f : run->fit.families)
            for (const FittedConstant& c : f.constants)
                m_entries.push_back({&f, &c});
    endResetModel();
}

int CalibrationConstantsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

int CalibrationConstantsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : Count;
}

QVariant CalibrationConstantsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Entry& e = m_entries[static_cast<size_t>(index.row())];
    const FittedConstant& c = *e.constant;
    const int col = index.column();
    if (role == Qt::TextAlignmentRole)
        return col == Before || col == After ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == Qt::ToolTipRole && col == Constant)
        return tr("%1 in calibration.json; moving it a fifth of its range changes the predictions by %2 % on "
                  "average")
            .arg(c.key, units::number(c.sensitivity * 100));
    if (role == Qt::UserRole) {
        switch (col) {
        case Constant:
            return c.key;
        case Family:
            return e.fit->family;
        case Before:
            return c.before;
        case After:
            return c.after;
        case Bound:
            return c.boundHit;
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (col) {
    case Constant:
        // An older software generation's own value (Cerebras' August 2024 software) is a
        // constant of its own, next to the one every later generation shares.
        if (!c.generationUntil.isEmpty())
            return c.generationFrom.isEmpty()
                       ? tr("%1, software before %2").arg(calibrationParameterName(c.key), c.generationUntil)
                       : tr("%1, software from %2 before %3")
                             .arg(calibrationParameterName(c.key), c.generationFrom, c.generationUntil);
        return calibrationParameterName(c.key);
    case Family:
        return e.fit->familyName;
    case Before:
        return value(c.key, c.before);
    case After:
        return value(c.key, c.after);
    case Range:
        return tr("%1 to %2").arg(value(c.key, c.lo), value(c.key, c.hi));
    case Bound:
        if (c.boundHit == QLatin1String("lower"))
            return tr("at the lower bound");
        if (c.boundHit == QLatin1String("upper"))
            return tr("at the upper bound");
        return tr("inside");
    default:
        return {};
    }
}

QVariant CalibrationConstantsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Constant:
        return tr("Constant");
    case Family:
        return tr("Family");
    case Before:
        return tr("Before");
    case After:
        return tr("After");
    case Range:
        return tr("Physical range");
    case Bound:
        return tr("Bound");
    default:
        return {};
    }
}

} // namespace is::gui
