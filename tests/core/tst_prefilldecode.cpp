// SPDX-License-Identifier: MIT
// Prefill-decode disaggregation of one deployment (engine/PrefillDecodeServing.cpp): a decode
// replica's time per token is its step alone, the first token pays the prefill, the hand-over and
// the queue in front of the prefill replicas, a prefill side too small for the decode side caps
// the throughput at what it can prefill, and the scenario format for the field.
#include "EngineFixture.h"

#include "scenario/Scenario.h"
#include "scenario/ScenarioEvaluation.h"

#include <QJsonDocument>
#include <QtTest>

#include <cmath>

using namespace is;
using namespace is::test;

namespace {

constexpr double kRel = 1e-9;

bool near(double a, double b)
{
    return std::abs(a - b) <= kRel * std::max(std::abs(a), std::abs(b));
}

} // namespace

class TestPrefillDecode : public QObject
{
    Q_OBJECT
    std::shared_ptr<const Catalog> m_catalog = Catalog::builtin();
    Engine m_engine{m_catalog};
    ModelDesc m_model = modelOf(*m_catalog, "llama-3.1-8b");

    // `replicas` H100s, one replica each (TP1), `prefill` of them only prefilling.
    Deployment deployment(int replicas, int prefill) const
    {
        Deployment d = deploymentOf(*m_catalog, "h100-sxm", replicas);
        d.plan = ParallelPlan{1, 1, 1, replicas};
        d.prefillReplicas = prefill;
        return d;
    }

    Estimate estimate(const Deployment& d, const Workload& w,
                      ServingGoal goal = ServingGoal::FixedConcurrency)
    {
        QString err;
        const auto e = m_engine.estimate(d, m_model, w, goal, CostAssumptions{}, &err);
        if (!e)
            qFatal("estimate failed: %s", qPrintable(err));
        return *e;
    }

private slots:
    // At a light load the first token is the prompt's own prefill on a prefill replica, the
    // M/D/1 wait for it, the KV cache's hand-over and half a decode step; the time per token is
    // a decode step, which no prefill interrupts. Every term from the engine's parts by hand.
    void lightLoadByHand()
    {
        const Deployment d = deployment(8, 2);
        const Workload w{2000, 500, 6, 0, 0};
        const Estimate e = estimate(d, w);
        QCOMPARE(e.mode, QStringLiteral("prefill-decode"));
        QCOMPARE(e.prefillReplicas, 2);
        QCOMPARE(e.chips, 8);
        QCOMPARE(e.batch, 6);

        QString err;
        const auto ctx = m_engine.prepare(d, m_model, w, CostAssumptions{}, 8, Bound::Mid, &err);
        QVERIFY2(ctx, qPrintable(err));
        const Estimate decode = m_engine.evaluate(*ctx, ParallelPlan{1, 1, 1, 6}, 6);
        const Estimate one = m_engine.evaluate(*ctx, ParallelPlan{1, 1, 1, 2}, 2);
        QVERIFY(near(e.tpotS, decode.decodeStepS)); // no speculation on this device: one token a step
        const double rps = 6.0 / (w.outputTokens * e.tpotS);
        const double rho = rps * one.prefillOccupancyS / 2.0;
        QVERIFY(rho > 0 && rho < 0.95);
        const double wait = one.prefillOccupancyS * rho / (2.0 * (1.0 - rho));
        // The hand-over: the prompt's KV cache over the scale-out link at its efficiency.
        const double kvBytes = ctx->kvBytesAt(w.inputTokens);
        const double handover = ctx->kvHandoverLatencyS() + kvBytes / ctx->kvHandoverBandwidth(1);
        QVERIFY(near(m_engine.kvHandoverS(*ctx, ParallelPlan{1, 1, 1, 8}), handover));
        QVERIFY(near(e.kvHandoverS, handover));
        QVERIFY(near(e.ttftS, one.ttftS + wait + handover + decode.decodeStepS / 2.0));
        QVERIFY(near(e.tokSTotal, rps * w.outputTokens));
        QVERIFY(near(e.tokSUser, 1.0 / e.tpotS));
    }

    // Direction: for the same decode replicas, another prefill replica never makes the first
    // token later (a shorter queue) and never lowers the throughput.
    void morePrefillReplicasNeverDelayTheFirstToken()
    {
        const Workload w{8000, 300, 24, 0, 0};
        double lastTtft = std::numeric_limits<double>::infinity();
        double lastTokS = 0;
        for (int prefill = 1; prefill <= 4; ++prefill) {
            const Estimate e = estimate(deployment(6 + prefill, prefill), w);
            QVERIFY2(e.ttftS <= lastTtft * (1 + kRel), qPrintable(QString::number(prefill)));
            QVERIFY2(e.tokSTotal >= lastTokS * (1 - kRel), qPrintable(QString::number(prefill)));
            lastTtft = e.ttftS;
            lastTokS = e.tokSTotal;
        }
    }

    // A prefill side too small for its decode side: the prefill replicas pass at most 0.95 of
    // their capacity (one prompt each per occupancy), so the deployment produces that many
    // requests' tokens a second, and the streams it cannot feed wait in front of them.
    void prefillReplicasCapTheThroughput()
    {
        const Deployment d = deployment(8, 1);
        const Workload w{16000, 100, 70, 0, 0};
        const Estimate e = estimate(d, w);
        QString err;
        const auto ctx = m_engine.prepare(d, m_model, w, CostAssumptions{}, 8, Bound::Mid, &err);
        QVERIFY2(ctx, qPrintable(err));
        const Estimate one = m_engine.evaluate(*ctx, ParallelPlan{1, 1, 1, 1}, 1);
        const double capacityRps = 0.95 / one.prefillOccupancyS;
        QVERIFY(near(e.tokSTotal, capacityRps * w.outputTokens));
        QCOMPARE(e.batch, 70);
        // The closed loop: each stream's request takes batch / rps from arrival to arrival.
        QVERIFY(near(e.ttftS + w.outputTokens * e.tpotS - e.decodeStepS / 2.0, 70 / capacityRps));
        QVERIFY(e.notes.join(QLatin1Char(' ')).contains(QStringLiteral("prefill replicas take at most")));
    }

    // The serving runtime's batch limit holds on the decode replicas: 2,000 streams on seven
    // decode replicas that run 16 each decode 112 at once, and the note names the runtime.
    void runtimeLimitHoldsTheDecodeBatch()
    {
        Deployment d = deployment(8, 1);
        d.maxBatchPerReplica = 16;
        const Estimate e = estimate(d, Workload{1000, 200, 2000, 0, 0});
        QCOMPARE(e.batch, 7 * 16);
        QVERIFY2(
            e.notes.join(QLatin1Char(' ')).contains(QStringLiteral("the serving runtime runs 112 of 2,000")),
            qPrintable(e.notes.join(QLatin1Char('|'))));
    }

    // Power: prefill chips busy part of the time at full power, decode chips at their step's
    // share; never below all chips idle, never above all at peak.
    void powerStaysBetweenIdleAndPeak()
    {
        const Deployment d = deployment(8, 2);
        const Estimate e = estimate(d, Workload{4000, 500, 64, 0, 0});
        const double idle = d.device->idlePowerW.value * 8;
        const double peak = d.device->peakPowerW.value * 8;
        const double host = d.system ? d.system->hostPowerW.value : 0.0;
        QVERIFY(e.powerW >= idle + host - 1e-6);
        QVERIFY(e.powerW <= peak + host + 1e-6);
    }

    // The latency-bounded serving point meets both limits: the decode batch stops at the TPOT
    // limit and, where prompts then come faster than the prefill replicas keep the first token
    // within its limit, lower.
    void latencyBoundedMeetsBothLimits()
    {
        const Deployment d = deployment(8, 1);
        Workload w{8000, 500, 1, 2.0, 0.02};
        const Estimate e = estimate(d, w, ServingGoal::LatencyBounded);
        QVERIFY(e.fits);
        QVERIFY(e.ttftS <= w.ttftLimitS && e.tpotS <= w.tpotLimitS);
        w.ttftLimitS = 0;
        const Estimate onlyTpot = estimate(d, w, ServingGoal::LatencyBounded);
        QVERIFY(onlyTpot.batch >= e.batch);
    }

    // A plan with no replica left to decode, a wafer, or both splits at once: clear refusals.
    void impossibleSplitsAreRefused()
    {
        QString err;
        Deployment d = deployment(4, 4);
        QVERIFY(!m_engine.estimate(d, m_model, Workload{}, ServingGoal::FixedConcurrency, {}, &err));
        QVERIFY2(err.contains(QStringLiteral("4 prefill replicas")), qPrintable(err));

        const QByteArray json = R"({"format":"inference-studio-scenario","version":1,"model":"llama-3.1-8b",
            "workload":{"input_tokens":1000,"output_tokens":100},
            "deployments":[{"id":"w","device":"cs-3","count":1,"prefill_replicas":1}]})";
        err.clear();
        auto s = parseScenario(QJsonDocument::fromJson(json).object(), &err);
        QVERIFY2(s, qPrintable(err));
        QVERIFY(!resolveScenario(*s, *m_catalog, &err));
        QVERIFY2(err.contains(QStringLiteral("deployments[0].prefill_replicas")), qPrintable(err));

        const QByteArray tooMany =
            R"({"format":"inference-studio-scenario","version":1,"model":"llama-3.1-8b",
            "workload":{"input_tokens":1000,"output_tokens":100},
            "deployments":[{"id":"g","device":"h100-sxm","count":8,
            "parallelism":{"tp":2,"pp":1,"ep":1,"dp":4},"prefill_replicas":4}]})";
        err.clear();
        QVERIFY(!parseScenario(QJsonDocument::fromJson(tooMany).object(), &err));
        QVERIFY2(err.contains(QStringLiteral("prefill_replicas")) && err.contains(QStringLiteral("dp (4)")),
                 qPrintable(err));
    }

    // The field survives a save and a load, and is absent when zero (older files unchanged).
    void scenarioRoundTrip()
    {
        const QByteArray json = R"({"format":"inference-studio-scenario","version":1,"model":"llama-3.1-8b",
            "workload":{"input_tokens":1000,"output_tokens":100},
            "deployments":[{"id":"g","device":"h100-sxm","count":8,
            "parallelism":{"tp":2,"pp":1,"ep":1,"dp":4},"prefill_replicas":1},
            {"id":"h","device":"h100-sxm","count":8}]})";
        QString err;
        auto s = parseScenario(QJsonDocument::fromJson(json).object(), &err);
        QVERIFY2(s, qPrintable(err));
        QCOMPARE(s->deployments[0].prefillReplicas, 1);
        const QJsonObject saved = scenarioToJson(*s);
        const QJsonArray deps = saved.value(QStringLiteral("deployments")).toArray();
        QCOMPARE(deps[0].toObject().value(QStringLiteral("prefill_replicas")).toInt(), 1);
        QVERIFY(!deps[1].toObject().contains(QStringLiteral("prefill_replicas")));
        auto again = parseScenario(saved, &err);
        QVERIFY2(again, qPrintable(err));
        QCOMPARE(again->deployments, s->deployments);
        const auto resolved = resolveScenario(*again, *m_catalog, &err);
        QVERIFY2(resolved, qPrintable(err));
        QCOMPARE(resolved->front().deployment.prefillReplicas, 1);
    }
};

QTEST_GUILESS_MAIN(TestPrefillDecode)
#include "tst_prefilldecode.moc"
