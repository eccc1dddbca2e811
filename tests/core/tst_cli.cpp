// SPDX-License-Identifier: MIT
// The command-line contract: JSON fields, exit codes and one-line errors naming file and field.
#include "CliRunner.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <QtTest>

class TestCli : public QObject, protected is::testing::CliScratch
{
    Q_OBJECT

private slots:
    // --version needs no display: no platform plugin is loaded, none is even named.
    void versionWithoutDisplay()
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* var : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
            env.remove(QString::fromLatin1(var));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(IS_APP_BINARY), {QStringLiteral("--version")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(out.startsWith(QStringLiteral("inference-studio 0.")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("(commit ")), qPrintable(out));
    }

    // Every subcommand answers --help with its own usage line and exit code 0.
    void everySubcommandHasHelp_data()
    {
        QTest::addColumn<QString>("command");
        const Run usage = run({QStringLiteral("--help")});
        QCOMPARE(usage.code, 0);
        int count = 0;
        for (const QString& line : QString::fromUtf8(usage.out).split(QLatin1Char('\n'))) {
            // Subcommand lines are indented: "  estimate SCENARIO.json [--json]".
            if (!line.startsWith(QStringLiteral("  ")) || line.trimmed().startsWith(QLatin1Char('-')))
                continue;
            const QString name = line.trimmed().section(QLatin1Char(' '), 0, 0);
            if (name == QLatin1String("inference-studio")) // the second "Usage:" line
                continue;
            QTest::newRow(qPrintable(name)) << name;
            ++count;
        }
        QVERIFY(count >= 6);
    }
    void everySubcommandHasHelp()
    {
        QFETCH(QString, command);
        const Run r = run({command, QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        const QByteArray expected = QByteArray("Usage: inference-studio ") + command.toUtf8();
        QVERIFY2(r.out.startsWith(expected), r.out.constData());
        QVERIFY(r.err.isEmpty());
    }

    void estimateJsonContract()
    {
        const QString scenario =
            is::testing::sourcePath(QStringLiteral("scenarios/gpt-5.6-sol-vs-kimi-k3.json"));
        const Run r = run({QStringLiteral("estimate"), scenario, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonDocument doc = QJsonDocument::fromJson(r.out);
        QVERIFY(doc.isObject());
        const QJsonArray deps = doc.object().value(QStringLiteral("deployments")).toArray();
        QCOMPARE(deps.size(), 2);
        for (const auto& d : deps) {
            const QJsonObject o = d.toObject();
            for (const char* key :
                 {"name", "chips", "fits", "ttft_ms", "tpot_ms", "tok_s_user", "tok_s_total", "power_kw",
                  "joules_per_token", "usd_per_mtok", "bottleneck", "usd_per_mtok_at_load",
                  "tok_s_total_at_load", "concurrency_at_load"})
                QVERIFY2(o.contains(QString::fromLatin1(key)), key);
            QVERIFY(o.value(QStringLiteral("tok_s_user")).toDouble() > 0);
            // One user against a loaded service: a token costs no more at full load.
            QVERIFY(o.value(QStringLiteral("usd_per_mtok_at_load")).toDouble() <=
                    o.value(QStringLiteral("usd_per_mtok")).toDouble());
        }
        const Run table = run({QStringLiteral("estimate"), scenario});
        QCOMPARE(table.code, 0);
        QVERIFY(table.out.contains("Tokens/s per user"));
        // No latency targets in the workload: nothing to meet.
        QVERIFY(!table.out.contains("Latency targets") && !r.out.contains("latency_targets"));
        // Nothing cached: no prefix-cache lines.
        QVERIFY(!table.out.contains("Time to first token, nothing cached"));

        // With prefix caching the table says what it saves, as the JSON's prefix_reuse does.
        const QString agents =
            is::testing::sourcePath(QStringLiteral("scenarios/agent-turns-gpt-5.6-sol.json"));
        const Run cached = run({QStringLiteral("estimate"), agents});
        QVERIFY2(cached.code == 0, cached.err.constData());
        const Run cachedJson = run({QStringLiteral("estimate"), agents, QStringLiteral("--json")});
        const QJsonObject first = QJsonDocument::fromJson(cachedJson.out)
                                      .object()
                                      .value(QStringLiteral("deployments"))
                                      .toArray()
                                      .first()
                                      .toObject()
                                      .value(QStringLiteral("prefix_reuse"))
                                      .toObject();
        const QString cold =
            QString::number(first.value(QStringLiteral("ttft_without_reuse_ms")).toDouble(), 'f', 1);
        const QString skipped =
            QString::number(first.value(QStringLiteral("prefill_tokens_skipped")).toDouble(), 'f', 0);
        for (const QString& line :
             {QStringLiteral("Time to first token, nothing cached (ms)"),
              QStringLiteral("Prompt tokens not prefilled (cached)"), QStringLiteral("Prefix read from")})
            QVERIFY2(cached.out.contains(line.toUtf8()), qPrintable(line));
        const QList<QByteArray> lines = cached.out.split('\n');
        const auto lineOf = [&](const char* label) {
            for (const QByteArray& l : lines)
                if (l.startsWith(label))
                    return QString::fromUtf8(l).simplified();
            return QString();
        };
        // The rows' titles are the metrics table's (metrics/Metrics.h).
        const char* uncached = "Time to first token, nothing cached (ms)";
        const char* notPrefilled = "Prompt tokens not prefilled (cached)";
        QVERIFY2(lineOf(uncached).contains(cold), qPrintable(lineOf(uncached)));
        QVERIFY2(lineOf(notPrefilled).contains(skipped), qPrintable(lineOf(notPrefilled)));
    }

    // `audit --json`: one object, every claim with the contract's fields and a known verdict;
    // the unambiguous verdicts as the physics has them.
    void auditJsonContract()
    {
        const Run r = run({QStringLiteral("audit"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonDocument doc = QJsonDocument::fromJson(r.out);
        QVERIFY(doc.isObject());
        const QJsonArray claims = doc.object().value(QStringLiteral("claims")).toArray();
        QVERIFY(claims.size() >= 30);
        const QStringList verdicts{QStringLiteral("consistent"), QStringLiteral("inconsistent"),
                                   QStringLiteral("consistent-only-if"), QStringLiteral("not-checkable")};
        QMap<QString, QString> byId;
        for (const auto& c : claims) {
            const QJsonObject o = c.toObject();
            for (const char* key :
                 {"id", "seed", "quote_zh", "quote_en", "kind", "claimed", "predicted", "verdict", "reason"})
                QVERIFY2(o.contains(QString::fromLatin1(key)), key);
            QVERIFY(verdicts.contains(o.value(QStringLiteral("verdict")).toString()));
            QVERIFY(!o.value(QStringLiteral("reason")).toString().isEmpty());
            byId.insert(o.value(QStringLiteral("id")).toString(),
                        o.value(QStringLiteral("verdict")).toString());
        }
        QCOMPARE(byId.value(QStringLiteral("bench-power-sol")), QStringLiteral("inconsistent"));
        QCOMPARE(byId.value(QStringLiteral("bench-per-kw-sol")), QStringLiteral("consistent"));
        QCOMPARE(byId.value(QStringLiteral("wse3-bandwidth")), QStringLiteral("consistent"));
        const Run table = run({QStringLiteral("audit")});
        QCOMPARE(table.code, 0);
        QVERIFY(table.out.contains("bench-power-sol"));
    }

    void auditBadInputExitsTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("language") << QStringList{QStringLiteral("audit"), QStringLiteral("--lang"),
                                                 QStringLiteral("xx")}
                                  << QStringLiteral("--lang");
        QTest::newRow("file") << QStringList{QStringLiteral("audit"), QStringLiteral("scenario.json")}
                              << QStringLiteral("unexpected argument");
        QTest::newRow("option") << QStringList{QStringLiteral("audit"), QStringLiteral("--fast")}
                                << QStringLiteral("--fast");
    }
    void auditBadInputExitsTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const Run r = run(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(expected), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void badInputExitsTwo_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("malformed") << QByteArray("{\"version\": 1,") << QStringLiteral("malformed JSON");
        QTest::newRow("unknown device")
            << QByteArray(
                   R"({"version":1,"model":"llama-3.1-8b","workload":{},"deployments":[{"device":"tpu-v9","count":1}]})")
            << QStringLiteral("deployments[0].device");
        QTest::newRow("unknown model")
            << QByteArray(
                   R"({"version":1,"model":"nope","workload":{},"deployments":[{"device":"h100-sxm","count":1}]})")
            << QStringLiteral("unknown model 'nope'");
        QTest::newRow("negative")
            << QByteArray(
                   R"({"version":1,"model":"llama-3.1-8b","workload":{"output_tokens":-3},"deployments":[{"device":"h100-sxm","count":1}]})")
            << QStringLiteral("workload.output_tokens");
        QTest::newRow("fits nowhere")
            << QByteArray(R"({"version":1,"workload":{},"deployments":[{"device":"groq-lpu","count":"auto",
            "model":{"id":"huge","parametric":{"total_params":1e15,"active_params":1e12,"layers":200}}}]})")
            << QStringLiteral("fits on no count");
        QTest::newRow("ffn pool link")
            << QByteArray(
                   R"({"version":1,"model":"llama-3.1-8b","workload":{},"deployments":[{"device":"h100-sxm",
            "count":1,"ffn_pool":{"device":"cs-3","count":1,"link":"eth-9000g"}}]})")
            << QStringLiteral("deployments[0].ffn_pool.link: unknown link 'eth-9000g'");
        QTest::newRow("ffn pool count")
            << QByteArray(
                   R"({"version":1,"model":"llama-3.1-8b","workload":{},"deployments":[{"device":"h100-sxm",
            "count":1,"ffn_pool":{"device":"cs-3","count":-2,"link":"eth-800g"}}]})")
            << QStringLiteral("deployments[0].ffn_pool.count");
    }
    // Where the workload sets latency targets, estimate says whether each deployment meets them, as
    // the studio's comparison does: one GPU cannot give a first token of a 4,000-token prompt in 1 ms.
    void estimateSaysWhetherLatencyTargetsAreMet()
    {
        const QString path = write("targets.json", R"({"version":1,"model":"llama-3.1-8b","workload":
            {"input_tokens":4000,"output_tokens":100,"concurrency":1,"ttft_limit_ms":1,"tpot_limit_ms":1000},
            "deployments":[{"device":"h100-sxm","count":1}]})");
        const Run r = run({QStringLiteral("estimate"), path, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject d = QJsonDocument::fromJson(r.out)
                                  .object()
                                  .value(QStringLiteral("deployments"))
                                  .toArray()
                                  .first()
                                  .toObject();
        const QJsonObject targets = d.value(QStringLiteral("latency_targets")).toObject();
        QCOMPARE(targets.value(QStringLiteral("ttft_limit_ms")).toDouble(), 1.0);
        QCOMPARE(targets.value(QStringLiteral("tpot_limit_ms")).toDouble(), 1000.0);
        QCOMPARE(targets.value(QStringLiteral("met")), QJsonValue(false));
        const QJsonArray missed = targets.value(QStringLiteral("missed")).toArray();
        QCOMPARE(missed.size(), 1); // the TPOT target of a second is met
        QCOMPARE(missed.first().toObject().value(QStringLiteral("target")).toString(),
                 QStringLiteral("ttft"));
        QCOMPARE(missed.first().toObject().value(QStringLiteral("value_ms")).toDouble(),
                 d.value(QStringLiteral("ttft_ms")).toDouble());
        const Run table = run({QStringLiteral("estimate"), path});
        QVERIFY2(table.out.contains("Latency targets") && table.out.contains("misses TTFT ≤ 1 ms ("),
                 table.out.constData());
    }

    void badInputExitsTwo()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        const QString path = write("bad.json", content);
        const Run r = run({QStringLiteral("estimate"), path, QStringLiteral("--json")});
        QCOMPARE(r.code, 2);
        const QString err = QString::fromUtf8(r.err).trimmed();
        QVERIFY2(err.contains(path) && err.contains(expected), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 0); // one line
        QVERIFY(r.out.isEmpty());
    }

    // A scenario may have no deployment (the studio saves one); every command that evaluates
    // deployments refuses it as bad input, in one line naming the file and the field.
    void emptyScenarioExitsTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("estimate") << QStringList{QStringLiteral("estimate"), QStringLiteral("--json")};
        QTest::newRow("context-sweep") << QStringList{QStringLiteral("context-sweep")};
        QTest::newRow("simulate") << QStringList{QStringLiteral("simulate"), QStringLiteral("--requests"),
                                                 QStringLiteral("10")};
        QTest::newRow("size") << QStringList{QStringLiteral("size"), QStringLiteral("--users"),
                                             QStringLiteral("10")};
        QTest::newRow("plan") << QStringList{QStringLiteral("plan"), QStringLiteral("--users"),
                                             QStringLiteral("10")};
    }
    void emptyScenarioExitsTwo()
    {
        QFETCH(QStringList, args);
        const QString path =
            write("empty.json", R"({"version":1,"model":"llama-3.1-8b","workload":{},"deployments":[]})");
        args.insert(1, path);
        const Run r = run(args);
        QCOMPARE(r.code, 2);
        const QString err = QString::fromUtf8(r.err).trimmed();
        QVERIFY2(err.startsWith(path + QStringLiteral(": deployments: ")) && err.contains(args.front()),
                 qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 0);
        QVERIFY(r.out.isEmpty());
    }

    // A target too large to be a fleet is bad input, not an overflowed unit count reported as
    // a power budget that was never given.
    void sizeRefusesAbsurdTargets()
    {
        const QString scenario =
            is::testing::sourcePath(QStringLiteral("scenarios/gpt-5.6-sol-vs-kimi-k3.json"));
        const Run r =
            run({QStringLiteral("size"), scenario, QStringLiteral("--rps"), QStringLiteral("1e30")});
        QCOMPARE(r.code, 2);
        const QString err = QString::fromUtf8(r.err).trimmed();
        QVERIFY2(err == scenario + QStringLiteral(": rps: at most 1e+09, got 1e+30"), qPrintable(err));
        QCOMPARE(
            run({QStringLiteral("size"), scenario, QStringLiteral("--users"), QStringLiteral("1e10")}).code,
            0);
        QCOMPARE(
            run({QStringLiteral("size"), scenario, QStringLiteral("--power-mw"), QStringLiteral("2e5")}).code,
            2);
    }

    void validateJsonByFamily()
    {
        // Three rows: two on Hopper (one of them far off), one on a device the catalog lacks. The
        // summary counts and shares below follow by hand from the predictions in the rows.
        const QString csv = write(
            "m.csv",
            "id,device,chips,model,precision,input_tokens,output_tokens,concurrency,scenario,ttft_limit_ms,"
            "tpot_limit_ms,speculative,metric,value,date,grade,source,notes\n"
            "A1,h100-sxm,1,llama-3.1-8b,fp8,1000,1000,,single,,,,tok_s_user,150,2025-01,B,test,\n"
            "A2,h100-sxm,1,llama-3.1-8b,fp8,1000,1000,,single,,,,tok_s_user,1,2025-01,B,test,\n"
            "A3,tpu-v9,1,llama-3.1-8b,fp8,1000,1000,,single,,,,tok_s_user,150,2025-01,B,test,\n");
        const Run r = run({QStringLiteral("validate"), csv, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        const QJsonArray rows = doc.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows[0].toObject().value(QStringLiteral("family")).toString(),
                 QStringLiteral("nvidia-hopper"));
        QVERIFY(rows[2].toObject().value(QStringLiteral("family")).isNull());
        const double predicted = rows[0].toObject().value(QStringLiteral("predicted")).toDouble();
        QCOMPARE(rows[1].toObject().value(QStringLiteral("predicted")).toDouble(), predicted);
        const QJsonObject sum = doc.value(QStringLiteral("summary")).toObject();
        QCOMPARE(sum.value(QStringLiteral("rows")).toInt(), 3);
        QCOMPARE(sum.value(QStringLiteral("evaluated")).toInt(), 2);
        QCOMPARE(sum.value(QStringLiteral("skipped")).toInt(), 1);
        // A2's measured 1 tok/s is hundreds of times off whatever the engine predicts; A1 is
        // within 2x when the prediction lies in [75, 300] tok/s, which an H100 running an 8B
        // model in FP8 for one stream does (8 GB of weights at 3.35 TB/s: at most ~400 tok/s).
        QVERIFY2(predicted > 75 && predicted < 300, qPrintable(QString::number(predicted)));
        QCOMPARE(sum.value(QStringLiteral("within_2x")).toInt(), 1);
        QCOMPARE(sum.value(QStringLiteral("within_2x_share")).toDouble(), 0.5);
        const QJsonObject families = sum.value(QStringLiteral("families")).toObject();
        QCOMPARE(families.keys(), (QStringList{QStringLiteral("nvidia-hopper"), QStringLiteral("unknown")}));
        const QJsonObject hopper = families.value(QStringLiteral("nvidia-hopper")).toObject();
        QCOMPARE(hopper.value(QStringLiteral("rows")).toInt(), 2);
        QCOMPARE(hopper.value(QStringLiteral("evaluated")).toInt(), 2);
        QCOMPARE(hopper.value(QStringLiteral("within_2x")).toInt(), 1);
        QCOMPARE(hopper.value(QStringLiteral("within_2x_share")).toDouble(), 0.5);
        const QJsonObject unknown = families.value(QStringLiteral("unknown")).toObject();
        QCOMPARE(unknown.value(QStringLiteral("skipped")).toInt(), 1);
        QCOMPARE(unknown.value(QStringLiteral("evaluated")).toInt(), 0);
        QCOMPARE(unknown.value(QStringLiteral("within_2x_share")).toDouble(), 0.0);

        // The table ends with the same figures per family.
        const Run table = run({QStringLiteral("validate"), csv});
        QCOMPARE(table.code, 0);
        QVERIFY2(table.out.contains("family") && table.out.contains("nvidia-hopper") &&
                     table.out.contains("1 (50 %)"),
                 table.out.constData());
    }

    void validateWithoutFileUsesTheShippedSet()
    {
        // The published measurements ship inside the application (resources/validation).
        const Run r = run({QStringLiteral("validate"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value(QStringLiteral("rows")).toArray().size(), 75);
        QCOMPARE(doc.value(QStringLiteral("rows"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("id"))
                     .toString(),
                 QStringLiteral("P01"));
        const QJsonObject families =
            doc.value(QStringLiteral("summary")).toObject().value(QStringLiteral("families")).toObject();
        for (const char* f : {"nvidia-hopper", "nvidia-blackwell", "cerebras-wse", "groq-lpu"})
            QVERIFY2(families.contains(QString::fromLatin1(f)), f);
        int rows = 0;
        for (const QString& f : families.keys())
            rows += families.value(f).toObject().value(QStringLiteral("rows")).toInt();
        QCOMPARE(rows, 75);
    }

    void validateHeldOutUsesTheHeldOutSet()
    {
        // The newer results shipped beside the calibration's rows, with the plan and KV cache each
        // benchmark states: its first row is DeepSeek-R1 on four B200 with attention data
        // parallelism and experts over all four (TensorRT-LLM's DEP4).
        const Run r =
            run({QStringLiteral("validate"), QStringLiteral("--held-out"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray rows =
            QJsonDocument::fromJson(r.out).object().value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), 111);
        const QJsonObject first = rows.first().toObject();
        QCOMPARE(first.value(QStringLiteral("id")).toString(), QStringLiteral("T001"));
        QCOMPARE(first.value(QStringLiteral("plan")).toString(), QStringLiteral("TP1 EP4 DP4"));
        // Its rows are never fitted, so there is nothing to cross-validate; nor does it take a file.
        for (const QStringList& bad :
             {QStringList{QStringLiteral("--cross-validate")}, QStringList{QStringLiteral("m.csv")}}) {
            const Run no = run(QStringList{QStringLiteral("validate"), QStringLiteral("--held-out")} + bad);
            QVERIFY2(no.code == 2 && no.err.contains("--held-out takes no file and no --cross-validate"),
                     no.err.constData());
        }
    }

    void missingFileAndUsage()
    {
        QCOMPARE(run({QStringLiteral("estimate"), m_dir.filePath(QStringLiteral("none.json"))}).code, 2);
        QCOMPARE(run({QStringLiteral("estimate")}).code, 2);
        QCOMPARE(run({QStringLiteral("estimate"), QStringLiteral("x.json"), QStringLiteral("--jsn")}).code,
                 2);
        QCOMPARE(run({QStringLiteral("frobnicate")}).code, 2);
        // Usage errors say what was wrong, not only how to call the command.
        const Run extra =
            run({QStringLiteral("estimate"), QStringLiteral("a.json"), QStringLiteral("extra.json")});
        QCOMPARE(extra.code, 2);
        QVERIFY2(extra.err.contains("estimate: expected one scenario file, got 2: a.json extra.json"),
                 extra.err.constData());
        const Run two = run({QStringLiteral("validate"), QStringLiteral("a.csv"), QStringLiteral("b.csv")});
        QVERIFY2(two.code == 2 &&
                     two.err.contains("validate: expected at most one measurements file, got 2: a.csv b.csv"),
                 two.err.constData());
        const Run points = run({QStringLiteral("context-sweep"), QStringLiteral("a.json"),
                                QStringLiteral("--points"), QStringLiteral("0")});
        QVERIFY2(points.code == 2 &&
                     points.err.contains("--points: expected a whole number from 2 to 200, got '0'"),
                 points.err.constData());
        QCOMPARE(
            run({QStringLiteral("--log-level"), QStringLiteral("loud"), QStringLiteral("estimate")}).code, 2);
        // QCommandLineParser's rules: an unknown option and a missing value are named; "=" and
        // a separate value read the same; options may come before the file.
        const Run typo = run({QStringLiteral("estimate"), QStringLiteral("x.json"), QStringLiteral("--jsn")});
        QVERIFY2(typo.err.contains("estimate: unknown option --jsn"), typo.err.constData());
        const Run missing =
            run({QStringLiteral("context-sweep"), QStringLiteral("a.json"), QStringLiteral("--points")});
        QVERIFY2(missing.code == 2 && missing.err.startsWith("context-sweep: ") &&
                     missing.err.contains("--points"),
                 missing.err.constData());
        const Run equals =
            run({QStringLiteral("context-sweep"), QStringLiteral("--points=1"), QStringLiteral("a.json")});
        QVERIFY2(equals.code == 2 && equals.err.contains("got '1'"), equals.err.constData());
        const Run stray = run({QStringLiteral("bench-decode"), QStringLiteral("model.gguf")});
        QVERIFY2(stray.code == 2 && stray.err.contains("unexpected argument 'model.gguf'"),
                 stray.err.constData());
    }

    // Each subcommand's --help lists its own options with what they do.
    void helpListsOptions()
    {
        const Run sweep = run({QStringLiteral("context-sweep"), QStringLiteral("--help")});
        QCOMPARE(sweep.code, 0);
        for (const char* option : {"--points <N>", "--json", "SCENARIO.json", "Exit codes"})
            QVERIFY2(sweep.out.contains(option), sweep.out.constData());
        const Run calibrate = run({QStringLiteral("calibrate"), QStringLiteral("-h")});
        QCOMPARE(calibrate.code, 0);
        QVERIFY2(calibrate.out.contains("-o, --output <FILE.json>"), calibrate.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
