// SPDX-License-Identifier: MIT
#include "analysis/ScenarioAnalysis.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/ScenarioEvaluation.h"

#include "SourcePath.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace is;

class TestScenario : public QObject
{
    Q_OBJECT

    static QString sourceDir() { return is::testing::sourceRoot(); }
    // The studio's default scenario, as shipped.
    static std::optional<Scenario> loadDefaultScenario(QString* err)
    {
        return loadScenarioFile(sourceDir() + QStringLiteral("/scenarios/gpt-5.6-sol-vs-kimi-k3.json"), err);
    }
    QString m_err;

    // Everything analyseScenario derives from a deployment's speed-versus-context curves.
    static QList<double> curvesOf(const DeploymentAnalysis& d)
    {
        QList<double> v;
        for (const BandPoint& p : d.speedVsContext)
            v << p.x << p.y << p.low << p.high;
        for (KvPlacement k : d.contextPlacement)
            v << double(k);
        for (int c : d.contextChips)
            v << c;
        v << d.sramExhaustedAt;
        return v;
    }
    static QList<QList<double>> curvesOf(const ScenarioAnalysis& a)
    {
        QList<QList<double>> v;
        for (const DeploymentAnalysis& d : a.deployments)
            v << curvesOf(d);
        return v;
    }

    struct Variation
    {
        const char* what;
        size_t deployment; // whose curve the edit changes
        void (*edit)(Scenario&);
    };
    static const std::vector<Variation>& variations()
    {
        static const std::vector<Variation> v{
            // bf16: twice the bytes of the deployment's fp8, so every figure moves.
            {"weight precision", 1, [](Scenario& s) { s.deployments[1].weights = Precision::BF16; }},
            {"kv precision", 1, [](Scenario& s) { s.deployments[1].kv = Precision::BF16; }},
            {"speculative decoding", 1,
             [](Scenario& s) { s.deployments[1].speculative = SpeculativeMethod::Eagle3; }},
            {"chip count", 1, [](Scenario& s) { s.deployments[1].count = 16; }},
            {"deployment model", 1,
             [](Scenario& s) { s.deployments[1].model.catalogId = QStringLiteral("llama-3.1-70b"); }},
            {"execution mode", 0,
             [](Scenario& s) { s.deployments[0].mode = ExecutionMode::WeightStreaming; }},
            {"concurrency", 1, [](Scenario& s) { s.workload.concurrency = 64; }},
            {"goal", 1, [](Scenario& s) { s.goal = ServingGoal::MaxThroughput; }},
        };
        return v;
    }

private slots:
    void shippedScenariosEvaluate_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("default") << QStringLiteral("gpt-5.6-sol-vs-kimi-k3.json");
        QTest::newRow("llama70b") << QStringLiteral("llama-3.1-70b-cs3-vs-h100.json");
    }
    void shippedScenariosEvaluate()
    {
        QFETCH(QString, file);
        QString err;
        auto s = loadScenarioFile(sourceDir() + QStringLiteral("/scenarios/") + file, &err);
        QVERIFY2(s, qPrintable(err));
        Engine engine(Catalog::builtin());
        auto results = evaluateScenario(*s, engine, &err);
        QVERIFY2(results, qPrintable(err));
        QCOMPARE(results->size(), s->deployments.size());
        for (const auto& r : *results) {
            QVERIFY(r.estimate.mid.fits);
            QVERIFY(r.estimate.mid.tokSUser > 0 && std::isfinite(r.estimate.mid.tokSUser));
            QVERIFY(r.estimate.mid.usdPerMTok > 0 && std::isfinite(r.estimate.mid.usdPerMTok));
        }
        const ScenarioAnalysis a = analyseScenario(*s, engine, defaultContextGrid(9));
        QVERIFY(a.error.isEmpty());
        for (const auto& d : a.deployments) {
            // The workload's own context where it is shorter than the grid's first (the Llama
            // sample's 1,000 tokens), the grid's points up to the model's context window, then the
            // window's edge itself.
            QVERIFY(d.maxContext > 0);
            const std::vector<double> grid = defaultContextGrid(9);
            const double edge = d.maxContext - s->workload.outputTokens;
            const bool shorter = s->workload.inputTokens < grid.front();
            QCOMPARE(d.speedVsContext.size(),
                     size_t(std::count_if(grid.begin(), grid.end(), [&](double c) { return c <= edge; }) + 1 +
                            (shorter ? 1 : 0)));
            QCOMPARE(d.speedVsContext.front().x, shorter ? s->workload.inputTokens : grid.front());
            QCOMPARE(d.speedVsContext.back().x, edge);
            for (const BandPoint& p : d.speedVsContext)
                QVERIFY(std::isfinite(p.y) && p.low <= p.y && p.y <= p.high);
            QVERIFY(!d.pareto.empty());
            // Batches grow; where the regime changes the sweep found the exact batch it changes at.
            for (size_t i = 1; i < d.pareto.size(); ++i) {
                QVERIFY(d.pareto[i].batch > d.pareto[i - 1].batch);
                QVERIFY(!d.pareto[i].regime.isEmpty());
                if (d.pareto[i].regime != d.pareto[i - 1].regime)
                    QCOMPARE(d.pareto[i].batch, d.pareto[i - 1].batch + 1);
            }
        }
    }

    // "GPT-5.6 Sol on 64 x Groq LPU at 1K context: needs 0": the context issue now says what the
    // deployment lacks as the estimate does, and that no count up to the search's limit fits. It
    // is said of a deployment that fits at the workload's context (Llama 3.1 8B on 48 LPUs, not at
    // 128K); one that does not has that issue alone (the two read alike, one "at 1K context").
    void contextIssueSaysWhatItLacks()
    {
        const QByteArray json = R"({"version":1,"model":"gpt-5.6-sol","workload":{"input_tokens":8192,
            "output_tokens":1024},"deployments":[{"id":"g","name":"g","device":"groq-lpu","count":64},
            {"id":"h","name":"h","device":"h100-sxm","count":8,"model":"llama-4-maverick"},
            {"id":"s","name":"s","device":"groq-lpu","count":48,"model":"llama-3.1-8b"}]})";
        QString err;
        auto s = parseScenario(QJsonDocument::fromJson(json).object(), &err);
        QVERIFY2(s, qPrintable(err));
        Engine engine(Catalog::builtin());
        const ScenarioAnalysis a = analyseScenario(*s, engine, defaultContextGrid(9));
        QVERIFY2(a.error.isEmpty(), qPrintable(a.error));
        int contextIssues = 0;
        for (const QString& issue : a.issues) {
            QVERIFY2(!issue.contains(QStringLiteral("needs 0")), qPrintable(issue));
            if (!issue.contains(QStringLiteral("does not fit")))
                continue;
            QVERIFY2(issue.contains(QStringLiteral("GB in all")) &&
                         issue.contains(QStringLiteral("each has")) &&
                         (issue.contains(QStringLiteral("the smallest count that fits is")) ||
                          issue.contains(QStringLiteral("no count up to"))),
                     qPrintable(issue));
            if (issue.contains(QStringLiteral("K context"))) {
                ++contextIssues;
                QVERIFY2(issue.startsWith(QStringLiteral("Llama 3.1 8B")), qPrintable(issue));
            }
        }
        QCOMPARE(contextIssues, 1);
    }

    // Names the studio made follow the model and the device until the user renames them; the flag
    // survives a save and load, and files without it keep their names.
    void automaticNames()
    {
        auto catalog = Catalog::builtin();
        Scenario s;
        s.model.catalogId = QStringLiteral("kimi-k2");
        DeploymentDoc d;
        d.id = QStringLiteral("a");
        d.device = QStringLiteral("h100-sxm");
        d.count = 8;
        QCOMPARE(automaticDeploymentName(s, d, *catalog), QStringLiteral("Kimi K2 on H100 SXM5 80GB"));
        d.model.catalogId = QStringLiteral("gpt-5.6-sol");
        d.device = QStringLiteral("cs-3");
        QCOMPARE(automaticDeploymentName(s, d, *catalog), QStringLiteral("GPT-5.6 Sol on CS-3"));
        d.device = QStringLiteral("groq-lpu");
        QCOMPARE(automaticDeploymentName(s, d, *catalog), QStringLiteral("GPT-5.6 Sol on Groq LPU"));
        d.name = automaticDeploymentName(s, d, *catalog);
        d.autoName = true;
        s.deployments.push_back(d);
        DeploymentDoc twin = d;
        twin.id = QStringLiteral("b");
        QCOMPARE(automaticDeploymentName(s, twin, *catalog), QStringLiteral("GPT-5.6 Sol on Groq LPU (2)"));
        s.deployments.push_back(twin);
        s.deployments.back().autoName = false;

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("names.json"));
        QVERIFY2(saveScenarioFile(s, path, &m_err), qPrintable(m_err));
        auto back = loadScenarioFile(path, &m_err);
        QVERIFY2(back, qPrintable(m_err));
        QVERIFY(back->deployments[0].autoName);
        QVERIFY(!back->deployments[1].autoName);
        QCOMPARE(back->deployments[0].name, d.name);
        // Old files: no flag, the name as written.
        auto old = parseScenario(QJsonDocument::fromJson(R"({"version":1,"model":"llama-3.1-8b","workload":{},
            "deployments":[{"id":"x","name":"GPT-5.6 Sol on CS-3","device":"cs-3","count":1}]})")
                                     .object(),
                                 &m_err);
        QVERIFY2(old, qPrintable(m_err));
        QVERIFY(!old->deployments[0].autoName);
    }

    void analysisSplitMatchesWhole()
    {
        // Deployment by deployment, in parallel or not, gives what the whole analysis gives.
        QString err;
        const auto loaded = loadDefaultScenario(&err);
        QVERIFY2(loaded, qPrintable(err));
        const Scenario& s = *loaded;
        QVERIFY(s.deployments.size() >= 2);
        const Engine engine(Catalog::builtin());
        const auto grid = defaultContextGrid();
        QThreadPool pool;
        // No curve cache in these three, so each computes every value itself.
        const ScenarioAnalysis whole = analyseScenario(s, engine, grid);
        const ScenarioAnalysis serial = analyseScenarioPerDeployment(s, engine, grid, nullptr);
        const ScenarioAnalysis split = analyseScenarioPerDeployment(s, engine, grid, &pool);
        // And the studio's way, through a cache filled by the first run and read by the second.
        ContextCurveCache cache;
        analyseScenarioPerDeployment(s, engine, grid, &pool, &cache);
        const ScenarioAnalysis cached = analyseScenarioPerDeployment(s, engine, grid, &pool, &cache);
        QCOMPARE(cache.hits(), quint64(s.deployments.size()));
        for (const ScenarioAnalysis* other : {&serial, &split, &cached}) {
            QCOMPARE(other->deployments.size(), whole.deployments.size());
            QCOMPARE(other->issues, whole.issues);
            QCOMPARE(other->error, whole.error);
            for (size_t i = 0; i < whole.deployments.size(); ++i) {
                const DeploymentAnalysis& a = whole.deployments[i];
                const DeploymentAnalysis& b = other->deployments[i];
                QCOMPARE(b.docId, a.docId);
                QCOMPARE(b.name, a.name);
                for (Estimate RangedEstimate::*end :
                     {&RangedEstimate::low, &RangedEstimate::mid, &RangedEstimate::high}) {
                    const Estimate& x = a.estimate.*end;
                    const Estimate& y = b.estimate.*end;
                    QCOMPARE(y.chips, x.chips);
                    QCOMPARE(y.tokSUser, x.tokSUser);
                    QCOMPARE(y.tokSTotal, x.tokSTotal);
                    QCOMPARE(y.ttftS, x.ttftS);
                    QCOMPARE(y.usdPerMTok, x.usdPerMTok);
                }
                // The curves, placements, chip counts and SRAM-exhaustion point (curvesOf).
                QCOMPARE(curvesOf(b), curvesOf(a));
                QCOMPARE(b.maxContext, a.maxContext);
                QCOMPARE(b.sramExhaustedAction, a.sramExhaustedAction);
                QCOMPARE(b.pareto.size(), a.pareto.size());
                for (size_t p = 0; p < a.pareto.size(); ++p) {
                    QCOMPARE(b.pareto[p].batch, a.pareto[p].batch);
                    QCOMPARE(b.pareto[p].tokSUser, a.pareto[p].tokSUser);
                    QCOMPARE(b.pareto[p].tokSPerChip, a.pareto[p].tokSPerChip);
                    QCOMPARE(b.pareto[p].tokSPerMW, a.pareto[p].tokSPerMW);
                }
            }
        }
    }

    // Which latency targets a deployment misses is decided here, by the rule the server goal
    // chooses its batch by: a mean above the limit misses it, one at the limit meets it.
    void missedTargetsByTheLimits()
    {
        Estimate e;
        e.fits = true;
        e.ttftS = 0.6;
        e.tpotS = 0.02;
        Workload w;
        QVERIFY(missedTargets(e, w).empty()); // no target set
        QCOMPARE(speedTarget(w), 0.0);
        w.ttftLimitS = 0.5;
        w.tpotLimitS = 0.02; // met exactly
        auto missed = missedTargets(e, w);
        QCOMPARE(missed.size(), size_t(1));
        QVERIFY(missed[0].target == LatencyTarget::Ttft);
        QCOMPARE(missed[0].limitS, 0.5);
        QCOMPARE(missed[0].valueS, 0.6);
        w.tpotLimitS = 0.01;
        missed = missedTargets(e, w);
        QCOMPARE(missed.size(), size_t(2));
        QVERIFY(missed[1].target == LatencyTarget::Tpot);
        QCOMPARE(missed[1].limitS, 0.01);
        QCOMPARE(missed[1].valueS, 0.02);
        // A TPOT of 10 ms is 100 tokens per second for one user.
        QCOMPARE(speedTarget(w), 100.0);
        // A deployment that does not fit has no latency to compare.
        e.fits = false;
        QVERIFY(missedTargets(e, w).empty());
    }

    // Targets apply in every goal; in the server goal a deployment that cannot meet them with
    // one stream still fits (memory) but is reported as missing them, not as meeting them.
    void analysisMarksMissedTargets()
    {
        QString err;
        auto s =
            loadScenarioFile(sourceDir() + QStringLiteral("/scenarios/llama-3.1-70b-cs3-vs-h100.json"), &err);
        QVERIFY2(s, qPrintable(err));
        const Engine engine(Catalog::builtin());
        const ScenarioAnalysis plain = analyseScenario(*s, engine, defaultContextGrid(3));
        QCOMPARE(plain.deployments.size(), size_t(2));
        const double cs3Tpot = plain.deployments[0].estimate.mid.tpotS;
        const double hgxTpot = plain.deployments[1].estimate.mid.tpotS;
        QVERIFY(cs3Tpot < hgxTpot);
        for (const DeploymentAnalysis& d : plain.deployments)
            QVERIFY(d.missedTargets.empty());

        // A TPOT target between the two (fixed concurrency): the H100 node misses it.
        s->workload.tpotLimitS = std::sqrt(cs3Tpot * hgxTpot);
        const ScenarioAnalysis fixed = analyseScenario(*s, engine, defaultContextGrid(3));
        QVERIFY(fixed.workload == s->workload);
        QVERIFY(fixed.deployments[0].missedTargets.empty());
        QCOMPARE(fixed.deployments[1].missedTargets.size(), size_t(1));
        const TargetMiss& m = fixed.deployments[1].missedTargets.front();
        QVERIFY(m.target == LatencyTarget::Tpot);
        QCOMPARE(m.limitS, s->workload.tpotLimitS);
        QCOMPARE(m.valueS, fixed.deployments[1].estimate.mid.tpotS);

        // The server goal with a first token no deployment can reach (1 µs): both still fit,
        // both miss the TTFT target.
        s->goal = ServingGoal::LatencyBounded;
        s->workload.tpotLimitS = 0;
        s->workload.ttftLimitS = 1e-6;
        const ScenarioAnalysis server = analyseScenario(*s, engine, defaultContextGrid(3));
        for (const DeploymentAnalysis& d : server.deployments) {
            QVERIFY(d.estimate.mid.fits);
            QCOMPARE(d.missedTargets.size(), size_t(1));
            QVERIFY(d.missedTargets.front().target == LatencyTarget::Ttft);
            QCOMPARE(d.missedTargets.front().valueS, d.estimate.mid.ttftS);
        }
        // Split by deployment, the analysis says the same.
        const ScenarioAnalysis split =
            analyseScenarioPerDeployment(*s, engine, defaultContextGrid(3), nullptr);
        QVERIFY(split.workload == s->workload);
        for (size_t i = 0; i < split.deployments.size(); ++i)
            QVERIFY(split.deployments[i].missedTargets == server.deployments[i].missedTargets);
    }

    // The studio caches speed-versus-context curves between analyses. A change to anything they
    // depend on must compute them again: every variation below goes through one cache and must
    // equal an analysis without it, and must change the curve (or it would prove nothing).
    void curveCacheIsNeverStale_data()
    {
        QTest::addColumn<int>("variation");
        for (size_t i = 0; i < variations().size(); ++i)
            QTest::newRow(variations()[i].what) << int(i);
    }
    void curveCacheIsNeverStale()
    {
        QFETCH(int, variation);
        const Variation& v = variations()[size_t(variation)];
        QString err;
        auto base = loadDefaultScenario(&err);
        QVERIFY2(base, qPrintable(err));
        const std::vector<double> grid = defaultContextGrid(9);
        Engine engine(Catalog::builtin());
        ContextCurveCache cache;
        const ScenarioAnalysis before = analyseScenario(*base, engine, grid, &cache);
        QCOMPARE(cache.misses(), quint64(2));
        QCOMPARE(cache.size(), size_t(2));
        QCOMPARE(curvesOf(before), curvesOf(analyseScenario(*base, engine, grid)));

        // The input length alone, a name or a canvas position: the curves come from the cache.
        Scenario moved = *base;
        moved.workload.inputTokens = 65536;
        moved.deployments[1].name = QStringLiteral("renamed");
        moved.deployments[1].x += 100;
        QCOMPARE(curvesOf(analyseScenario(moved, engine, grid, &cache)), curvesOf(before));
        QCOMPARE(cache.hits(), quint64(2));

        Scenario changed = *base;
        v.edit(changed);
        const ScenarioAnalysis fresh = analyseScenario(changed, engine, grid);
        QVERIFY2(fresh.error.isEmpty(), qPrintable(fresh.error));
        QVERIFY2(curvesOf(fresh.deployments[v.deployment]) != curvesOf(before.deployments[v.deployment]),
                 "the edit does not change the curve: the test would prove nothing");
        QCOMPARE(curvesOf(analyseScenario(changed, engine, grid, &cache)), curvesOf(fresh));
    }

    // The serving runtime's limits shape the estimate, so they are part of a deployment's key:
    // the curve of a deployment whose runtime runs fewer streams at once is computed again.
    void curveCacheKeysTheServingRuntime()
    {
        QString err;
        auto base = loadDefaultScenario(&err);
        QVERIFY2(base, qPrintable(err));
        base->workload.concurrency = 4096;
        const std::vector<double> grid = defaultContextGrid(9);
        Engine engine(Catalog::builtin());
        ContextCurveCache cache;
        const ScenarioAnalysis before = analyseScenario(*base, engine, grid, &cache);
        Scenario limited = *base;
        limited.serving.perDeployment[QStringLiteral("h100")].scheduler.maxSeqs = 8;
        const ScenarioAnalysis fresh = analyseScenario(limited, engine, grid);
        QVERIFY(curvesOf(fresh.deployments[1]) != curvesOf(before.deployments[1]));
        QCOMPARE(curvesOf(fresh.deployments[0]), curvesOf(before.deployments[0])); // not its runtime
        QCOMPARE(curvesOf(analyseScenario(limited, engine, grid, &cache)), curvesOf(fresh));
    }

    // The scenario's serving runtime (serving.scheduler) limits the estimate as it limits the
    // request simulation: 4,096 streams on a runtime that runs 8 per replica queue the rest.
    void servingRuntimeLimitsTheEstimate()
    {
        QString err;
        auto s = loadDefaultScenario(&err);
        QVERIFY2(s, qPrintable(err));
        s->workload.concurrency = 4096;
        Engine engine(Catalog::builtin());
        const auto open = evaluateScenario(*s, engine, &err);
        QVERIFY2(open, qPrintable(err));
        s->serving.perDeployment[QStringLiteral("h100")].scheduler.maxSeqs = 8;
        const auto limited = evaluateScenario(*s, engine, &err);
        QVERIFY2(limited, qPrintable(err));
        const Estimate& e = (*limited)[1].estimate.mid;
        QCOMPARE(e.batch, 8 * e.plan.dp);
        QVERIFY(e.batch < (*open)[1].estimate.mid.batch);
        QVERIFY(e.notes.join(QLatin1Char(' ')).contains(QStringLiteral("serving runtime runs")));
        QCOMPARE((*limited)[0].estimate.mid.batch, (*open)[0].estimate.mid.batch); // the other runtime
    }

    // The catalog is part of the key by its revision, not its address: the same catalog object
    // changed after its curves were cached (which is what a freed catalog with another allocated
    // at its address looks like to an address) computes them again.
    void curveCacheFollowsTheCatalog()
    {
        QString err;
        auto s = loadDefaultScenario(&err);
        QVERIFY2(s, qPrintable(err));
        const std::vector<double> grid = defaultContextGrid(9);
        auto catalog = std::make_shared<Catalog>(*Catalog::builtin());
        QCOMPARE(catalog->revision(), Catalog::builtin()->revision()); // a copy: same contents
        Engine engine(catalog);
        ContextCurveCache cache;
        const ScenarioAnalysis before = analyseScenario(*s, engine, grid, &cache);

        const quint64 revision = catalog->revision();
        Device h100 = *catalog->device(QStringLiteral("h100-sxm"));
        for (MemoryTier& t : h100.memory) {
            t.bandwidthBytesPerS.value *= 2;
            t.bandwidthBytesPerS.min *= 2;
            t.bandwidthBytesPerS.max *= 2;
        }
        catalog->addDevice(h100);
        QVERIFY(catalog->revision() != revision);
        QVERIFY(catalog->revision() != Catalog::builtin()->revision());

        const ScenarioAnalysis fresh = analyseScenario(*s, engine, grid);
        QVERIFY(curvesOf(fresh.deployments[1]) != curvesOf(before.deployments[1]));
        QCOMPARE(curvesOf(analyseScenario(*s, engine, grid, &cache)), curvesOf(fresh));
    }

    // Bounded: the least recently used deployment's curves go first.
    void curveCacheIsBounded()
    {
        QString err;
        auto s = loadDefaultScenario(&err);
        QVERIFY2(s, qPrintable(err));
        const std::vector<double> grid = defaultContextGrid(5);
        Engine engine(Catalog::builtin());
        ContextCurveCache cache(2);
        analyseScenario(*s, engine, grid, &cache); // cs3, h100
        Scenario more = *s;
        more.deployments[1].count = 128;
        analyseScenario(more, engine, grid, &cache); // cs3 (used again), h100 x 128 (h100 x 64 goes)
        QCOMPARE(cache.size(), size_t(2));
        QCOMPARE(cache.hits(), quint64(1));
        const quint64 misses = cache.misses();
        analyseScenario(more, engine, grid, &cache);
        QCOMPARE(cache.misses(), misses);
        analyseScenario(*s, engine, grid, &cache);
        QCOMPARE(cache.misses(), misses + 1);
        cache.clear();
        QCOMPARE(cache.size(), size_t(0));
    }

    void badInputNamesTheField_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        const QByteArray wl = R"("workload":{"input_tokens":1000,"output_tokens":100})";
        auto doc = [&](const char* deployments, const char* extra = "") -> QByteArray {
            return QByteArray(R"({"version":1,"model":"llama-3.1-8b",)") + wl + extra + R"(,"deployments":)" +
                   deployments + "}";
        };
        QTest::newRow("unknown device")
            << doc(R"([{"device":"h900","count":1}])") << QStringLiteral("deployments[0].device");
        QTest::newRow("zero count") << doc(R"([{"device":"h100-sxm","count":0}])")
                                    << QStringLiteral("deployments[0].count");
        QTest::newRow("negative count")
            << doc(R"([{"device":"h100-sxm","count":-8}])") << QStringLiteral("deployments[0].count");
        QTest::newRow("unknown model") << QByteArray(R"({"version":1,"model":"gpt-9",)") + wl +
                                              R"(,"deployments":[{"device":"h100-sxm","count":1}]})"
                                       << QStringLiteral("model");
        QTest::newRow("plan beyond count")
            << doc(R"([{"device":"h100-sxm","count":8,"parallelism":{"tp":16}}])")
            << QStringLiteral("deployments[0].parallelism");
        QTest::newRow("bad precision")
            << doc(R"([{"device":"h100-sxm","count":1,"precision":{"weights":"fp3"}}])")
            << QStringLiteral("deployments[0].precision.weights");
        QTest::newRow("unknown link")
            << doc(R"([{"device":"h100-sxm","count":16,"links":{"scale_out":"carrier-pigeon"}}])")
            << QStringLiteral("deployments[0].links.scale_out");
        QTest::newRow("claimed metric unknown") << doc(R"([{"id":"a","device":"h100-sxm","count":1}])",
                                                       R"(,"claimed":{"a":[{"metric":"speed","value":9}]})")
                                                << QStringLiteral("claimed.a[0].metric");
        QTest::newRow("claimed value missing") << doc(R"([{"id":"a","device":"h100-sxm","count":1}])",
                                                      R"(,"claimed":{"a":[{"metric":"ttft_ms"}]})")
                                               << QStringLiteral("claimed.a[0].value");
        QTest::newRow("claimed not a list") << doc(R"([{"id":"a","device":"h100-sxm","count":1}])",
                                                   R"(,"claimed":{"a":{"metric":"ttft_ms","value":9}})")
                                            << QStringLiteral("claimed.a");
        QTest::newRow("claimed kind unknown")
            << doc(R"([{"id":"a","device":"h100-sxm","count":1}])",
                   R"(,"claimed":{"a":[{"metric":"ttft_ms","value":9,"kind":"rumour"}]})")
            << QStringLiteral("claimed.a[0].kind");
        QTest::newRow("negative pue") << doc(R"([{"device":"h100-sxm","count":1}])", R"(,"cost":{"pue":-1})")
                                      << QStringLiteral("cost.pue");
        QTest::newRow("deployments missing")
            << QByteArray(R"({"version":1,"model":"llama-3.1-8b","workload":{}})")
            << QStringLiteral("deployments: missing");
        QTest::newRow("bad version") << QByteArray(R"({"version":7,"deployments":[]})")
                                     << QStringLiteral("version");
        QTest::newRow("zero tokens")
            << QByteArray(
                   R"({"version":1,"model":"llama-3.1-8b","workload":{"input_tokens":0},"deployments":[{"device":"h100-sxm"}]})")
            << QStringLiteral("workload.input_tokens");
    }
    void badInputNamesTheField()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        QString err;
        auto s = parseScenario(QJsonDocument::fromJson(json).object(), &err);
        if (s) {
            Engine engine(Catalog::builtin());
            QVERIFY(!evaluateScenario(*s, engine, &err));
        }
        QVERIFY2(err.contains(field), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestScenario)
#include "tst_scenario.moc"
