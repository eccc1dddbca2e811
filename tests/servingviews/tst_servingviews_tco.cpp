// SPDX-License-Identifier: MIT
// The Cost tab's assumptions editor on a document: edits, undo and save, sources in Chinese, and
// the rows following core's table of TCO fields.
#include "ServingViewsFixture.h"

#include "Names.h"
#include "analysis/ScenarioSimulation.h"
#include "cost/CostTab.h"
#include "cost/ServingPointCost.h"
#include "cost/TcoEditing.h"
#include "cost/TcoEditor.h"
#include "cost/TcoFields.h"
#include "document/ScenarioDocument.h"
#include "fleet/FleetTab.h"
#include "serving/ServingChartPanel.h"
#include "serving/ServingCostFleetView.h"
#include "settings/LanguageManager.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QJsonObject>
#include <QScopeGuard>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

class TestServingViewsTco : public is::test::ServingViewsSuite
{
    Q_OBJECT

private Q_SLOTS:
    void assumptionsEditorEditsUndoesAndSaves()
    {
        // The document, the view and the shell's wiring (MainWindow: changed -> setScenario).
        is::gui::ScenarioDocument doc(is::Catalog::builtin());
        doc.reset(m_scenario, QString());
        const is::Scenario original = doc.scenario();
        ServingCostFleetView view;
        QVERIFY(showDocument(view, doc));
        CostTab* cost = view.costTab();
        TcoEditor* ed = cost->editor();
        QTableWidget* t = ed->table();
        auto cell = [&](const QString& dep, const char* key, int column) {
            const int row = ed->rowOf(dep, QLatin1String(key));
            return row >= 0 && t->item(row, column) ? t->item(row, column)->text()
                                                    : QStringLiteral("<missing>");
        };
        const QString h100 = QStringLiteral("h100");
        int h100Index = -1;
        for (int i = 0; i < int(cost->inputs().points.size()); ++i)
            if (cost->inputs().points[size_t(i)].docId == h100)
                h100Index = i;
        QVERIFY(h100Index >= 0);

        // Every assumption is listed with a value, a unit, a kind and a source.
        for (const char* key : {"amortisation_years", "cost_of_capital", "usd_per_kwh", "pue",
                                "maintenance_per_year", "space_usd_per_kw_month", "network_capex_fraction",
                                "system_share_usd", "usd_per_chip_hour", "utilisation", "max_utilisation"})
            for (int c = TcoEditor::ValueColumn; c <= TcoEditor::SourceColumn; ++c)
                QVERIFY2(!cell(QString(), key, c).isEmpty() &&
                             cell(QString(), key, c) != QStringLiteral("<missing>"),
                         key);
        for (const auto& p : cost->inputs().points)
            for (const char* key : {"capex_usd_per_chip", "system_share_usd", "usd_per_chip_hour"})
                QVERIFY2(ed->rowOf(p.docId, QLatin1String(key)) >= 0, key);
        // The H100's price comes from the catalog, with the catalog's kind; the CS-3's rental rate is third
        // party.
        QVERIFY(cell(h100, "capex_usd_per_chip", TcoEditor::KindColumn) != ed->tr("user-set"));
        QCOMPARE(cell(QStringLiteral("cs3"), "usd_per_chip_hour", TcoEditor::KindColumn),
                 is::gui::names::sourceKind(is::SourceKind::ThirdParty));
        QCOMPARE(cell(QString(), "utilisation", TcoEditor::ValueColumn), QLocale().toString(70.0, 'g', 10));

        const std::vector<is::cost::HourlyCost> before = cost->breakdown();
        const double kwh = doc.scenario().tco.usdPerKWh.value;

        // 1. Electricity price, typed into the table: the energy part of every bar doubles, the
        // rest stays; one undo step; the document is modified; the comparison's "cost" section follows.
        QTableWidgetItem* price =
            t->item(ed->rowOf(QString(), QStringLiteral("usd_per_kwh")), TcoEditor::ValueColumn);
        QVERIFY(price->flags() & Qt::ItemIsEditable);
        price->setText(QLocale().toString(2 * kwh, 'g', 10));
        QVERIFY(view.waitForCostAndFleet());
        QVERIFY2(ed->message().isEmpty(), qPrintable(ed->message()));
        QVERIFY(doc.isModified());
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.scenario().tco.usdPerKWh.value, 2 * kwh);
        QVERIFY(is::cost::isUserSet(doc.scenario().tco.usdPerKWh));
        std::vector<is::cost::HourlyCost> after = cost->breakdown();
        for (size_t i = 0; i < before.size(); ++i) {
            QVERIFY(rel(after[i].energy, 2 * before[i].energy) < 1e-9);
            QVERIFY(rel(after[i].capital, before[i].capital) < 1e-12);
            QVERIFY(rel(after[i].total() - before[i].total(), before[i].energy) < 1e-9);
        }
        // The table is rebuilt after the edit: the value shows as user-set and can be reset.
        QTRY_COMPARE(cell(QString(), "usd_per_kwh", TcoEditor::KindColumn), ed->tr("user-set"));
        auto* resetButton = qobject_cast<QToolButton*>(
            t->cellWidget(ed->rowOf(QString(), QStringLiteral("usd_per_kwh")), TcoEditor::ResetColumn));
        QVERIFY(resetButton && resetButton->isEnabled());

        // 2. Capex per chip of the H100 deployment, +$10,000: capital and maintenance per million
        // tokens grow by the hand-computed amounts, energy and space do not move.
        const auto& in = cost->inputs();
        const auto& p = in.points[size_t(h100Index)];
        const is::cost::ServingPointCost spc =
            is::cost::servingPointCost(p.resolved.deployment, p.docId, p.estimate, in.workload, in.tco);
        const double perChip = spc.inputs.capexPerChip.value;
        const double net = spc.inputs.systems > 1 ? in.tco.networkCapexFraction.value : 0.0;
        const double dCapex = spc.inputs.chips * 10000.0 * (1 + net);
        const double perMTok = 1e6 / (spc.servedTokS * 3600.0) / 8760.0;
        const double dCapital =
            dCapex *
            is::cost::capitalRecoveryFactor(in.tco.costOfCapital.value, in.tco.amortisationYears.value) *
            perMTok;
        const double dMaintenance = dCapex * in.tco.maintenancePerYear.value * perMTok;
        const double fleetCapexBefore = view.fleetTab()->result()->rows[size_t(h100Index)].capexUsd;
        QTRY_VERIFY(ed->rowOf(h100, QStringLiteral("capex_usd_per_chip")) >= 0);
        t->item(ed->rowOf(h100, QStringLiteral("capex_usd_per_chip")), TcoEditor::ValueColumn)
            ->setText(QString::number(perChip + 10000.0, 'f', 2));
        QVERIFY(view.waitForCostAndFleet());
        QVERIFY2(ed->message().isEmpty(), qPrintable(ed->message()));
        QCOMPARE(doc.undoStack()->count(), 2);
        const std::vector<is::cost::HourlyCost> capexUp = cost->breakdown();
        const auto& hb = after[size_t(h100Index)];
        const auto& ha = capexUp[size_t(h100Index)];
        QVERIFY2(rel(ha.capital - hb.capital, dCapital) < 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(ha.capital - hb.capital).arg(dCapital)));
        QVERIFY(rel(ha.maintenance - hb.maintenance, dMaintenance) < 1e-9);
        QVERIFY(rel(ha.energy, hb.energy) < 1e-12);
        QVERIFY(rel(ha.space, hb.space) < 1e-12);
        // The other deployment keeps its cost; the fleet view follows.
        QVERIFY(rel(capexUp[size_t(1 - h100Index)].total(), after[size_t(1 - h100Index)].total()) < 1e-12);
        QVERIFY(view.fleetTab()->result()->rows[size_t(h100Index)].capexUsd > fleetCapexBefore);
        QTRY_COMPARE(cell(h100, "capex_usd_per_chip", TcoEditor::KindColumn), ed->tr("user-set"));

        // 3. Bad input is refused with a reason; nothing changes, the cell shows the value in effect.
        struct Bad
        {
            const char* key;
            const char* text;
        };
        for (const Bad& b : {Bad{"utilisation", "0"}, Bad{"utilisation", "150"}, Bad{"usd_per_kwh", "-0.1"},
                             Bad{"amortisation_years", "0"}, Bad{"pue", "0.9"},
                             Bad{"maintenance_per_year", "abc"}, Bad{"system_share_usd", "-1"}}) {
            QTRY_VERIFY(ed->rowOf(QString(), QLatin1String(b.key)) >= 0);
            const QString shown = cell(QString(), b.key, TcoEditor::ValueColumn);
            t->item(ed->rowOf(QString(), QLatin1String(b.key)), TcoEditor::ValueColumn)
                ->setText(QLatin1String(b.text));
            QVERIFY(view.waitForCostAndFleet());
            QVERIFY2(!ed->message().isEmpty(), b.key);
            QCOMPARE(doc.undoStack()->count(), 2);
            QCOMPARE(cell(QString(), b.key, TcoEditor::ValueColumn), shown);
        }
        QVERIFY(!ed->edit(h100, QStringLiteral("usd_per_chip_hour"), QStringLiteral("-3")));
        QVERIFY(view.waitForCostAndFleet());
        QCOMPARE(ed->message(), TcoEditor::tr("%1 cannot be negative.").arg(TcoEditor::tr("Rental price")));
        QCOMPARE(doc.undoStack()->count(), 2);
        for (ChartPanel* c : view.charts())
            QVERIFY2(checkFinite(c) >= 0, qPrintable(c->id()));

        // 4. Save and reopen: the same assumptions, the same costs.
        QTemporaryDir dir;
        const QString path = dir.path() + QStringLiteral("/edited.json");
        QString error;
        QVERIFY2(doc.save(path, &error), qPrintable(error));
        QVERIFY(!doc.isModified());
        auto reopened = is::loadScenarioFile(path, &error);
        QVERIFY2(reopened, qPrintable(error));
        const is::cost::TcoAssumptions* tcoOpened = &reopened->tco;
        QCOMPARE(*tcoOpened, doc.scenario().tco);
        QCOMPARE(tcoOpened->usdPerKWh.value, 2 * kwh);
        QCOMPARE(reopened->tco.usdPerKWh.value, 2 * kwh);
        QVERIFY(is::cost::isUserSet(reopened->tco.usdPerKWh));
        QVERIFY(tcoOpened->perDeployment.count(h100) == 1 &&
                tcoOpened->perDeployment.at(h100).capexUsdPerChip);
        QCOMPARE(tcoOpened->perDeployment.at(h100).capexUsdPerChip->value, perChip + 10000.0);
        {
            ServingCostFleetView again;
            again.setScenario(*reopened, m_engine, m_colours);
            QVERIFY(again.waitForCostAndFleet());
            const auto& b2 = again.costTab()->breakdown();
            QCOMPARE(b2.size(), capexUp.size());
            for (size_t i = 0; i < b2.size(); ++i)
                QVERIFY(rel(b2[i].total(), capexUp[i].total()) < 1e-12);
        }

        // 5. Undo restores each figure; redo brings the edit back.
        doc.undoStack()->undo();
        QVERIFY(view.waitForCostAndFleet());
        QVERIFY(doc.isModified());
        QVERIFY(rel(cost->breakdown()[size_t(h100Index)].capital, hb.capital) < 1e-12);
        doc.undoStack()->undo();
        QVERIFY(view.waitForCostAndFleet());
        QCOMPARE(doc.scenario().tco.usdPerKWh.value, kwh);
        for (size_t i = 0; i < before.size(); ++i)
            QVERIFY(rel(cost->breakdown()[i].total(), before[i].total()) < 1e-12);
        QVERIFY(doc.scenario() == original);
        doc.undoStack()->redo();
        QVERIFY(view.waitForCostAndFleet());
        doc.undoStack()->redo();
        QVERIFY(view.waitForCostAndFleet());
        QVERIFY(rel(cost->breakdown()[size_t(h100Index)].capital, ha.capital) < 1e-12);

        // 6. Reset to the catalog's price: the H100 capex row reads the catalog again.
        ed->reset(h100, QStringLiteral("capex_usd_per_chip"));
        QVERIFY(view.waitForCostAndFleet());
        QCOMPARE(doc.undoStack()->count(), 3);
        QVERIFY(rel(cost->breakdown()[size_t(h100Index)].capital, hb.capital) < 1e-12);
        QVERIFY(cell(h100, "capex_usd_per_chip", TcoEditor::KindColumn) != ed->tr("user-set"));

        // 7. Renting: the pricing chooser and the preset, each one undoable step.
        ed->pricingSelector()->setCurrentIndex(1);
        QVERIFY(view.waitForCostAndFleet());
        QCOMPARE(doc.undoStack()->count(), 4);
        QVERIFY(doc.scenario().tco.pricing == is::cost::Pricing::Rental);
        QTRY_VERIFY(ed->presetSelector()->isEnabled());
        const auto rented = cost->breakdown();
        for (const auto& h : rented) {
            QVERIFY(h.rental > 0);
            QCOMPARE(h.capital, 0.0);
        }
        ed->presetSelector()->setCurrentIndex(ed->presetSelector()->findData(QStringLiteral("hyperscaler")));
        QVERIFY(view.waitForCostAndFleet());
        QCOMPARE(doc.undoStack()->count(), 5);
        QVERIFY(cost->breakdown()[size_t(h100Index)].rental > rented[size_t(h100Index)].rental);
        doc.undoStack()->undo();
        QVERIFY(view.waitForCostAndFleet());
        doc.undoStack()->undo();
        QVERIFY(view.waitForCostAndFleet());
        QCOMPARE(doc.scenario().tco.pricing, is::cost::Pricing::Capex);
        QTRY_COMPARE(ed->pricingSelector()->currentIndex(), 0);
    }

    // The editor's keys and ranges are core's table (cost/TcoFields.h): every assumption has a
    // labelled row, values at the edge of their rule are accepted as the parsers accept them, and
    // the document saves and opens again after any edit.
    // The studio's default assumptions are cited in the user's language; a scenario's or a
    // user's own source text stays as written, and what is saved stays English.
    void assumptionSourcesInChinese()
    {
        QVERIFY(is::gui::LanguageManager::apply(QStringLiteral("zh_CN")));
        const auto restore = qScopeGuard([] { is::gui::LanguageManager::apply(QStringLiteral("en")); });
        is::Scenario s = m_scenario;
        s.tco.usdPerKWh.source = QStringLiteral("our own PPA, 2026");
        ServingCostFleetView view;
        QVERIFY(showScenario(view, s));
        TcoEditor* ed = view.costTab()->editor();
        auto source = [&](const char* key) {
            const int row = ed->rowOf(QString(), QLatin1String(key));
            return row >= 0 ? ed->table()->item(row, TcoEditor::SourceColumn)->text() : QString();
        };
        QCOMPARE(source("cost_of_capital"), QStringLiteral("假设：数据中心硬件的典型资本成本"));
        QCOMPARE(source("pue"), QStringLiteral("典型风冷/液冷数据中心"));
        QCOMPARE(source("usd_per_kwh"), QStringLiteral("our own PPA, 2026"));
        QCOMPARE(m_scenario.tco.pue.source, QStringLiteral("typical air/liquid-cooled data centre"));
    }

    void assumptionsEditorFollowsCoreTable()
    {
        is::gui::ScenarioDocument doc(is::Catalog::builtin());
        is::Scenario start = m_scenario;
        // Free power: an edit of another assumption keeps it, through a save and a reopen.
        start.tco.usdPerKWh.value = 0.0;
        doc.reset(start, QString());
        ServingCostFleetView view;
        QVERIFY(showDocument(view, doc));
        TcoEditor* ed = view.costTab()->editor();
        QVERIFY2(view.costTab()->inputs().error.isEmpty(), qPrintable(view.costTab()->inputs().error));
        QVERIFY(!view.costTab()->inputs().points.empty());
        auto labelled = [&](const QString& dep, const is::cost::TcoField& field) {
            const int row = ed->rowOf(dep, field.name());
            return row >= 0 && ed->table()->item(row, TcoEditor::NameColumn)->text() != field.name() &&
                   !ed->table()->item(row, TcoEditor::UnitColumn)->text().isEmpty();
        };
        for (const is::cost::TcoField& field : is::cost::tcoFields()) {
            QVERIFY2(!field.scenarioWide() || labelled(QString(), field), field.key);
            if (field.perDeployment)
                for (const auto& p : view.costTab()->inputs().points)
                    QVERIFY2(labelled(p.docId, field), field.key);
        }

        QTemporaryDir dir;
        QString error;
        auto saveAndReopen = [&](const char* name) -> std::optional<is::Scenario> {
            const QString path = dir.filePath(QLatin1String(name));
            if (!doc.save(path, &error))
                return std::nullopt;
            return is::loadScenarioFile(path, &error);
        };
        QVERIFY2(ed->edit(QString(), QStringLiteral("maintenance_per_year"), QStringLiteral("4")),
                 qPrintable(ed->message()));
        QVERIFY(view.waitForCostAndFleet());
        QCOMPARE(doc.scenario().tco.usdPerKWh.value, 0.0);
        auto reopened = saveAndReopen("free-power.json");
        QVERIFY2(reopened, qPrintable(error));
        QCOMPARE(reopened->tco.usdPerKWh.value, 0.0);

        // Typed at the edges of their rules, in the units shown.
        for (const auto& [key, text] :
             {std::pair{"pue", "1"}, std::pair{"utilisation", "100"}, std::pair{"usd_per_kwh", "0.05"},
              std::pair{"usd_per_kwh", "0"}, std::pair{"cost_of_capital", "0"},
              std::pair{"amortisation_years", "0.5"}})
            QVERIFY2(ed->edit(QString(), QLatin1String(key), QLatin1String(text)), qPrintable(ed->message()));
        QVERIFY(view.waitForCostAndFleet());
        const int steps = doc.undoStack()->count();
        for (const auto& [key, text] :
             {std::pair{"pue", "0.99"}, std::pair{"utilisation", "0"}, std::pair{"amortisation_years", "0"}})
            QVERIFY2(!ed->edit(QString(), QLatin1String(key), QLatin1String(text)), key);
        QVERIFY(view.waitForCostAndFleet());
        QCOMPARE(doc.undoStack()->count(), steps);
        reopened = saveAndReopen("edges.json");
        QVERIFY2(reopened, qPrintable(error));
        QCOMPARE(reopened->tco.pue.value, 1.0);
        QCOMPARE(reopened->tco.usdPerKWh.value, 0.0);

        // An edit is undone and redone as one typed value: the document holds exactly what it held.
        const is::cost::TcoAssumptions before = doc.scenario().tco;
        QVERIFY2(ed->edit(QString(), QStringLiteral("pue"), QStringLiteral("1.2")),
                 qPrintable(ed->message()));
        QVERIFY(view.waitForCostAndFleet());
        QCOMPARE(doc.scenario().tco.pue.value, 1.2);
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().tco, before);
        doc.undoStack()->redo();
        QCOMPARE(doc.scenario().tco.pue.value, 1.2);
        QVERIFY(view.waitForCostAndFleet());
        QVERIFY2(view.costTab()->inputs().error.isEmpty(), qPrintable(view.costTab()->inputs().error));
    }
};

QTEST_MAIN(TestServingViewsTco)
#include "tst_servingviews_tco.moc"
