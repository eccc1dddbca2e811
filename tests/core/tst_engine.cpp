// SPDX-License-Identifier: MIT
// The engine against hand-computed cases, published placements and physical invariants.
#include "EngineFixture.h"

#include "engine/StepModels.h"
#include "engine/ThisMachine.h"
#include "model/ModelMath.h"

#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <tuple>

using namespace is;
using namespace is::test;

class TestEngine : public QObject
{
    Q_OBJECT
    std::shared_ptr<const Catalog> m_catalog = Catalog::builtin();
    Engine m_engine{m_catalog};

    Estimate run(const Deployment& d, const ModelDesc& m, Workload w,
                 ServingGoal g = ServingGoal::FixedConcurrency)
    {
        QString err;
        auto e = m_engine.estimate(d, m, w, g, CostAssumptions{}, &err);
        if (!e)
            qFatal("estimate failed: %s", qPrintable(err));
        return *e;
    }

    // Mixtral-8x7B on eight H100s in their node, prepared for `w`. The context points at both,
    // which the fixture keeps.
    const Deployment m_eightH100 = deploymentOf(*m_catalog, "h100-sxm", 8);
    const ModelDesc m_mixtral = modelOf(*m_catalog, "mixtral-8x7b");
    std::optional<EvalContext> mixtralOnEightH100(const Workload& w, QString* err) const
    {
        return m_engine.prepare(m_eightH100, m_mixtral, w, CostAssumptions{}, 8, Bound::Mid, err);
    }

private slots:
    void cpuStreamsFromItsCacheTier()
    {
        // "This machine": a CPU device from probes. A model whose step fits 3/4 of the
        // last-level cache streams at the cache's bandwidth, a larger one at DRAM's; the step is
        // its bytes over that bandwidth (memory efficiency 1: probed rates are achieved ones)
        // plus one fork-join per kernel.
        MachineProbes p;
        p.threads = 2;
        p.peakFlops = 400e9;
        p.gemmFlops = 200e9;
        p.matvecFlops = 200e9;
        p.memoryBytes = 64e9;
        p.memoryBandwidth = 20e9;
        p.cacheBytes = 32e6;
        p.cacheBandwidth = 100e9;
        p.kernelOverheadS = 2e-6;
        ModelDesc m;
        m.layers = 4;
        m.hidden = 256;
        m.heads = 4;
        m.kvHeads = 4;
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

    void waferFit()
    {
        // Cerebras: Llama-3.1-8B fits one CS-3 in 16-bit; 70B needs four (Hot Chips 2024).
        Deployment cs3 = deploymentOf(*m_catalog, "cs-3", 1, true);
        cs3.weightPrecision = Precision::BF16;
        const Workload w{1000, 1000, 1, 0, 0};
        QCOMPARE(m_engine.minChips(cs3, modelOf(*m_catalog, "llama-3.1-8b"), w), 1);
        QCOMPARE(m_engine.minChips(cs3, modelOf(*m_catalog, "llama-3.1-70b"), w), 4);
        cs3.autoChips = false;
        cs3.chips = 3;
        cs3.mode = ExecutionMode::Resident;
        QVERIFY(!run(cs3, modelOf(*m_catalog, "llama-3.1-70b"), w).fits);
        cs3.chips = 4;
        QVERIFY(run(cs3, modelOf(*m_catalog, "llama-3.1-70b"), w).fits);
    }

    void gpuFit()
    {
        // 70B in fp8 (70.6 GB) does not fit one 80 GB H100 with its runtime reserve and KV; two do.
        Deployment h100 = deploymentOf(*m_catalog, "h100-sxm", 1, true);
        h100.weightPrecision = Precision::FP8;
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-70b");
        QCOMPARE(m_engine.minChips(h100, m, Workload{1000, 1000, 1, 0, 0}), 2);
        // On an H200 (141 GB) it fits one.
        Deployment h200 = deploymentOf(*m_catalog, "h200-sxm", 1, true);
        h200.weightPrecision = Precision::FP8;
        QCOMPARE(m_engine.minChips(h200, m, Workload{1000, 1000, 1, 0, 0}), 1);
    }

    void singleGpuDecodeByHand()
    {
        // Llama-3.1-8B, fp8, one H100, one stream: the step reads every weight (but the embedding
        // table) and the KV cache once, at the calibrated fraction of HBM bandwidth; the host
        // adds its time for the one running sequence.
        Deployment d = deploymentOf(*m_catalog, "h100-sxm", 1);
        d.weightPrecision = Precision::FP8;
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-8b");
        const Workload w{1000, 1000, 1, 0, 0};
        const Estimate e = run(d, m, w);
        const FamilyCalibration& cal = m_catalog->calibration().family(QStringLiteral("nvidia-hopper"));
        const ParamBreakdown p = paramBreakdown(m);
        const double bytes = p.alwaysActive() * 1.0 + kvBytes(m, 1500, Precision::FP8);
        const double step = bytes / (3.35e12 * cal.memoryEfficiency.value) +
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

    void expertAllToAllSendsEachReplicasOwnTokens()
    {
        // Mixtral-8x7B on eight H100s, attention data-parallel (tp 1, dp 8), experts over all
        // eight (ep 8), one stream per replica: each device sends its one token's hidden state to
        // its two experts, and gets the results back, in every MoE layer. The buffer a device
        // sends does not grow with the replicas sharing its expert group (it was multiplied by
        // ep / tp, 8 here, in decode and divided by it in prefill).
        const ModelDesc& m = m_mixtral;
        QString err;
        auto ctx = mixtralOnEightH100(Workload{1000, 1000, 8, 0, 0}, &err);
        QVERIFY2(ctx, qPrintable(err));
        QVERIFY(ctx->topology);
        ParallelPlan plan;
        plan.tp = 1;
        plan.ep = 8;
        plan.dp = 8;
        const Estimate e = m_engine.evaluate(*ctx, plan, 8);
        QVERIFY(e.fits);
        const double perDevice = 1 * m.hidden * ctx->actBytes * m.activeExperts;
        const double want = ctx->params.moeLayers * 2.0 *
                            collectiveTime(Collective::AllToAll, 8, perDevice, ctx->topology->groupPath(8),
                                           ctx->cal.linkEfficiency.value);
        QVERIFY2(std::abs(e.decode.communication - want) <= 1e-12 + 1e-9 * want,
                 qPrintable(QStringLiteral("%1 vs %2").arg(e.decode.communication).arg(want)));
    }

    void expertsSharedByReplicasSpeedThePromptNotTheCycle()
    {
        // Mixtral-8x7B on eight H100s, tp 1, dp 8: with ep 8 a prompt's routed-expert work runs on
        // all eight chips, so its first token comes sooner than with ep 1 (every replica its own
        // experts) on a long, compute-bound prompt. The replica's share of the cycle stays the
        // prompt's whole expert work at its own chip's rate: the others wait for it in lockstep.
        QString err;
        auto ctx = mixtralOnEightH100(Workload{8000, 500, 8, 0, 0}, &err);
        QVERIFY2(ctx, qPrintable(err));
        ParallelPlan shared{1, 1, 8, 8};
        ParallelPlan own{1, 1, 1, 8};
        const Estimate wide = m_engine.evaluate(*ctx, shared, 8);
        const Estimate alone = m_engine.evaluate(*ctx, own, 8);
        QVERIFY(wide.fits && alone.fits);
        QVERIFY2(wide.prefillS < 0.8 * alone.prefillS,
                 qPrintable(QStringLiteral("%1 vs %2").arg(wide.prefillS).arg(alone.prefillS)));
        QVERIFY(wide.prefillOccupancyS > wide.prefillS);
        // Without experts shared across replicas, the prompt's time and its occupancy are one.
        QCOMPARE(alone.prefillOccupancyS, alone.prefillS);
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

    void moreChipsNeverReduceWhatFits()
    {
        const Workload w{4096, 1024, 1, 0, 0};
        for (const char* dev : {"h100-sxm", "b200", "mi300x", "cs-3"}) {
            const ModelDesc m = modelOf(*m_catalog, "llama-3.1-405b");
            bool fitted = false;
            double prevCapacityBatch = -1;
            for (int n : {1, 2, 4, 8, 16, 32, 64}) {
                Deployment d = deploymentOf(*m_catalog, dev, n);
                d.mode = ExecutionMode::Resident;
                const Estimate e = run(d, m, w, ServingGoal::MaxThroughput);
                QVERIFY2(!fitted || e.fits,
                         qPrintable(
                             QStringLiteral("%1 x %2 stopped fitting").arg(n).arg(QString::fromLatin1(dev))));
                fitted = fitted || e.fits;
                if (e.fits) {
                    QVERIFY(e.batch >= prevCapacityBatch);
                    prevCapacityBatch = e.batch;
                }
            }
            QVERIFY2(fitted, dev);
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

    void requestsPastTheWindowDoNotFit()
    {
        // Llama 3.1 70B's window is 131,072 tokens, prompt and output together: 8 H200s hold the
        // KV of a 200 K prompt, but no deployment serves it.
        Deployment d = deploymentOf(*m_catalog, "h200-sxm", 8);
        d.weightPrecision = Precision::FP8;
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-70b");
        QCOMPARE(m.maxContext, 131072);
        QString err;
        for (const auto& [input, output, fits] : {std::tuple{100000.0, 256.0, true},
                                                  {130000.0, 1072.0, true},
                                                  {130000.0, 1073.0, false},
                                                  {200000.0, 256.0, false}}) {
            const auto e = m_engine.estimate(d, m, Workload{input, output, 1, 0, 0},
                                             ServingGoal::FixedConcurrency, {}, &err);
            QVERIFY2(e, qPrintable(err));
            QCOMPARE(e->fits, fits);
            if (!fits)
                QVERIFY2(e->why.contains(QStringLiteral("131,072-token context window")), qPrintable(e->why));
        }
        // The context sweep agrees: a point is served only while prompt and output fit.
        const auto pts = m_engine.speedVsContext(d, m, Workload{1000, 1073, 1, 0, 0},
                                                 ServingGoal::FixedConcurrency, {}, {129999, 130000});
        QVERIFY(pts[0].fits && pts[0].tokSUser > 0);
        QVERIFY(!pts[1].fits && pts[1].tokSUser == 0);
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

    void autoWafersHoldEveryStream()
    {
        // An automatic CS-3 count serves the concurrency it was sized for: weights, KV cache and
        // each stream's activations fit, so no stream waits for memory (it held 63 of 64; streams
        // still wait their turn for a prefill, which is not this).
        // The default scenario's deployment: GPT-5.6 Sol (its mid estimate) in fp8 on CS-3s.
        Deployment d = deploymentOf(*m_catalog, "cs-3", 1, true);
        d.weightPrecision = Precision::FP8;
        const ModelDesc m = modelOf(*m_catalog, "gpt-5.6-sol");
        QString err;
        for (const int streams : {1, 64, 4096}) {
            const auto e = m_engine.estimate(d, m, Workload{8192, 1024, streams, 0, 0},
                                             ServingGoal::FixedConcurrency, {}, &err);
            QVERIFY2(e, qPrintable(err));
            QVERIFY(e->fits);
            QCOMPARE(e->batch, streams);
            for (const QString& note : e->notes)
                QVERIFY2(!note.contains(QLatin1String("memory holds")), qPrintable(note));
            // And not a wafer more than it takes. (One stream is sized to fit its full length, prompt
            // and all output, not the average the batch limit uses: that count may hold it with one
            // wafer less.)
            if (streams == 1)
                continue;
            Deployment fewer = d;
            fewer.autoChips = false;
            fewer.chips = e->chips - 1;
            const auto less = m_engine.estimate(fewer, m, Workload{8192, 1024, streams, 0, 0},
                                                ServingGoal::FixedConcurrency, {}, &err);
            QVERIFY2(less, qPrintable(err));
            QVERIFY2(!less->fits || less->batch < streams, qPrintable(QString::number(streams)));
        }
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

    void moeImbalanceShrinksWithTokensPerExpert()
    {
        // 64 token-expert assignments expected per chip on 8 chips: the busiest gets about
        // 64 + sqrt(2 * 64 * ln 8) = 64 + 16.3 = 80.3, 1.255 times the mean.
        QVERIFY(std::abs(detail::moeImbalance(64, 8, 1e9) - (1.0 + std::sqrt(2.0 * std::log(8.0) / 64.0))) <
                1e-12);
        QVERIFY(std::abs(detail::moeImbalance(64, 8, 1e9) - 1.2549) < 1e-3);
        // One chip holds every expert: nothing to be imbalanced over.
        QCOMPARE(detail::moeImbalance(64, 1, 1e9), 1.0);
        // More chips never balance better; more tokens per chip never balance worse.
        double prev = 1.0;
        for (double ranks : {2.0, 4.0, 8.0, 16.0, 72.0}) {
            const double f = detail::moeImbalance(16, ranks, 1e9);
            QVERIFY(f >= prev);
            prev = f;
        }
        prev = 1e9;
        for (double perChip : {0.5, 2.0, 16.0, 256.0, 4096.0}) {
            const double f = detail::moeImbalance(perChip, 8, 1e9);
            QVERIFY(f >= 1.0 && f <= prev);
            prev = f;
        }
        // No chip gets more than every token could send it: one assignment expected per chip on
        // 72 chips would put 1 + sqrt(2 ln 72) = 3.9 on the busiest, but two tokens send at most 2.
        QVERIFY(std::abs(detail::moeImbalance(1, 72, 1e9) - (1.0 + std::sqrt(2.0 * std::log(72.0)))) < 1e-12);
        QCOMPARE(detail::moeImbalance(1, 72, 2), 2.0);
    }

    void fp4WithoutFp4MathIsNeverFasterThanFp8()
    {
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-70b");
        // Hopper, MI300X and MI325X have no FP4 tensor cores: FP4 weights are dequantised at load
        // and multiply at FP8, stored at one byte a weight; A100 has no FP8 either (bf16 math).
        for (const char* id : {"h100-sxm", "h200-sxm", "mi300x", "mi325x"}) {
            const Device& dev = *m_catalog->device(QString::fromLatin1(id));
            QCOMPARE(dev.computePrecisionFor(Precision::FP4), Precision::FP8);
            QCOMPARE(dev.storedBytesPerWeight(Precision::FP4), 1.0);
            for (int batch : {1, 16, 256}) {
                Deployment d4 = deploymentOf(*m_catalog, id, 8);
                d4.weightPrecision = Precision::FP4;
                Deployment d8 = d4;
                d8.weightPrecision = Precision::FP8;
                const Workload w{1000, 1000, batch, 0, 0};
                const Estimate e4 = run(d4, m, w);
                const Estimate e8 = run(d8, m, w);
                QVERIFY2(e4.tokSTotal <= e8.tokSTotal * (1 + 1e-12),
                         qPrintable(QStringLiteral("%1 batch %2: fp4 %3 > fp8 %4")
                                        .arg(QString::fromLatin1(id))
                                        .arg(batch)
                                        .arg(e4.tokSTotal)
                                        .arg(e8.tokSTotal)));
            }
        }
        const Device& a100 = *m_catalog->device(QStringLiteral("a100-sxm-80g"));
        QCOMPARE(a100.computePrecisionFor(Precision::FP8), Precision::BF16);
        QCOMPARE(a100.peakFlopsFor(Precision::FP8), 3.12e14);
        // Blackwell and MI355X multiply FP4 natively: half a byte per weight, the FP4 peak.
        for (const char* id : {"b200", "gb200", "gb300", "mi355x"}) {
            const Device& dev = *m_catalog->device(QString::fromLatin1(id));
            QCOMPARE(dev.computePrecisionFor(Precision::FP4), Precision::FP4);
            QCOMPARE(dev.storedBytesPerWeight(Precision::FP4), 0.5);
        }
        Deployment b4 = deploymentOf(*m_catalog, "b200", 1);
        b4.weightPrecision = Precision::FP4;
        Deployment b8 = b4;
        b8.weightPrecision = Precision::FP8;
        QVERIFY(run(b4, m, Workload{1000, 1000, 1, 0, 0}).tokSUser >
                run(b8, m, Workload{1000, 1000, 1, 0, 0}).tokSUser);
    }

    void attentionRunsAtTheCachePrecision()
    {
        // FP4 weights on a B200 multiply at the FP4 peak (9 PF dense); attention multiplies
        // activations with the fp8 KV cache, at the FP8 peak (4.5 PF dense), not faster.
        Deployment d = deploymentOf(*m_catalog, "b200", 1);
        d.weightPrecision = Precision::FP4;
        QString err;
        auto ctx = m_engine.prepare(d, modelOf(*m_catalog, "llama-3.1-70b"), Workload{}, CostAssumptions{}, 1,
                                    Bound::Mid, &err);
        QVERIFY2(ctx, qPrintable(err));
        QCOMPARE(ctx->peakFlops, 9e15);
        QCOMPARE(ctx->attnPeakFlops, 4.5e15);
        QCOMPARE(ctx->wBytesPerParam, 0.5);
    }

    void longerOutputNeverRaisesPerUserSpeed()
    {
        // The KV cache grows while a request decodes: a decode step's mean context is
        // input + output / 2, so longer outputs read more KV per step.
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-70b");
        Deployment d = deploymentOf(*m_catalog, "h200-sxm", 8);
        d.weightPrecision = Precision::FP8;
        d.plan = ParallelPlan{8, 1, 1, 1}; // one plan throughout
        // One stream: its speed only falls as its output grows. Several: each decode step only
        // lengthens (the other streams' prefills interrupt a longer request less often per
        // token, which is a separate, opposite effect on the time per output token).
        for (int batch : {1, 64}) {
            double prevSpeed = 1e30, prevStep = 0;
            for (double out : {100.0, 1000.0, 4000.0, 16000.0}) {
                const Estimate e = run(d, m, Workload{1000, out, batch, 0, 0});
                if (batch == 1)
                    QVERIFY2(e.tokSUser <= prevSpeed * (1 + 1e-12),
                             qPrintable(QStringLiteral("out %1").arg(out)));
                QVERIFY2(e.decodeStepS >= prevStep * (1 - 1e-12),
                         qPrintable(QStringLiteral("out %1").arg(out)));
                prevSpeed = e.tokSUser;
                prevStep = e.decodeStepS;
            }
        }
        // By hand on one H100 (llama-3.1-8b, fp8, one stream, 1000 in / 4000 out): the step reads
        // the weights and the KV cache at a 3,000-token context.
        Deployment h = deploymentOf(*m_catalog, "h100-sxm", 1);
        h.weightPrecision = Precision::FP8;
        const ModelDesc m8 = modelOf(*m_catalog, "llama-3.1-8b");
        const Estimate e = run(h, m8, Workload{1000, 4000, 1, 0, 0});
        const FamilyCalibration& cal = m_catalog->calibration().family(QStringLiteral("nvidia-hopper"));
        const double bytes = paramBreakdown(m8).alwaysActive() + kvBytes(m8, 3000, Precision::FP8);
        const double step = bytes / (3.35e12 * cal.memoryEfficiency.value) +
                            32 * kernelsPerLayer(m8) * cal.kernelOverheadS.value + cal.stepOverheadS.value +
                            cal.sequenceOverheadS.value;
        QVERIFY2(std::abs(e.tpotS - step) / step < 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(e.tpotS).arg(step)));
    }

    void wideExpertParallelismInsideNvl72()
    {
        // DeepSeek-R1 over the 72 GPUs of a GB200 NVL72: experts over all 72, attention
        // data-parallel. 256 experts over 72 chips: the busiest holds ceil(256 / 72) = 4 per layer.
        const ModelDesc m = modelOf(*m_catalog, "deepseek-r1");
        Deployment d = deploymentOf(*m_catalog, "gb200", 72);
        d.weightPrecision = Precision::FP8;
        const ParallelPlan wide{1, 1, 72, 72};
        // The plan search considers it, though 72 does not divide 256.
        const auto plans = m_engine.candidatePlans(d, m, 72);
        QVERIFY(std::find(plans.begin(), plans.end(), wide) != plans.end());
        QString err;
        auto ctx =
            m_engine.prepare(d, m, Workload{8192, 1024, 1000, 0, 0}, CostAssumptions{}, 72, Bound::Mid, &err);
        QVERIFY2(ctx, qPrintable(err));
        const Estimate e = m_engine.evaluate(*ctx, wide, 72 * 8);
        QVERIFY(e.fits);
        const ParamBreakdown p = paramBreakdown(m);
        const double want = (p.total() - p.expertsAll) * 1.0 + p.expertsAll * 4.0 / 256.0;
        QVERIFY2(std::abs(e.memory.weights - want) / want < 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(e.memory.weights).arg(want)));
        // The expert exchange goes over NVLink inside the rack: the 72-GPU group has one
        // NVLink hop's latency.
        QVERIFY(ctx->topology->groupPath(72).latencyS < 1e-5);
        QVERIFY(e.decode.communication > 0);
    }

    void ddrTierHoldsWhatHbmCannot()
    {
        // DeepSeek-R1 (671 B) at bf16 on one 16-socket SambaRack: 1.34 TB of weights, 16 x 64 GB
        // of HBM. The KV cache stays in HBM; the experts HBM cannot hold go to DDR. It fits.
        const ModelDesc r1 = modelOf(*m_catalog, "deepseek-r1");
        Deployment rack = deploymentOf(*m_catalog, "sn40l", 16);
        const Estimate e = run(rack, r1, Workload{1000, 1000, 1, 0, 0});
        QVERIFY2(e.fits, qPrintable(e.why));
        QVERIFY(e.memory.slowWeights > 0);
        QVERIFY(e.memory.used() <= e.memory.capacity);
        // A model that fits only in DDR streams at DDR speed: Llama 3.1 70B at bf16 on one
        // socket (141 GB, HBM holds 57.6 GB). Its dense weights spill; a step waits for the DDR
        // share at DDR bandwidth (100 GB/s), the HBM share streaming alongside.
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-70b");
        Deployment one = deploymentOf(*m_catalog, "sn40l", 1);
        const Estimate s = run(one, m, Workload{1000, 1000, 1, 0, 0});
        QVERIFY2(s.fits, qPrintable(s.why));
        const FamilyCalibration& cal = m_catalog->calibration().family(QStringLiteral("sambanova-rdu"));
        const double ddrS = s.memory.slowWeights / (1e11 * cal.memoryEfficiency.value);
        QVERIFY2(s.decodeStepS >= ddrS && s.decodeStepS < ddrS * 1.1,
                 qPrintable(QStringLiteral("%1 vs %2").arg(s.decodeStepS).arg(ddrS)));
    }

    void p99LimitsAdmitFewerStreams()
    {
        // Llama-2-70B on eight H100s under a TPOT limit: bounding the 99th percentile admits no
        // more streams than bounding the mean, and the percentiles are never below the means.
        const ModelDesc m = modelOf(*m_catalog, "llama-2-70b");
        Deployment d = deploymentOf(*m_catalog, "h100-sxm", 8);
        d.weightPrecision = Precision::FP8;
        Workload w{300, 285, 1, 2.0, 0.2};
        const Estimate mean = run(d, m, w, ServingGoal::LatencyBounded);
        w.p99Limits = true;
        const Estimate p99 = run(d, m, w, ServingGoal::LatencyBounded);
        QVERIFY(p99.tokSTotal <= mean.tokSTotal);
        QVERIFY(p99.tpotP99S <= 0.2 && p99.ttftP99S <= 2.0);
        QVERIFY(p99.tpotP99S >= p99.tpotS && p99.ttftP99S >= p99.ttftS);
        // By hand: the 99th-percentile request is interrupted by (b - 1) + 2.326 sqrt(b - 1) prefills.
        const double b = static_cast<double>(p99.batch) / std::max(1, p99.plan.dp);
        const double out = 285;
        const double decodeS = out * p99.decodeStepS;
        const double want = (decodeS + (b - 1 + 2.326 * std::sqrt(b - 1)) * p99.prefillOccupancyS) / out;
        QVERIFY2(std::abs(p99.tpotP99S - want) / want < 1e-6,
                 qPrintable(QStringLiteral("%1 vs %2").arg(p99.tpotP99S).arg(want)));
    }

    void waferMoeLatencyFromTouchedParameters()
    {
        // Kimi K2 (1 T parameters, 32 B active) over CS-3 wafers, one stream at 10k in / 500
        // out. A token's partial sums cross the mesh area of the weights it multiplies with
        // (attention, shared expert, 8 routed experts), not the 376 experts it is not sent to;
        // it then crosses every wafer of the pipeline once. Cerebras serves Kimi K2.6 at close
        // to 1,000 tok/s (Artificial Analysis, 981): within 15 %.
        const ModelDesc m = modelOf(*m_catalog, "kimi-k2");
        Deployment d = deploymentOf(*m_catalog, "cs-3", 1, true);
        const Estimate e = run(d, m, Workload{10000, 500, 1, 0, 0});
        QVERIFY2(e.fits, qPrintable(e.why));
        QVERIFY2(std::abs(e.tokSUser / 1000.0 - 1.0) < 0.15, qPrintable(QString::number(e.tokSUser)));
        QString err;
        auto ctx = m_engine.prepare(d, m, Workload{10000, 500, 1, 0, 0}, CostAssumptions{}, e.chips,
                                    Bound::Mid, &err);
        QVERIFY2(ctx, qPrintable(err));
        const ParamBreakdown p = paramBreakdown(m);
        const double sram = 44e9 * ctx->cal.maxUsableMemory.value;
        const double touched = (p.active() - p.classifier() + p.norms) * 2.0 / m.layers / sram;
        const double layers =
            m.layers * (ctx->cal.dataflowLayerS.value + ctx->cal.dataflowAreaS.value * std::sqrt(touched));
        const double hops =
            (e.chips - 1) * (ctx->topology->groupPath(e.chips).latencyS + ctx->cal.dataflowHopS.value);
        QVERIFY2(std::abs(e.decode.dataflow - (layers + hops)) / (layers + hops) < 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(e.decode.dataflow).arg(layers + hops)));
    }

    // "needs 1500.6 GB per chip" was the whole need of a plan that put a replica on every chip
    // (TP2 DP4 on 8 GPUs). A deployment that does not fit states the total need, the need per chip
    // of the most sharded plan at its count, what each chip has and the smallest count that fits.
    void doesNotFitSaysTotalPerChipAndSmallestCount()
    {
        Deployment d = deploymentOf(*m_catalog, "h100-sxm", 8);
        d.weightPrecision = Precision::BF16;
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-405b");
        const Estimate e = run(d, m, Workload{1000, 1000, 1, 0, 0});
        QVERIFY(!e.fits);
        static const QRegularExpression re(QStringLiteral(
            "needs ([\\d,.]+) GB in all: ([\\d,.]+) GB per chip on 8 chips, each has ([\\d,.]+) GB; "
            "the smallest count that fits is (\\d+)$"));
        const QRegularExpressionMatch match = re.match(e.why);
        QVERIFY2(match.hasMatch(), qPrintable(e.why));
        auto number = [&](int i) { return match.captured(i).remove(QLatin1Char(',')).toDouble(); };
        // 405.9 B parameters at 2 bytes, plus one stream's KV cache (2,000 tokens x 126 layers x
        // 8 KV heads x 128 x 2 x 2 bytes = 1.0 GB).
        const double params = paramBreakdown(m).total();
        QVERIFY2(qAbs(number(1) - (params * 2 + 1.03e9) / 1e9) < 1.0, qPrintable(e.why));
        // Per chip: an eighth of it (TP8), and a little more for the replicated activations.
        QVERIFY2(number(2) >= number(1) / 8 && number(2) < number(1) / 8 * 1.05, qPrintable(e.why));
        QCOMPARE(e.plan.tp * e.plan.pp, 8);
        // Each chip has what the engine may use of its 80 GB.
        QCOMPARE(number(3), std::round(e.memory.capacity / 1e8) / 10);
        QVERIFY(e.memory.capacity < 80e9);
        QCOMPARE(int(number(4)), e.minChips);
        QVERIFY(e.minChips > 8);
        // And that count fits.
        Deployment enough = d;
        enough.chips = e.minChips;
        QVERIFY(run(enough, m, Workload{1000, 1000, 1, 0, 0}).fits);
    }

    // A Groq LPU sized automatically for a trillion parameters fits on no count up to the
    // search's limit; the error still says what it needs and what each chip has, and the
    // estimate the views show has the chips' capacity, not 0 B of 0 B.
    void fitsNowhereSaysWhy()
    {
        Deployment d = deploymentOf(*m_catalog, "groq-lpu", 1, true);
        const ModelDesc m = modelOf(*m_catalog, "kimi-k2");
        const Workload w{1000, 1000, 1, 0, 0};
        QString err;
        QVERIFY(!m_engine.estimate(d, m, w, ServingGoal::FixedConcurrency, {}, &err));
        QVERIFY2(err.contains(QStringLiteral("fits on no count")) &&
                     err.contains(QStringLiteral("GB in all")) && err.contains(QStringLiteral("each has")) &&
                     err.contains(QStringLiteral("it would take")),
                 qPrintable(err));
        const Estimate none = m_engine.unplaceable(d, m, w);
        QVERIFY(!none.fits);
        QVERIFY(none.memory.capacity > 0 && none.memory.capacity < 230e6);
        QVERIFY(none.memory.used() > none.memory.capacity);
        // 1.03 T parameters at 8 bits over chips of under 230 MB: more than 4,096.
        static const QRegularExpression take(QStringLiteral("it would take ([\\d,]+)"));
        const int count = take.match(none.why).captured(1).remove(QLatin1Char(',')).toInt();
        QVERIFY2(count > 4096 &&
                     count == int(std::ceil(none.memory.used() * 4096 / none.memory.capacity - 1e-6)),
                 qPrintable(none.why));
    }

    // "auto" on a GPU system is the smallest whole number of systems that holds the model: one
    // HGX H100 node (8) for Llama 3.1 405B in fp8, not the 6 GPUs its weights fit (TP2 PP3 at
    // 12 tok/s); two nodes (16) for Kimi K2, not 15 (TP1 PP15).
    void autoCountIsWholeSystems()
    {
        Deployment d = deploymentOf(*m_catalog, "h100-sxm", 1, true);
        d.weightPrecision = Precision::FP8;
        const Workload w{1000, 1000, 1, 0, 0};
        const ModelDesc llama = modelOf(*m_catalog, "llama-3.1-405b");
        QCOMPARE(m_engine.minChips(d, llama, w), 6); // the weights alone
        const Estimate e = run(d, llama, w);
        QVERIFY(e.fits);
        QCOMPARE(e.chips, 8);
        QCOMPARE(e.plan.tp, 8);
        QCOMPARE(e.minChips, 6);
        Deployment six = d;
        six.autoChips = false;
        six.chips = 6;
        QVERIFY(e.tokSUser > 2 * run(six, llama, w).tokSUser);
        const Estimate kimi = run(d, modelOf(*m_catalog, "kimi-k2"), w);
        QVERIFY(kimi.fits);
        QCOMPARE(kimi.chips, 16);
        QCOMPARE(kimi.plan.chips(), 16);
        // An NVL72 rack is one system of 72: the plan may run on fewer of its GPUs where that is
        // faster, the others idle (and draw idle power).
        Deployment rack = deploymentOf(*m_catalog, "gb200", 1, true);
        rack.weightPrecision = Precision::FP8;
        const Estimate r = run(rack, llama, w);
        QVERIFY(r.fits);
        QCOMPARE(r.chips, 72);
        QVERIFY(r.plan.chips() <= 72);
        Deployment all = rack;
        all.autoChips = false;
        all.chips = 72;
        const Estimate full = run(all, llama, w);
        QVERIFY(r.tokSUser >= full.tokSUser);
    }

    void disconnectedDeploymentIsAnError()
    {
        Deployment d = deploymentOf(*m_catalog, "h100-sxm", 16);
        d.scaleOut = nullptr;
        QString err;
        QVERIFY(!m_engine.estimate(d, modelOf(*m_catalog, "llama-3.1-70b"), Workload{},
                                   ServingGoal::FixedConcurrency, {}, &err));
        QVERIFY2(err.contains(QStringLiteral("scale-out")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestEngine)
#include "tst_engine.moc"
