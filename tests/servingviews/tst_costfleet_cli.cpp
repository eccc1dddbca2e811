// SPDX-License-Identifier: MIT
// `inference-studio cost` and `fleet` print the numbers the Cost and Fleet charts draw: the default
// scenario through the real executable and through the views, compared value for value.
#include "CliRunner.h"

#include "cost/CostTab.h"
#include "fleet/FleetTab.h"
#include "serving/ServingChartPanel.h"
#include "serving/ServingCostFleetView.h"

#include "common/ThreadCheck.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineSeries>
#include <QTest>

#include <cmath>

using is::gui::CostTab;
using is::gui::FleetTab;
using is::gui::ServingChartPanel;
using is::gui::ServingCostFleetView;
namespace servingdata = is::gui::servingdata;

namespace {

QString defaultScenario()
{
    return is::testing::sourcePath(QStringLiteral("scenarios/gpt-5.6-sol-vs-kimi-k3.json"));
}

QJsonObject runJson(const QStringList& args)
{
    const is::testing::CliRun r = is::testing::runCli(args);
    if (r.code != 0)
        qWarning("%s", r.err.constData());
    return r.code == 0 ? QJsonDocument::fromJson(r.out).object() : QJsonObject();
}

// The bar set of a stacked or grouped bar chart with this label.
QBarSet* barSet(ServingChartPanel* panel, const QString& label)
{
    for (QAbstractSeries* s : panel->series())
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(s))
            for (QBarSet* set : bars->barSets())
                if (set->label() == label)
                    return set;
    return nullptr;
}

QLineSeries* line(ServingChartPanel* panel, const QString& name)
{
    for (QAbstractSeries* s : panel->series())
        if (auto* l = qobject_cast<QLineSeries*>(s); l && l->name() == name)
            return l;
    return nullptr;
}

} // namespace

class TestCostFleetCli : public QObject
{
    Q_OBJECT

private:
    is::Scenario m_scenario;
    std::shared_ptr<const is::Engine> m_engine;

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        auto s = is::loadScenarioFile(defaultScenario(), &error);
        QVERIFY2(s, qPrintable(error));
        m_scenario = *s;
        m_engine = std::make_shared<const is::Engine>(is::Catalog::builtin());
        // The GUI thread is watched: an evaluation on it would abort this suite.
        QVERIFY(is::threadcheck::enabled());
        QVERIFY(is::threadcheck::onGuiThread());
    }

    void costJsonIsWhatTheCostChartsDraw()
    {
        ServingCostFleetView view;
        view.setScenario(m_scenario, m_engine, {});
        QVERIFY(view.waitForCostAndFleet());
        const QJsonObject json =
            runJson({QStringLiteral("cost"), defaultScenario(), QStringLiteral("--json")});
        const QJsonArray deployments = json.value(QStringLiteral("deployments")).toArray();
        CostTab* tab = view.costTab();
        QCOMPARE(deployments.size(), qsizetype(tab->inputs().points.size()));
        QVERIFY(deployments.size() >= 2);

        // The stack: one bar set per component, one value per deployment.
        const struct
        {
            const char* key;
            const char* label;
        } components[] = {{"capital_usd_per_mtok", "Capital"},
                          {"maintenance_usd_per_mtok", "Maintenance"},
                          {"energy_usd_per_mtok", "Energy"},
                          {"space_usd_per_mtok", "Space"},
                          {"rental_usd_per_mtok", "Rental"}};
        int nonZero = 0;
        for (const auto& c : components) {
            QBarSet* set = barSet(tab->stackChart(), QLatin1String(c.label));
            QVERIFY2(set, c.label);
            QCOMPARE(set->count(), int(deployments.size()));
            for (int i = 0; i < set->count(); ++i) {
                const QJsonObject d = deployments[i].toObject();
                QCOMPARE(d.value(QStringLiteral("name")).toString(), tab->inputs().points[size_t(i)].name);
                QCOMPARE(d.value(QLatin1String(c.key)).toDouble(), set->at(i));
                nonZero += set->at(i) > 0;
            }
        }
        QVERIFY(nonZero > 0); // the comparison compared costs, not zeros
        for (int i = 0; i < int(deployments.size()); ++i)
            QCOMPARE(deployments[i].toObject().value(QStringLiteral("total_usd_per_mtok")).toDouble(),
                     tab->breakdown()[size_t(i)].total());

        // The sweeps: every deployment's line, point for point (utilisation drawn in percent).
        const QJsonArray sweeps = json.value(QStringLiteral("sweeps")).toArray();
        QCOMPARE(sweeps.size(), 2);
        for (const QJsonValue v : sweeps) {
            const QJsonObject sweep = v.toObject();
            const bool electricity =
                sweep.value(QStringLiteral("parameter")).toString() == QLatin1String("usd_per_kwh");
            const auto kind =
                electricity ? servingdata::SweepKind::ElectricityPrice : servingdata::SweepKind::Utilisation;
            const QJsonArray xs = sweep.value(QStringLiteral("values")).toArray();
            QCOMPARE(xs.size(), 29);
            const QJsonArray curves = sweep.value(QStringLiteral("deployments")).toArray();
            QVERIFY(!curves.isEmpty());
            for (const QJsonValue c : curves) {
                const QJsonObject curve = c.toObject();
                QLineSeries* drawn =
                    line(tab->sensitivityChart(kind), curve.value(QStringLiteral("name")).toString());
                QVERIFY(drawn);
                const QJsonArray costs = curve.value(QStringLiteral("usd_per_mtok")).toArray();
                QCOMPARE(drawn->count(), int(costs.size()));
                for (int i = 0; i < drawn->count(); ++i) {
                    QCOMPARE(drawn->at(i).x(), xs[i].toDouble() * (electricity ? 1.0 : 100.0));
                    QCOMPARE(drawn->at(i).y(), costs[i].toDouble());
                }
            }
        }
    }

    void fleetJsonIsWhatTheFleetChartDraws()
    {
        ServingCostFleetView view;
        view.setScenario(m_scenario, m_engine, {});
        QVERIFY(view.waitForCostAndFleet());
        FleetTab* tab = view.fleetTab();
        QVERIFY(tab->result());
        // The tab's starting target, which the command takes by default.
        QCOMPARE(tab->result()->target.kind, is::cost::FleetTargetKind::Users);
        const QJsonObject json =
            runJson({QStringLiteral("fleet"), defaultScenario(), QStringLiteral("--json")});
        QCOMPARE(json.value(QStringLiteral("target")).toObject().value(QStringLiteral("value")).toDouble(),
                 tab->result()->target.value);
        QCOMPARE(json.value(QStringLiteral("slo")).toObject().value(QStringLiteral("ttft_ms")).toDouble(),
                 tab->result()->slo.ttftS * 1000.0);
        const QJsonArray rows = json.value(QStringLiteral("deployments")).toArray();
        QCOMPARE(rows.size(), qsizetype(tab->result()->rows.size()));
        int feasible = 0;
        for (int i = 0; i < int(rows.size()); ++i) {
            const QJsonObject r = rows[i].toObject();
            const is::cost::FleetRow& f = tab->result()->rows[size_t(i)];
            QCOMPARE(r.value(QStringLiteral("name")).toString(), f.name);
            QCOMPARE(r.value(QStringLiteral("feasible")).toBool(), f.feasible);
            QCOMPARE(r.value(QStringLiteral("systems")).toDouble(), double(f.systems));
            QCOMPARE(r.value(QStringLiteral("chips")).toDouble(), double(f.chips));
            QCOMPARE(r.value(QStringLiteral("capex_usd")).toDouble(), f.capexUsd);
            QCOMPARE(r.value(QStringLiteral("facility_mw")).toDouble(), f.facilityMW);
            QCOMPARE(r.value(QStringLiteral("usd_per_mtok")).toDouble(), f.costs.usdPerMTok);
            // The chart's bar: systems per deployment.
            QBarSet* set = barSet(tab->chart(), f.name);
            QVERIFY(set);
            QCOMPARE(set->at(0), f.feasible ? r.value(QStringLiteral("systems")).toDouble() : 0.0);
            feasible += f.feasible;
        }
        QVERIFY(feasible > 0);
    }

    void badTargetsAreRejected()
    {
        const is::testing::CliRun r = is::testing::runCli(
            {QStringLiteral("fleet"), defaultScenario(), QStringLiteral("--users"), QStringLiteral("-5")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("--users"));
        const is::testing::CliRun both =
            is::testing::runCli({QStringLiteral("fleet"), defaultScenario(), QStringLiteral("--users"),
                                 QStringLiteral("5"), QStringLiteral("--rps"), QStringLiteral("5")});
        QCOMPARE(both.code, 2);
        const is::testing::CliRun missing =
            is::testing::runCli({QStringLiteral("cost"), QStringLiteral("/nonexistent/scenario.json")});
        QCOMPARE(missing.code, 2);
        QVERIFY(missing.err.contains("scenario.json"));
    }
};

QTEST_MAIN(TestCostFleetCli)
#include "tst_costfleet_cli.moc"
