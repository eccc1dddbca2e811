// SPDX-License-Identifier: MIT
// Energy and TCO against hand-computed cases: capital recovery, power from utilisation and as the
// engine has it, the cost of a serving point, capex from the catalog, hourly and per-token costs,
// rental presets. Fleet sizing is tst_cost_fleet; the TCO assumptions' reading and editing
// tst_cost_tco.
#include "../core/EngineFixture.h"

#include "cost/CostModel.h"
#include "cost/PowerModel.h"
#include "cost/RentalPresets.h"
#include "cost/ServingPointCost.h"
#include "cost/TcoAssumptions.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace is;
using namespace is::cost;
using namespace is::test;

namespace {

double rel(double a, double b)
{
    return std::abs(a - b) / std::abs(b);
}

} // namespace

class TestCost : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void capitalRecovery()
    {
        QCOMPARE(capitalRecoveryFactor(0, 4), 0.25);
        // 0.08 * 1.08^4 / (1.08^4 - 1) = 0.08 * 1.36048896 / 0.36048896
        QVERIFY(std::abs(capitalRecoveryFactor(0.08, 4) - 0.3019208045) < 1e-9);
        QVERIFY(std::abs(capitalRecoveryFactor(0.10, 1) - 1.1) < 1e-12);
    }

    void powerFromUtilisation()
    {
        PowerModel p;
        p.chips = 8;
        p.systems = 1;
        p.idleWPerChip = 175;
        p.peakWPerChip = 700;
        p.hostWPerSystem = 4600;
        p.pue = 1.3;
        // 8 x (175 + 525 x 0.5) + 4600 = 8100 W; x 1.3 = 10530 W.
        QCOMPARE(p.itPowerW(0.5), 8100.0);
        QCOMPARE(p.facilityPowerW(0.5), 10530.0);
        QCOMPARE(p.peakItPowerW(), 10200.0);
        QCOMPARE(p.idleFacilityPowerW(), (8 * 175 + 4600) * 1.3);
        QCOMPARE(p.itPowerW(7), p.itPowerW(1)); // clamped
        QCOMPARE(joulesPerToken(10530, 100), 105.3);
        QCOMPARE(tokensPerKWh(10000, 100), 36000.0);
    }

    void powerMatchesEngine()
    {
        // The power model reproduces the engine's draw at the engine's own serving point.
        auto catalog = Catalog::builtin();
        Engine engine(catalog);
        const Deployment d = deploymentOf(*catalog, "h100-sxm", 8);
        const ModelDesc m = catalog->model(QStringLiteral("llama-3.1-70b"))->resolve();
        QString error;
        auto e = engine.estimate(d, m, Workload{1000, 1000, 64, 0, 0}, ServingGoal::FixedConcurrency,
                                 CostAssumptions{}, &error);
        QVERIFY2(e, qPrintable(error));
        const PowerModel p = PowerModel::forDeployment(d, 8, 1.3);
        QCOMPARE(p.systems, 1);
        QCOMPARE(p.networkWPerChip, 0.0); // one system: no scale-out ports
        QVERIFY(std::abs(p.itPowerW(p.utilisationOf(*e)) - e->powerW) < 1e-6 * e->powerW);
    }

    void servingPointAgreesWithEngine()
    {
        // With no cost of capital, upkeep or space and every hour used, the cost of ownership is
        // straight-line capital plus energy, by hand; price() gives the estimate those figures.
        auto catalog = Catalog::builtin();
        Engine engine(catalog);
        const Deployment d = deploymentOf(*catalog, "h100-sxm", 8);
        const ModelDesc m = catalog->model(QStringLiteral("llama-3.1-70b"))->resolve();
        const Workload w{2000, 500, 32, 0, 0};
        QString error;
        auto e = engine.estimate(d, m, w, ServingGoal::FixedConcurrency, CostAssumptions{}, &error);
        QVERIFY2(e, qPrintable(error));
        QCOMPARE(e->usdPerMTok, 0.0); // the engine states no cost of its own
        TcoAssumptions t;
        t.costOfCapital.value = 0;
        t.maintenancePerYear.value = 0;
        t.spaceUsdPerKwMonth.value = 0;
        t.utilisation.value = 1;
        const ServingPointCost c = servingPointCost(d, QStringLiteral("hgx"), *e, w, t);
        const double perHour = c.inputs.capexUsd / (t.amortisationYears.value * 8760.0) +
                               e->facilityPowerW / 1000.0 * t.usdPerKWh.value;
        const double byHand = perHour / (e->tokSTotal * 3600.0) * 1e6;
        QVERIFY2(rel(c.costs.usdPerMTok, byHand) < 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(c.costs.usdPerMTok).arg(byHand)));
        Estimate priced = *e;
        price(priced, d, QStringLiteral("hgx"), w, t);
        QCOMPARE(priced.usdPerMTok, c.costs.usdPerMTok);
        QCOMPARE(priced.usdPerHour, c.costs.hourly.total());
        QVERIFY(rel(priced.usdPerHour, perHour) < 1e-9);
        QVERIFY(rel(c.costs.joulesPerToken, e->joulesPerToken) < 1e-9);
        QVERIFY(c.prefillShare > 0 && c.prefillShare < 1);
        // The stacked components add up to the total.
        const HourlyCost per = perMillionTokens(c.costs.hourly, c.servedTokS);
        QVERIFY(rel(per.total(), c.costs.usdPerMTok) < 1e-12);
        // Half the hours idle: capital per token doubles, energy per token more than halves its share.
        t.utilisation.value = 0.5;
        const ServingPointCost half = servingPointCost(d, QStringLiteral("hgx"), *e, w, t);
        QVERIFY(rel(perMillionTokens(half.costs.hourly, half.servedTokS).capital, 2 * per.capital) < 1e-12);
        QVERIFY(half.avgFacilityW < c.avgFacilityW);
    }

    void capexFromCatalog()
    {
        auto catalog = Catalog::builtin();
        TcoAssumptions t;
        const Deployment d = deploymentOf(*catalog, "h100-sxm", 64);
        const DeploymentCostInputs in = costInputs(d, QStringLiteral("h100"), 64, t);
        // DGX H100 $270k / 8 = $33,750 per GPU; 8 systems; 10 % scale-out fabric.
        QCOMPARE(in.systems, 8);
        QCOMPARE(in.capexPerChip.value, 33750.0);
        QCOMPARE(in.networkCapexUsd, 216000.0);
        QCOMPARE(in.capexUsd, 2376000.0);
        QCOMPARE(in.power.networkWPerChip, 25.0); // InfiniBand NDR port share
        QCOMPARE(in.rentalPerChipHour.value, 2.5);

        // A per-deployment override wins over the catalog.
        t.perDeployment[QStringLiteral("h100")].capexUsdPerChip =
            Sourced::assumed(30000, QStringLiteral("quote"));
        QCOMPARE(costInputs(d, QStringLiteral("h100"), 64, t).capexUsd, 64 * 30000 * 1.1);
        QCOMPARE(costInputs(d, QStringLiteral("other"), 64, t).capexUsd, 2376000.0);

        // As the cost view lists it: the override next to the catalog price it replaces; the
        // system share and rental rate, not overridden, are their own defaults.
        DeploymentPriceAssumptions a = deploymentPriceAssumptions(d, QStringLiteral("h100"), t);
        QCOMPARE(a.capexPerChip.value.value, 30000.0);
        QCOMPARE(a.capexPerChip.value.source, QStringLiteral("quote"));
        QCOMPARE(a.capexPerChip.fallback.value, 33750.0);
        QCOMPARE(a.systemShareUsd.value.value, t.systemShareUsd.value);
        QCOMPARE(a.systemShareUsd.fallback.value, t.systemShareUsd.value);
        QCOMPARE(a.rentalPerChipHour.value.value, 2.5);
        QCOMPARE(a.rentalPerChipHour.fallback.value, 2.5);
        t.perDeployment[QStringLiteral("h100")].systemShareUsd =
            Sourced::assumed(5000, QStringLiteral("rack"));
        t.perDeployment[QStringLiteral("h100")].usdPerChipHour =
            Sourced::assumed(1.75, QStringLiteral("contract"));
        a = deploymentPriceAssumptions(d, QStringLiteral("h100"), t);
        QCOMPARE(a.systemShareUsd.value.value, 5000.0);
        QCOMPARE(a.systemShareUsd.fallback.value, t.systemShareUsd.value);
        QCOMPARE(a.rentalPerChipHour.value.value, 1.75);
        QCOMPARE(a.rentalPerChipHour.fallback.value, 2.5);
        // Another deployment: every value is its own default.
        a = deploymentPriceAssumptions(d, QStringLiteral("other"), t);
        QCOMPARE(a.capexPerChip.value.value, a.capexPerChip.fallback.value);
        QCOMPARE(a.rentalPerChipHour.value.value, 2.5);
    }

    void hourlyCostByHand()
    {
        TcoAssumptions t;
        t.amortisationYears.value = 4;
        t.costOfCapital.value = 0;
        t.maintenancePerYear.value = 0.05;
        t.usdPerKWh.value = 0.08;
        t.spaceUsdPerKwMonth.value = 150;
        DeploymentCostInputs in;
        in.chips = 1;
        in.systems = 1;
        in.capexUsd = 1e6;
        in.power.chips = 1;
        in.power.peakWPerChip = 80000;
        const HourlyCost h = hourlyCost(in, t, 100000);
        QVERIFY(std::abs(h.capital - 1e6 / 4 / 8760) < 1e-9);        // 28.5388
        QVERIFY(std::abs(h.maintenance - 1e6 * 0.05 / 8760) < 1e-9); // 5.7078
        QVERIFY(std::abs(h.energy - 8.0) < 1e-12);                   // 100 kW x $0.08
        QVERIFY(std::abs(h.space - 80.0 * 150 * 12 / 8760) < 1e-9);  // 16.4384
        QVERIFY(std::abs(h.total() - 58.684931506849) < 1e-9);
        // Cost of capital as an annuity.
        t.costOfCapital.value = 0.08;
        QVERIFY(std::abs(hourlyCost(in, t, 100000).capital - 34.465845264) < 1e-6);
        // Two units cost twice the capital, maintenance and space; energy is the power given.
        const HourlyCost two = hourlyCost(in, t, 200000, 2);
        QVERIFY(std::abs(two.capital - 2 * 34.465845264) < 1e-6);
        QCOMPARE(two.energy, 16.0);

        // Rental: chip-hours only.
        t.pricing = Pricing::Rental;
        in.chips = 64;
        in.rentalPerChipHour = Sourced::assumed(2.5);
        const HourlyCost r = hourlyCost(in, t, 100000);
        QCOMPARE(r.total(), 160.0);
        QCOMPARE(r.energy, 0.0);
    }

    void tokenCostsByHand()
    {
        HourlyCost h;
        h.capital = 50;
        h.energy = 10;
        // $60/h, 1000 output tok/s, 8000 input tok/s, a quarter of the time prefilling, 50 users.
        const TokenCosts c = tokenCosts(h, 1000, 8000, 0.25, 50, 100000);
        QVERIFY(std::abs(c.usdPerMTok - 60.0 / 3.6) < 1e-9); // $16.67 per M output tokens
        QVERIFY(std::abs(c.usdPerMTokOutput - 0.75 * 60.0 / 3.6) < 1e-9);
        QVERIFY(std::abs(c.usdPerMTokInput - 0.25 * 60.0 / 28.8) < 1e-9); // 28.8 M input tokens per hour
        QCOMPARE(c.usdPerUserHour, 1.2);
        QCOMPARE(c.joulesPerToken, 100.0);
        QCOMPARE(c.tokensPerKWh, 36000.0);
    }

    void rentalPresets()
    {
        auto catalog = Catalog::builtin();
        const Sourced h100 = rentalRate(RentalPreset::Neocloud, *catalog->device(QStringLiteral("h100-sxm")));
        QCOMPARE(h100.value, 2.5);
        QCOMPARE(h100.kind, SourceKind::Assumed);
        QVERIFY(!h100.source.isEmpty());
        QVERIFY(rentalRate(RentalPreset::Hyperscaler, *catalog->device(QStringLiteral("h100-sxm"))).value >
                rentalRate(RentalPreset::Reserved3y, *catalog->device(QStringLiteral("h100-sxm"))).value);
        const Sourced cs3 = rentalRate(RentalPreset::Hyperscaler, *catalog->device(QStringLiteral("cs-3")));
        QCOMPARE(cs3.value, 41.96);
        QCOMPARE(cs3.kind, SourceKind::ThirdParty);
        // A device without a preset scales the H100 price by purchase price: $20k / $27.5k x $2.50.
        const Sourced groq = rentalRate(RentalPreset::Neocloud, *catalog->device(QStringLiteral("groq-lpu")));
        QVERIFY(std::abs(groq.value - 2.5 * 20000 / 27500) < 1e-9);
        QVERIFY(groq.source.contains(QStringLiteral("scaled")));
    }
};

QTEST_GUILESS_MAIN(TestCost)
#include "tst_cost.moc"
