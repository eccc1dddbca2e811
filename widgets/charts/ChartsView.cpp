// SPDX-License-Identifier: MIT
#include "charts/ChartsView.h"

#include "charts/ChartPanel.h"

#include "scenario/ScenarioAnalysis.h"

#include <QGridLayout>
#include <QMenu>

ChartsView::ChartsView(QWidget* parent)
    : QWidget(parent)
{
    m_grid = new QGridLayout(this);
    m_grid->setContentsMargins(2, 2, 2, 2);
    m_grid->setSpacing(4);

    // One update per event-loop pass however many slider ticks arrived in between.
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(0);
    connect(&m_coalesce, &QTimer::timeout, this, &ChartsView::apply);

    for (ChartPanel* panel : std::as_const(m_charts)) {
        connect(panel, &ChartPanel::painted, this, &ChartsView::onChartPainted);
        connect(panel, &ChartPanel::exported, this, &ChartsView::exported);
    }
    relayout();
}

ChartsView::~ChartsView() = default;

void ChartsView::setAnalysis(std::shared_ptr<const is::ScenarioAnalysis> analysis,
                             const QHash<QString, QColor>& colourByDeploymentId)
{
    m_pending = std::move(analysis);
    m_colours = colourByDeploymentId;
    if (!m_coalesce.isActive())
        m_coalesce.start();
}

void ChartsView::flush()
{
    if (m_pending) {
        m_coalesce.stop();
        apply();
    }
}

void ChartsView::apply()
{
    if (!m_pending)
        return;
    m_analysis = std::move(m_pending);
    m_pending.reset();
    m_awaitingPaint.clear();
    for (ChartPanel* panel : std::as_const(m_charts)) {
        panel->setAnalysis(*m_analysis, m_colours);
        if (panel->isVisible())
            m_awaitingPaint.append(panel);
    }
    Q_EMIT updated();
    if (m_awaitingPaint.isEmpty())
        Q_EMIT repainted();
}

void ChartsView::onChartPainted()
{
    if (m_awaitingPaint.isEmpty())
        return;
    m_awaitingPaint.removeAll(qobject_cast<ChartPanel*>(sender()));
    if (m_awaitingPaint.isEmpty())
        Q_EMIT repainted();
}

ChartPanel* ChartsView::chart(const QString& id) const
{
    for (ChartPanel* panel : m_charts)
        if (panel->id() == id)
            return panel;
    return nullptr;
}

void ChartsView::addExportActions(QMenu* fileExportMenu)
{
    if (!fileExportMenu)
        return;
    for (ChartPanel* panel : std::as_const(m_charts)) {
        QMenu* sub = fileExportMenu->addMenu(panel->title());
        sub->addActions(panel->exportActions());
    }
}

void ChartsView::setFontPointSize(int points)
{
    m_fontPointSize = points;
    for (ChartPanel* panel : std::as_const(m_charts))
        panel->setFontPointSize(points);
}

void ChartsView::setColumns(int columns)
{
    if (columns < 1 || columns == m_columns)
        return;
    m_columns = columns;
    relayout();
}

void ChartsView::relayout()
{
    for (ChartPanel* panel : std::as_const(m_charts))
        m_grid->removeWidget(panel);
    for (int i = 0; i < m_charts.size(); ++i)
        m_grid->addWidget(m_charts[i], i / m_columns, i % m_columns);
}
