// SPDX-License-Identifier: MIT
#include "table/ComparisonTable.h"

#include "table/ComparisonModel.h"

#include "charts/ChartExport.h"
#include "scenario/ScenarioAnalysis.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QMimeData>
#include <QStandardPaths>
#include <QTableView>
#include <QVBoxLayout>

ComparisonTable::ComparisonTable(QWidget* parent)
    : QWidget(parent)
    , m_model(new ComparisonModel(this))
    , m_view(new QTableView(this))
{
    m_view->setModel(m_model);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::ContiguousSelection);
    m_view->setWordWrap(false);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->verticalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);

    m_copy = new QAction(this);
    m_copy->setShortcut(QKeySequence::Copy);
    m_copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_exportCsv = new QAction(this);
    connect(m_copy, &QAction::triggered, this, &ComparisonTable::copyToClipboard);
    connect(m_exportCsv, &QAction::triggered, this, [this] {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        QString path = QFileDialog::getSaveFileName(this, tr("Export comparison table"),
                                                    dir + QStringLiteral("/comparison.csv"), tr("CSV data (*.csv)"));
        if (path.isEmpty())
            return;
        if (QFileInfo(path).suffix().isEmpty())
            path += QStringLiteral(".csv");
        QString error;
        const bool ok = exportCsv(path, &error);
        Q_EMIT exported(ok ? tr("Saved %1").arg(QFileInfo(path).fileName()) : error, ok);
    });
    m_view->addActions({m_copy, m_exportCsv});
    // Also on the widget itself, so QWidget::actions() hands them to a host's menu.
    addActions({m_copy, m_exportCsv});
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    retranslate();
}

ComparisonTable::~ComparisonTable() = default;

void ComparisonTable::retranslate()
{
    m_copy->setText(tr("Copy table"));
    m_exportCsv->setText(tr("Export table as CSV…"));
}

void ComparisonTable::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // Row names and ratio phrases are built by the model: rebuild it in the new language.
        if (m_analysis)
            m_model->setAnalysis(m_analysis, m_colours);
    }
    QWidget::changeEvent(event);
}

void ComparisonTable::setAnalysis(std::shared_ptr<const is::ScenarioAnalysis> analysis,
                                  const QHash<QString, QColor>& colourByDeploymentId)
{
    m_analysis = analysis;
    m_colours = colourByDeploymentId;
    m_model->setAnalysis(std::move(analysis), colourByDeploymentId);
}

QString ComparisonTable::toCsv() const
{
    using chartexport::csvField;
    QString csv = csvField(tr("Metric"));
    for (int c = 0; c < m_model->columnCount(); ++c)
        csv += QLatin1Char(',') % csvField(m_model->headerData(c, Qt::Horizontal).toString());
    csv += QLatin1Char('\n');
    for (int r = 0; r < m_model->rowCount(); ++r) {
        csv += csvField(m_model->headerData(r, Qt::Vertical).toString());
        for (int c = 0; c < m_model->columnCount(); ++c)
            csv += QLatin1Char(',') % csvField(m_model->index(r, c).data().toString());
        csv += QLatin1Char('\n');
    }
    return csv;
}

bool ComparisonTable::exportCsv(const QString& path, QString* error) const
{
    return chartexport::writeText(toCsv(), path, error);
}

void ComparisonTable::copyToClipboard() const
{
    // Tab-separated for spreadsheets, and CSV as text for everything else.
    QString tsv;
    for (int c = 0; c < m_model->columnCount(); ++c)
        tsv += QLatin1Char('\t') % m_model->headerData(c, Qt::Horizontal).toString();
    tsv += QLatin1Char('\n');
    for (int r = 0; r < m_model->rowCount(); ++r) {
        tsv += m_model->headerData(r, Qt::Vertical).toString();
        for (int c = 0; c < m_model->columnCount(); ++c)
            tsv += QLatin1Char('\t') % m_model->index(r, c).data().toString();
        tsv += QLatin1Char('\n');
    }
    auto* mime = new QMimeData;
    mime->setText(tsv);
    mime->setData(QStringLiteral("text/csv"), toCsv().toUtf8());
    QApplication::clipboard()->setMimeData(mime);
}

QList<QAction*> ComparisonTable::exportActions() const
{
    return {m_copy, m_exportCsv};
}
