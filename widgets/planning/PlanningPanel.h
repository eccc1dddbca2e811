// SPDX-License-Identifier: MIT
#pragma once

#include "planning/DeploymentSearch.h"
#include "scenario/Scenario.h"

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace is {
class Engine;
}

namespace is::gui {

class PlanningJob;
class ScenarioDocument;
class ServingChartPanel;

// "Find a deployment": inverse design in the studio. Targets in (a load, latency limits, power
// and capex budgets), the search of `inference-studio plan` run off the GUI thread with progress
// and cancel, a ranked table and the Pareto chart of $/M tokens against tokens/s per user out
// (exported like every chart). "Add to canvas" puts the chosen configuration's unit on the
// canvas as one undoable edit.
class PlanningPanel : public QWidget
{
    Q_OBJECT
public:
    explicit PlanningPanel(ScenarioDocument* doc, QWidget* parent = nullptr);
    ~PlanningPanel() override;

    void setEngine(std::shared_ptr<const Engine> engine);
    // Starts a search with the targets in the form (a running one is cancelled: newest wins).
    void search();
    void cancel();
    bool searching() const;
    // Whether a listed row can become a canvas deployment (a prefill-decode fleet cannot).
    bool canAddToCanvas(int row) const;
    // Adds the configuration of table row `row` (as the table is sorted) to the scenario (one undo
    // step).
    bool addToCanvas(int row);
    // The ranked row that table row `row` shows (null: none).
    const planning::PlanRow* listedAt(int row) const;

    const std::optional<planning::PlanResult>& result() const { return m_result; }
    QTableWidget* table() const { return m_table; }
    QPushButton* addButton() const { return m_addButton; }
    ServingChartPanel* chart() const { return m_chart; }
    QDoubleSpinBox* loadValue() const { return m_load; }
    QDoubleSpinBox* ttftMs() const { return m_ttft; }
    QDoubleSpinBox* tpotMs() const { return m_tpot; }
    QLabel* summary() const { return m_summary; }

    // Takes over another panel's targets and its last search (the window is rebuilt in another
    // language; a search of a minute is not to be lost with it).
    void adopt(const PlanningPanel& other);

Q_SIGNALS:
    void searchFinished();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    planning::PlanTargets targetsFromForm() const;
    void finish();
    // Drops the last search and its results (the document was replaced).
    void forgetSearch();
    // The ranked table (PlanningTable.cpp): made, with sorting by a column's head; filled.
    void setUpTable();
    void fillTable();
    void drawChart();
    // Whether the searched workload (before a search, the document's) decodes: more than one
    // output token, so a speed per user to plot rather than its first token.
    bool decodes() const;
    QString summaryText() const;

    ScenarioDocument* m_doc;
    std::shared_ptr<const Engine> m_engine;
    QComboBox* m_loadKind = nullptr;
    QDoubleSpinBox* m_load = nullptr;
    QDoubleSpinBox* m_ttft = nullptr;
    QDoubleSpinBox* m_tpot = nullptr;
    QDoubleSpinBox* m_power = nullptr;
    QDoubleSpinBox* m_capex = nullptr;
    QLabel* m_ttftLabel = nullptr;
    QLabel* m_tpotLabel = nullptr;
    QLabel* m_powerLabel = nullptr;
    QLabel* m_capexLabel = nullptr;
    QPushButton* m_searchButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_addButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
    ServingChartPanel* m_chart = nullptr;
    std::unique_ptr<PlanningJob> m_job;
    void fitDeviceColumn();
    std::optional<planning::PlanResult> m_result;
    // The model the running or last search planned for: how an added deployment names it, and
    // its catalog name (shown in the user's language by the summary).
    is::ModelRef m_searchedModel;
    QString m_searchedModelName;
    is::ModelRef m_searchingModel; // the running search's, until it finishes
    QString m_searchingModelName;
    std::vector<const planning::PlanRow*> m_listed; // the table's rows, in m_result
    QString m_error;
};

} // namespace is::gui
