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
#include <QResizeEvent>
#include <QScrollArea>
#include <QShowEvent>
#include <QTabBar>
#include <QVBoxLayout>

#include <algorithm>

ChartsView::ChartsView(QWidget* parent) : QWidget(parent)
{
    // Charts that do not fit at a readable size go on further pages (reflow()). The grid still
    // scrolls where not even one chart fits, instead of squeezing it into an unreadable sliver.
    auto* grid = new QWidget;
    m_grid = new QGridLayout(grid);
    m_grid->setContentsMargins(2, 2, 2, 2);
    m_grid->setSpacing(4);
    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidget(grid);
    m_pageBar = new QTabBar(this);
    m_pageBar->setObjectName(QStringLiteral("ChartPages"));
    m_pageBar->setDocumentMode(true);
    m_pageBar->setDrawBase(false);
    m_pageBar->setVisible(false);
    connect(m_pageBar, &QTabBar::currentChanged, this, &ChartsView::setCurrentPage);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->setSpacing(0);
    outer->addWidget(m_pageBar);
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
    QList<int> all;
    for (int i = 0; i < m_charts.size(); ++i)
        all.append(i);
    m_pages = {all};
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
    // More deployments, longer legends, larger minimum charts: fewer a page. A chart that left
    // the page will not paint.
    if (!m_live) {
        reflow();
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
    if (event->type() == QEvent::LanguageChange)
        updatePageTabs();
    QWidget::changeEvent(event);
}

void ChartsView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    reflow();
}

void ChartsView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // A hidden view's size means nothing (a resize before the first show arrives while hidden).
    reflow();
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
    reflow();
}

void ChartsView::setCaption(const QString& caption)
{
    for (ChartPanel* panel : std::as_const(m_charts))
        panel->setCaption(caption);
}

void ChartsView::setColumns(int columns)
{
    if (columns < 1 || columns == m_maxColumns)
        return;
    m_maxColumns = columns;
    m_pages.clear(); // lay out afresh
    reflow();
}

QList<ChartPanel*> ChartsView::visibleCharts() const
{
    QList<ChartPanel*> shown;
    for (int i : m_pages.value(m_page))
        shown.append(m_charts[i]);
    return shown;
}

void ChartsView::setCurrentPage(int page)
{
    if (page < 0 || page >= m_pages.size() || page == m_page)
        return;
    m_page = page;
    {
        const QSignalBlocker block(m_pageBar);
        m_pageBar->setCurrentIndex(page);
    }
    relayout();
}

void ChartsView::reflow()
{
    const int n = int(m_charts.size());
    if (n == 0 || !isVisible())
        return;
    const QMargins margins = m_grid->contentsMargins();
    const int spacing = m_grid->spacing();
    // Legends wrap as they would with the most columns: that does not depend on the pages.
    const int widest = (width() - margins.left() - margins.right()) / std::max(1, m_maxColumns) - spacing;
    QSize cell;
    for (ChartPanel* panel : std::as_const(m_charts))
        cell = cell.expandedTo(panel->minimumCellSize(widest));
    // How many cells of `size` fit in `room` pixels, at least one.
    const auto fit = [spacing](int room, int size) {
        return std::max(1, (room + spacing) / (size + spacing));
    };
    const int width = this->width() - margins.left() - margins.right();
    const int columns = std::min(m_maxColumns, fit(width, cell.width()));
    int rows = fit(height() - margins.top() - margins.bottom(), cell.height());
    QList<QList<int>> pages;
    if (columns * rows >= n) {
        pages.append(QList<int>());
        for (int i = 0; i < n; ++i)
            pages.back().append(i);
    } else {
        // The page tabs take a strip of the height.
        rows =
            fit(height() - m_pageBar->sizeHint().height() - margins.top() - margins.bottom(), cell.height());
        const int perPage = columns * rows;
        const int pageCount = (n + perPage - 1) / perPage;
        // As even as they go (4 + 3, not 6 + 1), in reading order.
        const int size = (n + pageCount - 1) / pageCount;
        for (int i = 0; i < n; ++i) {
            if (i % size == 0)
                pages.append(QList<int>());
            pages.back().append(i);
        }
    }
    // Each page as few columns as hold it in `rows` without leaving more holes than needed
    // (four charts on two rows are 2 x 2, not 3 + 1).
    const QList<int> shown = m_pages.value(m_page);
    int page = 0;
    for (int p = 0; p < pages.size(); ++p)
        if (!shown.isEmpty() && pages[p].contains(shown.front()))
            page = p;
    const int k = int(pages[page].size());
    int bestColumns = std::min(columns, k);
    int bestHoles = k;
    for (int c = std::min(columns, k); c >= 1 && (k + c - 1) / c <= rows; --c) {
        const int holes = c * ((k + c - 1) / c) - k;
        // Seven charts on three columns have no holes: the grid spans them (relayout()).
        const int counted = k == 7 && c == 3 ? 0 : holes;
        if (counted < bestHoles) {
            bestHoles = counted;
            bestColumns = c;
        }
    }
    if (pages == m_pages && page == m_page && bestColumns == m_columns)
        return;
    m_pages = pages;
    m_page = page;
    m_columns = bestColumns;
    m_rows = (k + bestColumns - 1) / bestColumns;
    updatePageTabs();
    relayout();
}

void ChartsView::updatePageTabs()
{
    const QSignalBlocker block(m_pageBar);
    while (m_pageBar->count() > 0)
        m_pageBar->removeTab(0);
    if (m_pages.size() > 1) {
        for (const QList<int>& page : std::as_const(m_pages)) {
            QStringList titles;
            for (int i : page)
                titles << m_charts[i]->title();
            const int first = page.front() + 1, last = page.back() + 1;
            const int tab = m_pageBar->addTab(first == last ? tr("Chart %1").arg(first)
                                                            : tr("Charts %1–%2").arg(first).arg(last));
            m_pageBar->setTabToolTip(tab, titles.join(QLatin1Char('\n')));
        }
        m_pageBar->setCurrentIndex(m_page);
    }
    m_pageBar->setVisible(m_pages.size() > 1);
}

void ChartsView::relayout()
{
    for (ChartPanel* panel : std::as_const(m_charts))
        m_grid->removeWidget(panel);
    for (int c = 0; c < m_grid->columnCount(); ++c)
        m_grid->setColumnStretch(c, 0);
    for (int r = 0; r < m_grid->rowCount(); ++r)
        m_grid->setRowStretch(r, 0);
    const QList<int> page = m_pages.value(m_page);
    for (int i = 0; i < m_charts.size(); ++i)
        m_charts[i]->setVisible(page.contains(i));
    const int columns = std::max(1, m_columns);
    int rows = 0;
    if (columns == 3 && page.size() == 7) {
        // Seven charts fill a three-column grid without holes on six half-columns: the headline
        // speed chart gets two thirds of the first row, power and cost half the last.
        static constexpr int kCells[7][3] = {{0, 0, 4}, {0, 4, 2}, {1, 0, 2}, {1, 2, 2},
                                             {1, 4, 2}, {2, 0, 3}, {2, 3, 3}};
        for (int i = 0; i < 7; ++i)
            m_grid->addWidget(m_charts[page[i]], kCells[i][0], kCells[i][1], 1, kCells[i][2]);
        for (int c = 0; c < 6; ++c)
            m_grid->setColumnStretch(c, 1);
        rows = 3;
    } else {
        for (int i = 0; i < page.size(); ++i)
            m_grid->addWidget(m_charts[page[i]], i / columns, i % columns);
        for (int c = 0; c < columns; ++c)
            m_grid->setColumnStretch(c, 1);
        rows = int((page.size() + columns - 1) / columns);
    }
    for (int r = 0; r < rows; ++r)
        m_grid->setRowStretch(r, 1);
}
