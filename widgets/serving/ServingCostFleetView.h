// SPDX-License-Identifier: MIT
#pragma once

#include "common/JobTracker.h"
#include "scenario/Scenario.h"

#include <QColor>
#include <QHash>
#include <QList>
#include <QWidget>

#include <memory>
#include <optional>

class QMenu;
class QTabWidget;

namespace is {
class Engine;
}
namespace is::gui {
class ScenarioDocument;
}
namespace is::serving {
struct SimulationRun;
}

namespace is::gui {

class ChartPanel;
class CostTab;
class FleetTab;
class ServingTab;

// Serving under load, cost per token and fleet sizing for the open scenario, as three tabs.
//
// setScenario() may be called on every edit: the cost and fleet tabs recompute on JobTracker
// workers (engine estimates, milliseconds) and the request-level simulation on another with a
// modest request count; newer scenarios supersede older jobs (newest wins) and results come back
// by queued call, so this thread never evaluates or waits. Every number comes from core
// (serving::simulateScenario, cost::analyseCost, cost::analyseFleet); this widget only draws them.
class ServingCostFleetView : public QWidget
{
    Q_OBJECT
public:
    explicit ServingCostFleetView(QWidget* parent = nullptr);
    ~ServingCostFleetView() override;

    // Deployment colours are keyed by the document's deployment id; missing ids get a palette colour.
    void setScenario(const is::Scenario& s, std::shared_ptr<const is::Engine> engine,
                     const QHash<QString, QColor>& colourByDeploymentId);

    // The document the Cost view's assumptions editor edits (undoable commands). Without one the
    // editor only shows the assumptions. The shell still calls setScenario() after each change.
    void setDocument(is::gui::ScenarioDocument* doc);

    // Requests simulated per deployment (5,000: interactive, still stable percentiles).
    int simulatedRequests() const { return m_requests; }

    // Processes events until the newest cost and fleet figures are in; false on timeout.
    bool waitForCostAndFleet(int timeoutMs = 30000);

    // True while a simulation for the newest scenario is queued or running.
    bool simulationPending() const { return m_pending; }
    // The newest delivered simulation (null before the first one, or when it failed).
    std::shared_ptr<const is::serving::SimulationRun> simulation() const { return m_run; }
    QString simulationError() const { return m_simError; }

    QTabWidget* tabs() const { return m_tabs; }
    ServingTab* servingTab() const { return m_serving; }
    CostTab* costTab() const { return m_cost; }
    FleetTab* fleetTab() const { return m_fleet; }
    // Every chart of the three tabs (export, font size, tests).
    QList<ChartPanel*> charts() const;
    // Adds one submenu per chart (PNG, SVG, PDF, CSV, Copy) to the shell's File > Export menu.
    void addExportActions(QMenu* fileExportMenu);
    void setFontPointSize(int points);
    // The line every export carries under its chart (the scenario and its workload).
    void setCaption(const QString& caption);

Q_SIGNALS:
    // An export finished; message is user-facing ("Saved chart.png") or an error.
    void exported(const QString& message, bool ok);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void deliver(std::shared_ptr<const is::serving::SimulationRun> run, const QString& error);

    QTabWidget* m_tabs = nullptr;
    ServingTab* m_serving = nullptr;
    CostTab* m_cost = nullptr;
    FleetTab* m_fleet = nullptr;

    std::optional<is::Scenario> m_scenario;
    std::shared_ptr<const is::Engine> m_engine;
    QHash<QString, QColor> m_colours;
    int m_requests = 5000;

    bool m_pending = false;
    std::shared_ptr<const is::serving::SimulationRun> m_run;
    QString m_simError;
    // One worker: a newer scenario cancels the running simulation, which stops at its next step.
    // Declared last: destroyed first, it waits for the job that posts back to this object.
    is::JobTracker m_simulations;
    is::JobTracker m_costs;
};

} // namespace is::gui
