// SPDX-License-Identifier: MIT
// The TCO assumptions as a scenario carries them: parsed and written back, bad input named by its
// field, the scenario's sections kept, edits of one assumption, every reader agreeing on every
// key, and edge values surviving an edit, a save and a reopen.
#include "BadInputRows.h"
#include "CostFixture.h"

#include "cost/TcoAssumptions.h"
#include "cost/TcoEditing.h"
#include "cost/TcoFields.h"
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
using namespace is::test;

namespace {

// An edit the test expects to succeed.
TcoAssumptions mustEdit(const TcoAssumptions& t, const QString& deploymentId, const char* key,
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
                       sourced && withAssumption(base.tco, {}, key, *sourced, &error).has_value());
        QJsonObject root = scenarioToJson(base);
        root.insert(QStringLiteral("tco"), QJsonObject{{key, value}});
        error.clear();
        r.emplace_back("the scenario's tco section", parseScenario(root, &error).has_value());
    }
    if (field.perDeployment) {
        const QJsonObject deps{
            {QStringLiteral("deployments"), QJsonObject{{QStringLiteral("hgx"), QJsonObject{{key, value}}}}}};
        error.clear();
        r.emplace_back("parseTco per deployment", parseTco(deps, TcoAssumptions{}, &error).has_value());
        error.clear();
        r.emplace_back(
            "withAssumption per deployment",
            sourced && withAssumption(base.tco, QStringLiteral("hgx"), key, *sourced, &error).has_value());
    }
    if (field.cost) {
        QJsonObject root = scenarioToJson(base);
        root.insert(QStringLiteral("cost"), QJsonObject{{key, value}});
        error.clear();
        r.emplace_back("the scenario's cost section", parseScenario(root, &error).has_value());
    }
    return r;
}

} // namespace

class TestCostTco : public QObject
{
    Q_OBJECT

private Q_SLOTS:
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
        is::testing::addBadInputRows({
            {"pue", R"({"pue": 0.9})", "tco.pue: must be at least 1"},
            {"utilisation", R"({"utilisation": 1.5})", "tco.utilisation: must be a share"},
            {"negative price", R"({"usd_per_kwh": -0.1})", "tco.usd_per_kwh: must not be negative"},
            {"zero years", R"({"amortisation_years": 0})", "tco.amortisation_years: must be positive"},
            {"pricing", R"({"pricing": "lease"})", "tco.pricing: expected capex or rental"},
            {"preset", R"({"rental_preset": "spot"})", "tco.rental_preset: expected"},
            {"deployment", R"({"deployments": {"h100": {"usd_per_chip_hour": -1}}})",
             "tco.deployments.h100.usd_per_chip_hour: must not be negative"},
            {"kind", R"({"pue": {"value": 1.2, "kind": "guess"}})", "tco.pue.kind: unknown kind"},
        });
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
        // Saved as a sourced number (the form every reader takes), with the value as stated.
        QCOMPARE(
            parseSourced(round.value(QStringLiteral("tco")).toObject().value(QStringLiteral("utilisation")),
                         QStringLiteral("utilisation"), &error)
                ->value,
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
        QCOMPARE(s->tco.usdPerKWh.value, 0.12);
        QCOMPARE(s->tco.utilisation.value, 0.5);
        QCOMPARE(s->serving.arrival.cv, 3.0);
        // What is not stated is not saved: the defaults stay defaults.
        QCOMPARE(round.value(QStringLiteral("tco")).toObject().keys(),
                 QStringList{QStringLiteral("utilisation")});
        QVERIFY(!parseScenario(
            json(R"({"version": 1, "model": "x", "workload": {}, "tco": 5, "deployments": []})"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("tco: expected an object")), qPrintable(error));
    }

    void editingAssumptions()
    {
        // A scenario whose "tco" section states the electricity price again: it wins, for the
        // engine's estimates and the Cost view alike (one set of assumptions).
        QString error;
        auto s = parseScenario(json(R"({"version": 1, "model": "llama-3.1-70b",
            "workload": {"input_tokens": 1000, "output_tokens": 1000},
            "cost": {"usd_per_kwh": 0.10},
            "tco": {"usd_per_kwh": 0.12, "maintenance_per_year": {"value": 0.04, "source": "vendor quote", "kind": "third-party"}},
            "deployments": [{"id": "hgx", "device": "h100-sxm", "count": 8}]})"),
                               &error);
        QVERIFY2(s, qPrintable(error));
        TcoAssumptions t = s->tco;
        QCOMPARE(t.usdPerKWh.value, 0.12);
        QVERIFY(isOverridden(t, {}, QStringLiteral("usd_per_kwh")));
        QVERIFY(isOverridden(t, {}, QStringLiteral("maintenance_per_year")));
        QVERIFY(!isOverridden(t, {}, QStringLiteral("cost_of_capital")));
        QVERIFY(!isOverridden(t, QStringLiteral("hgx"), QStringLiteral("capex_usd_per_chip")));

        t = mustEdit(t, {}, "cost_of_capital", userSet(0.1));
        QCOMPARE(t.usdPerKWh.value, 0.12);
        t = mustEdit(t, QStringLiteral("hgx"), "capex_usd_per_chip", userSet(30000));
        t = mustEdit(t, {}, "pue", userSet(1.2));
        QVERIFY(isOverridden(t, QStringLiteral("hgx"), QStringLiteral("capex_usd_per_chip")));
        Scenario edited = *s;
        edited.tco = t;
        // Saved and parsed again: the same assumptions, the engine's three in "cost".
        const QJsonObject saved = scenarioToJson(edited);
        QCOMPARE(saved.value(QStringLiteral("cost"))
                     .toObject()
                     .value(QStringLiteral("usd_per_kwh"))
                     .toObject()
                     .value(QStringLiteral("value"))
                     .toDouble(),
                 0.12);
        QVERIFY(!saved.value(QStringLiteral("tco")).toObject().contains(QStringLiteral("usd_per_kwh")));
        auto again = parseScenario(saved, &error);
        QVERIFY2(again, qPrintable(error));
        const TcoAssumptions& tco = again->tco;
        QCOMPARE(tco.costOfCapital.value, 0.1);
        QVERIFY(isUserSet(tco.costOfCapital));
        QCOMPARE(tco.pue.value, 1.2);
        QCOMPARE(tco.usdPerKWh.value, 0.12);
        QCOMPARE(tco.maintenancePerYear.kind, SourceKind::ThirdParty);
        QCOMPARE(tco.perDeployment.at(QStringLiteral("hgx")).capexUsdPerChip->value, 30000.0);
        QCOMPARE(tco, t);

        // Reset: the default applies again and the key leaves the saved sections.
        t = mustEdit(t, QStringLiteral("hgx"), "capex_usd_per_chip", std::nullopt);
        QVERIFY(t.perDeployment.empty());
        QVERIFY(!tcoSectionJson(t).contains(QStringLiteral("deployments")));
        t = mustEdit(t, {}, "pue", std::nullopt);
        QCOMPARE(t.pue, CostAssumptions{}.pue);
        QVERIFY(!isOverridden(t, {}, QStringLiteral("pue")));
        t = withPricing(t, Pricing::Rental, RentalPreset::Reserved3y);
        edited.tco = t;
        again = parseScenario(scenarioToJson(edited), &error);
        QVERIFY(again && again->tco.pricing == Pricing::Rental &&
                again->tco.preset == RentalPreset::Reserved3y);
    }

    // Every reader of a TCO number applies the same rule to it: parseTco (scenario-wide and per
    // deployment), the scenario's "cost" and "tco" sections, the core editing function, and the
    // editor's own check (satisfies, which the Cost view calls before it builds an edit).
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
                        const TcoAssumptions* t = &s.tco;
                        if (where == PerDeployment) {
                            const auto& p = t->perDeployment.at(QStringLiteral("hgx"));
                            return (p.*field.perDeployment) ? std::optional((p.*field.perDeployment)->value)
                                                            : std::nullopt;
                        }
                        const Sourced* v = field.get(*t);
                        return v ? std::optional(v->value) : std::nullopt;
                    };
                    QCOMPARE(value(*loaded), std::optional(edge));

                    auto next = withAssumption(loaded->tco, {}, other, userSet(0.06), &error);
                    QVERIFY2(next, qPrintable(what + QStringLiteral(": ") + error));
                    Scenario edited = *loaded;
                    edited.tco = *next;
                    const QString savedPath = dir.filePath(QStringLiteral("edited-%1.json").arg(files));
                    QVERIFY2(saveScenarioFile(edited, savedPath, &error), qPrintable(error));
                    auto reopened = loadScenarioFile(savedPath, &error);
                    QVERIFY2(reopened, qPrintable(what + QStringLiteral(": ") + error));
                    QCOMPARE(value(*reopened), std::optional(edge));
                    if (field.cost && where != PerDeployment)
                        QCOMPARE((reopened->tco.*field.cost).value, edge);
                }
            }
        }
        QVERIFY(files >= 15);
    }

    // A bad "tco" value is refused when the scenario opens, with its field named; so is an edit
    // outside a rule, an unknown key or a key in the wrong place.
    void badTcoValueIsRefusedWithItsField()
    {
        const Scenario base = llamaScenario();
        QString error;
        QJsonObject root = scenarioToJson(base);
        root.insert(QStringLiteral("tco"), QJsonObject{{QStringLiteral("pue"), 0.5}});
        QVERIFY(!parseScenario(root, &error));
        QCOMPARE(error, QStringLiteral("tco.pue: must be at least 1"));
        error.clear();
        root.insert(QStringLiteral("tco"),
                    QJsonObject{{QStringLiteral("usd_per_kwh"), QStringLiteral("cheap")}});
        QVERIFY(!parseScenario(root, &error));
        QVERIFY2(error.startsWith(QStringLiteral("tco.usd_per_kwh: expected a number")), qPrintable(error));

        // Values outside their rule, unknown keys and keys in the wrong place name the field.
        const TcoAssumptions& good = base.tco;
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

QTEST_GUILESS_MAIN(TestCostTco)
#include "tst_cost_tco.moc"
