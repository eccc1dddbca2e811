// SPDX-License-Identifier: MIT
// The scenario file: a save and a load give the same document and the same estimates, a document
// without deployments is a document like any other, and deployments the file places nowhere on
// the canvas stand side by side.
#include "analysis/ScenarioAnalysis.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/ClaimedFigures.h"
#include "scenario/ScenarioEvaluation.h"

#include "SourcePath.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace is;

class TestScenarioFile : public QObject
{
    Q_OBJECT

    // The studio's default scenario, as shipped.
    static std::optional<Scenario> loadDefaultScenario(QString* err)
    {
        return loadScenarioFile(
            is::testing::sourceRoot() + QStringLiteral("/scenarios/gpt-5.6-sol-vs-kimi-k3.json"), err);
    }

private slots:
    void roundTripIsIdentical()
    {
        QString err;
        auto s = loadDefaultScenario(&err);
        QVERIFY(s);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("copy.json"));
        QVERIFY2(saveScenarioFile(*s, path, &err), qPrintable(err));
        auto again = loadScenarioFile(path, &err);
        QVERIFY2(again, qPrintable(err));
        again->baseDir = s->baseDir;
        QVERIFY(*again == *s);
        // The official figure the presenter shows beside the prediction survives the round trip.
        const std::vector<ClaimedFigure> claims = claimedFigures(*again, QStringLiteral("cs3"));
        QCOMPARE(claims.size(), size_t(1));
        QCOMPARE(claims.front().metric, QStringLiteral("tok_s_user"));
        QCOMPARE(claims.front().value.value, 750.0);
        QCOMPARE(claims.front().value.kind, SourceKind::VendorClaim);
        QVERIFY(claimedFigures(*again, QStringLiteral("h100")).empty());
        Engine engine(Catalog::builtin());
        auto a = evaluateScenario(*s, engine, &err);
        auto b = evaluateScenario(*again, engine, &err);
        QCOMPARE(estimateResultsToJson(*a), estimateResultsToJson(*b));
    }

    // A scenario without deployments (a new document, or one whose every deployment was deleted)
    // is a document like any other: it saves, opens again, and evaluates to nothing.
    void emptyScenarioRoundTrips()
    {
        Scenario s;
        s.name = QStringLiteral("nothing yet");
        s.model.catalogId = QStringLiteral("llama-3.1-70b");
        s.tco.usdPerKWh.value = 0.0;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("empty.json"));
        QString err;
        QVERIFY2(saveScenarioFile(s, path, &err), qPrintable(err));
        auto again = loadScenarioFile(path, &err);
        QVERIFY2(again, qPrintable(err));
        QVERIFY(again->deployments.empty());
        again->baseDir = s.baseDir;
        QVERIFY(*again == s);
        QVERIFY(scenarioToJson(*again).value(QStringLiteral("deployments")).isArray());

        // Without a scenario-level model too: no deployment needs one.
        auto bare = parseScenario(
            QJsonDocument::fromJson(R"({"version":1,"workload":{},"deployments":[]})").object(), &err);
        QVERIFY2(bare, qPrintable(err));
        QVERIFY(bare->deployments.empty() && !bare->model.isSet());

        Engine engine(Catalog::builtin());
        auto results = evaluateScenario(*again, engine, &err);
        QVERIFY2(results, qPrintable(err));
        QVERIFY(results->empty());
        const ScenarioAnalysis a = analyseScenario(*again, engine, defaultContextGrid(5));
        QVERIFY2(a.error.isEmpty(), qPrintable(a.error));
        QVERIFY(a.deployments.empty());
    }

    // A file written by hand or by a script may say nothing of the canvas: each such deployment
    // stands one column right of those before it (all on one spot, only the last card showed);
    // a position the file gives is kept, and the next unplaced one goes right of it.
    void unplacedDeploymentsStandSideBySide()
    {
        QString err;
        const auto s = parseScenario(QJsonDocument::fromJson(R"({"version":1,"model":"llama-3.1-70b",
            "workload":{"input_tokens":1000,"output_tokens":100},
            "deployments":[{"id":"a","device":"h100-sxm","count":8},
                           {"id":"b","device":"cs-3","count":4},
                           {"id":"c","device":"b200","count":8,"canvas":{"x":1000,"y":250}},
                           {"id":"d","device":"mi300x","count":8}]})")
                                         .object(),
                                     &err);
        QVERIFY2(s, qPrintable(err));
        QCOMPARE(s->deployments.size(), size_t(4));
        QCOMPARE(s->deployments[0].x, 0.0);
        QCOMPARE(s->deployments[1].x, kCanvasColumn);
        QCOMPARE(s->deployments[1].y, 0.0);
        QCOMPARE(s->deployments[2].x, 1000.0);
        QCOMPARE(s->deployments[2].y, 250.0);
        QCOMPARE(s->deployments[3].x, 1000.0 + kCanvasColumn);
        QCOMPARE(nextCanvasColumn({}), 0.0);
        // Saved, the positions are written down and read back as they are.
        auto again = parseScenario(scenarioToJson(*s), &err);
        QVERIFY2(again, qPrintable(err));
        QVERIFY(*again == *s);
    }
};

QTEST_GUILESS_MAIN(TestScenarioFile)
#include "tst_scenario_file.moc"
