// SPDX-License-Identifier: MIT
// "Find a deployment": the search off the GUI thread through the panel, its table and Pareto
// chart against core's result, cancel, and "Add to canvas" as one undoable edit.
#include "PlanningSearch.h"

#include "document/ScenarioDocument.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "metrics/Metrics.h"
#include "planning/PlanRanking.h"
#include "planning/PlanningPanel.h"
#include "scenario/Scenario.h"
#include "scenario/ScenarioEvaluation.h"
#include "serving/ServingChartPanel.h"

#include "SourcePath.h"

#include <QChart>
#include <QDir>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QLogValueAxis>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>
#include <QXYSeries>

namespace {

QString sourceDir()
{
    return is::testing::sourceRoot();
}

} // namespace

class TestPlanningPanel : public QObject
{
    Q_OBJECT
    is::Scenario m_scenario;
    std::shared_ptr<const is::Engine> m_engine = std::make_shared<const is::Engine>(is::Catalog::builtin());

    // The panel on the suite's engine, shown at the studio's size.
    void show(is::gui::PlanningPanel& panel) const
    {
        panel.setEngine(m_engine);
        panel.resize(1400, 700);
        panel.show();
    }

    // The first row of the table that "Add to canvas" takes (-1: none).
    static int firstAddableRow(const is::gui::PlanningPanel& panel)
    {
        for (int i = 0; i < panel.table()->rowCount(); ++i)
            if (panel.canAddToCanvas(i))
                return i;
        return -1;
    }

private slots:
    void initTestCase()
    {
        QString error;
        auto s = is::loadScenarioFile(
            sourceDir() + QStringLiteral("/scenarios/llama-3.1-70b-cs3-vs-h100.json"), &error);
        QVERIFY2(s, qPrintable(error));
        m_scenario = *s;
    }

    void searchFillsTableAndChartThenAddsOneUndoableDeployment()
    {
        is::gui::ScenarioDocument doc(is::Catalog::builtin());
        doc.reset(m_scenario, QString());
        is::gui::PlanningPanel panel(&doc);
        show(panel);
        // Before a search the plot says what will fill it, in the plot and not as a (red) note.
        QVERIFY(!panel.chart()->placeholder().isEmpty());
        QVERIFY(panel.chart()->note().isEmpty());
        QVERIFY(is::testing::searchTenThousandUsers(panel));
        QVERIFY(panel.result());
        QVERIFY(panel.chart()->placeholder().isEmpty());
        const is::planning::PlanResult& r = *panel.result();
        QVERIFY(r.feasibleCount > 0);
        // The table lists what core lists, in its order.
        const auto listed = is::planning::listedRows(r);
        QCOMPARE(panel.table()->rowCount(), static_cast<int>(listed.size()));
        QCOMPARE(panel.table()->item(0, 0)->text(), listed.front()->config.device->name);
        // A long device name does not push the figures off the table: the column stays near 24
        // characters and the whole name is in the tooltip.
        QVERIFY(panel.table()->columnWidth(0) <=
                24 * panel.table()->fontMetrics().horizontalAdvance(QLatin1Char('n')));
        if (r.feasibleCount > 0 && listed.front()->feasible)
            QCOMPARE(panel.table()->item(0, 0)->toolTip(), listed.front()->config.device->name);
        // The summary names the cheapest as people read it: the device's name, not its id.
        const is::planning::PlanConfig& cheapest = r.rows.front().config;
        const QString summary = panel.summary()->text();
        QVERIFY2(
            summary.contains(cheapest.device->name + QStringLiteral(", %1 chips").arg(cheapest.unitChips)) &&
                summary.contains(cheapest.plan.toString()) &&
                !summary.contains(cheapest.device->id + QStringLiteral(" x")),
            qPrintable(summary));
        // The chart: every feasible point drawn (up to its cap), the frontier its own series.
        int points = 0, frontier = 0;
        for (QAbstractSeries* s : panel.chart()->chart()->series()) {
            auto* xy = qobject_cast<QXYSeries*>(s);
            QVERIFY(xy);
            points += xy->count();
            for (const QPointF& p : xy->points())
                QVERIFY(std::isfinite(p.x()) && std::isfinite(p.y()) && p.y() > 0);
        }
        for (int i = 0; i < r.feasibleCount; ++i)
            frontier += r.rows[static_cast<size_t>(i)].pareto ? 1 : 0;
        QVERIFY(points >= frontier && frontier >= 1);
        QVERIFY(panel.chart()->toCsv().count(QLatin1Char('\n')) == points + 1);
        // Both axes are logarithmic and hold every point: speeds span decades as costs do (GPU
        // fleets at tens of tok/s per user beside wafers at thousands sat on a linear axis' edge).
        int logAxes = 0;
        for (QAbstractAxis* a : panel.chart()->chart()->axes())
            if (auto* axis = qobject_cast<QLogValueAxis*>(a)) {
                ++logAxes;
                for (QAbstractSeries* s : panel.chart()->chart()->series())
                    for (const QPointF& p : qobject_cast<QXYSeries*>(s)->points()) {
                        const double v = axis->orientation() == Qt::Horizontal ? p.x() : p.y();
                        QVERIFY(v >= axis->min() && v <= axis->max());
                    }
            }
        QCOMPARE(logAxes, 2);

        const int before = static_cast<int>(doc.scenario().deployments.size());
        const int undoBefore = doc.undoStack()->count();
        // Any row adds one deployment in one undoable edit: a unit, or for a prefill-decode fleet
        // the smallest deployment of its ratio, its prefill replicas named.
        int pd = -1;
        int addable = -1;
        for (int i = 0; i < static_cast<int>(listed.size()); ++i) {
            const bool isPd =
                listed[static_cast<size_t>(i)]->config.layout == is::planning::PoolLayout::PrefillDecode;
            if (isPd && pd < 0)
                pd = i;
            if (!isPd && addable < 0)
                addable = i;
        }
        QVERIFY(addable >= 0);
        QVERIFY(pd >= 0); // the scenario's GPUs offer prefill-decode fleets
        {
            const is::planning::PlanRow& row = *listed[static_cast<size_t>(pd)];
            panel.table()->selectRow(pd);
            QVERIFY(panel.addButton()->isEnabled());
            QVERIFY(panel.addToCanvas(pd));
            QCOMPARE(doc.undoStack()->count(), undoBefore + 1);
            const is::DeploymentDoc& added = doc.scenario().deployments.back();
            QVERIFY(added.prefillReplicas > 0 && added.plan);
            QVERIFY(added.plan->dp > added.prefillReplicas);
            QCOMPARE(added.count % row.config.unitChips, 0);
            doc.undoStack()->undo();
            QCOMPARE(static_cast<int>(doc.scenario().deployments.size()), before);
        }
        panel.table()->selectRow(addable);
        QVERIFY(panel.addButton()->isEnabled());
        const is::planning::PlanConfig& chosen = listed[static_cast<size_t>(addable)]->config;
        QVERIFY(panel.addToCanvas(addable));
        QCOMPARE(static_cast<int>(doc.scenario().deployments.size()), before + 1);
        QCOMPARE(doc.undoStack()->count(), undoBefore + 1);
        const is::DeploymentDoc& added = doc.scenario().deployments.back();
        QCOMPARE(added.device, chosen.device->id);
        QCOMPARE(added.count, chosen.unitChips);
        QCOMPARE(added.weights.value(), chosen.weights);
        doc.undoStack()->undo();
        QCOMPARE(static_cast<int>(doc.scenario().deployments.size()), before);
    }

    // In a scenario whose deployments each name their own model (GPT-5.6 Sol and Kimi K3), the
    // search plans for the first deployment's and says so; the deployment it adds serves that
    // model, and the scenario still resolves (it added one with no model, and every deployment
    // on the canvas turned to "cannot be evaluated").
    void addedDeploymentServesTheModelSearched()
    {
        QString error;
        auto s = is::loadScenarioFile(sourceDir() + QStringLiteral("/scenarios/gpt-5.6-sol-vs-kimi-k3.json"),
                                      &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(s->deployments.size() >= 2 && s->deployments[0].model.isSet());
        is::gui::ScenarioDocument doc(is::Catalog::builtin());
        doc.reset(*s, QString());
        is::gui::PlanningPanel panel(&doc);
        show(panel);
        QVERIFY(is::testing::searchTenThousandUsers(panel));
        auto resolvedBefore = is::resolveScenario(doc.scenario(), doc.catalog(), &error);
        QVERIFY2(resolvedBefore, qPrintable(error));
        const QString searched = resolvedBefore->front().model.arch.name;
        QVERIFY2(panel.summary()->text().startsWith(searched), qPrintable(panel.summary()->text()));
        const int addable = firstAddableRow(panel);
        QVERIFY(addable >= 0);
        QVERIFY(panel.addToCanvas(addable));
        const is::DeploymentDoc& added = doc.scenario().deployments.back();
        QCOMPARE(added.model.catalogId, s->deployments[0].model.catalogId);
        auto resolved = is::resolveScenario(doc.scenario(), doc.catalog(), &error);
        QVERIFY2(resolved, qPrintable(error));
        QCOMPARE(resolved->back().model.arch.name, searched);

        // The window rebuilt in another language takes the search over: the same rows, the
        // same summary, and a row it adds serves the same model.
        is::gui::PlanningPanel replacement(&doc);
        replacement.setEngine(m_engine);
        replacement.adopt(panel);
        QVERIFY(replacement.result());
        QCOMPARE(replacement.table()->rowCount(), panel.table()->rowCount());
        QCOMPARE(replacement.summary()->text(), panel.summary()->text());
        QVERIFY(replacement.canAddToCanvas(addable));

        // Another scenario opened: the search was the last one's, and goes with it (its rows,
        // added to the seed benchmark, left every card unable to evaluate).
        auto other = is::loadScenarioFile(
            sourceDir() + QStringLiteral("/scenarios/llama-3.1-70b-cs3-vs-h100.json"), &error);
        QVERIFY2(other, qPrintable(error));
        doc.reset(*other, QString());
        for (const is::gui::PlanningPanel* p : {&panel, &replacement}) {
            QVERIFY(!p->result());
            QCOMPARE(p->table()->rowCount(), 0);
            QVERIFY(!p->canAddToCanvas(0));
            QVERIFY(p->summary()->text().isEmpty());
        }
    }

    // A scenario whose deployments serve its own model: a row added after the scenario's model
    // changed still serves the model it was searched for.
    void aRowServesTheModelItWasSearchedFor()
    {
        QString error;
        auto s = is::loadScenarioFile(
            sourceDir() + QStringLiteral("/scenarios/llama-3.1-70b-cs3-vs-h100.json"), &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(!s->deployments[0].model.isSet() && s->model.catalogId == QStringLiteral("llama-3.1-70b"));
        is::gui::ScenarioDocument doc(is::Catalog::builtin());
        doc.reset(*s, QString());
        is::gui::PlanningPanel panel(&doc);
        show(panel);
        QVERIFY(is::testing::searchTenThousandUsers(panel));
        is::ModelRef smaller;
        smaller.catalogId = QStringLiteral("llama-3.1-8b");
        doc.setModel(smaller);
        const int addable = firstAddableRow(panel);
        QVERIFY(addable >= 0);
        QVERIFY(panel.addToCanvas(addable));
        QCOMPARE(doc.scenario().deployments.back().model.catalogId, QStringLiteral("llama-3.1-70b"));
    }

    // A unit's chips are both its pools where the FFN runs on a second one: the seed benchmark's
    // GB200 unit with its experts on 150 wafers read "72 chips" beside "FFN on 150 x CS-3", as if
    // the wafers came free.
    void attentionFfnUnitCountsBothPools()
    {
        QString error;
        auto seed = is::loadScenarioFile(
            sourceDir() + QStringLiteral("/scenarios/seed-benchmark-1000x512.json"), &error);
        QVERIFY2(seed, qPrintable(error));
        is::gui::ScenarioDocument doc(is::Catalog::builtin());
        doc.reset(*seed, QString());
        is::gui::PlanningPanel panel(&doc);
        show(panel);
        QVERIFY(is::testing::searchTenThousandUsers(panel));
        const auto listed = is::planning::listedRows(*panel.result());
        int splits = 0;
        for (int i = 0; i < panel.table()->rowCount(); ++i) {
            const is::planning::PlanConfig& c = listed[size_t(i)]->config;
            const QString unit = panel.table()->item(i, 1)->text();
            const bool split = c.layout == is::planning::PoolLayout::AttentionFfn;
            splits += split ? 1 : 0;
            const QString chips = split ? QStringLiteral("%1 + %2 chips").arg(c.unitChips).arg(c.ffnChips)
                                        : QStringLiteral("%1 chips").arg(c.unitChips);
            QVERIFY2(unit.startsWith(chips), qPrintable(unit));
        }
        QVERIFY(splits > 0);
    }

    // A request of one output token has no time between tokens: the TPOT column says so
    // rather than showing a decode step's time beside a limit that does not apply. Nor has it a
    // speed per user (that was the stream's request rate): the speed column is a dash too, and
    // the Pareto chart weighs cost against the first token.
    void oneOutputTokenShowsNoTpot()
    {
        is::Scenario oneToken = m_scenario;
        oneToken.workload.outputTokens = 1;
        is::gui::ScenarioDocument doc(is::Catalog::builtin());
        doc.reset(oneToken, QString());
        is::gui::PlanningPanel panel(&doc);
        show(panel);
        // Before a search the chart already says it will plot the first token, and follows the
        // workload's output length.
        QCOMPARE(panel.chart()->chart()->title(), QStringLiteral("Cost against first token"));
        QVERIFY2(panel.chart()->placeholder().contains(QLatin1String("time to first token")),
                 qPrintable(panel.chart()->placeholder()));
        is::Workload decoding = oneToken.workload;
        decoding.outputTokens = 200;
        doc.setWorkloadAndGoal({decoding, oneToken.goal});
        QCOMPARE(panel.chart()->chart()->title(), QStringLiteral("Cost against per-user speed"));
        QVERIFY(panel.chart()->placeholder().contains(QLatin1String("per-user speed")));
        doc.setWorkloadAndGoal({oneToken.workload, oneToken.goal});
        QCOMPARE(panel.chart()->chart()->title(), QStringLiteral("Cost against first token"));
        QVERIFY(is::testing::searchTenThousandUsers(panel));
        QVERIFY(panel.result() && !panel.result()->decodes);
        QTableWidget* table = panel.table();
        int tpot = -1;
        int speed = -1;
        for (int c = 0; c < table->columnCount(); ++c) {
            const QString head = table->horizontalHeaderItem(c)->text();
            if (head == is::metrics::axis(is::metrics::Id::TpotMs))
                tpot = c;
            if (head == QLatin1String("Tok/s per user"))
                speed = c;
        }
        QVERIFY(tpot >= 0 && speed >= 0);
        QVERIFY(table->rowCount() > 0);
        for (int r = 0; r < table->rowCount(); ++r) {
            for (int c : {tpot, speed}) {
                QCOMPARE(table->item(r, c)->text(), QStringLiteral("—"));
                QVERIFY(!table->item(r, c)->toolTip().isEmpty());
            }
        }
        // The chart's horizontal axis is the first token, in ms, and its points are the rows' TTFTs.
        QString bottom;
        for (QAbstractAxis* a : panel.chart()->chart()->axes(Qt::Horizontal))
            bottom = a->titleText();
        QCOMPARE(bottom, is::metrics::axis(is::metrics::Id::TtftMs));
        QCOMPARE(panel.chart()->chart()->title(), QStringLiteral("Cost against first token"));
        const is::planning::PlanRow& cheapest = panel.result()->rows.front();
        bool found = false;
        for (QAbstractSeries* s : panel.chart()->chart()->series())
            for (const QPointF& p : static_cast<QXYSeries*>(s)->points())
                found = found || (p.x() == cheapest.ttftS * 1000 && p.y() == cheapest.usdPerMTok);
        QVERIFY(found);
        QVERIFY(panel.chart()->toCsv().contains(QStringLiteral(",tok_s_user,ttft_ms,")));
    }

    // A click on a column's head sorts the table by it, numbers as numbers ("1,200" after "950"),
    // a second click the other way; "Add to canvas" takes the row as sorted, and a new search
    // shows its ranking again.
    void headerClickSortsAndAddTakesTheRowShown()
    {
        is::gui::ScenarioDocument doc(is::Catalog::builtin());
        doc.reset(m_scenario, QString());
        is::gui::PlanningPanel panel(&doc);
        show(panel);
        QVERIFY(is::testing::searchTenThousandUsers(panel));
        QTableWidget* table = panel.table();
        QVERIFY(table->rowCount() > 2);
        int speed = -1;
        for (int c = 0; c < table->columnCount(); ++c)
            if (table->horizontalHeaderItem(c)->text() == QStringLiteral("Tok/s per user"))
                speed = c;
        QVERIFY(speed >= 0);
        const auto listed = is::planning::listedRows(*panel.result());
        double fastest = 0;
        const is::planning::PlanRow* fastestRow = nullptr;
        for (const is::planning::PlanRow* row : listed)
            if (row->tokSUser > fastest) {
                fastest = row->tokSUser;
                fastestRow = row;
            }
        auto clickHead = [&](int column) {
            QHeaderView* header = table->horizontalHeader();
            const QPoint at(header->sectionViewportPosition(column) + header->sectionSize(column) / 2,
                            header->height() / 2);
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
        };
        const int width = table->columnWidth(speed);
        clickHead(speed); // ascending: the slowest first, from the first click
        for (int r = 1; r < table->rowCount(); ++r)
            QVERIFY(panel.listedAt(r - 1)->tokSUser <= panel.listedAt(r)->tokSUser);
        QCOMPARE(table->columnWidth(speed), width);
        clickHead(speed);                           // descending: the fastest first
        QCOMPARE(table->columnWidth(speed), width); // the heads do not move under the pointer
        QCOMPARE(table->horizontalHeader()->sortIndicatorOrder(), Qt::DescendingOrder);
        QCOMPARE(panel.listedAt(0), fastestRow);
        for (int r = 1; r < table->rowCount(); ++r)
            QVERIFY(panel.listedAt(r - 1)->tokSUser >= panel.listedAt(r)->tokSUser);
        // The row shown first is the one added, whatever its rank.
        int addable = -1;
        for (int r = 0; r < table->rowCount() && addable < 0; ++r)
            if (panel.canAddToCanvas(r))
                addable = r;
        QVERIFY(addable >= 0);
        const is::planning::PlanConfig& chosen = panel.listedAt(addable)->config;
        QCOMPARE(table->item(addable, 0)->text(), chosen.device->name);
        QVERIFY(panel.addToCanvas(addable));
        QCOMPARE(doc.scenario().deployments.back().device, chosen.device->id);
        QCOMPARE(doc.scenario().deployments.back().count, chosen.unitChips);
        doc.undoStack()->undo();
        // A new search: its ranking, no column sorted.
        QVERIFY(is::testing::searchTenThousandUsers(panel));
        QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), -1);
        const auto again = is::planning::listedRows(*panel.result());
        for (int r = 0; r < table->rowCount(); ++r)
            QCOMPARE(panel.listedAt(r), again[static_cast<size_t>(r)]);
    }

    void cancelStopsTheSearch()
    {
        is::gui::ScenarioDocument doc(is::Catalog::builtin());
        doc.reset(m_scenario, QString());
        is::gui::PlanningPanel panel(&doc);
        panel.setEngine(m_engine);
        QSignalSpy done(&panel, &is::gui::PlanningPanel::searchFinished);
        panel.search();
        QVERIFY(panel.searching());
        panel.cancel();
        QVERIFY(done.wait(120000));
        QVERIFY(!panel.searching());
        // Cancelled before the end, or it had already finished: either way a consistent answer.
        QVERIFY(panel.result());
        QCOMPARE(panel.table()->rowCount(),
                 static_cast<int>(is::planning::listedRows(*panel.result()).size()));
    }
};

QTEST_MAIN(TestPlanningPanel)
#include "tst_planning_panel.moc"
