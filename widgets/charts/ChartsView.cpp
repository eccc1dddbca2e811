// SPDX-License-Identifier: MIT
#include "charts/ChartsView.h"

#include "charts/ChartPanel.h"
#include "charts/CostChart.h"
#include "charts/LatencyBreakdownChart.h"
#include "charts/LatencyChart.h"
#include "charts/MemoryBudgetChart.h"
#include "charts/ParetoChart.h"
#include "charts/PowerEnergyChart.h"
#include "charts/SpeedVsContextChart.h"

#include "scenario/ScenarioAnalysis.h"

#include <QChartView>
#include <QEvent>
#include <QGridLayout>
#include <QMenu>
#include <QScrollArea>
#include <QVBoxLayout>

ChartsView::ChartsView(QWidget* parent) : QWidget(parent)
{
    // The grid scrolls when the window is too small to show every chart at a readable size,
    // instead of squeezing them into unreadable slivers.
    auto* grid = new QWidget;
    m_grid = new QGridLayout(grid);
    m_grid->setContentsMargins(2, 2, 2, 2);
    m_grid->setSpacing(4);
    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidget(grid);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_scroll);

    // One update per event-loop pass however many slider ticks arrived in between.
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(0);
    connect(&m_coalesce, &QTimer::timeout, this, &ChartsView::apply);

    // Reading order: speed first (the headline), then why (latency, breakdown, memory), then
    // what it costs.
    m_charts = {new SpeedVsContextChart(grid),
                new ParetoChart(grid),
                new LatencyChart(grid),
                new LatencyBreakdownChart(grid),
                new MemoryBudgetChart(grid),
                new PowerEnergyChart(grid),
                new CostChart(grid)};
    for (ChartPanel* panel : std::as_const(m_charts)) {
        connect(panel, &ChartPanel::painted, this, &ChartsView::onChartPainted);
        connect(panel, &ChartPanel::exported, this, &ChartsView::exported);
    }
    relayout();
}

ChartsView::~ChartsView() = default;

void ChartsView::setAnalysis(std::shared_ptr<const is::ScenarioAnalysis> analysis,
                             const QHash<QString, QColor>& colourByDeploymentId, bool live)
{
    m_pending = std::move(analysis);
    m_pendingLive = live;
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
    setLive(m_pendingLive);
    m_awaitingPaint.clear();
    for (ChartPanel* panel : std::as_const(m_charts)) {
        if (!panel->applyAnalysis(*m_analysis, m_colours, m_live))
            continue;          // same picture: no repaint coming
        panel->fitAxisTicks(); // new ranges on the same plot
        // Only charts on screen paint; one scrolled out of view or in a hidden tab never will.
        if (panel->isVisible() && !panel->chartView()->viewport()->visibleRegion().isEmpty())
            m_awaitingPaint.append(panel);
    }
    Q_EMIT updated();
    if (m_awaitingPaint.isEmpty())
        Q_EMIT repainted();
}

void ChartsView::setLive(bool live)
{
    if (live == m_live)
        return;
    m_live = live;
    for (ChartPanel* panel : std::as_const(m_charts)) {
        panel->chartView()->setRenderHint(QPainter::Antialiasing, !live);
        if (!live)
            panel->chartView()->viewport()->update();
    }
}

void ChartsView::changeEvent(QEvent* event)
{
    // Panels retranslate their titles themselves; series names and categories come with the
    // data, so apply the current analysis again.
    if (event->type() == QEvent::LanguageChange && m_analysis && !m_pending) {
        m_pending = m_analysis;
        m_pendingLive = m_live;
        if (!m_coalesce.isActive())
            m_coalesce.start();
    }
    QWidget::changeEvent(event);
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
    for (int c = 0; c < m_grid->columnCount(); ++c)
        m_grid->setColumnStretch(c, 0);
    if (m_columns == 3 && m_charts.size() == 7) {
        // Seven charts fill a three-column grid without holes on six half-columns: the headline
        // speed chart gets two thirds of the first row, power and cost half the last.
        static constexpr int kCells[7][3] = {{0, 0, 4}, {0, 4, 2}, {1, 0, 2}, {1, 2, 2},
                                             {1, 4, 2}, {2, 0, 3}, {2, 3, 3}};
        for (int i = 0; i < 7; ++i)
            m_grid->addWidget(m_charts[i], kCells[i][0], kCells[i][1], 1, kCells[i][2]);
        for (int c = 0; c < 6; ++c)
            m_grid->setColumnStretch(c, 1);
    } else {
        for (int i = 0; i < m_charts.size(); ++i)
            m_grid->addWidget(m_charts[i], i / m_columns, i % m_columns);
        for (int c = 0; c < m_columns; ++c)
            m_grid->setColumnStretch(c, 1);
    }
    for (int r = 0; r < m_grid->rowCount(); ++r)
        m_grid->setRowStretch(r, 1);
}
