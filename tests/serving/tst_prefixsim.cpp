// SPDX-License-Identifier: MIT
// Prefix caching in the request-level simulator: cached prompt tokens are held but not prefilled,
// agent contexts kept between calls come back from the tier they waited in, and more reuse never
// raises the mean time to first token.
#include "serving/PrefixPool.h"
#include "serving/Simulator.h"

#include "ServingRig.h"

#include <QtTest>

using namespace is;
using namespace is::serving;
using namespace is::serving::test;

namespace {

// Llama 3.1 70B on one HGX H100 node, TP8, prompts of 4,000 tokens and replies of 200.
Rig h100Node()
{
    Rig rig("h100-sxm", 8, "llama-3.1-70b");
    rig.d.plan = ParallelPlan{8, 1, 1, 1};
    rig.w = Workload{4000, 200, 1, 0, 0};
    return rig;
}

} // namespace

class TestPrefixSim : public QObject
{
    Q_OBJECT

private slots:
    void poolPlacesContextsLeastRecentlyUsedFirst()
    {
        // Three contexts of 100 tokens kept in turn; 150 tokens free in device memory, 100 in host
        // DRAM, nothing below. The newest fits the device; the one before it ends 200 tokens down
        // the order (host DRAM); the oldest ends at 300, past every tier: evicted.
        PrefixPool pool(3);
        for (int id = 0; id < 3; ++id)
            pool.keep(id, 100);
        const std::vector<PrefixPool::Tier> tiers{{KvTier::HostDram, 100}};
        QCOMPARE(pool.take(2, 150, tiers), KvTier::Device);
        // Taking a context moves the older ones up: the middle one now ends at 100.
        QCOMPARE(pool.take(0, 150, tiers), KvTier::HostDram);
        QCOMPARE(pool.take(1, 150, tiers), KvTier::Device);
        QCOMPARE(pool.take(1, 150, tiers), KvTier::Device); // never kept (any more)
        PrefixPool full(2);
        full.keep(0, 100);
        full.keep(1, 100);
        QCOMPARE(full.take(0, 50, tiers), KvTier::Evicted);
    }

    void readbackCostsTheTiersBandwidth()
    {
        // One replica of eight H100s reads a context back from the node's host DRAM over eight
        // PCIe Gen5 x16 links (63 GB/s each): tokens x KV bytes per token / (8 x 63 GB/s).
        const Rig rig = h100Node();
        const StepCostModel s = rig.model(ServingGoal::MaxThroughput, 8000);
        const double bytes = 1000 * s.kvBytesPerToken();
        QVERIFY(qAbs(s.kvReadbackS(1000, KvTier::HostDram) - bytes / (8 * 63e9)) < 1e-15);
        QVERIFY(qAbs(s.kvReadbackS(1000, KvTier::Ssd) - bytes / (8 * 7e9)) < 1e-15);
        QCOMPARE(s.kvReadbackS(1000, KvTier::Device), 0.0);
        // The node's 2 TB of host DRAM, in tokens of this model's KV cache.
        const auto tiers = s.offloadCapacityTokens();
        QCOMPARE(tiers.front().first, KvTier::HostDram);
        QVERIFY(qAbs(tiers.front().second - 2e12 / s.kvBytesPerToken()) < 1e-3);
    }

    void moreReuseNeverRaisesMeanTtft()
    {
        // The same arrivals and lengths with more of each prompt cached: prefill skips those
        // tokens (all of them counted), the mean TTFT never rises.
        const Rig rig = h100Node();
        const StepCostModel s = rig.model(ServingGoal::MaxThroughput, 8000);
        double last = 1e300;
        for (double h : {0.0, 0.3, 0.6, 0.9}) {
            Workload w = rig.w;
            w.prefixHitRate = h;
            const RequestSet set = requests("{}", w, 6.0, 600);
            double cached = 0;
            for (const RequestSpec& q : set.requests)
                cached += q.cachedTokens;
            const SimResult r = simulate(s, set, SimOptions{});
            QCOMPARE(r.completed, 600);
            if (r.preemptions == 0) // a preempted request recomputes its whole prompt
                QCOMPARE(r.reuse.prefillTokensSkipped, cached);
            QVERIFY2(r.ttftS.mean <= last,
                     qPrintable(QStringLiteral("%1: %2 > %3").arg(h).arg(r.ttftS.mean).arg(last)));
            last = r.ttftS.mean;
            if (h == 0)
                QCOMPARE(r.reuse.requests, 0);
        }
    }

    void aloneACachedTurnCostsWhatTheEngineSays_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("model");
        QTest::newRow("dense, Llama 3.1 70B on 8 H100") << "h100-sxm" << 8 << "llama-3.1-70b";
        QTest::newRow("MoE, DeepSeek-V3 on 16 H200") << "h200-sxm" << 16 << "deepseek-v3";
        QTest::newRow("MoE, Kimi K2 on 64 H100") << "h100-sxm" << 64 << "kimi-k2";
        QTest::newRow("dense, Llama 405B on 32 H100") << "h100-sxm" << 32 << "llama-3.1-405b";
    }

    void aloneACachedTurnCostsWhatTheEngineSays()
    {
        // Requests far apart, 99 % of each prompt cached in device memory: each turn's prefill
        // runs alone on the chips. It is a pass of its own, reading every weight (an MoE prompt
        // of 40 tokens touches most experts) and paying the step's fixed costs, so the
        // simulated time to first token is the engine's for the same turn, not just the new
        // tokens' share of a whole prompt's prefill, which leaves those costs out.
        QFETCH(QString, device);
        QFETCH(int, count);
        QFETCH(QString, model);
        Rig rig(qPrintable(device), count, qPrintable(model));
        rig.w = Workload{4000, 50, 1, 0, 0};
        rig.w.prefixHitRate = 0.99;
        const Estimate engine = rig.estimate(ServingGoal::FixedConcurrency);
        QVERIFY(engine.reuse.cachedTokens > 3900);
        const StepCostModel s = rig.model(ServingGoal::FixedConcurrency, 8000);
        const SimResult r = simulate(s, requests("{}", rig.w, 0.02, 40), SimOptions{});
        QCOMPARE(r.completed, 40);
        QVERIFY(r.reuse.requests > 0);
        // p50: the odd request that arrives while another decodes shares its step. Before the
        // pass paid its fixed costs, Llama 405B on TP32 (all-reduces over InfiniBand) simulated
        // 42 ms against the engine's 105 ms.
        const double ratio = r.ttftS.p50 / engine.ttftS;
        QVERIFY2(ratio > 0.95 && ratio < 1.05, qPrintable(QStringLiteral("simulated %1 ms, engine %2 ms")
                                                              .arg(r.ttftS.p50 * 1e3)
                                                              .arg(engine.ttftS * 1e3)));
    }

    void agentCallsReuseThePreviousContext()
    {
        // Five calls per session, each prompt 500 tokens longer: with reuse_prefix each later call
        // finds the previous call's prompt and output cached (in device memory, sessions being
        // few), so only the new tokens are prefilled and the first token comes sooner.
        const Rig rig = h100Node();
        const StepCostModel s = rig.model(ServingGoal::MaxThroughput, 8000);
        const char* base = R"({"agent": {"calls": 5, "tool_time_s": 1, "context_growth_tokens": 500}})";
        const char* reuse =
            R"({"agent": {"calls": 5, "tool_time_s": 1, "context_growth_tokens": 500, "reuse_prefix": true}})";
        const SimResult cold = simulate(s, requests(base, rig.w, 2.0, 500), SimOptions{});
        const SimResult warm = simulate(s, requests(reuse, rig.w, 2.0, 500), SimOptions{});
        QCOMPARE(warm.completed, 500);
        QCOMPARE(cold.reuse.requests, 0);
        QCOMPARE(warm.reuse.byTier[static_cast<size_t>(KvTier::Device)], 400); // calls 2 to 5
        QCOMPARE(warm.reuse.requests, 400);
        QCOMPARE(warm.reuse.readbackMeanS, 0.0);
        QVERIFY(warm.reuse.prefillTokensSkipped > 400 * 4000.0);
        QVERIFY2(warm.ttftS.mean < cold.ttftS.mean,
                 qPrintable(QStringLiteral("%1 vs %2").arg(warm.ttftS.mean).arg(cold.ttftS.mean)));
    }
};

QTEST_GUILESS_MAIN(TestPrefixSim)
#include "tst_prefixsim.moc"
