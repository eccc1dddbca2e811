// SPDX-License-Identifier: MIT
#pragma once
// The base of the Serving, Cost and Fleet view suites: the default scenario, an engine, the
// deployments' colours, and checks of what a chart draws.
#include "SourcePath.h"
#include "charts/ChartPanel.h"
#include "cost/CostTab.h"
#include "document/ScenarioDocument.h"
#include "engine/Engine.h"
#include "fleet/FleetTab.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"
#include "serving/ServingCostFleetView.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QColor>
#include <QHash>
#include <QObject>
#include <QTest>
#include <QXYSeries>

#include <algorithm>
#include <cmath>
#include <memory>

namespace is::test {

class ServingViewsSuite : public QObject
{
    Q_OBJECT

protected:
    is::Scenario m_scenario;
    std::shared_ptr<const is::Engine> m_engine = std::make_shared<const is::Engine>(is::Catalog::builtin());
    QHash<QString, QColor> m_colours{{QStringLiteral("cs3"), QColor(0xe4, 0x57, 0x2e)},
                                     {QStringLiteral("h100"), QColor(0x4c, 0x78, 0xa8)}};

    static double rel(double a, double b)
    {
        return std::abs(a - b) / std::max({std::abs(a), std::abs(b), 1e-300});
    }

    // Every point of every series is finite; returns the number of points seen.
    static int checkFinite(gui::ChartPanel* panel)
    {
        int points = 0;
        const auto series = panel->series();
        for (QAbstractSeries* s : series) {
            if (auto* xy = qobject_cast<QXYSeries*>(s)) {
                const auto pts = xy->points();
                for (const QPointF& p : pts) {
                    if (!std::isfinite(p.x()) || !std::isfinite(p.y()))
                        return -1;
                    ++points;
                }
            } else if (auto* bars = qobject_cast<QAbstractBarSeries*>(s)) {
                const auto sets = bars->barSets();
                for (QBarSet* set : sets)
                    for (int i = 0; i < set->count(); ++i) {
                        if (!std::isfinite(set->at(i)))
                            return -1;
                        ++points;
                    }
            }
        }
        return points;
    }

    // `view` on `scenario`; true once its cost and fleet are in (its simulation may still run).
    bool showScenario(is::gui::ServingCostFleetView& view, const is::Scenario& scenario) const
    {
        view.setScenario(scenario, m_engine, m_colours);
        return view.waitForCostAndFleet();
    }

    // `view` on `doc` as the shell wires them (MainWindow: changed -> setScenario); true once the
    // cost and fleet of the document's scenario are in.
    bool showDocument(is::gui::ServingCostFleetView& view, is::gui::ScenarioDocument& doc)
    {
        view.setDocument(&doc);
        QObject::connect(&doc, &is::gui::ScenarioDocument::changed, &view,
                         [this, v = &view, d = &doc] { v->setScenario(d->scenario(), m_engine, m_colours); });
        return showScenario(view, doc.scenario());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        auto s = is::loadScenarioFile(is::testing::defaultScenarioPath(), &error);
        QVERIFY2(s, qPrintable(error));
        m_scenario = *s;
    }
};

} // namespace is::test

// The views under test, by their short names in every suite.
using is::gui::ChartPanel;
using is::gui::CostTab;
using is::gui::FleetTab;
using is::gui::ServingChartPanel;
using is::gui::ServingCostFleetView;
using is::gui::TcoEditor;
namespace servingdata = is::gui::servingdata;
