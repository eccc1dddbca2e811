// SPDX-License-Identifier: MIT
#include "charts/ChartGrid.h"

#include "charts/ChartPanel.h"

#include <QEvent>
#include <QGridLayout>
#include <QScrollArea>
#include <QTabBar>
#include <QVBoxLayout>

#include <algorithm>
#include <numeric>

namespace is::gui {

ChartGrid::ChartGrid(QWidget* parent) : QWidget(parent)
{
    m_area = new QWidget;
    m_grid = new QGridLayout(m_area);
    m_grid->setContentsMargins(2, 2, 2, 2);
    m_grid->setSpacing(4);
    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidget(m_area);
    m_pageBar = new QTabBar(this);
    m_pageBar->setObjectName(QStringLiteral("ChartPages"));
    m_pageBar->setDocumentMode(true);
    m_pageBar->setDrawBase(false);
    m_pageBar->setVisible(false);
    connect(m_pageBar, &QTabBar::currentChanged, this, &ChartGrid::setCurrentPage);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->setSpacing(0);
    outer->addWidget(m_pageBar);
    outer->addWidget(m_scroll);
}

void ChartGrid::setCharts(const QList<ChartPanel*>& charts)
{
    m_charts = charts;
    QList<int> all;
    for (int i = 0; i < m_charts.size(); ++i) {
        m_charts[i]->setParent(m_area);
        all.append(i);
    }
    m_pages = {all};
    m_page = 0;
    m_columns = std::min(m_maxColumns, int(m_charts.size()));
    m_rows = m_columns > 0 ? int((m_charts.size() + m_columns - 1) / m_columns) : 0;
    relayout();
    reflow();
}

void ChartGrid::setMaxColumns(int columns)
{
    if (columns < 1 || columns == m_maxColumns)
        return;
    m_maxColumns = columns;
    m_pages.clear(); // lay out afresh
    reflow();
}

void ChartGrid::setFirstChartWide(bool wide)
{
    if (wide == m_firstWide)
        return;
    m_firstWide = wide;
    relayout();
}

QList<ChartPanel*> ChartGrid::visibleCharts() const
{
    QList<ChartPanel*> shown;
    for (int i : m_pages.value(m_page))
        shown.append(m_charts[i]);
    return shown;
}

void ChartGrid::setCurrentPage(int page)
{
    if (page < 0 || page >= m_pages.size() || page == m_page)
        return;
    m_page = page;
    {
        const QSignalBlocker block(m_pageBar);
        m_pageBar->setCurrentIndex(page);
    }
    relayout();
    Q_EMIT pageChanged(page);
}

void ChartGrid::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        updatePageTabs();
    QWidget::changeEvent(event);
}

void ChartGrid::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    reflow();
}

void ChartGrid::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // A hidden grid's size means nothing (a resize before the first show arrives while hidden).
    reflow();
}

void ChartGrid::reflow()
{
    const int n = int(m_charts.size());
    if (n == 0 || !isVisible())
        return;
    const QMargins margins = m_grid->contentsMargins();
    const int spacing = m_grid->spacing();
    // Legends wrap as they would with the most columns: that does not depend on the pages.
    const int width = this->width() - margins.left() - margins.right();
    const int widest = width / std::max(1, m_maxColumns) - spacing;
    QSize cell;
    for (ChartPanel* panel : std::as_const(m_charts))
        cell = cell.expandedTo(panel->minimumCellSize(widest));
    // How many cells of `size` fit in `room` pixels, at least one.
    const auto fit = [spacing](int room, int size) {
        return std::max(1, (room + spacing) / (size + spacing));
    };
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
    // The page that holds the chart shown first now stays shown.
    const QList<int> shown = m_pages.value(m_page);
    int page = 0;
    for (int p = 0; p < pages.size(); ++p)
        if (!shown.isEmpty() && pages[p].contains(shown.front()))
            page = p;
    // Each page in as few rows as hold it (the biggest charts), then with the fewest holes: four
    // charts on two rows are 2 x 2, not 3 + 1; seven on three rows are 2 + 3 + 2.
    const int k = int(pages[page].size());
    int bestColumns = std::min(columns, k);
    int bestRows = (k + bestColumns - 1) / bestColumns;
    int bestHoles = bestColumns * bestRows - k;
    for (int c = bestColumns - 1; c >= 1 && (k + c - 1) / c <= rows; --c) {
        const int r = (k + c - 1) / c, holes = c * r - k;
        if (r < bestRows || (r == bestRows && holes < bestHoles)) {
            bestColumns = c;
            bestRows = r;
            bestHoles = holes;
        }
    }
    if (pages == m_pages && page == m_page && bestColumns == m_columns)
        return;
    const bool pageMoved = page != m_page;
    m_pages = pages;
    m_page = page;
    m_columns = bestColumns;
    m_rows = bestRows;
    updatePageTabs();
    relayout();
    if (pageMoved)
        Q_EMIT pageChanged(page);
}

QSize ChartGrid::oneChartSize(int width) const
{
    // One chart a page at that width: legends wrap at it.
    const QMargins margins = m_grid->contentsMargins();
    QSize cell;
    for (ChartPanel* panel : std::as_const(m_charts))
        cell = cell.expandedTo(panel->minimumCellSize(width - margins.left() - margins.right()));
    if (cell.isEmpty())
        return {};
    cell += QSize(margins.left() + margins.right(), margins.top() + margins.bottom());
    if (m_charts.size() > 1)
        cell.rheight() += m_pageBar->sizeHint().height();
    return cell;
}

void ChartGrid::updatePageTabs()
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

void ChartGrid::relayout()
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
    const int k = int(page.size());
    if (k == 0)
        return;
    const int columns = std::clamp(m_columns, 1, k);
    const int rows = (k + columns - 1) / columns;
    // The grid is cut into `units` equal columns, which a row of any count up to `columns`
    // (and a wide first chart) divides evenly.
    int units = 1;
    for (int c = 2; c <= columns; ++c)
        units = std::lcm(units, c);
    // Rows short of a chart: the first one for a wide headline, then the last ones.
    QList<int> count(rows, columns);
    int holes = columns * rows - k;
    const bool wide = m_firstWide && page.front() == 0 && holes > 0 && columns > 1;
    if (wide) {
        --count[0];
        --holes;
    }
    for (int r = rows - 1; holes > 0; r = r == 0 ? rows - 1 : r - 1) {
        if (count[r] > 1) {
            --count[r];
            --holes;
        }
    }
    int next = 0;
    for (int r = 0; r < rows; ++r) {
        int column = 0;
        for (int i = 0; i < count[r]; ++i) {
            // A wide first chart has twice the share of the others in its row.
            int span = units / count[r];
            if (r == 0 && wide)
                span = (i == 0 ? 2 : 1) * units / (count[r] + 1);
            m_grid->addWidget(m_charts[page[next++]], r, column, 1, span);
            column += span;
        }
        m_grid->setRowStretch(r, 1);
    }
    for (int c = 0; c < units; ++c)
        m_grid->setColumnStretch(c, 1);
}

} // namespace is::gui
