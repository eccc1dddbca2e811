// SPDX-License-Identifier: MIT
// The Claims dock on the offscreen platform: every claim of the seed articles with the audit's
// verdict and its colour, the selected claim's sentence, opening its scenario, and the claimed
// speed marked on the speed-vs-context chart.
#include "OffGuiThread.h"
#include "StudioFixture.h"
#include "audit/Audit.h"
#include "charts/ChartsView.h"
#include "charts/SpeedVsContextChart.h"
#include "claims/ClaimsModel.h"
#include "claims/ClaimsPanel.h"
#include "claims/VerdictPalette.h"
#include "document/ChangeDeploymentCommand.h"
#include "document/ScenarioDocument.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "mainwindow/MainWindow.h"
#include "mainwindow/Studio.h"
#include "scenario/Scenario.h"
#include "settings/LanguageManager.h"

#include <QAbstractItemModelTester>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QUndoStack>
#include <QtTest>

using namespace is;
using namespace is::gui;

class TestClaims : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Studio> m_studio;

    MainWindow* window() const { return m_studio->window(); }
    ClaimsPanel* panel() const { return window()->claims(); }
    int rowOf(const QString& id) const
    {
        const auto& v = panel()->model()->verdicts();
        for (size_t i = 0; i < v.size(); ++i)
            if (v[i].claim.id == id)
                return int(i);
        return -1;
    }
    void select(const QString& id)
    {
        const int row = rowOf(id);
        QVERIFY(row >= 0);
        panel()->table()->setCurrentIndex(panel()->model()->index(row, 0));
    }
    SpeedVsContextChart* speedChart() const
    {
        return qobject_cast<SpeedVsContextChart*>(
            window()->charts()->chart(QStringLiteral("speed-vs-context")));
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        test::startStudio(m_studio, *m_dir);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(m_studio->analyseNow());
        // The audit runs on the thread pool from the window's start.
        QTRY_VERIFY_WITH_TIMEOUT(panel()->model()->rowCount() > 0, 120000);
    }

    void cleanupTestCase() { m_studio.reset(); }

    void tableHoldsEveryClaimWithTheAuditsVerdict()
    {
        QAbstractItemModelTester tester(panel()->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QString error;
        const auto claims = audit::loadBuiltInClaims(&error);
        QVERIFY2(claims, qPrintable(error));
        QCOMPARE(panel()->model()->rowCount(), int(claims->size()));
        QVERIFY(claims->size() >= 34);
        // The verdicts are `audit --json`'s: the same function on the same engine.
        const auto expected = is::testing::offGuiThread(
            [&] { return audit::auditClaims(*claims, Engine(Catalog::builtin())); });
        QSet<QRgb> colours;
        for (int row = 0; row < panel()->model()->rowCount(); ++row) {
            const QModelIndex verdict = panel()->model()->index(row, ClaimsModel::VerdictColumn);
            const auto v = audit::Verdict(verdict.data(ClaimsModel::VerdictRole).toInt());
            QCOMPARE(panel()->model()->index(row, ClaimsModel::Id).data().toString(),
                     expected[size_t(row)].claim.id);
            QCOMPARE(audit::verdictId(v), audit::verdictId(expected[size_t(row)].verdict));
            // Coloured by verdict, from the one palette.
            QCOMPARE(verdict.data(Qt::BackgroundRole).value<QColor>(), verdicts::background(v));
            colours.insert(verdict.data(Qt::BackgroundRole).value<QColor>().rgb());
        }
        // The seed claims have at least three different verdicts, so at least three colours.
        QVERIFY(colours.size() >= 3);
        // The 15 kW for 76 wafers cannot hold.
        QCOMPARE(panel()
                     ->model()
                     ->index(rowOf(QStringLiteral("bench-power-sol")), ClaimsModel::VerdictColumn)
                     .data()
                     .toString(),
                 verdicts::name(audit::Verdict::Inconsistent));
    }

    void selectingAClaimShowsItsSentence()
    {
        select(QStringLiteral("sol-750-tok-s"));
        const audit::ClaimVerdict* v = panel()->model()->verdictAt(rowOf(QStringLiteral("sol-750-tok-s")));
        QVERIFY(v && !v->claim.quoteZh.isEmpty());
        const QString detail = panel()->detail()->toPlainText();
        QVERIFY2(detail.contains(v->claim.quoteZh), qPrintable(detail));
        QVERIFY(detail.contains(v->claim.quoteEn));
        QVERIFY(detail.contains(v->reason));
        QVERIFY(panel()
                    ->model()
                    ->index(rowOf(QStringLiteral("sol-750-tok-s")), ClaimsModel::Claimed)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(v->claim.quoteZh.toHtmlEscaped()));
        QVERIFY(panel()->openScenarioButton()->isEnabled());
        // A claim without a scenario offers none.
        select(QStringLiteral("wse3-transistors"));
        QVERIFY(!panel()->openScenarioButton()->isEnabled());
    }

    void defaultScenarioShowsTheOfficialSpeed()
    {
        QVERIFY(m_studio->loadDefault());
        QVERIFY(m_studio->analyseNow());
        SpeedVsContextChart* chart = speedChart();
        QVERIFY(chart);
        select(QStringLiteral("wse3-transistors")); // no speculative mark beside the official one
        QTRY_COMPARE(chart->claimLines().size(), 1);
        QLineSeries* line = chart->claimLines().front();
        QCOMPARE(line->name(), QStringLiteral("official: 750 tok/s"));
        QVERIFY(line->count() == 2);
        QCOMPARE(line->at(0).y(), 750.0);
        QCOMPARE(line->at(1).y(), 750.0);
        QVERIFY(line->isVisible());
        // Labelled on the chart beside the line.
        QCOMPARE(chart->claimLabels().size(), 1);
        QCOMPARE(chart->claimLabels().front()->text(), QStringLiteral("official: 750 tok/s"));
        QVERIFY(chart->claimLabels().front()->isVisible());
        // The claim is Cerebras's serving of the model on CS-3s: once the deployment runs on B200s
        // it is not drawn beside that curve; undo brings it back.
        ScenarioDocument* doc = m_studio->document();
        QString claimed;
        for (const DeploymentDoc& d : doc->scenario().deployments)
            if (d.device == QLatin1String("cs-3"))
                claimed = d.id;
        QVERIFY(!claimed.isEmpty());
        DeploymentDoc moved = *doc->deployment(claimed);
        moved.device = QStringLiteral("b200");
        doc->undoStack()->push(new ChangeDeploymentCommand(doc, moved, QStringLiteral("Change device")));
        QVERIFY(m_studio->analyseNow());
        QTRY_COMPARE(chart->claimLines().size(), 0);
        doc->undoStack()->undo();
        QVERIFY(m_studio->analyseNow());
        QTRY_COMPARE(chart->claimLines().size(), 1);
    }

    void openingAClaimsScenarioLoadsIt()
    {
        select(QStringLiteral("groq-800-tok-s"));
        QVERIFY(panel()->openScenarioButton()->isEnabled());
        QString error;
        const auto expected = loadScenarioFile(QStringLiteral(":/scenarios/groq-llama-3.1-8b.json"), &error);
        QVERIFY2(expected, qPrintable(error));
        QVERIFY(!m_studio->document()->isModified());
        panel()->raise();
        panel()->openScenarioButton()->click();
        QCOMPARE(m_studio->document()->scenario().name, expected->name);
        QCOMPARE(m_studio->document()->scenario().deployments.size(), expected->deployments.size());
        // The selected vendor claim is marked on that scenario's speed chart.
        QVERIFY(m_studio->analyseNow());
        QTRY_COMPARE(speedChart()->claimLines().size(), 1);
        QCOMPARE(speedChart()->claimLines().front()->at(0).y(), 800.0);
    }
};

QTEST_MAIN(TestClaims)
#include "tst_claims.moc"
