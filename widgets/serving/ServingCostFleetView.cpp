// SPDX-License-Identifier: MIT
#include "serving/ServingCostFleetView.h"

#include "analysis/ScenarioSimulation.h"
#include "charts/ChartPanel.h"
#include "cost/CostTab.h"
#include "cost/TcoEditor.h"
#include "engine/Engine.h"
#include "fleet/FleetTab.h"
#include "serving/ServingChartPanel.h"
#include "serving/ServingData.h"
#include "serving/ServingTab.h"

#include <QEvent>
#include <QMenu>
#include <QTabWidget>
#include <QVBoxLayout>

namespace is::gui {

ServingCostFleetView::ServingCostFleetView(QWidget* parent) : QWidget(parent)
{
    m_tabs = new QTabWidget(this);
    m_serving = new ServingTab(m_tabs);
    m_cost = new CostTab(m_tabs);
    m_fleet = new FleetTab(m_tabs);
    m_tabs->addTab(m_serving, QString());
    m_tabs->addTab(m_cost, QString());
    m_tabs->addTab(m_fleet, QString());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    // Edits made in one event-loop pass (a slider drag) start one simulation, not one each.
    m_simulations.setCancelSuperseded(true);

    for (ChartPanel* c : charts())
        connect(c, &ChartPanel::exported, this, &ServingCostFleetView::exported);
    retranslate();
}

ServingCostFleetView::~ServingCostFleetView() = default;

bool ServingCostFleetView::waitForCostAndFleet(int timeoutMs)
{
    return m_costs.waitForIdle(timeoutMs) && m_fleet->waitForIdle(timeoutMs);
}

QList<ChartPanel*> ServingCostFleetView::charts() const
{
    QList<ChartPanel*> all;
    for (ServingChartPanel* c : m_serving->charts())
        all << c;
    for (ServingChartPanel* c : m_cost->charts())
        all << c;
    all << m_fleet->chart();
    return all;
}

void ServingCostFleetView::addExportActions(QMenu* fileExportMenu)
{
    for (ChartPanel* c : charts()) {
        QMenu* sub = fileExportMenu->addMenu(c->title());
        sub->addActions(c->exportActions());
    }
}

void ServingCostFleetView::setDocument(is::gui::ScenarioDocument* doc)
{
    m_cost->editor()->setDocument(doc);
}

void ServingCostFleetView::setFontPointSize(int points)
{
    for (ChartPanel* c : charts())
        c->setFontPointSize(points);
}

void ServingCostFleetView::setCaption(const QString& caption)
{
    for (ChartPanel* c : charts())
        c->setCaption(caption);
}

void ServingCostFleetView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ServingCostFleetView::retranslate()
{
    m_tabs->setTabText(0, tr("Serving"));
    m_tabs->setTabText(1, tr("Cost"));
    m_tabs->setTabText(2, tr("Fleet"));
    m_tabs->setTabToolTip(
        0, tr("Latency percentiles, their distribution and the queue over time under simulated load"));
    m_tabs->setTabToolTip(
        1,
        tr("Cost per million tokens by component and its sensitivity to electricity price and utilisation"));
    m_tabs->setTabToolTip(2,
                          tr("Systems, capex and power each deployment needs for a load or a power budget"));
}

void ServingCostFleetView::setScenario(const is::Scenario& s, std::shared_ptr<const is::Engine> engine,
                                       const QHash<QString, QColor>& colourByDeploymentId)
{
    m_scenario = s;
    m_engine = std::move(engine);
    m_colours = colourByDeploymentId;
    if (!m_engine)
        return;
    // Costed by core (what `inference-studio cost` prints) on a worker: the GUI thread neither
    // evaluates nor waits; the newest scenario's analysis replaces the last when it arrives.
    m_costs.submit([scenario = s,
                    engine = m_engine](is::JobContext&) { return is::cost::analyseCost(scenario, *engine); },
                   [this, scenario = s](const is::cost::CostAnalysis& costs) {
                       m_cost->setAnalysis(costs, m_colours);
                       m_cost->editor()->setScenario(scenario, costs.inputs);
                   });
    m_fleet->setScenario(s, m_engine, m_colours);

    m_pending = true;
    m_serving->setStatus(tr("Simulating %L1 requests per deployment…").arg(m_requests));
    is::serving::SimulationOverrides overrides;
    overrides.requests = m_requests;
    // The running simulation is for an older scenario: the tracker stops it rather than let it
    // finish. The job owns copies of everything it reads: the document may change while it runs.
    struct Outcome
    {
        std::shared_ptr<const is::serving::SimulationRun> run;
        QString error;
    };
    m_simulations.submit(
        [overrides, scenario = s, engine = m_engine](is::JobContext& job) {
            Outcome o;
            if (auto r =
                    is::serving::simulateScenario(scenario, *engine, overrides, &o.error, job.cancelFlag()))
                o.run = std::make_shared<const is::serving::SimulationRun>(std::move(*r));
            return o;
        },
        [this](Outcome o) { deliver(std::move(o.run), o.error); });
}

void ServingCostFleetView::deliver(std::shared_ptr<const is::serving::SimulationRun> run,
                                   const QString& error)
{
    // Only the newest scenario's simulation arrives here: the tracker drops superseded ones.
    m_pending = false;
    m_simError = run ? QString() : error;
    if (run) {
        m_run = std::move(run);
        m_serving->setRun(m_run, m_colours);
        m_serving->setStatus(QString());
    } else {
        // The previous run belongs to another scenario: it must not read as this one's result.
        m_run.reset();
        m_serving->clearRun();
        m_serving->setStatus(tr("Cannot simulate this scenario: %1").arg(error));
    }
}

} // namespace is::gui
