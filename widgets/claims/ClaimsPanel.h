// SPDX-License-Identifier: MIT
#pragma once

#include "charts/SpeedVsContextChart.h"
#include "common/JobTracker.h"
#include "scenario/Scenario.h"

#include <QDockWidget>
#include <QHash>

#include <memory>

class QPushButton;
class QTableView;
class QTextBrowser;

namespace is {
class Engine;
}

namespace is::gui {

class ClaimsModel;

// The Claims dock: every seed-article claim with the engine's verdict, the selected claim's
// original sentence, English rendering and reason below the table, and a button that opens the
// scenario reproducing the claim's setup. The audit runs on the thread pool, once when the panel
// is made and again whenever the engine changes (catalog or calibration).
class ClaimsPanel : public QDockWidget
{
    Q_OBJECT
public:
    ClaimsPanel(std::shared_ptr<const Engine> engine, QWidget* parent = nullptr);

    void setEngine(std::shared_ptr<const Engine> engine);
    ClaimsModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QTextBrowser* detail() const { return m_detail; }
    QPushButton* openScenarioButton() const { return m_open; }
    // The built-in scenario (":/scenarios/...") of the selected claim; empty if it has none.
    QString selectedScenario() const;
    // The per-user speed claims to mark on the speed-vs-context chart of `document`: those whose
    // built-in scenario has its name, official ones always and the selected claim of any kind,
    // on deployments that still run the claim's device and model (a CS-3 claim is not drawn
    // for the deployment once it runs on B200s).
    QList<SpeedVsContextChart::ClaimMark> speedMarks(const Scenario& document) const;

Q_SIGNALS:
    // The audit's verdicts are in the model.
    void audited();
    // "Open this claim's scenario": the main window asks about unsaved edits and loads it.
    void scenarioRequested(const QString& path);
    // Another claim (or none) is selected.
    void selectedClaimChanged();

private:
    void runAudit();
    void showSelected();

    std::shared_ptr<const Engine> m_engine;
    ClaimsModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QTextBrowser* m_detail = nullptr;
    QPushButton* m_open = nullptr;
    QHash<QString, Scenario> m_scenarios; // a claim's scenario file -> that scenario
    // A newer audit's verdicts replace an older one's, never the reverse. Last: destroyed first,
    // it waits for a running audit.
    JobTracker m_audits;
};

} // namespace is::gui
