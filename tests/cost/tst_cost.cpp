// SPDX-License-Identifier: MIT
// Energy, TCO and fleet sizing against hand-computed cases.
#include "cost/CostModel.h"
#include "cost/FleetSizing.h"
#include "cost/PowerModel.h"
#include "cost/RentalPresets.h"
#include "cost/ServingPointCost.h"
#include "cost/TcoAssumptions.h"
#include "cost/TcoEditing.h"
#include "cost/TcoFields.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>
#include <map>
#include <vector>

using namespace is;
using namespace is::cost;

namespace {

Deployment deploymentOf(const Catalog& c, const char* deviceId, int count)
{
    const Device* device = c.device(QString::fromLatin1(deviceId));
    if (!device)
        qFatal("device %s missing from the catalog", deviceId);
    return defaultDeployment(c, *device, count);
}

QJsonObject json(const char* text)
{
    return QJsonDocument::fromJson(QByteArray(text)).object();
}

double rel(double a, double b)
{
    return std::abs(a - b) / std::abs(b);
}

Scenario llamaScenario()
{
    QString error;
    auto s = parseScenario(json(R"({"version": 1, "model": "llama-3.1-70b",
        "workload": {"input_tokens": 1000, "output_tokens": 1000},
        "deployments": [{"id": "hgx", "device": "h100-sxm", "count": 8, "precision": {"weights": "fp8"}},
                        {"id": "cs3", "device": "cs-3", "count": 4}]})"),
                           &error);
    if (!s)
        qFatal("%s", qPrintable(error));
    return *s;
}

// An edit the test expects to succeed.
TcoSections mustEdit(const TcoSections& t, const QString& deploymentId, const char* key,
                     const std::optional<Sourced>& value)
{
    QString error;
    auto e = withAssumption(t, deploymentId, QLatin1String(key), value, &error);
    if (!e)
        qFatal("%s", qPrintable(error));
    return *e;
}

// Whether each reader of TCO numbers accepts `value` under `field`'s key.
std::vector<std::pair<const char*, bool>> readersAccept(const TcoField& field, const QJsonValue& value,
                                                        const Scenario& base)
{
    std::vector<std::pair<const char*, bool>> r;
    const QString key = field.name();
    QString error;
    const std::optional<Sourced> sourced = parseSourced(value, key, &error);
    if (field.scenarioWide()) {
        error.clear();
        r.emplace_back("parseTco", parseTco(QJsonObject{{key, value}}, TcoAssumptions{}, &error).has_value());
        error.clear();
        r.emplace_back("withAssumption",
                       sourced && withAssumption(tcoSections(base), {}, key, *sourced, &error).has_value());
    }
    if (field.perDeployment) {
        const QJsonObject deps{
            {QStringLiteral("deployments"), QJsonObject{{QStringLiteral("hgx"), QJsonObject{{key, value}}}}}};
        error.clear();
        r.emplace_back("parseTco per deployment", parseTco(deps, TcoAssumptions{}, &error).has_value());
        error.clear();
        r.emplace_back(
            "withAssumption per deployment",
            sourced &&
                withAssumption(tcoSections(base), QStringLiteral("hgx"), key, *sourced, &error).has_value());
    }
    if (field.cost) {
        QJsonObject root = scenarioToJson(base);
        root.insert(QStringLiteral("cost"), QJsonObject{{key, value}});
        error.clear();
        r.emplace_back("the scenario's cost section", parseScenario(root, &error).has_value());
        // Every edit moves the value from "tco" to "cost".
        TcoSections t = tcoSections(base);
        t.tco.insert(key, value);
        error.clear();
        r.emplace_back(
            "an edit moving it from tco to cost",
            withAssumption(t, {}, QStringLiteral("maintenance_per_year"), userSet(0.05), &error).has_value());
    }
    return r;
}

} // namespace

class TestCost : public QObject
{
    Q_OBJECT

private slots:
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
        // With the engine's simple model (straight-line capital plus energy, every hour used) the
        // TCO gives the engine's own cost and energy per token.
        auto catalog = Catalog::builtin();
        Engine engine(catalog);
        const Deployment d = deploymentOf(*catalog, "h100-sxm", 8);
        const ModelDesc m = catalog->model(QStringLiteral("llama-3.1-70b"))->resolve();
        const Workload w{2000, 500, 32, 0, 0};
        QString error;
        auto e = engine.estimate(d, m, w, ServingGoal::FixedConcurrency, CostAssumptions{}, &error);
        QVERIFY2(e, qPrintable(error));
        TcoAssumptions t;
        t.costOfCapital.value = 0;
        t.maintenancePerYear.value = 0;
        t.spaceUsdPerKwMonth.value = 0;
        t.utilisation.value = 1;
        const ServingPointCost c = servingPointCost(d, QStringLiteral("hgx"), *e, w, t);
        QVERIFY2(rel(c.costs.usdPerMTok, e->usdPerMTok) < 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(c.costs.usdPerMTok).arg(e->usdPerMTok)));
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

    void parseAndSerialise()
    {
        QString error;
        auto t = parseTco(json(R"({"pricing": "rental", "rental_preset": "hyperscaler",
            "pue": {"value": 1.2, "source": "liquid cooled hall", "kind": "measured"},
            "utilisation": 0.5, "usd_per_chip_hour": 3.1,
            "deployments": {"cs3": {"capex_usd_per_chip": 2.5e6}}})"),
                          TcoAssumptions{}, &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(t->pricing, Pricing::Rental);
        QCOMPARE(t->preset, RentalPreset::Hyperscaler);
        QCOMPARE(t->pue.value, 1.2);
        QCOMPARE(t->pue.kind, SourceKind::Measured);
        QCOMPARE(t->pue.source, QStringLiteral("liquid cooled hall"));
        QCOMPARE(t->usdPerChipHour->value, 3.1);
        QCOMPARE(t->perDeployment.at(QStringLiteral("cs3")).capexUsdPerChip->value, 2.5e6);
        // Every assumption is written back with its source; reading that gives the same document.
        const QJsonObject out = tcoToJson(*t);
        QVERIFY(
            out.value(QStringLiteral("maintenance_per_year")).toObject().contains(QStringLiteral("source")));
        auto again = parseTco(out, TcoAssumptions{}, &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(tcoToJson(*again), out);
    }

    void badInput_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("pue") << R"({"pue": 0.9})"
                             << "tco.pue: must be at least 1";
        QTest::newRow("utilisation") << R"({"utilisation": 1.5})"
                                     << "tco.utilisation: must be a share";
        QTest::newRow("negative price") << R"({"usd_per_kwh": -0.1})"
                                        << "tco.usd_per_kwh: must not be negative";
        QTest::newRow("zero years") << R"({"amortisation_years": 0})"
                                    << "tco.amortisation_years: must be positive";
        QTest::newRow("pricing") << R"({"pricing": "lease"})"
                                 << "tco.pricing: expected capex or rental";
        QTest::newRow("preset") << R"({"rental_preset": "spot"})"
                                << "tco.rental_preset: expected";
        QTest::newRow("deployment") << R"({"deployments": {"h100": {"usd_per_chip_hour": -1}}})"
                                    << "tco.deployments.h100.usd_per_chip_hour: must not be negative";
        QTest::newRow("kind") << R"({"pue": {"value": 1.2, "kind": "guess"}})"
                              << "tco.pue.kind: unknown kind";
    }
    void badInput()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!parseTco(QJsonDocument::fromJson(text.toUtf8()).object(), TcoAssumptions{}, &error));
        QVERIFY2(error.startsWith(expected), qPrintable(error));
    }

    void scenarioKeepsSections()
    {
        QString error;
        auto s = parseScenario(json(R"({"version": 1, "model": "llama-3.1-70b", "workload": {},
            "cost": {"usd_per_kwh": 0.12},
            "serving": {"arrival": {"process": "gamma", "cv": 3}},
            "tco": {"utilisation": 0.5},
            "deployments": [{"device": "h100-sxm", "count": 8}]})"),
                               &error);
        QVERIFY2(s, qPrintable(error));
        const QJsonObject round = scenarioToJson(*s);
        QCOMPARE(
            round.value(QStringLiteral("tco")).toObject().value(QStringLiteral("utilisation")).toDouble(),
            0.5);
        QCOMPARE(round.value(QStringLiteral("serving"))
                     .toObject()
                     .value(QStringLiteral("arrival"))
                     .toObject()
                     .value(QStringLiteral("cv"))
                     .toDouble(),
                 3.0);
        auto again = parseScenario(round, &error);
        QVERIFY(again && *again == *s);
        // The scenario's cost section feeds the TCO; the tco section overrides on top.
        auto t = tcoFor(*s, &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(t->usdPerKWh.value, 0.12);
        QCOMPARE(t->utilisation.value, 0.5);
        QVERIFY(!parseScenario(
            json(R"({"version": 1, "model": "x", "workload": {}, "tco": 5, "deployments": []})"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("tco: expected an object")), qPrintable(error));
    }

    void latencyTargetsAsText()
    {
        // 0 means no limit of that kind, and messages say so instead of "<= 0.0 ms".
        SloTargets t;
        QCOMPARE(sloLimitsText(t), QStringLiteral("TTFT <= 2000 ms and TPOT <= 50 ms"));
        t.tpotS = 0;
        QCOMPARE(sloLimitsText(t), QStringLiteral("TTFT <= 2000 ms and no TPOT limit"));
        t.ttftS = 0;
        t.tpotS = 0.0125;
        QCOMPARE(sloLimitsText(t), QStringLiteral("no TTFT limit and TPOT <= 12.5 ms"));
        // What a target set cannot meet names only the targets it states.
        QCOMPARE(sloLimitsText(t, SloText::StatedOnly), QStringLiteral("TPOT <= 12.5 ms"));
        t.ttftS = 0.5;
        QCOMPARE(sloLimitsText(t, SloText::StatedOnly), QStringLiteral("TTFT <= 500 ms and TPOT <= 12.5 ms"));
        // Small targets keep their digits instead of rounding to "0.0 ms".
        t.ttftS = 0.0004;
        t.tpotS = 0.00004;
        QCOMPARE(sloLimitsText(t), QStringLiteral("TTFT <= 0.4 ms and TPOT <= 0.04 ms"));
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
    }

    void fleetForUsers()
    {
        const Scenario s = llamaScenario();
        Engine engine(Catalog::builtin());
        const TcoAssumptions t = TcoAssumptions::fromCost(s.cost);
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

    void fleetForPowerBudget()
    {
        const Scenario s = llamaScenario();
        Engine engine(Catalog::builtin());
        QString error;
        auto r = sizeFleet(s, engine, TcoAssumptions::fromCost(s.cost),
                           FleetTarget{FleetTargetKind::PowerMW, 750}, SloTargets{}, &error);
        QVERIFY2(r, qPrintable(error));
        const FleetRow& hgx = r->rows[0];
        // Peak facility power of one HGX H100: (8 x 700 W + 4600 W host) x PUE 1.3 = 13,260 W.
        QCOMPARE(hgx.unitPeakFacilityW, 13260.0);
        QCOMPARE(hgx.units, 56561LL); // floor(750e6 / 13260)
        QVERIFY(hgx.peakMW <= 750.0);
        QCOMPARE(hgx.tokS, hgx.units * hgx.unitTokS);
        // Four CS-3: 4 x (23 kW + 3 kW host) x 1.3 = 135.2 kW.
        const FleetRow& cs3 = r->rows[1];
        QCOMPARE(cs3.unitPeakFacilityW, 135200.0);
        QCOMPARE(cs3.units, 5547LL); // floor(750e6 / 135200)
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
                         QStringLiteral("cannot meet TTFT <= 1 ms and TPOT <= 0.1 ms even with one stream")),
                     qPrintable(row.why));
        }
        // Only a first-token target: the row names that target alone, no "no TPOT limit" to meet.
        auto ttftOnly = sizeFleet(s, engine, TcoAssumptions{}, FleetTarget{FleetTargetKind::RequestsPerS, 10},
                                  resolveSlo(s.workload, StatedSlo{}, StatedSlo{0.001, 0}), &error);
        QVERIFY2(ttftOnly, qPrintable(error));
        for (const FleetRow& row : ttftOnly->rows) {
            QVERIFY(!row.feasible);
            QVERIFY2(row.why.startsWith(QStringLiteral("cannot meet TTFT <= 1 ms even with one stream")),
                     qPrintable(row.why));
        }
        QVERIFY(!sizeFleet(s, engine, TcoAssumptions{}, FleetTarget{FleetTargetKind::Users, -5}, SloTargets{},
                           &error));
        QVERIFY2(error.contains(QStringLiteral("users: must be a positive number")), qPrintable(error));
        const QJsonObject j = fleetResultToJson(*r);
        QCOMPARE(j.value(QStringLiteral("target")).toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("rps"));
        QCOMPARE(j.value(QStringLiteral("slo")).toObject().value(QStringLiteral("source")).toString(),
                 QStringLiteral("command line"));
        QCOMPARE(j.value(QStringLiteral("slo")).toObject().value(QStringLiteral("tpot_ms")).toDouble(), 0.1);
        QVERIFY(j.value(QStringLiteral("deployments")).toArray().at(0).toObject().contains(QStringLiteral("why")));
    }

    void editingAssumptions()
    {
        // A scenario whose "tco" section shadows the "cost" section's electricity price.
        QString error;
        auto s = parseScenario(json(R"({"version": 1, "model": "llama-3.1-70b",
            "workload": {"input_tokens": 1000, "output_tokens": 1000},
            "cost": {"usd_per_kwh": 0.10},
            "tco": {"usd_per_kwh": 0.12, "maintenance_per_year": {"value": 0.04, "source": "vendor quote", "kind": "third-party"}},
            "deployments": [{"id": "hgx", "device": "h100-sxm", "count": 8}]})"),
                               &error);
        QVERIFY2(s, qPrintable(error));
        TcoSections t = tcoSections(*s);
        QVERIFY(isOverridden(t, {}, QStringLiteral("usd_per_kwh")));
        QVERIFY(isOverridden(t, {}, QStringLiteral("maintenance_per_year")));
        QVERIFY(!isOverridden(t, {}, QStringLiteral("cost_of_capital")));
        QVERIFY(!isOverridden(t, QStringLiteral("hgx"), QStringLiteral("capex_usd_per_chip")));

        // Any edit moves the shared keys to "cost" (the estimates read it), keeping the value in effect.
        t = mustEdit(t, {}, "cost_of_capital", userSet(0.1));
        QCOMPARE(t.cost.usdPerKWh.value, 0.12);
        QVERIFY(!t.tco.contains(QStringLiteral("usd_per_kwh")));
        t = mustEdit(t, QStringLiteral("hgx"), "capex_usd_per_chip", userSet(30000));
        t = mustEdit(t, {}, "pue", userSet(1.2));
        Scenario edited = *s;
        edited.cost = t.cost;
        edited.extensions.insert(QStringLiteral("tco"), t.tco);
        // Saved and parsed again: the same assumptions.
        auto again = parseScenario(scenarioToJson(edited), &error);
        QVERIFY2(again, qPrintable(error));
        auto tco = tcoFor(*again, &error);
        QVERIFY2(tco, qPrintable(error));
        QCOMPARE(tco->costOfCapital.value, 0.1);
        QVERIFY(isUserSet(tco->costOfCapital));
        QCOMPARE(tco->pue.value, 1.2);
        QCOMPARE(again->cost.pue.value, 1.2);
        QCOMPARE(tco->usdPerKWh.value, 0.12);
        QCOMPARE(tco->maintenancePerYear.kind, SourceKind::ThirdParty);
        QCOMPARE(tco->perDeployment.at(QStringLiteral("hgx")).capexUsdPerChip->value, 30000.0);

        // Reset: the default applies again and the key leaves the sections.
        t = mustEdit(t, QStringLiteral("hgx"), "capex_usd_per_chip", std::nullopt);
        QVERIFY(!t.tco.contains(QStringLiteral("deployments")));
        t = mustEdit(t, {}, "pue", std::nullopt);
        QCOMPARE(t.cost.pue.value, CostAssumptions{}.pue.value);
        QVERIFY(!isOverridden(t, {}, QStringLiteral("pue")));
        auto rental = withPricing(t, Pricing::Rental, RentalPreset::Reserved3y, &error);
        QVERIFY2(rental, qPrintable(error));
        t = *rental;
        edited.cost = t.cost;
        edited.extensions.insert(QStringLiteral("tco"), t.tco);
        tco = tcoFor(edited, &error);
        QVERIFY(tco && tco->pricing == Pricing::Rental && tco->preset == RentalPreset::Reserved3y);
    }

    // Every reader of a TCO number applies the same rule to it: parseTco (scenario-wide and per
    // deployment), the scenario's "cost" section, the move of a "tco" value to "cost" that every
    // edit makes, the core editing function, and the editor's own check (satisfies, which the Cost
    // view calls before it builds an edit).
    void everyReaderAgreesOnEveryKey()
    {
        // The rules, stated here once more so that changing one is a deliberate act.
        const std::map<QString, TcoCheck> rules{
            {QStringLiteral("amortisation_years"), TcoCheck::Positive},
            {QStringLiteral("cost_of_capital"), TcoCheck::NonNegative},
            {QStringLiteral("usd_per_kwh"), TcoCheck::NonNegative}, // 0: free power (own solar, subsidised)
            {QStringLiteral("pue"), TcoCheck::AtLeastOne},
            {QStringLiteral("maintenance_per_year"), TcoCheck::NonNegative},
            {QStringLiteral("space_usd_per_kw_month"), TcoCheck::NonNegative},
            {QStringLiteral("network_capex_fraction"), TcoCheck::NonNegative},
            {QStringLiteral("system_share_usd"), TcoCheck::NonNegative},
            {QStringLiteral("usd_per_chip_hour"), TcoCheck::NonNegative},
            {QStringLiteral("utilisation"), TcoCheck::Fraction},
            {QStringLiteral("max_utilisation"), TcoCheck::Fraction},
            {QStringLiteral("capex_usd_per_chip"), TcoCheck::NonNegative},
        };
        QCOMPARE(tcoFields().size(), rules.size());
        const Scenario base = llamaScenario();
        const double points[] = {-1, -1e-9, 0, 1e-9, 0.5, 1 - 1e-9, 1, 1 + 1e-9, 4, 1e6};
        int compared = 0;
        for (const TcoField& field : tcoFields()) {
            const QString key = field.name();
            QVERIFY2(rules.count(key), qPrintable(key));
            QCOMPARE(field.check, rules.at(key));
            QVERIFY2(field.scenarioWide() || field.perDeployment, qPrintable(key));
            QCOMPARE(isCostSectionKey(key), field.cost != nullptr);
            for (double v : points) {
                const bool editor = satisfies(field.check, v);
                switch (field.check) {
                case TcoCheck::Positive:
                    QCOMPARE(editor, v > 0);
                    break;
                case TcoCheck::NonNegative:
                    QCOMPARE(editor, v >= 0);
                    break;
                case TcoCheck::Fraction:
                    QCOMPARE(editor, v > 0 && v <= 1);
                    break;
                case TcoCheck::AtLeastOne:
                    QCOMPARE(editor, v >= 1);
                    break;
                }
                for (const auto& [reader, accepted] : readersAccept(field, QJsonValue(v), base)) {
                    QVERIFY2(accepted == editor,
                             qPrintable(QStringLiteral("%1 = %2: the editor %3 it, %4 %5 it")
                                            .arg(key)
                                            .arg(v, 0, 'g', 17)
                                            .arg(editor ? u"accepts" : u"refuses")
                                            .arg(QLatin1String(reader))
                                            .arg(accepted ? u"accepts" : u"refuses")));
                    ++compared;
                }
            }
            // A range is checked at both ends, by every reader.
            for (double lo : points)
                for (double hi : points) {
                    if (lo > 1 || hi < 1 || lo == hi)
                        continue;
                    const QJsonObject ranged{{QStringLiteral("value"), 1.0},
                                             {QStringLiteral("min"), lo},
                                             {QStringLiteral("max"), hi},
                                             {QStringLiteral("source"), QStringLiteral("test")}};
                    Sourced s = Sourced::assumed(1.0);
                    s.min = lo;
                    s.max = hi;
                    const bool rule = satisfies(field.check, s);
                    QCOMPARE(rule, satisfies(field.check, lo) && satisfies(field.check, hi));
                    for (const auto& [reader, accepted] : readersAccept(field, ranged, base)) {
                        QVERIFY2(accepted == rule, qPrintable(QStringLiteral("%1 = [%2, %3]: %4")
                                                                  .arg(key)
                                                                  .arg(lo)
                                                                  .arg(hi)
                                                                  .arg(QLatin1String(reader))));
                        ++compared;
                    }
                }
        }
        QVERIFY(compared > 500);
        QVERIFY(!satisfies(TcoCheck::NonNegative, std::nan("")));
        QVERIFY(!satisfies(TcoCheck::NonNegative, std::numeric_limits<double>::infinity()));
    }

    // A scenario with a value at the edge of its rule, in "tco", in "cost" or per deployment, opens,
    // takes an edit from the Cost view's editing function, saves, and opens again with the value.
    // (Before, "tco": {"usd_per_kwh": 0} opened but was saved as cost.usd_per_kwh: 0 after any
    // edit, which the "cost" parser refused.)
    void edgeValuesSurviveEditSaveAndReopen()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QJsonObject base = scenarioToJson(llamaScenario());
        auto edges = [](TcoCheck c) -> std::vector<double> {
            switch (c) {
            case TcoCheck::Positive:
                return {1e-9};
            case TcoCheck::NonNegative:
                return {0.0};
            case TcoCheck::Fraction:
                return {1e-9, 1.0};
            case TcoCheck::AtLeastOne:
                return {1.0};
            }
            return {};
        };
        int files = 0;
        for (const TcoField& field : tcoFields()) {
            const QString key = field.name();
            // An edit of another assumption (every edit moves "tco" values to "cost").
            const QString other = key == QLatin1String("maintenance_per_year")
                                      ? QStringLiteral("cost_of_capital")
                                      : QStringLiteral("maintenance_per_year");
            for (double edge : edges(field.check)) {
                enum Where { Tco, Cost, PerDeployment };
                for (Where where : {Tco, Cost, PerDeployment}) {
                    if ((where == Tco && !field.scenarioWide()) || (where == Cost && !field.cost) ||
                        (where == PerDeployment && !field.perDeployment))
                        continue;
                    const QString what = QStringLiteral("%1 = %2 in %3").arg(key).arg(edge).arg(int(where));
                    QJsonObject root = base;
                    if (where == Cost)
                        root.insert(QStringLiteral("cost"), QJsonObject{{key, edge}});
                    else if (where == Tco)
                        root.insert(QStringLiteral("tco"), QJsonObject{{key, edge}});
                    else
                        root.insert(
                            QStringLiteral("tco"),
                            QJsonObject{{QStringLiteral("deployments"),
                                         QJsonObject{{QStringLiteral("hgx"), QJsonObject{{key, edge}}}}}});
                    const QString path = dir.filePath(QStringLiteral("edge-%1.json").arg(files++));
                    {
                        QFile f(path);
                        QVERIFY(f.open(QIODevice::WriteOnly));
                        f.write(QJsonDocument(root).toJson());
                    }
                    QString error;
                    auto loaded = loadScenarioFile(path, &error);
                    QVERIFY2(loaded, qPrintable(what + QStringLiteral(": ") + error));
                    auto value = [&](const Scenario& s) -> std::optional<double> {
                        QString err;
                        auto t = tcoFor(s, &err);
                        if (!t)
                            return std::nullopt;
                        if (where == PerDeployment) {
                            const auto& p = t->perDeployment.at(QStringLiteral("hgx"));
                            return (p.*field.perDeployment) ? std::optional((p.*field.perDeployment)->value)
                                                            : std::nullopt;
                        }
                        const Sourced* v = field.get(*t);
                        return v ? std::optional(v->value) : std::nullopt;
                    };
                    QCOMPARE(value(*loaded), std::optional(edge));

                    auto sections = withAssumption(tcoSections(*loaded), {}, other, userSet(0.06), &error);
                    QVERIFY2(sections, qPrintable(what + QStringLiteral(": ") + error));
                    Scenario edited = *loaded;
                    edited.cost = sections->cost;
                    edited.extensions.insert(QStringLiteral("tco"), sections->tco);
                    const QString savedPath = dir.filePath(QStringLiteral("edited-%1.json").arg(files));
                    QVERIFY2(saveScenarioFile(edited, savedPath, &error), qPrintable(error));
                    auto reopened = loadScenarioFile(savedPath, &error);
                    QVERIFY2(reopened, qPrintable(what + QStringLiteral(": ") + error));
                    QCOMPARE(value(*reopened), std::optional(edge));
                    if (field.cost && where != PerDeployment)
                        QCOMPARE((reopened->cost.*field.cost).value, edge);
                }
            }
        }
        QVERIFY(files >= 15);
    }

    // A "tco" value that cannot be moved to "cost" stops the edit with its field named (it used to
    // be dropped without a word); editing or resetting that assumption itself replaces it.
    void badTcoValueStopsTheEditWithItsField()
    {
        const Scenario base = llamaScenario();
        TcoSections bad = tcoSections(base);
        bad.tco.insert(QStringLiteral("pue"), 0.5);
        QString error;
        QVERIFY(!withAssumption(bad, {}, QStringLiteral("maintenance_per_year"), userSet(0.05), &error));
        QCOMPARE(error, QStringLiteral("tco.pue: must be at least 1"));
        error.clear();
        QVERIFY(!withAssumption(bad, QStringLiteral("hgx"), QStringLiteral("capex_usd_per_chip"), userSet(1),
                                &error));
        QCOMPARE(error, QStringLiteral("tco.pue: must be at least 1"));
        error.clear();
        QVERIFY(!withPricing(bad, Pricing::Rental, RentalPreset::Neocloud, &error));
        QCOMPARE(error, QStringLiteral("tco.pue: must be at least 1"));
        error.clear();
        bad.tco.insert(QStringLiteral("usd_per_kwh"), QStringLiteral("cheap"));
        bad.tco.remove(QStringLiteral("pue"));
        QVERIFY(!withAssumption(bad, {}, QStringLiteral("utilisation"), userSet(0.5), &error));
        QVERIFY2(error.startsWith(QStringLiteral("tco.usd_per_kwh: expected a number")), qPrintable(error));

        error.clear();
        auto fixed = withAssumption(bad, {}, QStringLiteral("usd_per_kwh"), userSet(0.1), &error);
        QVERIFY2(fixed, qPrintable(error));
        QCOMPARE(fixed->cost.usdPerKWh.value, 0.1);
        QVERIFY(!fixed->tco.contains(QStringLiteral("usd_per_kwh")));
        auto reset = withAssumption(bad, {}, QStringLiteral("usd_per_kwh"), std::nullopt, &error);
        QVERIFY2(reset, qPrintable(error));
        QCOMPARE(reset->cost.usdPerKWh.value, CostAssumptions{}.usdPerKWh.value);
        QVERIFY(!reset->tco.contains(QStringLiteral("usd_per_kwh")));

        // Values outside their rule, unknown keys and keys in the wrong place name the field.
        const TcoSections good = tcoSections(base);
        struct Bad
        {
            const char* deployment;
            const char* key;
            double value;
            const char* error;
        };
        for (const Bad& b :
             {Bad{"", "pue", 0.99, "cost.pue: must be at least 1"},
              Bad{"", "usd_per_kwh", -0.01, "cost.usd_per_kwh: must not be negative"},
              Bad{"", "utilisation", 0, "tco.utilisation: must be a share above 0 and at most 1"},
              Bad{"hgx", "usd_per_chip_hour", -1,
                  "tco.deployments.hgx.usd_per_chip_hour: must not be negative"},
              Bad{"", "pue_typo", 1, "tco.pue_typo: not a TCO assumption"},
              Bad{"", "capex_usd_per_chip", 1, "tco.capex_usd_per_chip: only set per deployment"},
              Bad{"hgx", "pue", 1.2, "tco.deployments.hgx.pue: not a per-deployment price"}}) {
            error.clear();
            QVERIFY(!withAssumption(good, QLatin1String(b.deployment), QLatin1String(b.key), userSet(b.value),
                                    &error));
            QCOMPARE(error, QLatin1String(b.error));
        }
    }
};

QTEST_GUILESS_MAIN(TestCost)
#include "tst_cost.moc"
