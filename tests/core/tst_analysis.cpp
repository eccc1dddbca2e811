// SPDX-License-Identifier: MIT
// The comparison's curves (analysis/ScenarioAnalysis.h) against the estimate the comparison's
// table shows: the throughput-versus-interactivity curve passes through the table's operating point.
#include "analysis/ScenarioAnalysis.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"
#include "scenario/ScenarioEvaluation.h"

#include <QJsonDocument>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace is;

class TestAnalysis : public QObject
{
    Q_OBJECT

    static ScenarioAnalysis analyse(const QByteArray& json)
    {
        QString err;
        auto s = parseScenario(QJsonDocument::fromJson(json).object(), &err);
        if (!s)
            qFatal("scenario: %s", qPrintable(err));
        Engine engine(Catalog::builtin());
        return analyseScenario(*s, engine, defaultContextGrid(5));
    }

    // The curve's point at the estimate's batch, as tokens/s per chip and per user.
    static void checkOperatingPointOnCurve(const DeploymentAnalysis& d)
    {
        const Estimate& e = d.estimate.mid;
        QVERIFY(e.fits);
        const auto at = std::find_if(d.pareto.begin(), d.pareto.end(),
                                     [&](const ParetoPoint& p) { return p.batch == e.batch; });
        QVERIFY2(at != d.pareto.end(), qPrintable(QStringLiteral("no point at batch %1").arg(e.batch)));
        const double perChip = e.tokSTotal / e.chips;
        QVERIFY2(std::abs(at->tokSPerChip - perChip) <= 0.02 * perChip,
                 qPrintable(
                     QStringLiteral("curve %1 tok/s per chip, table %2").arg(at->tokSPerChip).arg(perChip)));
        QVERIFY2(std::abs(at->tokSUser - e.tokSUser) <= 0.02 * e.tokSUser,
                 qPrintable(
                     QStringLiteral("curve %1 tok/s per user, table %2").arg(at->tokSUser).arg(e.tokSUser)));
    }

private slots:
    // GPT-5.6 Sol on CS-3 wafers counted automatically for 91 streams takes more wafers than for
    // one. The curve swept the one-stream count, on which 91 streams' KV cache does not fit in SRAM:
    // the table said 641 tok/s per user and about 740 tok/s per chip, the curve never passed 85.
    void curveHoldsTheTablesPointOnAutomaticWafers()
    {
        const ScenarioAnalysis a = analyse(R"({"version":1,"model":"gpt-5.6-sol","workload":
            {"input_tokens":8192,"output_tokens":1024,"concurrency":91},
            "deployments":[{"id":"w","name":"w","device":"cs-3","count":"auto","precision":{"weights":"fp8"}}]})");
        QVERIFY2(a.error.isEmpty(), qPrintable(a.error));
        QCOMPARE(a.deployments.size(), size_t(1));
        QCOMPARE(a.deployments[0].estimate.mid.batch, 91);
        checkOperatingPointOnCurve(a.deployments[0]);
    }

    // A missed latency target reaches the Issues panel, not only the comparison's cell: the canvas
    // card said "misses TTFT target 1 s: 16.4 s" beside "No issues".
    void missedTargetsAreIssues()
    {
        const ScenarioAnalysis a = analyse(R"({"version":1,"model":"llama-3.1-8b","workload":
            {"input_tokens":4000,"output_tokens":100,"concurrency":1,"ttft_limit_ms":1,"tpot_limit_ms":1000},
            "deployments":[{"id":"h","name":"one H100","device":"h100-sxm","count":1}]})");
        QVERIFY2(a.error.isEmpty(), qPrintable(a.error));
        QCOMPARE(a.deployments[0].missedTargets.size(), size_t(1));
        const QStringList misses = a.issues.filter(QStringLiteral("misses the"));
        QCOMPARE(misses.size(), 1); // the TPOT target of a second is met
        QVERIFY2(
            misses.front().startsWith(QStringLiteral("one H100 misses the time-to-first-token target: ")) &&
                misses.front().endsWith(QStringLiteral("ms, the target is 1 ms")),
            qPrintable(misses.front()));
    }

    // A fixed count: the curve is that count's, and the table's point lies on it too.
    void curveHoldsTheTablesPointOnAFixedCount()
    {
        const ScenarioAnalysis a = analyse(R"({"version":1,"model":"llama-3.1-70b","workload":
            {"input_tokens":2048,"output_tokens":256,"concurrency":64},
            "deployments":[{"id":"h","name":"h","device":"h100-sxm","count":8}]})");
        QVERIFY2(a.error.isEmpty(), qPrintable(a.error));
        checkOperatingPointOnCurve(a.deployments[0]);
    }

    // Llama 3.1 70B (a 128K window) for 256 streams on one HGX H100: the speed-versus-context curve
    // ends at the window's edge (it ended at the last grid point before it, and the chart said the
    // model did not fit beyond 117K), and says from which context memory holds fewer than the 256
    // streams, the rest queueing (there the line may rise: fewer streams run faster).
    void curveEndsAtTheWindowAndSaysWhereStreamsQueue()
    {
        const QByteArray json = R"({"version":1,"model":"llama-3.1-70b","workload":
            {"input_tokens":2048,"output_tokens":1000,"concurrency":256},
            "deployments":[{"id":"h","name":"h","device":"h100-sxm","count":8}]})";
        const ScenarioAnalysis a = analyse(json);
        QVERIFY2(a.error.isEmpty(), qPrintable(a.error));
        const DeploymentAnalysis& d = a.deployments[0];
        QCOMPARE(d.maxContext, 131072.0);
        QCOMPARE(d.speedVsContext.back().x, 131072.0 - 1000);
        for (const BandPoint& p : d.speedVsContext)
            QVERIFY(p.x + 1000 <= d.maxContext && p.y > 0);
        QVERIFY(a.issues.filter(QStringLiteral("does not fit")).isEmpty());

        QVERIFY(d.queuesFrom > d.speedVsContext.front().x);
        QVERIFY(d.streamsAtQueue > 0 && d.streamsAtQueue < 256);
        QString err;
        auto s = parseScenario(QJsonDocument::fromJson(json).object(), &err);
        QVERIFY2(s, qPrintable(err));
        Engine engine(Catalog::builtin());
        const auto resolved = resolveScenario(*s, engine.catalog(), &err);
        QVERIFY2(resolved, qPrintable(err));
        const ModelDesc m = resolved->front().model.resolve(Bound::Mid);
        auto batchAt = [&](double context) {
            Workload w = s->workload;
            w.inputTokens = context;
            const auto e = engine.estimate(resolved->front().deployment, m, w, s->goal, s->tco, &err);
            return e ? e->batch : -1;
        };
        const auto at = std::find_if(d.speedVsContext.begin(), d.speedVsContext.end(),
                                     [&](const BandPoint& p) { return p.x == d.queuesFrom; });
        QVERIFY(at != d.speedVsContext.end() && at != d.speedVsContext.begin());
        QCOMPARE(batchAt(at->x), d.streamsAtQueue);
        QCOMPARE(batchAt(std::prev(at)->x), 256);
    }

    // The seed benchmark's 512-token sequences: the curve began at 1K, right of the workload's own
    // context. Its first point is now the workload's, at the table's speed.
    void curveStartsAtAShortWorkload()
    {
        const ScenarioAnalysis a = analyse(R"({"version":1,"model":"llama-3.1-8b","workload":
            {"input_tokens":512,"output_tokens":64,"concurrency":4},
            "deployments":[{"id":"h","name":"h","device":"h100-sxm","count":1}]})");
        QVERIFY2(a.error.isEmpty(), qPrintable(a.error));
        const DeploymentAnalysis& d = a.deployments[0];
        QCOMPARE(d.speedVsContext.front().x, 512.0);
        QCOMPARE(d.speedVsContext.front().y, d.estimate.mid.tokSUser);
        QCOMPARE(d.speedVsContext[1].x, defaultContextGrid(5).front());
    }
};

QTEST_GUILESS_MAIN(TestAnalysis)
#include "tst_analysis.moc"
