// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractTableModel>
#include <QColor>
#include <QHash>

#include <memory>

namespace is {
struct ScenarioAnalysis;
}

// Metrics as rows, deployments as columns.
class ComparisonModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit ComparisonModel(QObject* parent = nullptr);

    void setAnalysis(std::shared_ptr<const is::ScenarioAnalysis> analysis, const QHash<QString, QColor>& colours);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const is::ScenarioAnalysis> m_analysis;
    QHash<QString, QColor> m_colours;
};
