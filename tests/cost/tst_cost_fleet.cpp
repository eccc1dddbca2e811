// SPDX-License-Identifier: MIT
// Latency targets and fleet sizing against hand-computed cases: targets read and written as text,
// the fleet that serves a number of users or fits a power budget, and the fleet that cannot.
#include "CostFixture.h"

#include "analysis/FleetSizing.h"
#include "cost/TcoAssumptions.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"
#include "scenario/ScenarioEvaluation.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace is;
using namespace is::cost;
using namespace is::test;

class TestCostFleet : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void latencyTargetsAsText()
    {
        // 0 means no limit of that kind, and messages say so instead of "<= 0.0 ms".
        SloTargets t;
        QCOMPARE(sloLimitsText(t), QStringLiteral("TTFT ≤ 2000 ms and TPOT ≤ 50 ms"));
        t.tpotS = 0;
        QCOMPARE(sloLimitsText(t), QStringLiteral("TTFT ≤ 2000 ms and no TPOT limit"));
        t.ttftS = 0;
        t.tpotS = 0.0125;
        QCOMPARE(sloLimitsText(t), QStringLiteral("no TTFT limit and TPOT ≤ 12.5 ms"));
        // What a target set cannot meet names only the targets it states.
        QCOMPARE(sloLimitsText(t, SloText::StatedOnly), QStringLiteral("TPOT ≤ 12.5 ms"));
        t.ttftS = 0.5;
        QCOMPARE(sloLimitsText(t, SloText::StatedOnly), QStringLiteral("TTFT ≤ 500 ms and TPOT ≤ 12.5 ms"));
        // Small targets keep their digits instead of rounding to "0.0 ms".
        t.ttftS = 0.0004;
        t.tpotS = 0.00004;
        QCOMPARE(sloLimitsText(t), QStringLiteral("TTFT ≤ 0.4 ms and TPOT ≤ 0.04 ms"));
    }

    void latencyTargets()
    {
        // Nothing stated anywhere: the assumed interactive targets, 2 s to the first token and
        // 50 ms per output token, with the text `simulate` and `size` print.
        const QString assumedText =
            QStringLiteral("assumed: interactive chat, first token within 2 s and 20 tokens/s per user");
        Workload none;
        SloTargets t = resolveSlo(none, StatedSlo{});
        QCOMPARE(t.ttftS, 2.0);
        QCOMPARE(t.tpotS, 0.05);
        QCOMPARE(t.origin, SloOrigin::Assumed);
        QVERIFY(t.assumed());
        QCOMPARE(t.source, assumedText);
        // A default-constructed target set is the same assumption.
        QCOMPARE(SloTargets{}.ttftS, 2.0);
        QCOMPARE(SloTargets{}.tpotS, 0.05);
        QCOMPARE(SloTargets{}.source, assumedText);

        // The workload's limits alone.
        Workload limits;
        limits.ttftLimitS = 1.5;
        limits.tpotLimitS = 0.1;
        t = resolveSlo(limits, StatedSlo{});
        QCOMPARE(t.ttftS, 1.5);
        QCOMPARE(t.tpotS, 0.1);
        QCOMPARE(t.origin, SloOrigin::WorkloadLimits);
        QVERIFY(!t.assumed());
        QCOMPARE(t.source, QStringLiteral("scenario"));

        // One limit stated: the other stays unlimited (0), never filled in by an assumption.
        Workload ttftOnly;
        ttftOnly.ttftLimitS = 0.8;
        t = resolveSlo(ttftOnly, StatedSlo{});
        QCOMPARE(t.ttftS, 0.8);
        QCOMPARE(t.tpotS, 0.0);
        QCOMPARE(t.origin, SloOrigin::WorkloadLimits);

        // serving.slo over the workload's limits, target by target.
        t = resolveSlo(limits, StatedSlo{0.5, 0});
        QCOMPARE(t.ttftS, 0.5);
        QCOMPARE(t.tpotS, 0.1); // serving.slo states no TPOT: the workload's
        QCOMPARE(t.origin, SloOrigin::ServingSlo);
        QCOMPARE(t.source, QStringLiteral("scenario"));
        t = resolveSlo(none, StatedSlo{0, 0.04});
        QCOMPARE(t.ttftS, 0.0);
        QCOMPARE(t.tpotS, 0.04);
        QCOMPARE(t.origin, SloOrigin::ServingSlo);

        // The command line over both, target by target.
        t = resolveSlo(limits, StatedSlo{0.5, 0.04}, StatedSlo{0, 0.02});
        QCOMPARE(t.ttftS, 0.5);
        QCOMPARE(t.tpotS, 0.02);
        QCOMPARE(t.origin, SloOrigin::CommandLine);
        QCOMPARE(t.source, QStringLiteral("command line"));
        t = resolveSlo(none, StatedSlo{}, StatedSlo{0.3, 0});
        QCOMPARE(t.ttftS, 0.3);
        QCOMPARE(t.tpotS, 0.0);
        QCOMPARE(t.origin, SloOrigin::CommandLine);

        // One output token has no time between tokens: no TPOT target applies, from any layer,
        // and the TTFT target stays.
        Workload oneToken = limits;
        oneToken.outputTokens = 1;
        QCOMPARE(oneToken.tpotLimitInForce(), 0.0);
        t = resolveSlo(oneToken, StatedSlo{0.5, 0.04}, StatedSlo{0, 0.02});
        QCOMPARE(t.ttftS, 0.5);
        QCOMPARE(t.tpotS, 0.0);
        t = resolveSlo(oneToken, StatedSlo{});
        QCOMPARE(t.ttftS, 1.5);
        QCOMPARE(t.tpotS, 0.0);
        Workload oneTokenNoLimits;
        oneTokenNoLimits.outputTokens = 1;
        t = resolveSlo(oneTokenNoLimits, StatedSlo{});
        QCOMPARE(t.ttftS, 2.0);
        QCOMPARE(t.tpotS, 0.0);
        QVERIFY(t.assumed());
        oneToken.ttftLimitS = 0;
        QVERIFY(!oneToken.hasLatencyTargets()); // its only limit was a TPOT limit
    }

    void fleetForUsers()
    {
        const Scenario s = llamaScenario();
        Engine engine(Catalog::builtin());
        const TcoAssumptions t = s.tco;
        QString error;
        auto r = sizeFleet(s, engine, t, FleetTarget{FleetTargetKind::Users, 1000}, SloTargets{}, &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->slo.ttftS, kDefaultTtftS); // no targets given: the stated defaults
        QVERIFY(r->slo.source.startsWith(QStringLiteral("assumed")));
        QCOMPARE(r->rows.size(), size_t(2));
        for (const FleetRow& row : r->rows) {
            QVERIFY2(row.feasible, qPrintable(row.why));
            QVERIFY(row.tpotS <= kDefaultTpotS && row.ttftS <= kDefaultTtftS);
            // Enough units for the users at 80 % of capacity, and not one more.
            QCOMPARE(row.units, static_cast<long long>(std::ceil(1000 / (row.unitUsers * 0.8))));
            QVERIFY((row.units - 1) * row.unitUsers * 0.8 < 1000);
            QCOMPARE(row.chips, row.units * row.unitChips);
            QCOMPARE(row.users, 1000.0);
            QVERIFY(row.load > 0 && row.load <= 0.8 + 1e-9);
            QVERIFY(row.costs.usdPerMTok > 0 && row.facilityMW > 0 && row.facilityMW <= row.peakMW);
        }
        // One HGX H100 needs $270k of capex per unit (one system, no scale-out fabric).
        const FleetRow& hgx = r->rows[0];
        QCOMPARE(hgx.unitSystems, 1);
        QCOMPARE(hgx.capexUsd, hgx.units * 270000.0);
    }

    void usersPerUnitAreTheRequestsInFlight()
    {
        // One output token of a 512-token prompt: four CS-3 finish a prompt every fraction of a
        // millisecond, while each user waits a quarter of a second for the answer (mostly the
        // request overhead in front of the wafers, which holds no slot). A unit serves as many
        // users as have a request in flight: its requests per second times each request's time
        // (Little's law), far more than the hundred or so streams its SRAM holds. The HGX H100
        // has no such overhead: its users are the streams it runs.
        Scenario s = llamaScenario();
        s.workload.inputTokens = 512;
        s.workload.outputTokens = 1;
        Engine engine(Catalog::builtin());
        QString error;
        auto r = analyseFleet(s, engine, FleetTarget{FleetTargetKind::Users, 10000}, &error);
        QVERIFY2(r, qPrintable(error));
        const FleetRow& hgx = r->rows[0];
        const FleetRow& cs3 = r->rows[1];
        QVERIFY2(hgx.feasible && cs3.feasible, qPrintable(hgx.why + cs3.why));
        QCOMPARE(cs3.unitUsers, std::floor(cs3.unitRps * cs3.ttftS));
        QVERIFY(cs3.ttftS > 0.2 && cs3.unitRps > 500); // about 0.33 s and 1,055 prompts a second
        Workload w = s.workload;
        w.ttftLimitS = r->slo.ttftS;
        w.tpotLimitS = r->slo.tpotS;
        const auto resolved = resolveScenario(s, engine.catalog(), &error);
        QVERIFY2(resolved, qPrintable(error));
        auto servingPoint = [&](size_t i) {
            const ResolvedDeployment& d = (*resolved)[i];
            return engine.estimate(d.deployment, d.model.resolve(Bound::Mid), w, ServingGoal::LatencyBounded,
                                   s.tco, &error);
        };
        const auto gpu = servingPoint(0);
        const auto wafers = servingPoint(1);
        QVERIFY2(gpu && wafers, qPrintable(error));
        QVERIFY(cs3.unitUsers > 2.0 * wafers->batch);
        QCOMPARE(hgx.unitUsers, static_cast<double>(gpu->batch));
        // The fleet's throughput is its users' requests, each taking its time: users / TTFT.
        QVERIFY(std::abs(cs3.rps - 10000.0 / cs3.ttftS) <= 0.01 * cs3.rps);
    }

    void fleetForPowerBudget()
    {
        const Scenario s = llamaScenario();
        Engine engine(Catalog::builtin());
        QString error;
        auto r =
            sizeFleet(s, engine, s.tco, FleetTarget{FleetTargetKind::PowerMW, 750}, SloTargets{}, &error);
        QVERIFY2(r, qPrintable(error));
        const FleetRow& hgx = r->rows[0];
        // Peak facility power of one HGX H100: (8 x 700 W + 4600 W host) x PUE 1.3 = 13,260 W.
        QCOMPARE(hgx.unitPeakFacilityW, 13260.0);
        QCOMPARE(hgx.units, 56561LL); // floor(750e6 / 13260)
        QVERIFY(hgx.peakMW <= 750.0);
        // What the units carry at the headroom a load target keeps (max_utilisation, 80 %).
        QCOMPARE(s.tco.maxUtilisation.value, 0.8);
        QCOMPARE(hgx.tokS, hgx.units * hgx.unitTokS * 0.8);
        QCOMPARE(hgx.users, hgx.units * hgx.unitUsers * 0.8);
        // Four CS-3: 4 x (23 kW + 3 kW host) x 1.3 = 135.2 kW.
        const FleetRow& cs3 = r->rows[1];
        QCOMPARE(cs3.unitPeakFacilityW, 135200.0);
        QCOMPARE(cs3.units, 5547LL); // floor(750e6 / 135200)
        // Asked for the users the budget serves, the load target sizes the same fleet: the budget
        // read its units' whole capacity as users, and those users needed a quarter more units.
        for (const FleetRow& row : r->rows) {
            auto again = sizeFleet(s, engine, s.tco, FleetTarget{FleetTargetKind::Users, row.users},
                                   SloTargets{}, &error);
            QVERIFY2(again, qPrintable(error));
            const auto same = std::find_if(again->rows.begin(), again->rows.end(),
                                           [&](const FleetRow& f) { return f.docId == row.docId; });
            QVERIFY(same != again->rows.end());
            QCOMPARE(same->units, row.units);
            QVERIFY(same->peakMW <= 750.0);
        }
    }

    void fleetInfeasibleAndBadInput()
    {
        const Scenario s = llamaScenario();
        Engine engine(Catalog::builtin());
        QString error;
        auto r = sizeFleet(s, engine, TcoAssumptions{}, FleetTarget{FleetTargetKind::RequestsPerS, 10},
                           resolveSlo(s.workload, StatedSlo{}, StatedSlo{0.001, 0.0001}), &error);
        QVERIFY2(r, qPrintable(error));
        for (const FleetRow& row : r->rows) {
            QVERIFY(!row.feasible);
            QVERIFY2(row.why.startsWith(
                         QStringLiteral("cannot meet TTFT ≤ 1 ms and TPOT ≤ 0.1 ms even with one stream")),
                     qPrintable(row.why));
        }
        // Only a first-token target: the row names that target alone, no "no TPOT limit" to meet.
        auto ttftOnly = sizeFleet(s, engine, TcoAssumptions{}, FleetTarget{FleetTargetKind::RequestsPerS, 10},
                                  resolveSlo(s.workload, StatedSlo{}, StatedSlo{0.001, 0}), &error);
        QVERIFY2(ttftOnly, qPrintable(error));
        for (const FleetRow& row : ttftOnly->rows) {
            QVERIFY(!row.feasible);
            QVERIFY2(row.why.startsWith(QStringLiteral("cannot meet TTFT ≤ 1 ms even with one stream")),
                     qPrintable(row.why));
        }
        QVERIFY(!sizeFleet(s, engine, TcoAssumptions{}, FleetTarget{FleetTargetKind::Users, -5}, SloTargets{},
                           &error));
        QVERIFY2(error.contains(QStringLiteral("users: must be a positive number")), qPrintable(error));
        const QJsonObject j = fleetResultToJson(*r);
        QCOMPARE(j.value(QStringLiteral("target")).toObject().value(QStringLiteral("kind")).toString(),
                 QStringLiteral("rps"));
        QCOMPARE(j.value(QStringLiteral("slo")).toObject().value(QStringLiteral("source")).toString(),
                 QStringLiteral("command line"));
        QCOMPARE(j.value(QStringLiteral("slo")).toObject().value(QStringLiteral("tpot_ms")).toDouble(), 0.1);
        QVERIFY(j.value(QStringLiteral("deployments"))
                    .toArray()
                    .at(0)
                    .toObject()
                    .contains(QStringLiteral("why")));
    }
};

QTEST_GUILESS_MAIN(TestCostFleet)
#include "tst_cost_fleet.moc"
