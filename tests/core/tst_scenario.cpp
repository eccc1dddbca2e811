// SPDX-License-Identifier: MIT
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/ScenarioAnalysis.h"
#include "scenario/ScenarioEvaluation.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace is;

class TestScenario : public QObject
{
    Q_OBJECT

    static QString sourceDir() { return qEnvironmentVariable("IS_SOURCE_DIR"); }

private slots:
    void shippedScenariosEvaluate_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("default") << QStringLiteral("gpt-5.6-sol-vs-kimi-k3.json");
        QTest::newRow("llama70b") << QStringLiteral("llama-3.1-70b-cs3-vs-h100.json");
    }
    void shippedScenariosEvaluate()
    {
        QFETCH(QString, file);
        QString err;
        auto s = loadScenarioFile(sourceDir() + QStringLiteral("/scenarios/") + file, &err);
        QVERIFY2(s, qPrintable(err));
        Engine engine(Catalog::builtin());
        auto results = evaluateScenario(*s, engine, &err);
        QVERIFY2(results, qPrintable(err));
        QCOMPARE(results->size(), s->deployments.size());
        for (const auto& r : *results) {
            QVERIFY(r.estimate.mid.fits);
            QVERIFY(r.estimate.mid.tokSUser > 0 && std::isfinite(r.estimate.mid.tokSUser));
            QVERIFY(r.estimate.mid.usdPerMTok > 0 && std::isfinite(r.estimate.mid.usdPerMTok));
        }
        const ScenarioAnalysis a = analyseScenario(*s, engine, defaultContextGrid(9));
        QVERIFY(a.error.isEmpty());
        for (const auto& d : a.deployments) {
            QCOMPARE(d.speedVsContext.size(), size_t(9));
            for (const BandPoint& p : d.speedVsContext)
                QVERIFY(std::isfinite(p.y) && p.low <= p.y && p.y <= p.high);
            QVERIFY(!d.pareto.empty());
        }
    }

    void roundTripIsIdentical()
    {
        QString err;
        auto s =
            loadScenarioFile(sourceDir() + QStringLiteral("/scenarios/gpt-5.6-sol-vs-kimi-k3.json"), &err);
        QVERIFY(s);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("copy.json"));
        QVERIFY2(saveScenarioFile(*s, path, &err), qPrintable(err));
        auto again = loadScenarioFile(path, &err);
        QVERIFY2(again, qPrintable(err));
        again->baseDir = s->baseDir;
        QVERIFY(*again == *s);
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
        s.extensions.insert(QStringLiteral("tco"), QJsonObject{{QStringLiteral("usd_per_kwh"), 0.0}});
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

    void badInputNamesTheField_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        const QByteArray wl = R"("workload":{"input_tokens":1000,"output_tokens":100})";
        auto doc = [&](const char* deployments, const char* extra = "") -> QByteArray {
            return QByteArray(R"({"version":1,"model":"llama-3.1-8b",)") + wl + extra + R"(,"deployments":)" +
                   deployments + "}";
        };
        QTest::newRow("unknown device")
            << doc(R"([{"device":"h900","count":1}])") << QStringLiteral("deployments[0].device");
        QTest::newRow("zero count") << doc(R"([{"device":"h100-sxm","count":0}])")
                                    << QStringLiteral("deployments[0].count");
        QTest::newRow("negative count")
            << doc(R"([{"device":"h100-sxm","count":-8}])") << QStringLiteral("deployments[0].count");
        QTest::newRow("unknown model") << QByteArray(R"({"version":1,"model":"gpt-9",)") + wl +
                                              R"(,"deployments":[{"device":"h100-sxm","count":1}]})"
                                       << QStringLiteral("model");
        QTest::newRow("plan mismatch") << doc(R"([{"device":"h100-sxm","count":8,"parallelism":{"tp":4}}])")
                                       << QStringLiteral("deployments[0].parallelism");
        QTest::newRow("bad precision")
            << doc(R"([{"device":"h100-sxm","count":1,"precision":{"weights":"fp3"}}])")
            << QStringLiteral("deployments[0].precision.weights");
        QTest::newRow("unknown link")
            << doc(R"([{"device":"h100-sxm","count":16,"links":{"scale_out":"carrier-pigeon"}}])")
            << QStringLiteral("deployments[0].links.scale_out");
        QTest::newRow("negative pue") << doc(R"([{"device":"h100-sxm","count":1}])", R"(,"cost":{"pue":-1})")
                                      << QStringLiteral("cost.pue");
        QTest::newRow("deployments missing")
            << QByteArray(R"({"version":1,"model":"llama-3.1-8b","workload":{}})")
            << QStringLiteral("deployments: missing");
        QTest::newRow("bad version") << QByteArray(R"({"version":7,"deployments":[]})")
                                     << QStringLiteral("version");
        QTest::newRow("zero tokens")
            << QByteArray(
                   R"({"version":1,"model":"llama-3.1-8b","workload":{"input_tokens":0},"deployments":[{"device":"h100-sxm"}]})")
            << QStringLiteral("workload.input_tokens");
    }
    void badInputNamesTheField()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        QString err;
        auto s = parseScenario(QJsonDocument::fromJson(json).object(), &err);
        if (s) {
            Engine engine(Catalog::builtin());
            QVERIFY(!evaluateScenario(*s, engine, &err));
        }
        QVERIFY2(err.contains(field), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestScenario)
#include "tst_scenario.moc"
