// SPDX-License-Identifier: MIT
#include "table/ComparisonModel.h"

#include "scenario/ScenarioAnalysis.h"

ComparisonModel::ComparisonModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ComparisonModel::setAnalysis(std::shared_ptr<const is::ScenarioAnalysis> analysis, const QHash<QString, QColor>& colours)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    m_colours = colours;
    endResetModel();
}

int ComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : 0;
}

int ComparisonModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_analysis)
        return 0;
    return int(m_analysis->deployments.size());
}

QVariant ComparisonModel::data(const QModelIndex&, int) const
{
    return {};
}

QVariant ComparisonModel::headerData(int, Qt::Orientation, int) const
{
    return {};
}
