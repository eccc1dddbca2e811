// SPDX-License-Identifier: MIT
#include "table/ComparisonTable.h"

#include "table/ComparisonModel.h"

#include "charts/ChartExport.h"
#include "scenario/ScenarioAnalysis.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QTableView>
#include <QVBoxLayout>

ComparisonTable::ComparisonTable(QWidget* parent)
    : QWidget(parent)
    , m_model(new ComparisonModel(this))
    , m_view(new QTableView(this))
{
    m_view->setModel(m_model);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    m_copy = new QAction(tr("Copy table"), this);
    m_exportCsv = new QAction(tr("Export table as CSV…"), this);
    connect(m_copy, &QAction::triggered, this, &ComparisonTable::copyToClipboard);
}

ComparisonTable::~ComparisonTable() = default;

void ComparisonTable::setAnalysis(std::shared_ptr<const is::ScenarioAnalysis> analysis,
                                  const QHash<QString, QColor>& colourByDeploymentId)
{
    m_model->setAnalysis(std::move(analysis), colourByDeploymentId);
}

QString ComparisonTable::toCsv() const
{
    return {};
}

bool ComparisonTable::exportCsv(const QString& path, QString* error) const
{
    return chartexport::writeText(toCsv(), path, error);
}

void ComparisonTable::copyToClipboard() const
{
    QApplication::clipboard()->setText(toCsv());
}

QList<QAction*> ComparisonTable::actions() const
{
    return {m_copy, m_exportCsv};
}
