// SPDX-License-Identifier: MIT
#include "charts/ChartsView.h"

#include "charts/ChartGrid.h"
#include "charts/ChartPanel.h"
#include "charts/CostChart.h"
#include "charts/LatencyBreakdownChart.h"
#include "charts/LatencyChart.h"
#include "charts/MemoryBudgetChart.h"
#include "charts/ParetoChart.h"
#include "charts/PowerEnergyChart.h"
#include "charts/SpeedVsContextChart.h"

#include "analysis/ScenarioAnalysis.h"

#include <QChartView>
#include <QEvent>
#include <QMenu>
#include <QVBoxLayout>

namespace is::gui {

ChartsView::ChartsView(QWidget* parent) : QWidget(parent)
{
    m_grid = new ChartGrid(this);
    // The headline speed chart takes the room a short first row leaves (two thirds of it).
    m_grid->setFirstChartWide(true);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_grid);

    // One update per event-loop pass however many slider ticks arrived in between.
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(0);
    connect(&m_coalesce, &QTimer::timeout, this, &ChartsView::apply);

    // Reading order: speed first (the headline), then why (latency, breakdown, memory), then
    // what it costs.
    m_charts = {new SpeedVsContextChart, new ParetoChart,      new LatencyChart, new LatencyBreakdownChart,
                new MemoryBudgetChart,   new PowerEnergyChart, new CostChart};
    for (ChartPanel* panel : std::as_const(m_charts)) {
        connect(panel, &ChartPanel::painted, this, &ChartsView::onChartPainted);
        connect(panel, &ChartPanel::exported, this, &ChartsView::exported);
    }
    m_grid->setCharts(m_charts);
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
    // More deployments, longer legends, larger minimum charts: fewer a page. A chart that left
    // the page will not paint.
    if (!m_live) {
        m_grid->reflow();
        m_awaitingPaint.removeIf([](ChartPanel* panel) { return !panel->isVisible(); });
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
    // Bigger text, bigger minimum charts: fewer of them a page.
    m_grid->reflow();
}

void ChartsView::setCaption(const QString& caption)
{
    for (ChartPanel* panel : std::as_const(m_charts))
        panel->setCaption(caption);
}

void ChartsView::setColumns(int columns)
{
    m_grid->setMaxColumns(columns);
}

int ChartsView::columns() const
{
    return m_grid->columns();
}

int ChartsView::rows() const
{
    return m_grid->rows();
}

int ChartsView::pageCount() const
{
    return m_grid->pageCount();
}

int ChartsView::currentPage() const
{
    return m_grid->currentPage();
}

void ChartsView::setCurrentPage(int page)
{
    m_grid->setCurrentPage(page);
}

QList<ChartPanel*> ChartsView::visibleCharts() const
{
    return m_grid->visibleCharts();
}

} // namespace is::gui
