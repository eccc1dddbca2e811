// SPDX-License-Identifier: MIT
// What fits where, against published placements: wafers and GPUs for a model, more chips never
// fitting less, the model's context window, automatic counts that hold every stream and come in
// whole systems, and the reasons given when nothing fits.
#include "EngineFixture.h"

#include "engine/StepModels.h"
#include "model/ModelMath.h"

#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

using namespace is;
using namespace is::test;

class TestEngineFit : public EngineSuite
{
    Q_OBJECT

private Q_SLOTS:
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

    void autoWafersHoldEveryStream()
    {
        // An automatic CS-3 count is the smallest whose one pipeline holds the concurrency it was
        // sized for: weights, KV cache and each stream's activations fit (it held 63 of 64). The
        // estimate may serve them with data-parallel pipelines of fewer wafers instead, where that
        // serves more tokens: then some streams wait for a replica's memory, and say so.
        // The default scenario's deployment: GPT-5.6 Sol (its mid estimate) in fp8 on CS-3s.
        Deployment d = deploymentOf(*m_catalog, "cs-3", 1, true);
        d.weightPrecision = Precision::FP8;
        const ModelDesc m = modelOf(*m_catalog, "gpt-5.6-sol");
        QString err;
        bool replicated = false;
        for (const int streams : {1, 64, 4096}) {
            const Workload w{8192, 1024, streams, 0, 0};
            const auto e = m_engine.estimate(d, m, w, ServingGoal::FixedConcurrency, {}, &err);
            QVERIFY2(e, qPrintable(err));
            QVERIFY(e->fits);
            const auto onePipeline = [&](int chips) {
                const auto ctx = m_engine.prepare(d, m, w, {}, chips, Bound::Mid, &err);
                return ctx ? m_engine.evaluate(*ctx, ParallelPlan{1, chips, 1, 1}, streams) : Estimate{};
            };
            const Estimate whole = onePipeline(e->chips);
            QVERIFY(whole.fits && whole.kvPlacement == KvPlacement::OnChip);
            QVERIFY(e->tokSTotal >= whole.tokSTotal * (1 - 1e-9));
            bool queued = false;
            for (const QString& note : e->notes)
                queued |= note.contains(QLatin1String("memory holds"));
            QCOMPARE(queued, e->batch < streams);
            if (e->batch < streams) {
                QVERIFY(e->plan.dp > 1);
                replicated = true;
            } else {
                QCOMPARE(e->batch, streams);
            }
            // And not a wafer more than it takes. (One stream is sized to fit its full length, prompt
            // and all output, not the average the batch limit uses: that count may hold it with one
            // wafer less.)
            if (streams == 1)
                continue;
            const Estimate less = onePipeline(e->chips - 1);
            QVERIFY2(!less.fits || less.kvPlacement != KvPlacement::OnChip,
                     qPrintable(QString::number(streams)));
        }
        // 4,096 streams in one pipeline of 400-odd wafers run about 40 tokens/s each; pipelines of
        // a quarter of that, side by side, serve more.
        QVERIFY(replicated);
    }

    // 100,000 streams need more wafers than the largest count searched (4,096) from some context
    // on: the automatic count stays at that limit (the streams it cannot hold queue) instead of
    // dropping to the count that holds the weights alone, which made each user 50 times faster
    // at 12K than at 8K. A longer context never needs fewer wafers, and on the same count never
    // serves more tokens.
    void autoWafersNeverShrinkWithContext()
    {
        Deployment d = deploymentOf(*m_catalog, "cs-3", 1, true);
        d.weightPrecision = Precision::FP8;
        const ModelDesc m = modelOf(*m_catalog, "gpt-5.6-sol");
        QString err;
        int chips = 0;
        double total = std::numeric_limits<double>::infinity();
        for (const double context : {4096.0, 8192.0, 12288.0, 131072.0}) {
            const auto e = m_engine.estimate(d, m, Workload{context, 1024, 100000, 0, 0},
                                             ServingGoal::FixedConcurrency, {}, &err);
            QVERIFY2(e, qPrintable(err));
            QVERIFY2(
                e->chips >= chips,
                qPrintable(QStringLiteral("%1 wafers at %2 after %3").arg(e->chips).arg(context).arg(chips)));
            if (e->chips == chips)
                QVERIFY2(
                    e->tokSTotal <= total * 1.001,
                    qPrintable(
                        QStringLiteral("%1 tok/s at %2 after %3").arg(e->tokSTotal).arg(context).arg(total)));
            chips = e->chips;
            total = e->tokSTotal;
        }
    }

    // Wafer pipelines side by side: each holds all weights and its share of the streams, so r
    // of them serve r times what one serves at the same streams each, and one pipeline stops
    // gaining once all its layers are busy. Llama 3.1 70B at 16 bits takes four CS-3s.
    void waferReplicasAddUp()
    {
        Deployment d = deploymentOf(*m_catalog, "cs-3", 24);
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-70b");
        QString err;
        const Workload w{2048, 512, 1024, 0, 0};
        const auto ctx = m_engine.prepare(d, m, w, {}, 24, Bound::Mid, &err);
        QVERIFY2(ctx, qPrintable(err));
        const Estimate one = m_engine.evaluate(*ctx, ParallelPlan{1, 6, 1, 1}, 64);
        const Estimate four = m_engine.evaluate(*ctx, ParallelPlan{1, 6, 1, 4}, 256);
        QVERIFY(one.fits && four.fits);
        QCOMPARE(four.plan.toString(), QStringLiteral("TP1 PP6 DP4"));
        QCOMPARE(four.batch, 256);
        QCOMPARE(four.tokSUser, one.tokSUser);
        QVERIFY(std::abs(four.tokSTotal / one.tokSTotal - 4.0) < 1e-9);
        // One pipeline leaves 18 of the 24 wafers idle, still drawing power: four draw more in
        // all and less per token.
        QVERIFY(four.powerW > one.powerW);
        QVERIFY(four.joulesPerToken < one.joulesPerToken);

        // 1,024 streams on 24 wafers: one pipeline of 24 holds them all, but its 80 layers pass at
        // most 80 tokens at a time; the estimate takes pipelines side by side and serves more.
        const auto e = m_engine.estimate(d, m, w, ServingGoal::FixedConcurrency, {}, &err);
        QVERIFY2(e, qPrintable(err));
        QVERIFY2(e->plan.dp > 1, qPrintable(e->plan.toString()));
        const Estimate whole = m_engine.evaluate(*ctx, ParallelPlan{1, 24, 1, 1}, 1024);
        QVERIFY2(e->tokSTotal > 2.0 * whole.tokSTotal,
                 qPrintable(QStringLiteral("%1 against %2").arg(e->tokSTotal).arg(whole.tokSTotal)));

        // One user on eight wafers runs on a pipeline of the four it needs: wafers a token does not
        // cross do not slow it.
        Deployment eight = deploymentOf(*m_catalog, "cs-3", 8);
        Deployment automatic = deploymentOf(*m_catalog, "cs-3", 1, true);
        const Workload single{1000, 1000, 1, 0, 0};
        const auto onEight = m_engine.estimate(eight, m, single, ServingGoal::FixedConcurrency, {}, &err);
        const auto onFour = m_engine.estimate(automatic, m, single, ServingGoal::FixedConcurrency, {}, &err);
        QVERIFY(onEight && onFour);
        QCOMPARE(onFour->chips, 4);
        QCOMPARE(onEight->plan.toString(), QStringLiteral("TP1 PP4 DP2"));
        QVERIFY(std::abs(onEight->tokSUser / onFour->tokSUser - 1.0) < 1e-9);
        // The other pipeline has no stream to serve: one user is one stream's tokens, not two.
        QCOMPARE(onEight->batch, 1);
        QVERIFY(std::abs(onEight->tokSTotal / onFour->tokSTotal - 1.0) < 1e-9);

        // Three streams on 24 wafers as pipelines of six: three of the four pipelines serve one
        // each, at the speed of one pipeline with one stream.
        const Estimate three = m_engine.evaluate(*ctx, ParallelPlan{1, 6, 1, 4}, 3);
        const Estimate alone = m_engine.evaluate(*ctx, ParallelPlan{1, 6, 1, 1}, 1);
        QCOMPARE(three.batch, 3);
        QVERIFY(std::abs(three.tokSTotal / alone.tokSTotal - 3.0) < 1e-9);

        // A wafer plan pinned on the deployment (the request simulator pins the plan it runs, so
        // that its capacity is that plan's) is the plan estimated, without a note.
        Deployment pinned = d;
        pinned.plan = ParallelPlan{1, 6, 1, 4};
        const auto p = m_engine.estimate(pinned, m, w, ServingGoal::MaxThroughput, {}, &err);
        QVERIFY2(p, qPrintable(err));
        QCOMPARE(p->plan.toString(), QStringLiteral("TP1 PP6 DP4"));
        QVERIFY2(p->notes.filter(QStringLiteral("not used")).isEmpty(), qPrintable(p->notes.join(u'\n')));
        // Weights streamed from MemoryX every step run the wafers as one machine: no replicas.
        Deployment streamed = d;
        streamed.mode = ExecutionMode::WeightStreaming;
        QCOMPARE(m_engine.candidatePlans(streamed, m, 24).size(), size_t(1));
        QVERIFY(m_engine.candidatePlans(d, m, 24).size() > 1);
    }

    // A plan given for wafers (TP2 PP2 on four CS-3s, from the Inspector or a file) is not how a
    // wafer pipeline runs: the estimate keeps its pipeline and says the plan was not used.
    void waferPlanGivenIsNamedAsUnused()
    {
        Deployment d = deploymentOf(*m_catalog, "cs-3", 4);
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-70b");
        const Estimate automatic = run(d, m, Workload{1000, 1000, 1, 0, 0});
        d.plan = ParallelPlan{2, 2, 1, 1};
        const Estimate given = run(d, m, Workload{1000, 1000, 1, 0, 0});
        QCOMPARE(given.plan, (ParallelPlan{1, 4, 1, 1}));
        QCOMPARE(given.tokSUser, automatic.tokSUser);
        QVERIFY(automatic.notes.filter(QStringLiteral("not used")).isEmpty());
        QVERIFY2(given.notes.filter(QStringLiteral("parallelism TP2 PP2 not used")).size() == 1,
                 qPrintable(given.notes.join(QLatin1Char('|'))));
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
            "needs ([\\d,.]+) GB in all \\(weights and KV cache at batch 1\\): ([\\d,.]+) GB per chip on 8 "
            "chips, each has ([\\d,.]+) GB; "
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

    // A plan with replicas holds the weights once per replica: "needs 141 GB in all: 141 GB per chip on
    // 8 chips" read as if the chips held 1,128 GB. The text names the plan and its replicas, and the
    // batch its KV cache is for: where not even one stream fits, one.
    void doesNotFitNamesTheReplicasAndTheBatch()
    {
        Deployment d = deploymentOf(*m_catalog, "h100-sxm", 8);
        d.weightPrecision = Precision::BF16;
        d.plan = ParallelPlan{1, 1, 1, 8};
        const ModelDesc m = modelOf(*m_catalog, "llama-3.1-70b");
        const Estimate e = run(d, m, Workload{1000, 1000, 16, 0, 0});
        QVERIFY(!e.fits);
        static const QRegularExpression re(QStringLiteral(
            "needs ([\\d,.]+) GB in all \\(weights and KV cache at batch 1\\); laid out as TP1 DP8, whose 8 "
            "replicas each hold their own copy of the weights, that is ([\\d,.]+) GB per chip on 8 chips, "
            "each "
            "has ([\\d,.]+) GB"));
        const QRegularExpressionMatch match = re.match(e.why);
        QVERIFY2(match.hasMatch(), qPrintable(e.why));
        auto number = [&](int i) { return match.captured(i).remove(QLatin1Char(',')).toDouble(); };
        // 70.6 B parameters at 2 bytes once, and one stream of 2,000 tokens x 80 layers x 8 KV heads
        // x 128 x 2 x 2 bytes (0.33 GB).
        const double params = paramBreakdown(m).total();
        QVERIFY2(qAbs(number(1) - (params * 2 + 0.32768e9) / 1e9) < 1.0, qPrintable(e.why));
        // Every chip holds a whole replica: all the weights.
        QVERIFY2(number(2) >= params * 2 / 1e9 && number(2) * 8 > 7 * number(1), qPrintable(e.why));
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

QTEST_GUILESS_MAIN(TestEngineFit)
#include "tst_engine_fit.moc"
