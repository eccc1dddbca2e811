// SPDX-License-Identifier: MIT
// Inverse design (core/planning): the search's cheapest configuration against a brute force that
// evaluates the same space through Engine::estimate, the Pareto frontier, the pruning bounds,
// determinism, cancellation and the answers for impossible or infeasible targets.
#include "cost/ServingPointCost.h"
#include "engine/Engine.h"
#include "engine/EvalContext.h"
#include "hardware/Catalog.h"
#include "hardware/Link.h"
#include "planning/DeploymentSearch.h"
#include "planning/PlanRanking.h"
#include "planning/PrefillDecodeSplit.h"
#include "planning/ScenarioPlan.h"
#include "scenario/ScenarioEvaluation.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <atomic>
#include <cmath>

using namespace is;
using namespace is::planning;

namespace {

// The small catalog: two GPU kinds and the wafer, a model every one of them holds.
PlanTargets smallTargets()
{
    PlanTargets t;
    t.load = {cost::FleetTargetKind::Users, 2000};
    t.ttftS = 1.0;
    t.tpotS = 0.03;
    t.devices = {QStringLiteral("h100-sxm"), QStringLiteral("mi300x"), QStringLiteral("cs-3")};
    t.top = 5;
    return t;
}

} // namespace

class TestPlanning : public QObject
{
    Q_OBJECT
    Engine m_engine{Catalog::builtin()};
    ModelDesc m_model = Catalog::builtin()->model(QStringLiteral("llama-3.1-8b"))->resolve();
    Workload m_workload;
    cost::TcoAssumptions m_tco;

    PlanResult search(const PlanTargets& t, bool prune = true)
    {
        QString err;
        SearchControl control;
        control.prune = prune;
        auto r = searchDeployments(m_engine, m_model, m_workload, m_tco, t, control, &err);
        if (!r)
            qFatal("search failed: %s", qPrintable(err));
        return *r;
    }

    // A scenario deployment as the engine evaluates it: resolved from the document alone, at the
    // small targets' latency limits.
    std::optional<Estimate> estimateOfDoc(const DeploymentDoc& doc, QString* err)
    {
        Scenario sc;
        sc.model.catalogId = QStringLiteral("llama-3.1-8b");
        DeploymentDoc named = doc;
        named.id = QStringLiteral("d");
        sc.deployments.push_back(named);
        const auto resolved = resolveScenario(sc, m_engine.catalog(), err);
        if (!resolved || resolved->size() != 1)
            return std::nullopt;
        Workload w = m_workload;
        w.ttftLimitS = smallTargets().ttftS;
        w.tpotLimitS = smallTargets().tpotS;
        return m_engine.estimate(resolved->front().deployment, m_model, w, ServingGoal::LatencyBounded, m_tco,
                                 err);
    }

private slots:
    // Brute force: every configuration of the space evaluated through the engine's full estimate
    // (its own preparation and plan search for one fixed plan), the fleet sized with the same
    // function `size` uses, the targets checked here. Its cheapest must be the search's.
    void cheapestMatchesBruteForce()
    {
        const PlanTargets t = smallTargets();
        const PlanResult r = search(t);
        QVERIFY(r.feasibleCount > 0);
        const PlanResult all = search(t, false);
        double bruteCheapest = std::numeric_limits<double>::infinity();
        Workload w = m_workload;
        w.ttftLimitS = t.ttftS;
        w.tpotLimitS = t.tpotS;
        cost::SloTargets slo;
        slo.ttftS = t.ttftS;
        slo.tpotS = t.tpotS;
        int checked = 0;
        // Every configuration the exhaustive search listed, re-evaluated independently.
        for (const PlanRow& row : all.rows) {
            const Deployment d = row.config.deployment(m_engine.catalog());
            QString err;
            if (row.config.layout == PoolLayout::PrefillDecode) {
                // A prefill-decode fleet of this unit, from a context of its own.
                const auto ctx =
                    m_engine.prepare(d, m_model, w, m_tco, row.config.unitChips, Bound::Mid, &err);
                QVERIFY2(ctx, qPrintable(err));
                const PrefillDecodePoint p = prefillDecodePoint(m_engine, *ctx, row.config.plan);
                long long prefill = 0;
                long long decode = 0;
                const cost::FleetRow f = sizePrefillDecode(d, p, w, m_tco, t.load, &prefill, &decode);
                if (p.feasible && f.feasible && f.ttftS <= t.ttftS && f.tpotS <= t.tpotS) {
                    bruteCheapest = std::min(bruteCheapest, f.costs.usdPerMTok);
                    ++checked;
                }
                continue;
            }
            auto e = m_engine.estimate(d, m_model, w, ServingGoal::LatencyBounded, m_tco, &err);
            QVERIFY2(e, qPrintable(err));
            const bool meets = e->fits && e->ttftS <= t.ttftS && e->tpotS <= t.tpotS;
            if (!meets)
                continue;
            const cost::FleetRow f = cost::sizeServingPoint(d, QString(), *e, w, m_tco, t.load, slo);
            if (f.feasible)
                bruteCheapest = std::min(bruteCheapest, f.costs.usdPerMTok);
            ++checked;
        }
        QVERIFY(checked > 10);
        QVERIFY(std::isfinite(bruteCheapest));
        QVERIFY2(std::abs(r.rows.front().usdPerMTok - bruteCheapest) <= 1e-9 * bruteCheapest,
                 qPrintable(QStringLiteral("search %1, brute force %2")
                                .arg(r.rows.front().usdPerMTok)
                                .arg(bruteCheapest)));
        // Pruning changes nothing a user sees: the same cheapest and the same frontier.
        QCOMPARE(all.rows.front().usdPerMTok, r.rows.front().usdPerMTok);
        QVERIFY(all.stats.configurations >= r.stats.configurations);
        QCOMPARE(all.stats.groupsPruned, 0);
        QCOMPARE(all.stats.plansPruned, 0LL);
        auto frontier = [](const PlanResult& x) {
            QStringList p;
            for (int i = 0; i < x.feasibleCount; ++i)
                if (x.rows[static_cast<size_t>(i)].pareto)
                    p << QStringLiteral("%1 %2")
                             .arg(x.rows[static_cast<size_t>(i)].usdPerMTok)
                             .arg(x.rows[static_cast<size_t>(i)].tokSUser);
            return p;
        };
        QCOMPARE(frontier(r), frontier(all));
        // Within a feasible row the targets hold.
        for (int i = 0; i < r.feasibleCount; ++i) {
            const PlanRow& row = r.rows[static_cast<size_t>(i)];
            QVERIFY(row.ttftS <= t.ttftS && row.tpotS <= t.tpotS);
            QVERIFY(row.chips >= row.config.unitChips);
        }
    }

    // The bounds the search prunes with hold for every configuration it evaluated.
    void boundsHold()
    {
        PlanTargets t = smallTargets();
        const PlanResult all = search(t, false);
        for (const PlanRow& row : all.rows) {
            if (row.usdPerMTok > 0)
                QVERIFY2(row.usdPerMTok >= row.costBound * (1 - 1e-9), qPrintable(configSummary(row.config)));
            if (row.feasible)
                QVERIFY2(row.tokSUser <= row.speedBound * (1 + 1e-9), qPrintable(configSummary(row.config)));
        }
    }

    void paretoPointsAreUndominated()
    {
        const PlanResult r = search(smallTargets());
        int points = 0;
        for (int i = 0; i < r.feasibleCount; ++i) {
            const PlanRow& p = r.rows[static_cast<size_t>(i)];
            bool dominatedByOther = false;
            for (int j = 0; j < r.feasibleCount; ++j) {
                const PlanRow& q = r.rows[static_cast<size_t>(j)];
                if (i != j && q.usdPerMTok <= p.usdPerMTok && q.tokSUser >= p.tokSUser &&
                    (q.usdPerMTok < p.usdPerMTok || q.tokSUser > p.tokSUser))
                    dominatedByOther = true;
            }
            if (p.pareto) {
                QVERIFY2(!dominatedByOther, qPrintable(configSummary(p.config)));
                ++points;
            } else {
                // Off the frontier: some point costs no more and is at least as fast.
                bool covered = false;
                for (int j = 0; j < r.feasibleCount; ++j) {
                    const PlanRow& q = r.rows[static_cast<size_t>(j)];
                    covered =
                        covered || (q.pareto && q.usdPerMTok <= p.usdPerMTok && q.tokSUser >= p.tokSUser);
                }
                QVERIFY(covered);
            }
        }
        QVERIFY(points >= 2);
        QVERIFY(r.rows.front().pareto); // the cheapest is always on the frontier
    }

    void deterministic()
    {
        const PlanTargets t = smallTargets();
        const QByteArray a = QJsonDocument(planResultToJson(search(t))).toJson();
        const QByteArray b = QJsonDocument(planResultToJson(search(t))).toJson();
        QCOMPARE(a, b);
    }

    // Ranked cheapest first, feasible before infeasible; the next cheaper one misses a target.
    void orderAndNextCheaper()
    {
        const PlanResult r = search(smallTargets());
        for (size_t i = 1; i < static_cast<size_t>(r.feasibleCount); ++i)
            QVERIFY(r.rows[i - 1].usdPerMTok <= r.rows[i].usdPerMTok);
        for (size_t i = static_cast<size_t>(r.feasibleCount); i < r.rows.size(); ++i)
            QVERIFY(!r.rows[i].feasible);
        if (r.nextCheaper >= 0) {
            const PlanRow& n = r.rows[static_cast<size_t>(r.nextCheaper)];
            QVERIFY(!n.feasible);
            QVERIFY(n.usdPerMTok <= r.rows.front().usdPerMTok * (1 - kNextCheaperSaving));
            QVERIFY(!n.why.isEmpty());
        }
    }

    // "Next cheaper: $9.172/M" beside a cheapest of $9.173 named a configuration that saves nothing
    // shown. The next cheaper one saves at least 1 %; the dearest of those is named.
    void nextCheaperSavesSomething()
    {
        auto row = [](double usd, bool feasible) {
            PlanRow r;
            r.usdPerMTok = usd;
            r.feasible = feasible;
            r.binding = feasible ? Binding::Throughput : Binding::TtftLimit;
            r.miss = 1.5;
            r.why = QStringLiteral("misses");
            return r;
        };
        PlanResult almost;
        rankResult(almost, {row(9.173, true)}, {row(9.172, false)});
        QCOMPARE(almost.nextCheaper, -1);
        PlanResult some;
        rankResult(some, {row(10.0, true)}, {row(9.995, false), row(9.5, false), row(8.0, false)});
        QVERIFY(some.nextCheaper >= 0);
        QCOMPARE(some.rows[size_t(some.nextCheaper)].usdPerMTok, 9.5);
    }

    // A TPOT limit that tightens only removes configurations: every one feasible under it is
    // feasible under the looser one (at a serving point the engine may choose differently).
    void tighterTargetsOnlyRemove()
    {
        PlanTargets t = smallTargets();
        const PlanResult loose = search(t, false);
        t.tpotS = 0.01;
        const PlanResult tight = search(t, false);
        QVERIFY(tight.feasibleCount > 0);
        QVERIFY(tight.feasibleCount < loose.feasibleCount);
        QSet<QString> looseSet;
        for (int i = 0; i < loose.feasibleCount; ++i)
            looseSet.insert(configSummary(loose.rows[static_cast<size_t>(i)].config));
        for (int i = 0; i < tight.feasibleCount; ++i)
            QVERIFY(looseSet.contains(configSummary(tight.rows[static_cast<size_t>(i)].config)));
    }

    // A configuration that misses a latency limit even at one stream per replica reports the
    // latencies it was judged on there (not those of the throughput point its cost comes from):
    // the miss is the reported TTFT over the limit, and the reason quotes it.
    void missedLimitReportsTheLatencyItWasJudgedOn()
    {
        PlanTargets t = smallTargets();
        t.ttftS = 0.02; // 20 ms: the wafer's prefill can, the GPUs' at their best batch cannot
        const PlanResult r = search(t, false);
        int checked = 0;
        for (const PlanRow& row : r.rows) {
            if (row.feasible || row.binding != Binding::TtftLimit)
                continue;
            QVERIFY2(std::abs(row.ttftS / t.ttftS - row.miss) < 1e-9 * row.miss, qPrintable(row.why));
            QVERIFY2(row.why.contains(QString::number(row.ttftS * 1000.0, 'f', row.ttftS < 0.1 ? 1 : 0)),
                     qPrintable(row.why));
            ++checked;
        }
        QVERIFY(checked > 0);
    }

    void infeasibleNamesClosestAndTarget()
    {
        PlanTargets t = smallTargets();
        t.ttftS = 1e-4; // 0.1 ms to the first token: no prefill is that fast
        const PlanResult r = search(t);
        QCOMPARE(r.feasibleCount, 0);
        QVERIFY(!r.rows.empty());
        QCOMPARE(r.rows.front().binding, Binding::TtftLimit);
        QVERIFY(r.rows.front().miss > 1);
        const QJsonObject j = planResultToJson(r);
        QCOMPARE(j.value(QStringLiteral("closest")).toObject().value(QStringLiteral("misses")).toString(),
                 QStringLiteral("TTFT limit"));

        PlanTargets p = smallTargets();
        p.powerMW = 1e-3; // one kilowatt for two thousand users
        const PlanResult power = search(p);
        QCOMPARE(power.feasibleCount, 0);
        // Every configuration that meets the latency targets misses the budget, and says by how much.
        int overBudget = 0;
        for (const PlanRow& row : power.rows)
            if (row.binding == Binding::PowerBudget) {
                QVERIFY(row.powerMW > p.powerMW);
                QVERIFY(row.why.contains(QStringLiteral("MW")));
                ++overBudget;
            }
        QVERIFY(overBudget > 0);
    }

    void cancelStops()
    {
        std::atomic<bool> cancel{false};
        SearchControl control;
        control.cancel = &cancel;
        int calls = 0;
        int total = 0;
        control.progress = [&](int done, int all) {
            calls = done;
            total = all;
            cancel = true;
        };
        QString err;
        auto r = searchDeployments(m_engine, m_model, m_workload, m_tco, smallTargets(), control, &err);
        QVERIFY(r);
        QVERIFY(r->cancelled);
        QCOMPARE(calls, 1);
        QVERIFY(total > 1);
    }

    void badTargetsNameTheField()
    {
        const Catalog& c = m_engine.catalog();
        PlanTargets t = smallTargets();
        t.load.value = -5;
        QVERIFY(checkTargets(t, c).startsWith(QStringLiteral("users:")));
        t = smallTargets();
        t.load = {cost::FleetTargetKind::RequestsPerS, 0};
        QVERIFY(checkTargets(t, c).startsWith(QStringLiteral("rps:")));
        t = smallTargets();
        t.tpotS = -0.05;
        QVERIFY(checkTargets(t, c).startsWith(QStringLiteral("tpot_ms:")));
        t = smallTargets();
        t.devices << QStringLiteral("h900");
        QVERIFY(checkTargets(t, c).contains(QStringLiteral("h900")));
        QVERIFY(checkTargets(smallTargets(), c).isEmpty());
        QString err;
        t.load.value = -1;
        QVERIFY(!searchDeployments(m_engine, m_model, m_workload, m_tco, t, {}, &err));
        QVERIFY(!err.isEmpty());
    }

    // A model that needs several GPUs at a precision is searched at that precision: the smallest
    // unit comes from every plan the engine considers, not from one chip's worth (70 B in bf16
    // takes two H100s; the smallest unit is one 8-GPU system).
    void multiGpuPrecisionsAreSearched()
    {
        const ModelDesc big = m_engine.catalog().model(QStringLiteral("llama-3.1-70b"))->resolve();
        PlanTargets t = smallTargets();
        t.devices = {QStringLiteral("h100-sxm")};
        QString err;
        auto r = searchDeployments(m_engine, big, m_workload, m_tco, t, {}, &err);
        QVERIFY2(r, qPrintable(err));
        bool bf16 = false;
        bool fourBit = false;
        for (const PlanRow& row : r->rows) {
            bf16 = bf16 || row.config.weights == Precision::BF16;
            fourBit = fourBit || row.config.weights == Precision::FP4;
            QCOMPARE(row.config.unitChips % 8, 0);
        }
        QVERIFY(bf16);
        // Hopper has no 4-bit units, but weight-only kernels serve 4-bit weights from half the
        // memory of FP8 ones: the search tries them too.
        QVERIFY(fourBit);
    }

    // Both new layouts are part of the space: attention on a GPU kind with the FFN on the wafer
    // (the small catalog offers both kinds), and prefill-decode fleets of the GPU units. Each
    // such row is what it says: an FFN pool of the wafer kind, prefill and decode units that add
    // up to the fleet, the targets met.
    void layoutsAreSearched()
    {
        const PlanTargets t = smallTargets();
        const PlanResult all = search(t, false);
        QVERIFY(all.stats.splitUnits > 0);
        int split = 0;
        int pd = 0;
        for (const PlanRow& row : all.rows) {
            const PlanConfig& c = row.config;
            if (c.layout == PoolLayout::AttentionFfn) {
                ++split;
                QCOMPARE(c.device->cls, DeviceClass::HbmAccelerator);
                QVERIFY(c.ffnDevice && c.ffnDevice->id == QStringLiteral("cs-3"));
                QVERIFY(c.deployment(m_engine.catalog()).ffnPool.has_value());
                if (row.feasible)
                    QVERIFY(row.chips >= row.units * (c.unitChips + c.ffnChips));
            } else if (c.layout == PoolLayout::PrefillDecode) {
                ++pd;
                QVERIFY(row.feasible); // only feasible prefill-decode rows are kept
                QVERIFY(c.device->cls != DeviceClass::SramDataflow);
                QVERIFY(row.prefillUnits >= 1 && row.decodeUnits >= 1);
                QCOMPARE(row.units, row.prefillUnits + row.decodeUnits);
                QVERIFY(row.ttftS <= t.ttftS && row.tpotS <= t.tpotS);
            }
        }
        QVERIFY(split > 0);
        QVERIFY(pd > 0);
        // Without a wafer kind in the list there is nothing to put the FFN on.
        PlanTargets gpus = t;
        gpus.devices = {QStringLiteral("h100-sxm"), QStringLiteral("mi300x")};
        QCOMPARE(search(gpus).stats.splitUnits, 0);
        // The JSON names the layout and, per layout, its pools.
        const QJsonObject j = planResultToJson(all);
        for (const QJsonValue v : j.value(QStringLiteral("results")).toArray()) {
            const QJsonObject o = v.toObject();
            const QString layout = o.value(QStringLiteral("layout")).toString();
            QVERIFY(layout == QStringLiteral("colocated") || layout == QStringLiteral("prefill-decode") ||
                    layout == QStringLiteral("attention-ffn"));
            if (layout == QStringLiteral("prefill-decode"))
                QCOMPARE(o.value(QStringLiteral("prefill_units")).toDouble() +
                             o.value(QStringLiteral("decode_units")).toDouble(),
                         o.value(QStringLiteral("units")).toDouble());
            if (layout == QStringLiteral("attention-ffn"))
                QCOMPARE(o.value(QStringLiteral("ffn_device")).toString(), QStringLiteral("cs-3"));
        }
    }

    // A prefill-decode fleet on the canvas is the fleet in miniature. A ratio that reduces gives
    // its exact smallest form; one that does not gives the fewest units within 5 % of the fleet's
    // shares, the prefill pool never below its own. Hand-computed: 3,877:24 is a prefill share of
    // 0.99385; below 163 units a single decode unit is more than its share, and at 163 the
    // prefill pool is ceil(163 x 0.99385) = 162. 7:100 (share 0.0654) needs one prefill unit in
    // at most 1 / (0.0654 x 1.05) = 14.6 units and one in at least 15.3 for the ceiling to stay
    // one: 15 units, 1:14.
    void prefillDecodeRatioStaysSmall()
    {
        const auto check = [](long long p, long long d, long long wantP, long long wantD) {
            const UnitRatio r = smallestUnitRatio(p, d);
            QCOMPARE(r.prefill, wantP);
            QCOMPARE(r.decode, wantD);
        };
        check(6, 4, 3, 2);
        check(1, 1, 1, 1);
        check(3877, 24, 162, 1);
        check(7, 100, 1, 14);
        check(24, 3877, 1, 154);
        // Never fewer prefill units than the fleet's share, and both pools within 5 % of theirs.
        for (long long p = 1; p <= 60; ++p)
            for (long long d = 1; d <= 60; ++d) {
                const UnitRatio r = smallestUnitRatio(p, d);
                const double share = static_cast<double>(p) / static_cast<double>(p + d);
                const double n = static_cast<double>(r.prefill + r.decode);
                QVERIFY(r.prefill >= 1 && r.decode >= 1);
                QVERIFY(r.prefill / n >= share - 1e-12);
                QVERIFY(r.prefill / n <= share * 1.05 + 1e-12);
                QVERIFY(r.decode / n >= (1.0 - share) * 0.95 - 1e-12);
                QVERIFY(r.prefill + r.decode <= p + d);
            }
        QCOMPARE(smallestUnitRatio(0, 5).prefill, 0LL);
    }

    // "Add to canvas": a row becomes a scenario deployment that resolves to the very unit the
    // search evaluated (the same estimate), an attention-FFN unit with its pool; a prefill-decode
    // fleet the smallest deployment of its ratio of prefill to decode units, which the engine
    // evaluates at the row's per-user speed and within the row's latency targets.
    void rowsBecomeTheDeploymentsTheySearched()
    {
        const PlanTargets targets = smallTargets();
        const PlanResult all = search(targets, false);
        bool sawSplit = false, sawColocated = false, sawPd = false;
        for (const PlanRow& row : all.rows) {
            const PlanConfig& c = row.config;
            const auto doc = deploymentDocFor(row, m_engine.catalog());
            QVERIFY(doc);
            if (c.layout == PoolLayout::PrefillDecode) {
                if (!row.feasible || sawPd)
                    continue;
                sawPd = true;
                const UnitRatio ratio = smallestUnitRatio(row.prefillUnits, row.decodeUnits);
                QCOMPARE(doc->count, static_cast<int>((ratio.prefill + ratio.decode) * c.unitChips));
                QVERIFY(doc->plan);
                QCOMPARE(doc->prefillReplicas, static_cast<int>(ratio.prefill * c.plan.dp));
                QString err;
                const auto e = estimateOfDoc(*doc, &err);
                QVERIFY2(e, qPrintable(err));
                QCOMPARE(e->mode, QStringLiteral("prefill-decode"));
                QCOMPARE(e->chips, doc->count);
                QVERIFY2(std::abs(e->tokSUser / row.tokSUser - 1.0) < 0.02,
                         qPrintable(QStringLiteral("%1 vs %2").arg(e->tokSUser).arg(row.tokSUser)));
                QVERIFY(e->ttftS <= targets.ttftS && e->tpotS <= targets.tpotS);
                continue;
            }
            if (!row.feasible || (c.layout == PoolLayout::AttentionFfn ? sawSplit : sawColocated))
                continue;
            (c.layout == PoolLayout::AttentionFfn ? sawSplit : sawColocated) = true;
            QCOMPARE(doc->ffnPool.has_value(), c.layout == PoolLayout::AttentionFfn);
            QString err;
            const auto fromDoc = estimateOfDoc(*doc, &err);
            Workload w = m_workload;
            w.ttftLimitS = smallTargets().ttftS;
            w.tpotLimitS = smallTargets().tpotS;
            const auto fromRow = m_engine.estimate(c.deployment(m_engine.catalog()), m_model, w,
                                                   ServingGoal::LatencyBounded, m_tco, &err);
            QVERIFY2(fromDoc && fromRow, qPrintable(err));
            QCOMPARE(fromDoc->tokSUser, fromRow->tokSUser);
            QCOMPARE(fromDoc->tokSTotal, fromRow->tokSTotal);
            QCOMPARE(fromDoc->chips, fromRow->chips);
        }
        QVERIFY(sawSplit && sawColocated && sawPd);
    }

    // Direction: no prefill interrupts a decode unit's streams, so under the same TPOT limit a
    // decode unit runs at least the batch a colocated unit of the same plan can, and with a long
    // prompt (whose prefills interrupt colocated streams for longest) a larger one.
    void decodeUnitsRunLargerBatches()
    {
        const Deployment d =
            defaultDeployment(m_engine.catalog(), *m_engine.catalog().device(QStringLiteral("h100-sxm")), 8);
        Workload w{8000, 500, 1, 0, 0.02};
        QString err;
        const auto ctx = m_engine.prepare(d, m_model, w, m_tco, 8, Bound::Mid, &err);
        QVERIFY2(ctx, qPrintable(err));
        const ParallelPlan plan{1, 1, 1, 8};
        const Estimate colocated = m_engine.bestBatch(*ctx, plan, ServingGoal::LatencyBounded);
        const PrefillDecodePoint p = prefillDecodePoint(m_engine, *ctx, plan);
        QVERIFY(p.feasible);
        QVERIFY2(p.decode.batch > colocated.batch,
                 qPrintable(QStringLiteral("%1 vs %2").arg(p.decode.batch).arg(colocated.batch)));
        QVERIFY(p.decode.tpotS <= 0.02);
        // The hand-over: each of the replica's chips sends its slice of the prompt's KV cache
        // through its own scale-out port at the calibrated efficiency, after the link's latency.
        const Link* link = d.scaleOut;
        QVERIFY(link);
        const double expected =
            link->latencyS.value +
            ctx->kvBytesAt(8000) / (link->bandwidthBytesPerS.value * ctx->cal.linkEfficiency.value);
        QVERIFY(std::abs(p.handoverS - expected) <= 1e-12 + 1e-9 * expected);
        // Its first token: the prefill alone, the hand-over and half a decode step to join.
        const Estimate alone = m_engine.evaluate(*ctx, plan, 8);
        QVERIFY(std::abs(p.firstTokenS - (alone.ttftS + p.handoverS + p.decode.decodeStepS / 2)) < 1e-12);
    }

    // A tok/s-per-user floor is a TPOT limit of its inverse.
    void speedFloorActsAsTpot()
    {
        PlanTargets t = smallTargets();
        t.tpotS = 0;
        t.minTokSUser = 50;
        QCOMPARE(t.effectiveTpotS(), 0.02);
        const PlanResult r = search(t);
        QVERIFY(r.feasibleCount > 0);
        for (int i = 0; i < r.feasibleCount; ++i)
            QVERIFY(r.rows[static_cast<size_t>(i)].tokSUser >= 50 * (1 - 1e-9));
    }

    // One output token: the request's only token is its first, so a TPOT limit bounds nothing and
    // no row may call it (or a per-user speed floor) what binds, and no prefill-decode fleet sets
    // apart a decode that does not exist. With a TPOT limit so tight that
    // most units miss it at 1,000 output tokens, the one-token search still finds units.
    void oneOutputTokenHasNoTpotLimit()
    {
        PlanTargets t = smallTargets();
        t.tpotS = 0.001;
        const Workload saved = m_workload;
        m_workload.outputTokens = 1;
        const PlanResult r = search(t, false);
        m_workload = saved;
        QVERIFY(r.feasibleCount > 0);
        for (const PlanRow& row : r.rows) {
            QVERIFY(row.binding != Binding::TpotLimit);
            QVERIFY(row.binding != Binding::TokSUserTarget);
            // Nor is there a decode to set apart from the prefill, or to speculate on.
            QVERIFY(row.config.layout != PoolLayout::PrefillDecode);
            QCOMPARE(row.config.speculative, SpeculativeMethod::None);
        }
        QVERIFY(!r.decodes);
        const PlanResult many = search(t, false);
        QVERIFY(many.decodes);
        bool tpotBinds = false;
        for (const PlanRow& row : many.rows)
            tpotBinds = tpotBinds || row.binding == Binding::TpotLimit;
        QVERIFY(tpotBinds); // the same limit binds where there is time between tokens
    }

    // One output token never decodes: its user waits for the token after the TTFT, so the
    // frontier weighs cost against first token, not against the stream's request rate read as
    // tokens/s per user (a wafer's 237 ms API in front of the pipeline is not in the latter).
    // Pruning, which bounds the speed per user from above, still finds the same frontier.
    void oneOutputTokenFrontierIsByFirstToken()
    {
        PlanTargets t = smallTargets();
        const Workload saved = m_workload;
        m_workload.outputTokens = 1;
        const PlanResult r = search(t);
        const PlanResult all = search(t, false);
        m_workload = saved;
        QVERIFY(!r.decodes);
        QVERIFY(r.feasibleCount > 2);
        double fastestCheaper = std::numeric_limits<double>::infinity(); // the lowest TTFT so far
        int points = 0;
        for (int i = 0; i < r.feasibleCount; ++i) {
            const PlanRow& row = r.rows[static_cast<size_t>(i)];
            QCOMPARE(userSpeed(row, false), 1.0 / row.ttftS);
            QVERIFY2(userSpeed(row, false) <= row.speedBound * (1 + 1e-9),
                     qPrintable(configSummary(row.config)));
            QCOMPARE(row.pareto, row.ttftS < fastestCheaper);
            points += row.pareto ? 1 : 0;
            fastestCheaper = std::min(fastestCheaper, row.ttftS);
        }
        QVERIFY(points >= 2);
        auto frontier = [](const PlanResult& x) {
            QStringList p;
            for (int i = 0; i < x.feasibleCount; ++i)
                if (x.rows[static_cast<size_t>(i)].pareto)
                    p << configSummary(x.rows[static_cast<size_t>(i)].config);
            return p;
        };
        QCOMPARE(frontier(r), frontier(all));
    }

    // Every row, added to the canvas and saved, opens again with the plan it was searched with.
    // Units of whole GPU systems may leave GPUs idle (TP1 PP2 on an 8-GPU node): such a file was
    // refused as bad input when opened. Wafer units use every wafer, and their plan is pinned, so
    // the canvas shows the pipelines the search priced, not the engine's choice on the count.
    void everyRowSavedOpensWithItsPlan()
    {
        const PlanResult all = search(smallTargets(), false);
        int wafers = 0;
        for (const PlanRow& row : all.rows) {
            const PlanConfig& c = row.config;
            const auto doc = deploymentDocFor(row, m_engine.catalog());
            QVERIFY(doc);
            Scenario sc;
            sc.model.catalogId = QStringLiteral("llama-3.1-8b");
            sc.deployments.push_back(*doc);
            sc.deployments.back().id = QStringLiteral("d");
            QString err;
            const auto reopened = parseScenario(scenarioToJson(sc), &err);
            QVERIFY2(reopened, qPrintable(QStringLiteral("%1 %2 on %3: %4")
                                              .arg(c.device->id, c.plan.toString())
                                              .arg(c.unitChips)
                                              .arg(err)));
            QCOMPARE(reopened->deployments.front().plan, doc->plan);
            if (c.device->cls != DeviceClass::SramDataflow || c.layout != PoolLayout::Colocated)
                continue;
            ++wafers;
            QVERIFY(doc->plan);
            QCOMPARE(doc->plan->pp * doc->plan->dp, c.unitChips);
            if (!row.feasible)
                continue;
            const auto e = estimateOfDoc(reopened->deployments.front(), &err);
            QVERIFY2(e, qPrintable(err));
            QCOMPARE(e->plan, c.plan);
            QVERIFY(e->notes.filter(QStringLiteral("not used")).isEmpty());
        }
        QVERIFY(wafers > 0);
    }
};

QTEST_GUILESS_MAIN(TestPlanning)
#include "tst_planning.moc"
