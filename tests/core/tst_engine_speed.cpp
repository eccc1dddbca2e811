// SPDX-License-Identifier: MIT
// The engine's speeds against hand-computed cases and physical invariants: this machine's CPU
// streaming from its cache, one GPU's decode step, more bandwidth and bigger batches never
// slowing it, wafers bound by latency or streaming weights, the context cliff, queueing outside
// the decode step, ranged inputs giving bands, tensor-parallel communication.
#include "EngineFixture.h"

#include "engine/StepModels.h"
#include "engine/ThisMachine.h"
#include "model/ModelMath.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace is;
using namespace is::test;

class TestEngineSpeed : public EngineSuite
{
    Q_OBJECT

private Q_SLOTS:
    void cpuStreamsFromItsCacheTier()
    {
        // "This machine": a CPU device from probes. A model whose step fits 3/4 of the
        // last-level cache streams at the cache's bandwidth, a larger one at DRAM's; the step is
        // its bytes over that bandwidth (memory efficiency 1: probed rates are achieved ones)
        // plus one fork-join per kernel.
        MachineProbes p{.threads = 2,
                        .peakFlops = 400e9,
                        .gemmFlops = 200e9,
                        .matvecFlops = 200e9,
                        .memoryBytes = 64e9,
                        .memoryBandwidth = 20e9,
                        .cacheBytes = 32e6,
                        .cacheBandwidth = 100e9,
                        .kernelOverheadS = 2e-6};
        ModelDesc m;
        m.layers = 4;
        m.hidden = 256;
        m.heads = m.kvHeads = 4;
        m.headDim = 64;
        m.vocab = 4096;
        m.denseFfn = 768;
        m.attention = AttentionKind::MHA;
        auto estimate = [&](const ModelDesc& md) {
            QString err;
            auto e =
                estimateThisMachine(p, md, Precision::FP32, Precision::FP32, Precision::FP32, 100, 100, &err);
            if (!e)
                qFatal("estimate failed: %s", qPrintable(err));
            return *e;
        };
        auto step = [&](const ModelDesc& md) { return estimate(md).decodeStepS; };
        auto bytes = [&](const ModelDesc& md) {
            return paramBreakdown(md).alwaysActive() * 4.0 + kvBytes(md, 150, Precision::FP32);
        };
        const double small = bytes(m); // 4 x (4 x 256^2 + 3 x 256 x 768) + 4096 x 256 + norms: ~19 MB
        QVERIFY(small < 0.75 * p.cacheBytes);
        QVERIFY(estimate(m).decodeFromCache);
        // The share of the cache is the family's calibration, a stated assumption with its reason.
        const Sourced usable = thisMachineCatalog(p)->calibration().family(thisMachineId()).cacheUsable;
        QCOMPARE(usable.value, 0.75);
        QCOMPARE(usable.kind, SourceKind::Assumed);
        QVERIFY(!usable.source.isEmpty());
        QVERIFY(
            detail::streamsFromCpuCache(0.74 * p.cacheBytes, p.cacheBytes, p.cacheBandwidth, usable.value));
        QVERIFY(
            !detail::streamsFromCpuCache(0.76 * p.cacheBytes, p.cacheBytes, p.cacheBandwidth, usable.value));
        // The estimate applies that share: the same model fills 70 % or 80 % of a resized cache.
        {
            const double cache = p.cacheBytes;
            p.cacheBytes = small / 0.70;
            QVERIFY(estimate(m).decodeFromCache);
            p.cacheBytes = small / 0.80;
            QVERIFY(!estimate(m).decodeFromCache);
            p.cacheBytes = cache;
        }
        const double overhead = m.layers * kernelsPerLayer(m) * p.kernelOverheadS;
        QVERIFY(qAbs(step(m) - (small / 100e9 + overhead)) < 1e-9);
        m.layers = 12;
        m.hidden = 768;
        m.denseFfn = 2048;
        m.heads = m.kvHeads = 12;
        m.vocab = 32000;
        const double big = bytes(m);
        QVERIFY(!estimate(m).decodeFromCache);
        QVERIFY(qAbs(step(m) - (big / 20e9 + m.layers * kernelsPerLayer(m) * p.kernelOverheadS)) < 1e-9);

        // The tier is a property of the Cpu class: the same SRAM tier on an HBM device is not a
        // cache the decode step streams from.
        Device hbm = thisMachineDevice(p);
        hbm.cls = DeviceClass::HbmAccelerator;
        hbm.memory.back().kind = MemoryTierKind::Hbm;
        Catalog cat = *thisMachineCatalog(p);
        hbm.id = QStringLiteral("hbm-with-sram");
        cat.addDevice(hbm);
        auto shared = std::make_shared<const Catalog>(cat);
        Engine engine(shared);
        Deployment d;
        d.device = shared->device(hbm.id);
        d.plan = ParallelPlan{};
        d.weightPrecision = Precision::FP32;
        d.kvPrecision = Precision::FP32;
        d.activationPrecision = Precision::FP32;
        m.layers = 4;
        m.hidden = 256;
        m.denseFfn = 768;
        m.heads = m.kvHeads = 4;
        m.vocab = 4096;
        QString err;
        auto e = engine.estimate(d, m, Workload{100, 100, 1, 0, 0}, ServingGoal::FixedConcurrency,
                                 CostAssumptions{}, &err);
        QVERIFY2(e, qPrintable(err));
        QVERIFY(qAbs(e->decodeStepS - (small / 20e9 + overhead)) < 1e-9);
    }

    void singleGpuDecodeByHand()
    {
        // Llama-3.1-8B, fp8, one H100, one stream: the step reads every weight (but the embedding
        // table) once at the calibrated fraction of HBM bandwidth, and the KV cache once at its
        // calibrated share of that; the host
        // adds its time for the one running sequence.
        Deployment d = deploymentOf(*m_catalog, "h100-sxm", 1);
        d.weightPrecision = Precision::FP8;
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-8b");
        const Workload w{1000, 1000, 1, 0, 0};
        const Estimate e = run(d, m, w);
        const FamilyCalibration& cal = m_catalog->calibration().family(QStringLiteral("nvidia-hopper"));
        const ParamBreakdown p = paramBreakdown(m);
        const double rate = 3.35e12 * cal.memoryEfficiency.value;
        const double step = p.alwaysActive() * 1.0 / rate +
                            kvBytes(m, 1500, Precision::FP8) / (rate * cal.kvReadRatio.value) +
                            32 * kernelsPerLayer(m) * cal.kernelOverheadS.value + cal.stepOverheadS.value +
                            cal.sequenceOverheadS.value;
        QVERIFY2(std::abs(e.tpotS - step) / step < 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(e.tpotS).arg(step)));
        QCOMPARE(e.bottleneck, Bottleneck::MemoryBandwidth);
        QCOMPARE(e.chips, 1);
        QVERIFY(e.fits);
        // Energy per token = facility power / tokens per second.
        QVERIFY(std::abs(e.joulesPerToken - e.facilityPowerW / e.tokSTotal) < 1e-9);
    }

    void moreBandwidthNeverSlowsDecode()
    {
        const ModelDesc m = modelOf(*m_catalog, "mixtral-8x7b");
        for (int batch : {1, 8, 64, 512}) {
            double prev = 0;
            for (double scale : {0.5, 1.0, 1.5, 2.0, 4.0}) {
                Catalog c = *m_catalog;
                Device dev = *c.device(QStringLiteral("h100-sxm"));
                dev.memory.front().bandwidthBytesPerS = dev.memory.front().bandwidthBytesPerS.scaled(scale);
                c.addDevice(dev);
                auto shared = std::make_shared<const Catalog>(c);
                Engine engine(shared);
                Deployment d = deploymentOf(*shared, "h100-sxm", 8);
                QString err;
                auto e = engine.estimate(d, m, Workload{1000, 500, batch, 0, 0},
                                         ServingGoal::FixedConcurrency, {}, &err);
                QVERIFY(e);
                QVERIFY2(e->tokSUser >= prev * (1 - 1e-12),
                         qPrintable(QStringLiteral("batch %1 scale %2").arg(batch).arg(scale)));
                prev = e->tokSUser;
            }
        }
    }

    void doublingBatchKeepsThroughputUntilMemoryLimit()
    {
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-70b");
        Deployment d = deploymentOf(*m_catalog, "h200-sxm", 8);
        d.plan = ParallelPlan{8, 1, 1, 1};
        QString err;
        auto ctx = m_engine.prepare(d, m, Workload{1000, 1000, 1, 0, 0}, {}, 8, Bound::Mid, &err);
        QVERIFY(ctx);
        const int maxBatch = detail::maxBatchPerReplica(*ctx, *d.plan);
        QVERIFY(maxBatch > 64);
        double prev = 0;
        for (int b = 1; b <= maxBatch; b *= 2) {
            const Estimate e = m_engine.evaluate(*ctx, *d.plan, b);
            QVERIFY(e.fits);
            QVERIFY2(e.tokSTotal >= prev, qPrintable(QStringLiteral("batch %1").arg(b)));
            prev = e.tokSTotal;
        }
    }

    void waferSpeedIsLatencyBound()
    {
        Deployment cs3 = deploymentOf(*m_catalog, "cs-3", 4);
        cs3.weightPrecision = Precision::BF16;
        const Estimate e = run(cs3, modelOf(*m_catalog, "llama-3.1-70b"), Workload{1000, 1000, 1, 0, 0});
        QVERIFY(e.fits);
        QCOMPARE(e.mode, QStringLiteral("pipelined"));
        QCOMPARE(e.bottleneck, Bottleneck::DataflowLatency);
        // SRAM bandwidth alone would allow far more than the latency-bound speed.
        const double sramBound = 4 * 21e15 / (70.6e9 * 2);
        QVERIFY(e.tokSUser < sramBound / 10);
        // Concurrent streams fill the pipeline: throughput grows, per-user speed holds.
        const Estimate e8 = run(cs3, modelOf(*m_catalog, "llama-3.1-70b"), Workload{1000, 1000, 8, 0, 0});
        QVERIFY(e8.tokSTotal > 6 * e.tokSTotal);
        QVERIFY(e8.tokSUser > 0.8 * e.tokSUser);
    }

    void weightStreamingSuitsBigBatches()
    {
        Deployment cs3 = deploymentOf(*m_catalog, "cs-3", 1);
        cs3.weightPrecision = Precision::BF16;
        cs3.mode = ExecutionMode::WeightStreaming;
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-70b");
        const Estimate one = run(cs3, m, Workload{128, 128, 1, 0, 0});
        const Estimate many = run(cs3, m, Workload{128, 128, 128, 0, 0});
        QCOMPARE(one.mode, QStringLiteral("weight-streaming"));
        QCOMPARE(one.bottleneck, Bottleneck::WeightStreaming);
        QVERIFY(one.tokSUser < 10);                   // 141 GB per token over ~150 GB/s
        QVERIFY(many.tokSTotal > 50 * one.tokSTotal); // the batch shares each streamed weight
    }

    void contextCliffOnWafers()
    {
        // A fixed wafer count spills its KV cache once context outgrows SRAM; an automatic one adds wafers.
        Deployment fixed = deploymentOf(*m_catalog, "cs-3", 4);
        fixed.weightPrecision = Precision::BF16;
        ModelDesc m = modelOf(*m_catalog, "llama-3.1-70b");
        m.maxContext = 0; // a long-context variant: the cliff, not the 128 K window, is under test
        const std::vector<double> ctx{1024, 8192, 65536, 131072, 524288};
        const auto pts = m_engine.speedVsContext(fixed, m, Workload{1000, 256, 1, 0, 0},
                                                 ServingGoal::FixedConcurrency, {}, ctx);
        QCOMPARE(pts.front().kvPlacement, KvPlacement::OnChip);
        QCOMPARE(pts.back().kvPlacement, KvPlacement::SpilledExternal);
        QVERIFY(pts.back().tokSUser < pts.front().tokSUser / 2);
        Deployment grow = fixed;
        grow.autoChips = true;
        const auto auto_ = m_engine.speedVsContext(grow, m, Workload{1000, 256, 1, 0, 0},
                                                   ServingGoal::FixedConcurrency, {}, ctx);
        QCOMPARE(auto_.front().chips, 4);
        QVERIFY(auto_.back().chips > 4);
        QCOMPARE(auto_.back().kvPlacement, KvPlacement::AddedChips);
        // GPUs slow down smoothly as the KV reads grow.
        const auto gpu =
            m_engine.speedVsContext(deploymentOf(*m_catalog, "h200-sxm", 8), m, Workload{1000, 256, 1, 0, 0},
                                    ServingGoal::FixedConcurrency, {}, ctx);
        for (size_t i = 1; i < gpu.size(); ++i)
            QVERIFY(gpu[i].tokSUser <= gpu[i - 1].tokSUser);
        // Past the model's own context window nothing is served.
        const auto windowed =
            m_engine.speedVsContext(fixed, modelOf(*m_catalog, "llama-3.1-70b"), Workload{1000, 256, 1, 0, 0},
                                    ServingGoal::FixedConcurrency, {}, {65536, 262144});
        QVERIFY(windowed[0].fits);
        QVERIFY(!windowed[1].fits && windowed[1].tokSUser == 0);
    }

    void queueingIsNotPartOfADecodeStep()
    {
        // 16 streams of 32 K prompts on 16 SN40Ls: requests wait for a prefill slot (and for
        // memory to hold them). The wait is in their TTFT; a decode step's parts still add up to
        // the step, and the step to the time per token the running batch sees.
        Deployment d = deploymentOf(*m_catalog, "sn40l", 16);
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-405b");
        QString err;
        const auto e =
            m_engine.estimate(d, m, Workload{32768, 2048, 16, 0, 0}, ServingGoal::FixedConcurrency, {}, &err);
        QVERIFY2(e, qPrintable(err));
        QVERIFY(e->fits);
        QVERIFY(e->queueingS > 0);
        QVERIFY(e->ttftS >= e->prefillS + e->queueingS);
        QVERIFY(std::abs(e->decode.total() - e->decodeStepS) <= 1e-9 * e->decodeStepS);
        QVERIFY(e->tpotS >= e->decode.total() / e->acceptance * (1 - 1e-9)); // drafts accepted per step
    }

    void queuedStreamsWaitForTheRequestRate()
    {
        // Four CS-3 hold Llama 3.1 70B and about a hundred 512-token streams in SRAM. With one
        // output token each request is its prompt; streams beyond the ones held wait for the
        // requests ahead of them, which the pipeline finishes at its request rate (Little's law).
        // A request's own first-token time (its trip through every wafer and the request
        // overhead) is far longer than the pipeline takes per prompt, so it is not the wait.
        const Deployment d = deploymentOf(*m_catalog, "cs-3", 4);
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-70b");
        const Estimate two = run(d, m, Workload{512, 1, 2000, 0, 0});
        const Estimate four = run(d, m, Workload{512, 1, 4000, 0, 0});
        QVERIFY(two.fits && four.fits);
        QCOMPARE(two.batch, four.batch); // the streams SRAM holds
        QVERIFY(two.batch < 2000);
        QVERIFY(two.notes.join(QLatin1Char('\n')).contains(QLatin1String("memory holds")));
        const double requestsPerS = two.tokSTotal; // one token per request
        QVERIFY(requestsPerS > 0);
        QCOMPARE(four.tokSTotal, two.tokSTotal); // the extra streams only wait
        const double expected = 2000.0 / requestsPerS;
        QVERIFY2(
            std::abs((four.ttftS - two.ttftS) - expected) <= 1e-9 * expected,
            qPrintable(QStringLiteral("%1 s more, expected %2 s").arg(four.ttftS - two.ttftS).arg(expected)));
        QVERIFY(four.queueingS - two.queueingS > 0);
    }

    void rangesGiveBands()
    {
        const ModelEntry* sol = m_catalog->model(QStringLiteral("gpt-5.6-sol"));
        Deployment cs3 = deploymentOf(*m_catalog, "cs-3", 0, true);
        QString err;
        auto r = m_engine.estimateRanged(cs3, *sol, Workload{8192, 1024, 1, 0, 0},
                                         ServingGoal::FixedConcurrency, {}, &err);
        QVERIFY2(r, qPrintable(err));
        QVERIFY(r->ranged);
        QVERIFY(r->low.chips > r->high.chips); // 4 T parameters need more wafers than 2 T
        QVERIFY(r->low.tokSUser <= r->mid.tokSUser && r->mid.tokSUser <= r->high.tokSUser);
    }

    void tensorParallelCommunicationIsCharged()
    {
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-70b");
        Deployment d = deploymentOf(*m_catalog, "h100-sxm", 8);
        d.plan = ParallelPlan{8, 1, 1, 1};
        const Estimate e = run(d, m, Workload{1000, 1000, 1, 0, 0});
        QVERIFY(e.decode.communication > 0);
        // The same plan across two nodes over InfiniBand pays more for its collectives.
        Deployment split = deploymentOf(*m_catalog, "h100-sxm", 16);
        split.plan = ParallelPlan{16, 1, 1, 1};
        const Estimate e16 = run(split, m, Workload{1000, 1000, 1, 0, 0});
        QVERIFY(e16.decode.communication > e.decode.communication);
    }
};

QTEST_GUILESS_MAIN(TestEngineSpeed)
#include "tst_engine_speed.moc"
