// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QWidget>

class QGridLayout;
class QScrollArea;
class QTabBar;

namespace is::gui {

class ChartPanel;

// A grid of charts that reflows to the room it has: as many columns and rows as fit at the
// charts' readable minimum size (at most setMaxColumns()), and charts that do not fit go on
// further pages, chosen by a tab bar above the grid, instead of scrolling. A row short of
// charts spreads the ones it has over its whole width (no holes); with setFirstChartWide()
// the first chart, the headline, takes the room a short first row leaves. The grid scrolls
// only where not even one chart fits, instead of squeezing it into an unreadable sliver.
// The comparison charts and the Serving and Cost tabs lay out their charts with it.
class ChartGrid : public QWidget
{
    Q_OBJECT
public:
    explicit ChartGrid(QWidget* parent = nullptr);

    // The charts in reading order; they become children of the grid.
    void setCharts(const QList<ChartPanel*>& charts);
    QList<ChartPanel*> charts() const { return m_charts; }

    // At most this many columns (default 3); fewer where the width does not hold them.
    void setMaxColumns(int columns);
    void setFirstChartWide(bool wide);

    // The grid as laid out now: columns and rows of the page shown, and the pages.
    int columns() const { return m_columns; }
    int rows() const { return m_rows; }
    int pageCount() const { return int(m_pages.size()); }
    int currentPage() const { return m_page; }
    void setCurrentPage(int page);
    // The charts on the page shown.
    QList<ChartPanel*> visibleCharts() const;

    // Splits the charts into pages for the current size, then lays out the page shown. Call it
    // when the charts' minimum size may have changed (new data, longer legends, another font).
    void reflow();

    // Room for one chart at its readable minimum, and the page tabs: below it the grid scrolls.
    // Not the widget's minimum size: that would make a window grow past its screen where the
    // charts' type is large (a projector); a host that shares its room (a splitter) gives the
    // grid this much where it can.
    QSize oneChartSize() const { return oneChartSize(width()); }
    // The same were the grid `width` pixels wide (a host deciding where to put it).
    QSize oneChartSize(int width) const;

Q_SIGNALS:
    void pageChanged(int page);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void relayout();
    void updatePageTabs();

    QList<ChartPanel*> m_charts;
    QWidget* m_area = nullptr;
    QGridLayout* m_grid = nullptr;
    QScrollArea* m_scroll = nullptr;
    QTabBar* m_pageBar = nullptr;
    // Per page, its charts' indexes into m_charts (one page: every chart).
    QList<QList<int>> m_pages;
    int m_page = 0;
    int m_maxColumns = 3;
    int m_columns = 3;
    int m_rows = 1;
    bool m_firstWide = false;
};

} // namespace is::gui
