// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QHash>
#include <QList>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;

namespace is::serving {
struct SimulationRun;
}

namespace is::gui {

class ChartGrid;
class ServingChartPanel;

// Latency under load: TTFT, TPOT and end-to-end percentiles per deployment, their CDFs on a log
// axis, and one deployment's queue, batch and KV-cache use over time. Draws a SimulationRun
// that ServingCostFleetView computes off the GUI thread.
class ServingTab : public QWidget
{
    Q_OBJECT
public:
    explicit ServingTab(QWidget* parent = nullptr);
    ~ServingTab() override;

    void setRun(std::shared_ptr<const is::serving::SimulationRun> run, const QHash<QString, QColor>& colours);
    // Forgets the run and empties every chart (the scenario cannot be simulated): the previous
    // scenario's results must not read as this one's.
    void clearRun();
    bool hasRun() const { return m_run != nullptr; }
    // "Simulating…" or an error over the charts; empty hides it.
    void setStatus(const QString& text);

    QList<ServingChartPanel*> charts() const;
    ServingChartPanel* percentileChart(int metric) const { return m_percentiles[metric]; }
    ServingChartPanel* cdfChart() const { return m_cdf; }
    ServingChartPanel* timelineChart() const { return m_timeline; }
    ChartGrid* grid() const { return m_grid; }
    QComboBox* timelineSelector() const { return m_deployment; }
    QComboBox* cdfMetricSelector() const { return m_cdfMetric; }
    QString summary() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    // The note where no request had a token after its first (a time per output token of nothing).
    static QString noSecondToken();
    void drawPercentiles();
    void drawCdf();
    void drawTimeline();

    ServingChartPanel* m_percentiles[3] = {};
    ServingChartPanel* m_cdf = nullptr;
    ServingChartPanel* m_timeline = nullptr;
    ChartGrid* m_grid = nullptr;
    QComboBox* m_cdfMetric = nullptr;
    QComboBox* m_deployment = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_summary = nullptr; // load, throughput and goodput per deployment
    void updateSummary();
    std::shared_ptr<const is::serving::SimulationRun> m_run;
    bool m_cleared = false; // clearRun() emptied the charts (their note follows the language)
    QHash<QString, QColor> m_colours;
};

} // namespace is::gui
