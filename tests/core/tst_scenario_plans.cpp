// SPDX-License-Identifier: MIT
// A deployment's own parallelism in the scenario format: a plan may leave some of the count's chips
// idle (as Find's units of whole systems do), never use more than there are; wafers and LPUs take
// plans of pipelines (TP 1, EP 1), and say so where they are given another.
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/ScenarioEvaluation.h"
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace is;

class TestScenarioPlans : public QObject
{
    Q_OBJECT

    Engine m_engine{Catalog::builtin()};

    static QByteArray scenario(const char* model, const char* deployments, int concurrency = 64)
    {
        return QByteArray("{\"version\":1,\"model\":\"") + model +
               "\",\"workload\":{\"input_tokens\":1000,\"output_tokens\":1000,\"concurrency\":" +
               QByteArray::number(concurrency) +
               "},"
               "\"deployments\":" +
               deployments + "}";
    }

    std::vector<DeploymentResult> evaluate(const QByteArray& json)
    {
        QString err;
        const auto s = parseScenario(QJsonDocument::fromJson(json).object(), &err);
        if (!s) {
            qWarning("%s", qPrintable(err));
            return {};
        }
        auto r = evaluateScenario(*s, m_engine, &err);
        if (!r)
            qWarning("%s", qPrintable(err));
        return r ? *r : std::vector<DeploymentResult>{};
    }

private slots:
    // TP1 PP2 on an 8-GPU node: Find proposes such units (the node is what is bought), and one
    // added to the canvas must save and open again. It did not: the format wanted tp x pp x dp to be
    // the count, so the saved file was refused as bad input.
    void aPlanMayLeaveChipsIdle()
    {
        const QByteArray json = scenario(
            "llama-3.1-8b",
            R"([{"id":"a","device":"h100-sxm","count":8,"parallelism":{"tp":1,"pp":2,"ep":1,"dp":1}}])");
        QString err;
        const auto s = parseScenario(QJsonDocument::fromJson(json).object(), &err);
        QVERIFY2(s, qPrintable(err));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("idle.json"));
        QVERIFY2(saveScenarioFile(*s, path, &err), qPrintable(err));
        auto again = loadScenarioFile(path, &err);
        QVERIFY2(again, qPrintable(err));
        const auto r = evaluateScenario(*again, m_engine, &err);
        QVERIFY2(r, qPrintable(err));
        const Estimate& e = r->front().estimate.mid;
        QCOMPARE(e.plan.toString(), QStringLiteral("TP1 PP2"));
        QCOMPARE(e.chips, 8);
        // The idle GPUs are paid for: the estimate says so, and nothing else.
        QCOMPARE(e.notes.size(), 1);
        QVERIFY2(e.notes.front().contains(QStringLiteral("2 of the 8 chips")), qPrintable(e.notes.front()));
        // More chips than the count is still bad input, naming the field.
        err.clear();
        QVERIFY(!parseScenario(
            QJsonDocument::fromJson(
                scenario("llama-3.1-8b", R"([{"device":"h100-sxm","count":8,"parallelism":{"tp":16}}])"))
                .object(),
            &err));
        QVERIFY2(err.startsWith(QLatin1String("deployments[0].parallelism.tp")), qPrintable(err));
    }

    // Two CS-3 pipelines of four against the engine's own choice on eight for 256 streams (one
    // pipeline of eight, whose SRAM holds them all): the given plan is the one estimated. Pipelines
    // of two cannot hold Llama 3.1 70B's weights, and say why.
    void waferPlansAreUsed()
    {
        const auto r = evaluate(scenario("llama-3.1-70b", R"([
            {"id":"auto","device":"cs-3","count":8},
            {"id":"two","device":"cs-3","count":8,"parallelism":{"tp":1,"pp":4,"ep":1,"dp":2}},
            {"id":"short","device":"cs-3","count":8,"parallelism":{"tp":1,"pp":2,"ep":1,"dp":4}}])",
                                         256));
        QCOMPARE(r.size(), size_t(3));
        const Estimate& automatic = r[0].estimate.mid;
        const Estimate& two = r[1].estimate.mid;
        const Estimate& tooShort = r[2].estimate.mid;
        QCOMPARE(two.plan.toString(), QStringLiteral("TP1 PP4 DP2"));
        QVERIFY(two.fits);
        QVERIFY(!(automatic.plan == two.plan));
        QCOMPARE(tooShort.plan.toString(), QStringLiteral("TP1 PP2 DP4"));
        QVERIFY(!tooShort.fits);
        QVERIFY2(!tooShort.why.isEmpty(), "a plan that cannot hold the weights says why");
        QCOMPARE(automatic.plan.toString(), QStringLiteral("TP1 PP8"));
        QCOMPARE(automatic.batch, 256);
        // Each pipeline of four holds fewer than half the streams in SRAM; the rest queue.
        QVERIFY(two.batch > 0 && two.batch < 256);
        QVERIFY2(two.notes.join(QLatin1Char('\n')).contains(QLatin1String("queue")),
                 qPrintable(two.notes.join(QLatin1Char('\n'))));
    }

    // A GPU layout on wafers (tensor parallelism) cannot run there: the engine's pipeline is
    // estimated instead, and the estimate says which plan was not used.
    void aWaferPlanWithTensorParallelismIsNotUsed()
    {
        const auto r = evaluate(scenario("llama-3.1-70b", R"([
            {"id":"auto","device":"cs-3","count":8},
            {"id":"tp","device":"cs-3","count":8,"parallelism":{"tp":2,"pp":4,"ep":1,"dp":1}}])"));
        QCOMPARE(r.size(), size_t(2));
        const Estimate& automatic = r[0].estimate.mid;
        const Estimate& tp = r[1].estimate.mid;
        QCOMPARE(tp.plan.toString(), automatic.plan.toString());
        QCOMPARE(tp.tokSTotal, automatic.tokSTotal);
        QCOMPARE(tp.notes.size(), automatic.notes.size() + 1);
        QVERIFY2(tp.notes.last().contains(QLatin1String("TP2 PP4")),
                 qPrintable(tp.notes.join(QLatin1Char('\n'))));
        // The JSON carries the note, as the Issues panel does.
        const QJsonObject j = estimateResultsToJson(r);
        const QJsonArray notes = j.value(QStringLiteral("deployments"))
                                     .toArray()
                                     .at(1)
                                     .toObject()
                                     .value(QStringLiteral("notes"))
                                     .toArray();
        QCOMPARE(notes.size(), tp.notes.size());
    }
};

QTEST_GUILESS_MAIN(TestScenarioPlans)
#include "tst_scenario_plans.moc"
