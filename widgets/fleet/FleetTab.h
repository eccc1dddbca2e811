// SPDX-License-Identifier: MIT
#pragma once

#include "analysis/FleetSizing.h"
#include "common/JobTracker.h"
#include "scenario/Scenario.h"

#include <QColor>
#include <QHash>
#include <QList>
#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSplitter;
class QTableWidget;

namespace is {
class Engine;
}

namespace is::gui {

class ServingChartPanel;

// Fleet sizing: for a target load (concurrent users, requests/s) or a power budget (MW), how
// many systems each deployment needs, its capex, megawatts and cost per million tokens. A table
// and a bar chart of systems or megawatts per deployment; sizeFleet does all the arithmetic.
class FleetTab : public QWidget
{
    Q_OBJECT
public:
    explicit FleetTab(QWidget* parent = nullptr);
    ~FleetTab() override;

    void setScenario(const is::Scenario& s, std::shared_ptr<const is::Engine> engine,
                     const QHash<QString, QColor>& colours);
    void setTarget(is::cost::FleetTargetKind kind, double value);
    // Takes over another tab's target, the values last set for each kind of target and the
    // chart's metric (the window rebuilt for another language keeps what the user set).
    void adopt(const FleetTab& other);

    const std::optional<is::cost::FleetResult>& result() const { return m_result; }
    QTableWidget* table() const { return m_table; }
    ServingChartPanel* chart() const { return m_chart; }
    QComboBox* targetKind() const { return m_kind; }
    QDoubleSpinBox* targetValue() const { return m_value; }
    // The line above the table: the latency targets and where they came from.
    QString summaryText() const;
    // How the fleet is used, which its cost per token follows (the summary's tooltip).
    QString summaryToolTip() const;
    // The target as the chart names it under its bars ("1M concurrent users").
    QString targetText() const;
    // Sizing runs on a worker and arrives by queued call (newest wins): processes events until
    // the newest result is in; false on timeout (tests, exports that need the numbers now).
    bool waitForIdle(int timeoutMs = 30000);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void retranslate();
    // The value box for target kind i (users, requests/s, MW): its decimals, range and last value.
    void showTargetKind(int kind);
    void recompute();
    void fillTable();
    // Spans each infeasible row's "why" over the number columns again (after a sort).
    void spanInfeasibleRows();
    void drawChart();
    void giveTableItsRows();

    QComboBox* m_kind = nullptr;
    QDoubleSpinBox* m_value = nullptr;
    QComboBox* m_chartMetric = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
    QSplitter* m_split = nullptr;
    ServingChartPanel* m_chart = nullptr;
    std::optional<is::Scenario> m_scenario;
    std::shared_ptr<const is::Engine> m_engine;
    QHash<QString, QColor> m_colours;
    std::optional<is::cost::FleetResult> m_result;
    QString m_error;
    // The value last used per target kind, so switching kinds does not turn 10,000 users into 10,000 MW.
    double m_lastValue[3] = {is::cost::kDefaultFleetUsers, 1000, 750};
    is::JobTracker m_jobs; // last: destroyed first
};

} // namespace is::gui
