// SPDX-License-Identifier: MIT
// Prefix caching and KV offload tiers (engine/PrefixReuse.h, engine/KvTiers.h) against
// hand-computed cases: nothing cached is today's engine; a fully cached resident prefix costs
// only the new tokens; a prefix read back from an offload tier costs its bytes over the tier's
// bandwidth.
#include "EngineFixture.h"

#include "engine/PrefixReuse.h"
#include "hardware/Link.h"
#include "model/ModelMath.h"
#include "scenario/Scenario.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <limits>

using namespace is;
using namespace is::test;

class TestPrefixReuse : public QObject
{
    Q_OBJECT
    std::shared_ptr<const Catalog> m_catalog = Catalog::builtin();
    Engine m_engine{m_catalog};

    // Llama 3.1 70B on one HGX H100 node, TP8 fixed so that every case runs the same plan.
    Deployment h100x8() const
    {
        Deployment d = deploymentOf(*m_catalog, "h100-sxm", 8);
        d.plan = ParallelPlan{8, 1, 1, 1};
        return d;
    }
    ModelDesc llama70() const { return modelOf(*m_catalog, "llama-3.1-70b"); }

    Estimate run(const Deployment& d, const ModelDesc& m, const Workload& w)
    {
        QString err;
        auto e = m_engine.estimate(d, m, w, ServingGoal::FixedConcurrency, CostAssumptions{}, &err);
        if (!e)
            qFatal("estimate failed: %s", qPrintable(err));
        return *e;
    }

    EvalContext context(const Deployment& d, const ModelDesc& m, const Workload& w)
    {
        QString err;
        auto ctx = m_engine.prepare(d, m, w, CostAssumptions{}, d.chips, Bound::Mid, &err);
        if (!ctx)
            qFatal("prepare failed: %s", qPrintable(err));
        return *ctx;
    }

private slots:
    void hitRateZeroIsTodaysEngine()
    {
        // Idle sessions without a hit rate cache nothing: every figure equals the plain workload's,
        // bit for bit, on a GPU node, a wafer pipeline and weight streaming.
        const Deployment gpu = h100x8();
        Deployment wafers = deploymentOf(*m_catalog, "cs-3", 4);
        Deployment streaming = deploymentOf(*m_catalog, "cs-3", 1);
        streaming.mode = ExecutionMode::WeightStreaming;
        for (const Deployment* d : std::initializer_list<const Deployment*>{&gpu, &wafers, &streaming}) {
            const Workload plain{3000, 300, 4, 0, 0};
            Workload idle = plain;
            idle.idleSessions = 5000;
            const Estimate a = run(*d, llama70(), plain);
            const Estimate b = run(*d, llama70(), idle);
            QCOMPARE(b.ttftS, a.ttftS);
            QCOMPARE(b.prefillS, a.prefillS);
            QCOMPARE(b.tpotS, a.tpotS);
            QCOMPARE(b.tokSTotal, a.tokSTotal);
            QVERIFY(!b.reuse.active());
            QCOMPARE(b.reuse.readbackS, 0.0);
        }
        // With nothing cached the fresh tokens' FLOPs are the prompt's.
        const FlopBreakdown all = prefillFlops(llama70(), 3000);
        const FlopBreakdown fresh = detail::freshPrefillFlops(llama70(), 3000, 0);
        QCOMPARE(fresh.matmul, all.matmul);
        QCOMPARE(fresh.attention, all.attention);
    }

    void freshTokensFlopsByHand()
    {
        // Half of a 4,000-token prompt cached: the matrix multiplies of the 2,000 new tokens plus
        // the last position's logits; attention of queries 2,000..3,999 over all keys before them.
        const ModelDesc m = llama70();
        const ParamBreakdown p = paramBreakdown(m);
        const FlopBreakdown f = detail::freshPrefillFlops(m, 4000, 2000);
        QCOMPARE(f.matmul, 2.0 * (p.active() - p.classifier()) * 2000 + 2.0 * p.classifier());
        // Causal pairs of n tokens: n (n + 1) / 2, so the new queries see 4000*4001/2 - 2000*2001/2.
        const double pairsAll = 4000.0 * 4001.0 / 2.0;
        const double pairsPrefix = 2000.0 * 2001.0 / 2.0;
        QVERIFY(qAbs(f.attention / prefillFlops(m, 4000).attention - (pairsAll - pairsPrefix) / pairsAll) <
                1e-9);
    }

    void fullHitOnResidentPrefixCostsOnlyTheNewToken()
    {
        // Hit rate 1 with the prefix in HBM: all but the last of 4,000 tokens cached. The prefill
        // is that of a one-token prompt (the same weight-bound matrix multiply, collectives and
        // overheads) plus the one query's attention over the 3,999 cached keys at the attention
        // rate; no read-back.
        const Deployment d = h100x8();
        const ModelDesc m = llama70();
        Workload w{4000, 100, 1, 0, 0};
        w.prefixHitRate = 1.0;
        const Estimate warm = run(d, m, w);
        QCOMPARE(warm.reuse.cachedTokens, 3999.0);
        QCOMPARE(warm.reuse.tier, KvTier::Device);
        QCOMPARE(warm.reuse.readbackS, 0.0);

        const Estimate oneToken = run(d, m, Workload{1, 100, 1, 0, 0});
        const EvalContext ctx = context(d, m, w);
        const double extraAttention =
            prefillFlops(m, 4000).attention - prefillFlops(m, 3999).attention - prefillFlops(m, 1).attention;
        const double expected =
            oneToken.prefillS + extraAttention / 8.0 / (ctx.attnPeakFlops * ctx.cal.computeEfficiency.value);
        QVERIFY2(qAbs(warm.prefillS / expected - 1.0) < 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(warm.prefillS).arg(expected)));
        // And the saving is stated against the same request with nothing cached.
        const Estimate cold = run(d, m, Workload{4000, 100, 1, 0, 0});
        QCOMPARE(warm.reuse.ttftColdS, cold.ttftS);
        QVERIFY(warm.ttftS < cold.ttftS / 10);
    }

    void offloadedPrefixCostsItsTiersBandwidth()
    {
        // 90 % of an 8,000-token prompt cached, 4,000 sessions idle between turns. Each prefix
        // (7,200 tokens) spreads over the 8 GPUs; the idle ones fill the HBM the batch leaves free,
        // then each GPU's eighth of the node's host DRAM, then its eighth of the NVMe drives. A
        // returning session reads its slice back from where it waited, at that tier's bandwidth
        // per GPU: the mean read-back is sum(share x slice / bandwidth), all of it in the TTFT.
        const Deployment d = h100x8();
        const ModelDesc m = llama70();
        Workload w{8000, 200, 1, 0, 0};
        w.prefixHitRate = 0.9;
        Workload resident = w;
        w.idleSessions = 4000;
        const Estimate near = run(d, m, resident);
        const Estimate far = run(d, m, w);
        const EvalContext ctx = context(d, m, w);

        const double slice = ctx.kvBytesAt(7200) / 8;
        const double idle = 4000 * slice;
        const double freeHbm = far.memory.capacity - far.memory.used();
        const double hostCap = d.system->hostDram.capacityBytes.value / 8;
        const double hostBw = d.system->hostDram.bandwidthBytesPerS.value / 8;
        const double ssdBw = d.system->ssd.bandwidthBytesPerS.value / 8;
        QCOMPARE(hostBw, 63e9); // PCIe Gen5 x16, one direction
        QCOMPARE(ssdBw, 7e9);   // one NVMe drive per GPU
        QVERIFY2(freeHbm > 0 && freeHbm + hostCap < idle,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(freeHbm).arg(hostCap).arg(idle)));
        const double hostShare = hostCap / idle;
        const double ssdShare = (idle - freeHbm - hostCap) / idle;
        QVERIFY(qAbs(far.reuse.shareOf(KvTier::Device) - freeHbm / idle) < 1e-12);
        QVERIFY(qAbs(far.reuse.shareOf(KvTier::HostDram) - hostShare) < 1e-12);
        QVERIFY(qAbs(far.reuse.shareOf(KvTier::Ssd) - ssdShare) < 1e-12);
        QCOMPARE(far.reuse.shareOf(KvTier::Evicted), 0.0);
        QCOMPARE(far.reuse.tier, KvTier::Ssd);
        const double readback = hostShare * slice / hostBw + ssdShare * slice / ssdBw;
        QVERIFY(qAbs(far.reuse.readbackS / readback - 1.0) < 1e-9);
        // Same prefill, same batch: the TTFT grows by exactly the read-back.
        QCOMPARE(far.prefillS, near.prefillS);
        QVERIFY(qAbs(far.ttftS - near.ttftS - readback) < 1e-12);
    }

    void evictedPrefixesArePrefilledAgain()
    {
        // More idle sessions than every tier holds: the rest are evicted, their prompts prefilled
        // in full, so the mean cached tokens drop by the evicted share and the prefill grows.
        const Deployment d = h100x8();
        Workload w{8000, 200, 1, 0, 0};
        w.prefixHitRate = 0.9;
        w.idleSessions = 1000000;
        const Estimate e = run(d, llama70(), w);
        const double evicted = e.reuse.shareOf(KvTier::Evicted);
        QVERIFY(evicted > 0.5 && evicted < 1.0);
        QVERIFY(qAbs(e.reuse.cachedTokens - 7200 * (1 - evicted)) < 1e-6);
        double sum = 0;
        for (double s : e.reuse.share)
            sum += s;
        QVERIFY(qAbs(sum - 1.0) < 1e-12);
    }

    void wafersOffloadToMemoryX()
    {
        // Wafers have no host DRAM path: idle prefixes beyond the SRAM the pipeline leaves free
        // wait in MemoryX and come back through every wafer's own system I/O at once (the ports
        // weight streaming uses): each of the 4 wafers reads its quarter of a prefix at full rate.
        const Deployment d = deploymentOf(*m_catalog, "cs-3", 4);
        const ModelDesc m = llama70(); // the context points at it: it must outlive ctx
        Workload w{8000, 200, 1, 0, 0};
        w.prefixHitRate = 0.9;
        w.idleSessions = 1000;
        const Estimate e = run(d, m, w);
        QCOMPARE(e.reuse.tier, KvTier::External);
        const EvalContext ctx = context(d, m, w);
        const double prefix = ctx.kvBytesAt(7200);
        const double external = d.device->tier(MemoryTierKind::External)->bandwidthBytesPerS.value;
        QVERIFY(qAbs(e.reuse.readbackS - e.reuse.shareOf(KvTier::External) * prefix / (4 * external)) <
                1e-12);
        QVERIFY(e.reuse.shareOf(KvTier::External) > 0.5);
    }

    void moreWafersReadAPrefixBackFaster()
    {
        // Direction: the same prefix spread over more wafers comes back sooner, since each wafer
        // reads its own slice through its own ports. The prefix lives wholly in MemoryX here.
        const ModelDesc m = llama70();
        Workload w{8000, 200, 1, 0, 0};
        w.prefixHitRate = 0.9;
        w.idleSessions = 100000;
        double previous = std::numeric_limits<double>::infinity();
        for (int wafers : {4, 8, 16}) {
            const Deployment d = deploymentOf(*m_catalog, "cs-3", wafers);
            const Estimate e = run(d, m, w);
            QCOMPARE(e.reuse.tier, KvTier::External);
            QVERIFY2(e.reuse.readbackS < previous, qPrintable(QString::number(wafers)));
            previous = e.reuse.readbackS;
        }
    }

    void moreReuseNeverSlowsTheFirstToken()
    {
        // Direction: with the prefix resident, each step of the hit rate lowers the TTFT.
        const Deployment d = h100x8();
        double last = 1e300;
        for (double h : {0.0, 0.25, 0.5, 0.75, 0.9, 1.0}) {
            Workload w{6000, 200, 8, 0, 0};
            w.prefixHitRate = h;
            const Estimate e = run(d, llama70(), w);
            QVERIFY2(e.ttftS < last, qPrintable(QString::number(h)));
            last = e.ttftS;
        }
    }

    void scenarioFieldsLoadSaveAndValidate()
    {
        const auto parse = [](const QByteArray& workload, QString* err) {
            const QByteArray json = "{\"version\":1,\"workload\":" + workload + ",\"deployments\":[]}";
            return parseScenario(QJsonDocument::fromJson(json).object(), err);
        };
        QString err;
        auto s = parse(R"({"input_tokens":2000,"prefix_hit_rate":0.85,"idle_sessions":64})", &err);
        QVERIFY2(s, qPrintable(err));
        QCOMPARE(s->workload.prefixHitRate, 0.85);
        QCOMPARE(s->workload.idleSessions, 64);
        const QJsonObject saved = scenarioToJson(*s).value(QStringLiteral("workload")).toObject();
        QCOMPARE(saved.value(QStringLiteral("prefix_hit_rate")).toDouble(), 0.85);
        QCOMPARE(saved.value(QStringLiteral("idle_sessions")).toInt(), 64);
        // Absent stays absent: files without the fields save as before.
        auto plain = parse(R"({"input_tokens":2000})", &err);
        QVERIFY(plain);
        QVERIFY(!scenarioToJson(*plain)
                     .value(QStringLiteral("workload"))
                     .toObject()
                     .contains(QStringLiteral("prefix_hit_rate")));
        for (const char* bad :
             {R"({"prefix_hit_rate":1.5})", R"({"prefix_hit_rate":-0.1})", R"({"prefix_hit_rate":"most"})"}) {
            err.clear();
            QVERIFY(!parse(bad, &err));
            QVERIFY2(err.contains(QStringLiteral("workload.prefix_hit_rate")), qPrintable(err));
        }
        err.clear();
        QVERIFY(!parse(R"({"idle_sessions":-1})", &err));
        QVERIFY2(err.contains(QStringLiteral("workload.idle_sessions")), qPrintable(err));
    }

    void catalogCarriesOffloadTiersWithSources()
    {
        // Every GPU system's offload tiers carry their source and kind; wafers use MemoryX.
        for (const SystemPackaging* s : m_catalog->systems()) {
            for (const KvOffloadTier* t : {&s->hostDram, &s->ssd}) {
                if (!t->present())
                    continue;
                QVERIFY2(!t->capacityBytes.source.isEmpty() && !t->bandwidthBytesPerS.source.isEmpty(),
                         qPrintable(s->id));
            }
        }
        const Deployment gb = deploymentOf(*m_catalog, "b200", 8);
        const auto tiers = offloadTiersPerChip(gb, 8, Bound::Mid);
        QCOMPARE(tiers.size(), size_t(2));
        QCOMPARE(tiers[0].tier, KvTier::HostDram);
        QCOMPARE(tiers[1].tier, KvTier::Ssd);
        QVERIFY(offloadTiersPerChip(deploymentOf(*m_catalog, "cs-3", 2), 2, Bound::Mid).front().tier ==
                KvTier::External);
    }
};

QTEST_GUILESS_MAIN(TestPrefixReuse)
#include "tst_prefixreuse.moc"
