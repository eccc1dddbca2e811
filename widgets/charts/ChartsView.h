// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QHash>
#include <QList>
#include <QString>
#include <QTimer>
#include <QWidget>

#include <memory>

class QMenu;

namespace is {
struct ScenarioAnalysis;
}

namespace is::gui {

class ChartGrid;
class ChartPanel;

// Every studio chart in one ChartGrid, which reflows to the room it has: as many columns and
// rows as fit at the charts' readable minimum size (at most three columns); charts that do not
// fit go on further pages instead of scrolling (a 1280 x 720 screen shows two charts a page;
// the 1600 x 1000 window all seven, the headline speed chart wide). setAnalysis() may be called on every
// slider tick: updates are coalesced to one per event-loop pass, and repainted() fires once every visible
// chart has painted the newest data (the shell's --bench-ui measures slider-to-pixels latency with it). A
// live analysis (one of a stream, a slider being dragged) is drawn cheaply: without antialiasing, which
// halves the cost of the big filled bands, and on axes that only grow. The caller says when the stream stops
// by setting the newest analysis again, not live: the charts are then drawn crisp, on axes fitted to the
// data.
class ChartsView : public QWidget
{
    Q_OBJECT
public:
    explicit ChartsView(QWidget* parent = nullptr);
    ~ChartsView() override;

    // Deployment colours are keyed by the document's deployment id; missing ids get a palette colour.
    void setAnalysis(std::shared_ptr<const is::ScenarioAnalysis> analysis,
                     const QHash<QString, QColor>& colourByDeploymentId, bool live = false);
    bool live() const { return m_live; }
    std::shared_ptr<const is::ScenarioAnalysis> analysis() const { return m_analysis; }
    // Applies a pending update now instead of at the next event-loop pass (tests, benchmarks).
    void flush();

    // Adds one submenu per chart (PNG, SVG, PDF, CSV, Copy) to the shell's File > Export menu.
    void addExportActions(QMenu* fileExportMenu);
    QList<ChartPanel*> charts() const { return m_charts; }
    ChartPanel* chart(const QString& id) const;

    // The line every export carries under its chart (the scenario and its workload).
    void setCaption(const QString& caption);

    // Titles, axis labels and legends in points (projector mode uses a large size).
    void setFontPointSize(int points);
    int fontPointSize() const { return m_fontPointSize; }
    // At most this many grid columns (default 3); fewer where the width does not hold them.
    void setColumns(int columns);
    // The grid as laid out now: columns, rows and charts of the page shown, and the pages.
    int columns() const;
    int rows() const;
    int pageCount() const;
    int currentPage() const;
    void setCurrentPage(int page);
    // The charts on the page shown.
    QList<ChartPanel*> visibleCharts() const;

Q_SIGNALS:
    // The newest analysis reached every chart's data (before painting).
    void updated();
    // Every visible chart has painted the newest analysis.
    void repainted();
    void exported(const QString& message, bool ok);

protected:
    void changeEvent(QEvent* event) override;

private:
    void apply();
    void onChartPainted();
    void setLive(bool live);

    QList<ChartPanel*> m_charts;
    ChartGrid* m_grid = nullptr;
    std::shared_ptr<const is::ScenarioAnalysis> m_analysis;
    std::shared_ptr<const is::ScenarioAnalysis> m_pending;
    QHash<QString, QColor> m_colours;
    QTimer m_coalesce;
    bool m_pendingLive = false;
    bool m_live = false;
    QList<ChartPanel*> m_awaitingPaint;
    int m_fontPointSize = 11;
};

} // namespace is::gui
