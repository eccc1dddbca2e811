// SPDX-License-Identifier: MIT
// Attention-FFN disaggregation (engine/AttentionFfnSplit.h): the ping-pong schedule's bounds, a
// link that dominates, each pool's memory by hand, and the scenario format for the FFN pool.
#include "EngineFixture.h"

#include "cost/CostModel.h"
#include "cost/TcoAssumptions.h"
#include "engine/AttentionFfnSplit.h"
#include "model/ModelMath.h"
#include "scenario/Scenario.h"
#include "scenario/ScenarioEvaluation.h"

#include "SourcePath.h"

#include <QJsonDocument>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace is;

namespace {

// A small dense model whose bytes are easy to count by hand.
ModelDesc smallModel()
{
    ModelDesc m;
    m.id = QStringLiteral("small");
    m.layers = 2;
    m.hidden = 64;
    m.heads = 4;
    m.kvHeads = 2;
    m.headDim = 16;
    m.vocab = 1000;
    m.denseFfn = 256;
    m.maxContext = 4096;
    return m;
}

Link linkWith(double bandwidth, double latency)
{
    Link l;
    l.id = QStringLiteral("test-link");
    l.bandwidthBytesPerS.value = bandwidth;
    l.latencyS.value = latency;
    return l;
}

} // namespace

class TestAttentionFfn : public QObject
{
    Q_OBJECT
    std::shared_ptr<const Catalog> m_catalog = Catalog::builtin();
    Engine m_engine{m_catalog};

    // Attention on `aChips` H100s, the FFN on `fChips` of `ffnDevice`, joined by `link`.
    Deployment split(int aChips, const char* ffnDevice, int fChips, const Link* link, int microBatches) const
    {
        Deployment d = test::deploymentOf(*m_catalog, "h100-sxm", aChips);
        d.weightPrecision = Precision::BF16;
        const Deployment f = test::deploymentOf(*m_catalog, ffnDevice, fChips);
        FfnPool pool;
        pool.device = f.device;
        pool.system = f.system;
        pool.scaleUp = f.scaleUp;
        pool.scaleOut = f.scaleOut;
        pool.chips = fChips;
        pool.link = link;
        pool.microBatches = microBatches;
        d.ffnPool = pool;
        return d;
    }

    Estimate estimateOf(const Deployment& d, const ModelDesc& m, int concurrency) const
    {
        QString error;
        const auto e = m_engine.estimate(d, m, Workload{2048, 256, concurrency, 0, 0},
                                         ServingGoal::FixedConcurrency, CostAssumptions{}, &error);
        if (!e)
            qFatal("estimate failed: %s", qPrintable(error));
        if (!e->split)
            qFatal("no attention-FFN breakdown");
        return *e;
    }

private slots:
    // With an infinitely fast link and enough micro-batches to fill the ring, the step is exactly
    // the busier pool's work: never slower than it (the transfer and the other pool are hidden)
    // and never faster (the busier pool must do all of its work). With any link and any count,
    // never faster than the busiest of the three.
    void infiniteLinkStepIsTheSlowerPool()
    {
        const Link instant = linkWith(1e30, 0);
        const ModelDesc m = test::modelOf(*m_catalog, "llama-3.1-70b");
        for (int micro : {2, 3, 4})
            for (int users : {4, 64, 256}) {
                const Estimate e = estimateOf(split(8, "h100-sxm", 8, &instant, micro), m, users);
                const AttentionFfnBreakdown& s = *e.split;
                QVERIFY(e.fits);
                QCOMPARE(s.microBatches, micro);
                QVERIFY(s.attentionS > 0 && s.ffnS > 0);
                QVERIFY(s.linkS < 1e-12);
                const double slower = std::max(s.attentionS, s.ffnS);
                QVERIFY2(std::abs(s.stepS - slower) <= 1e-9 * slower,
                         qPrintable(QStringLiteral("step %1 vs slower pool %2").arg(s.stepS).arg(slower)));
                QCOMPARE(e.decodeStepS, s.stepS);
                QVERIFY(s.linkShare < 1e-9);
            }
        // One micro-batch hides nothing: the pools take turns.
        const Estimate one = estimateOf(split(8, "h100-sxm", 8, &instant, 1), m, 64);
        QVERIFY(std::abs(one.split->stepS - (one.split->attentionS + one.split->ffnS)) <=
                1e-9 * one.split->stepS);
        // A real link and the automatic count: at least the busiest resource, at most one
        // micro-batch's sum of all four stages.
        const Link* eth = m_catalog->link(QStringLiteral("eth-400g"));
        QVERIFY(eth);
        const Estimate real = estimateOf(split(8, "h100-sxm", 8, eth, 0), m, 64);
        const AttentionFfnBreakdown& s = *real.split;
        QVERIFY(s.stepS >= std::max({s.attentionS, s.ffnS, s.linkS}) * (1 - 1e-12));
        const Estimate serial = estimateOf(split(8, "h100-sxm", 8, eth, 1), m, 64);
        QVERIFY(s.stepS <= serial.split->stepS * (1 + 1e-12));
    }

    // A link of 1 MB/s: every layer's hidden states take far longer to cross than either pool's
    // work, so the step is the transfer and the breakdown says so.
    void slowLinkDominatesAndTheBreakdownSaysSo()
    {
        const Link slow = linkWith(1e6, 1e-5);
        const ModelDesc m = test::modelOf(*m_catalog, "llama-3.1-70b");
        const Estimate e = estimateOf(split(8, "h100-sxm", 8, &slow, 0), m, 16);
        const AttentionFfnBreakdown& s = *e.split;
        QVERIFY(s.linkS > 10 * std::max(s.attentionS, s.ffnS));
        QVERIFY2(s.linkShare > 0.9, qPrintable(QString::number(s.linkShare)));
        QCOMPARE(e.bottleneck, Bottleneck::Communication);
        QVERIFY(e.decode.communication > 0.9 * e.decode.total());
        // The parts add up to the step.
        QVERIFY(std::abs(e.decode.total() - s.stepS) <= 1e-9 * s.stepS);
        // Hand-computed: 16 users of 8,192-wide bf16 hidden states, 80 layers, one micro-batch
        // each way per layer at least: the link alone needs 80 x 16 x 16,384 B / 8 MB/s per way.
        const double perWay = 80.0 * 16 * 8192 * 2 /
                              (8 * 1e6 *
                               m_catalog->calibration()
                                   .family(m_catalog->device(QStringLiteral("h100-sxm"))->family)
                                   .linkEfficiency.value);
        QVERIFY(s.linkS >= perWay * 0.999);
        // A faster link shrinks its share.
        const Link fast = linkWith(1e12, 1e-6);
        QVERIFY(estimateOf(split(8, "h100-sxm", 8, &fast, 0), m, 16).split->linkShare < s.linkShare);
    }

    // Memory per side for a 2-layer model, by hand. Attention pool (bf16, one chip): attention
    // 2 x (64x64 q + 2x64x32 kv + 64x64 o) = 24,576, norms 2x64x2 + 64 = 320, embedding and head
    // 2 x 64 x 1,000 = 128,000 parameters = 305,792 bytes. FFN pool: 2 layers x 3 x 64 x 256 =
    // 98,304 plus its own norms 320 = 98,624 parameters = 197,248 bytes, no KV cache. KV: 2 (K, V)
    // x 2 heads x 16 x 2 layers x 2 bytes = 256 bytes per token, at the mean context 2,048 + 128.
    void memoryPerSideByHand()
    {
        const Link eth = linkWith(1e11, 1e-5);
        const ModelDesc m = smallModel();
        QCOMPARE(paramBreakdown(attentionPartOf(m)).total(), 152896.0);
        QCOMPARE(paramBreakdown(ffnPartOf(m)).total(), 98624.0);
        QCOMPARE(kvBytesPerToken(ffnPartOf(m), Precision::BF16), 0.0);
        Deployment d = split(1, "h100-sxm", 1, &eth, 1);
        d.ffnPool->plan = ParallelPlan{1, 1, 1, 1};
        d.plan = ParallelPlan{1, 1, 1, 1};
        const Estimate e = estimateOf(d, m, 3);
        const AttentionFfnBreakdown& s = *e.split;
        QCOMPARE(s.attentionMemory.weights, 305792.0);
        QCOMPARE(s.ffnMemory.weights, 197248.0);
        QCOMPARE(s.attentionMemory.kvCache, 3 * 256.0 * (2048 + 128));
        QCOMPARE(s.ffnMemory.kvCache, 0.0);
        QCOMPARE(e.chips, 2);
        // The note names the catalog's devices, as the Issues panel shows it, and one micro-batch
        // as such ("16 x h100-sxm, FFN on 80 x cs-3, 1 micro-batches" before).
        const QString note = e.notes.join(u'|');
        QVERIFY2(note.contains(d.device->name) && note.contains(d.ffnPool->device->name) &&
                     note.contains(QStringLiteral("one batch at a time")),
                 qPrintable(note));
        // Both pools draw power (what they cost is cost::price's, scenarioRoundTripAndErrors).
        QVERIFY(s.attentionPowerW > 0 && s.ffnPowerW > 0);
        QVERIFY(std::abs(e.powerW - (s.attentionPowerW + s.ffnPowerW + s.linkPowerW)) < 1e-6);
    }

    // gpt-oss's release quantised only its routed experts: served as released, the attention pool
    // (which holds no experts) keeps the release's 16-bit attention, embeddings and head, not the
    // experts' half byte, and the FFN pool holds the 4-bit experts.
    void anExpertsOnlyReleaseKeepsAttentionAt16Bits()
    {
        const Link eth = linkWith(1e11, 1e-5);
        const ModelDesc oss = test::modelOf(*m_catalog, "gpt-oss-120b");
        Deployment d = split(8, "b200", 8, &eth, 2);
        const Deployment b200 = test::deploymentOf(*m_catalog, "b200", 8);
        d.device = b200.device;
        d.system = b200.system;
        d.scaleUp = b200.scaleUp;
        d.scaleOut = b200.scaleOut;
        d.weightPrecision.reset();
        QVERIFY(d.servesExpertsOnlyRelease(oss));
        d.ffnPool->plan = ParallelPlan{1, 1, 8, 1};
        d.plan = ParallelPlan{8, 1, 1, 1};
        const AttentionFfnBreakdown s = *estimateOf(d, oss, 8).split;
        const ParamBreakdown attention = paramBreakdown(attentionPartOf(oss));
        QCOMPARE(s.attentionMemory.weights, attention.total() * 2.0 / 8);
    }

    // The cost model (TCO, fleet sizing, cost at load) prices and powers each pool as its own
    // deployment and sums them: 8 H100s in one HGX node and 4 CS-3 systems.
    void costModelSumsBothPools()
    {
        const Link* eth = m_catalog->link(QStringLiteral("eth-800g"));
        const Deployment d = split(8, "cs-3", 4, eth, 0);
        const cost::TcoAssumptions t;
        const cost::DeploymentCostInputs both = cost::costInputs(d, QString(), 12, t);
        Deployment attention = d;
        attention.ffnPool.reset();
        const cost::DeploymentCostInputs a = cost::costInputs(attention, QString(), 8, t);
        const cost::DeploymentCostInputs f =
            cost::costInputs(test::deploymentOf(*m_catalog, "cs-3", 4), QString(), 4, t);
        QCOMPARE(both.chips, 12);
        QCOMPARE(both.systems, a.systems + f.systems);
        QVERIFY(std::abs(both.capexUsd - (a.capexUsd + f.capexUsd)) <= 1e-6 * both.capexUsd);
        QVERIFY(f.capexUsd > 0 && a.capexUsd > 0);
        QCOMPARE(both.ffnPoolCapexUsd, f.capexUsd);
        QCOMPARE(a.ffnPoolCapexUsd, 0.0);
        const double linkW = 12 * eth->powerWPerPort.value;
        QVERIFY(std::abs(both.power.peakItPowerW() - (a.power.peakItPowerW() + f.power.peakItPowerW() +
                                                      linkW)) <= 1e-6 * both.power.peakItPowerW());
        QVERIFY(std::abs(both.power.itPowerW(0) - (a.power.itPowerW(0) + f.power.itPowerW(0) + linkW)) <=
                1e-6 * both.power.itPowerW(0));
    }

    // The scenario carries the FFN pool and the link; bad ones name the field.
    void scenarioRoundTripAndErrors()
    {
        const QByteArray text = R"({"version": 1, "model": "llama-3.1-70b",
            "workload": {"input_tokens": 1000, "output_tokens": 200, "concurrency": 8},
            "deployments": [{"id": "afd", "device": "h100-sxm", "count": 8,
                "ffn_pool": {"device": "cs-3", "count": 4, "link": "eth-800g", "micro_batches": 3,
                             "parallelism": "auto"}}]})";
        QString error;
        auto s = parseScenario(QJsonDocument::fromJson(text).object(), &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(s->deployments[0].ffnPool);
        QCOMPARE(s->deployments[0].ffnPool->microBatches, 3);
        auto again = parseScenario(scenarioToJson(*s), &error);
        QVERIFY2(again, qPrintable(error));
        QVERIFY(*again == *s);
        auto results = evaluateScenario(*s, m_engine, &error);
        QVERIFY2(results, qPrintable(error));
        QVERIFY((*results)[0].estimate.mid.split);
        const QJsonObject json = estimateResultsToJson(*results);
        const QJsonObject afd = json.value(QStringLiteral("deployments"))
                                    .toArray()
                                    .at(0)
                                    .toObject()
                                    .value(QStringLiteral("attention_ffn"))
                                    .toObject();
        QCOMPARE(afd.value(QStringLiteral("micro_batches")).toInt(), 3);
        QVERIFY(afd.value(QStringLiteral("ffn")).toObject().value(QStringLiteral("step_ms")).toDouble() > 0);
        QVERIFY(afd.contains(QStringLiteral("link_share")));
        // The pools' capex is the Cost view's (system share and network included), not the list
        // price: the two add up to the deployment's capex under the scenario's assumptions.
        const auto resolved = resolveScenario(*s, m_engine.catalog(), &error);
        QVERIFY2(resolved, qPrintable(error));
        const cost::DeploymentCostInputs priced = cost::costInputs(
            (*resolved)[0].deployment, QStringLiteral("afd"), (*results)[0].estimate.mid.chips, s->tco);
        const double attentionCapex =
            afd.value(QStringLiteral("attention")).toObject().value(QStringLiteral("capex_usd")).toDouble();
        const double ffnCapex =
            afd.value(QStringLiteral("ffn")).toObject().value(QStringLiteral("capex_usd")).toDouble();
        QVERIFY(attentionCapex > 0 && ffnCapex > 0);
        QVERIFY(std::abs(attentionCapex + ffnCapex - priced.capexUsd) <= 1e-9 * priced.capexUsd);
        QVERIFY(priced.networkCapexUsd > 0); // four CS-3 systems: the list price alone is less

        auto withPool = [&](const char* pool) {
            QByteArray t = text;
            const qsizetype at = t.indexOf("\"ffn_pool\"");
            const qsizetype end = t.indexOf('}', at);
            const QByteArray replacement = QByteArray("\"ffn_pool\": ").append(pool);
            t.replace(at, end - at + 1, replacement);
            return t;
        };
        struct Bad
        {
            const char* pool;
            const char* field;
        };
        const Bad bad[] = {
            {R"({"device": "cs-3", "count": 4})", "deployments[0].ffn_pool.link"},
            {R"({"device": "cs-3", "count": 0, "link": "eth-800g"})", "deployments[0].ffn_pool.count"},
            {R"({"device": "cs-3", "count": 4, "link": "eth-800g", "micro_batches": 0})",
             "deployments[0].ffn_pool.micro_batches"},
            {R"({"device": "h100-sxm", "count": 8, "link": "eth-800g", "parallelism": {"tp": 4}})",
             "deployments[0].ffn_pool.parallelism.tp"}};
        for (const Bad& b : bad) {
            error.clear();
            QVERIFY(!parseScenario(QJsonDocument::fromJson(withPool(b.pool)).object(), &error));
            QVERIFY2(error.startsWith(QLatin1String(b.field)), qPrintable(error));
        }
        const QByteArray unknownLink = withPool(R"({"device": "cs-3", "count": 4, "link": "eth-9000g"})");
        error.clear();
        auto parsed = parseScenario(QJsonDocument::fromJson(unknownLink).object(), &error);
        QVERIFY2(parsed, qPrintable(error));
        QVERIFY(!evaluateScenario(*parsed, m_engine, &error));
        QVERIFY2(error.contains(QLatin1String("deployments[0].ffn_pool.link")), qPrintable(error));
    }

    // Seed 001's speculation as shipped: GPT-5.6 Sol's attention on H100s, its experts on CS-3
    // wafers. Both pools hold their part, and each pool's and the link's time is reported.
    void seedScenarioEvaluates()
    {
        const QString file =
            is::testing::sourcePath(QStringLiteral("scenarios/gpt-5.6-sol-attention-ffn.json"));
        QString error;
        auto s = loadScenarioFile(file, &error);
        QVERIFY2(s, qPrintable(error));
        auto results = evaluateScenario(*s, m_engine, &error);
        QVERIFY2(results, qPrintable(error));
        const Estimate& e = (*results)[0].estimate.mid;
        QVERIFY(e.split);
        QVERIFY2(e.fits, qPrintable(e.why));
        const AttentionFfnBreakdown& split = *e.split;
        qInfo("attention %.3f ms, FFN %.3f ms, link %.3f ms (share %.2f), step %.3f ms, %d micro-batches, "
              "%.0f tok/s/user, %.1f kW, $%.2f/Mtok",
              split.attentionS * 1e3, split.ffnS * 1e3, split.linkS * 1e3, split.linkShare, split.stepS * 1e3,
              split.microBatches, e.tokSUser, e.facilityPowerW / 1e3, e.usdPerMTok);
        QVERIFY(split.stepS >= std::max({split.attentionS, split.ffnS, split.linkS}));
        QCOMPARE(split.ffnMemory.kvCache, 0.0);
        QVERIFY(split.attentionMemory.kvCache > 0);
    }
};

QTEST_GUILESS_MAIN(TestAttentionFfn)
#include "tst_attentionffn.moc"
