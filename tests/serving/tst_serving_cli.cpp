// SPDX-License-Identifier: MIT
// `simulate` and `size` on the command line: JSON fields, exit codes, errors naming file and line.
#include "CliRunner.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <QtTest>

class TestServingCli : public QObject, protected is::testing::CliScratch
{
    Q_OBJECT
    static QString defaultScenario()
    {
        return is::testing::sourcePath(QStringLiteral("scenarios/gpt-5.6-sol-vs-kimi-k3.json"));
    }
    // The Llama 3.1 70B comparison with a "serving" section.
    QString scenarioWith(const char* name, const char* serving)
    {
        return write(name, QByteArray(R"({"version": 1, "model": "llama-3.1-70b",
            "workload": {"input_tokens": 1000, "output_tokens": 200},
            "deployments": [{"id": "hgx", "device": "h100-sxm", "count": 8, "precision": {"weights": "fp8"}},
                            {"id": "cs3", "device": "cs-3", "count": 4}],
            "serving": )") + serving +
                               "}");
    }

private slots:
    void simulateJsonContract()
    {
        const Run r = run({QStringLiteral("simulate"), defaultScenario(), QStringLiteral("--requests"),
                           QStringLiteral("400"), QStringLiteral("--seed"), QStringLiteral("3"),
                           QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(root.value(QStringLiteral("requests")).toInt(), 400);
        QCOMPARE(root.value(QStringLiteral("seed")).toInt(), 3);
        const QJsonArray deps = root.value(QStringLiteral("deployments")).toArray();
        QCOMPARE(deps.size(), 2);
        for (const auto& d : deps) {
            const QJsonObject o = d.toObject();
            for (const char* key : {"name",
                                    "ok",
                                    "chips",
                                    "replicas",
                                    "arrival_rps",
                                    "load",
                                    "completed",
                                    "ttft_ms",
                                    "tpot_ms",
                                    "e2e_s",
                                    "throughput_tok_s",
                                    "goodput_rps",
                                    "goodput_fraction",
                                    "kv_use",
                                    "queue",
                                    "batch",
                                    "preemptions",
                                    "power_kw",
                                    "joules_per_token",
                                    "tokens_per_kwh",
                                    "usd_per_mtok",
                                    "usd_per_mtok_input",
                                    "usd_per_mtok_output",
                                    "usd_per_user_hour",
                                    "engine",
                                    "timeline"})
                QVERIFY2(o.contains(QString::fromLatin1(key)), key);
            for (const char* p : {"p50", "p90", "p99", "mean"})
                QVERIFY(
                    o.value(QStringLiteral("ttft_ms")).toObject().value(QString::fromLatin1(p)).toDouble() >
                    0);
            QCOMPARE(o.value(QStringLiteral("completed")).toInt(), 400);
            const QJsonObject t = o.value(QStringLiteral("timeline")).toObject();
            QCOMPARE(t.value(QStringLiteral("t_s")).toArray().size(),
                     t.value(QStringLiteral("power_kw")).toArray().size());
        }
        // The same seed gives the same answer.
        const Run again = run({QStringLiteral("simulate"), defaultScenario(), QStringLiteral("--requests"),
                               QStringLiteral("400"), QStringLiteral("--seed"), QStringLiteral("3"),
                               QStringLiteral("--json")});
        QCOMPARE(again.out, r.out);
        const Run table = run({QStringLiteral("simulate"), defaultScenario(), QStringLiteral("--requests"),
                               QStringLiteral("300")});
        QCOMPARE(table.code, 0);
        QVERIFY(table.out.contains("TTFT p50/p90/p99 (ms)"));
        QVERIFY(table.out.contains("$/M tokens"));
    }

    void simulateAgentsAndDisaggregation()
    {
        const QString path = scenarioWith(
            "agents.json", R"({"arrival": {"rate_rps": 0.2}, "agent": {"calls": 5, "tool_time_s": 1},
            "deployments": {"hgx": {"disaggregated": {"prefill_replicas": 1, "decode_replicas": 1}}}, "plan": "fixed"})");
        const Run r = run({QStringLiteral("simulate"), path, QStringLiteral("--requests"),
                           QStringLiteral("100"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray deps =
            QJsonDocument::fromJson(r.out).object().value(QStringLiteral("deployments")).toArray();
        const QJsonObject hgx = deps.at(0).toObject();
        QVERIFY(hgx.contains(QStringLiteral("disaggregated")));
        QCOMPARE(hgx.value(QStringLiteral("sessions")).toObject().value(QStringLiteral("count")).toInt(), 20);
        QVERIFY(hgx.value(QStringLiteral("sessions"))
                    .toObject()
                    .value(QStringLiteral("e2e_s"))
                    .toObject()
                    .value(QStringLiteral("p50"))
                    .toDouble() > 4.0);
        const Run table =
            run({QStringLiteral("simulate"), path, QStringLiteral("--requests"), QStringLiteral("100")});
        QVERIFY(table.out.contains("agent session"));
    }

    void simulateBadInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("requests") << QStringList{QStringLiteral("--requests"), QStringLiteral("-5")}
                                  << "simulate: --requests: expected a whole number";
        QTest::newRow("seed") << QStringList{QStringLiteral("--seed"), QStringLiteral("abc")}
                              << "simulate: --seed: expected";
        QTest::newRow("option") << QStringList{QStringLiteral("--fast")} << "simulate: unknown option --fast";
    }
    void simulateBadInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const Run r = run(QStringList{QStringLiteral("simulate"), defaultScenario()} + args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(expected), r.err.constData());
    }

    void simulateBadScenario()
    {
        const QString negative = scenarioWith("negative.json", R"({"arrival": {"rate_rps": -3}})");
        Run r = run({QStringLiteral("simulate"), negative});
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).startsWith(
                     negative + QStringLiteral(": serving.arrival.rate_rps: must be positive")),
                 r.err.constData());
        QCOMPARE(r.err.count('\n'), 1); // one line

        write("broken.csv", "timestamp,input_tokens,output_tokens\n0,100,10\n0.5,100\n");
        r = run({QStringLiteral("simulate"),
                 scenarioWith("broken.json", R"({"arrival": {"process": "trace", "file": "broken.csv"}})")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("broken.csv:3: expected 3 fields"), r.err.constData());

        write("empty.csv", "timestamp,input_tokens,output_tokens\n");
        r = run({QStringLiteral("simulate"),
                 scenarioWith("empty.json", R"({"arrival": {"process": "trace", "file": "empty.csv"}})")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("empty.csv: empty trace"), r.err.constData());

        write("ok.csv", "0,100,10\n0.25,200,20\n1,50,5\n");
        r = run({QStringLiteral("simulate"),
                 scenarioWith("trace.json", R"({"arrival": {"process": "trace", "file": "ok.csv"}})"),
                 QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(QJsonDocument::fromJson(r.out)
                     .object()
                     .value(QStringLiteral("deployments"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("completed"))
                     .toInt(),
                 3);

        r = run({QStringLiteral("simulate"), m_dir.filePath(QStringLiteral("missing.json"))});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("missing.json: cannot open"));
    }

    void sizeJsonContract()
    {
        Run r = run({QStringLiteral("size"), defaultScenario(), QStringLiteral("--users"),
                     QStringLiteral("10000"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QJsonObject root = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(root.value(QStringLiteral("target")).toObject().value(QStringLiteral("kind")).toString(),
                 QStringLiteral("users"));
        QVERIFY(root.value(QStringLiteral("slo")).toObject().value(QStringLiteral("tpot_ms")).toDouble() > 0);
        const QJsonArray deps = root.value(QStringLiteral("deployments")).toArray();
        QCOMPARE(deps.size(), 2);
        for (const auto& d : deps) {
            const QJsonObject o = d.toObject();
            for (const char* key :
                 {"name", "feasible", "unit_chips", "unit_users", "unit_tok_s", "units", "chips", "systems",
                  "capex_usd", "facility_mw", "peak_mw", "tok_s", "users", "rps", "usd_per_mtok",
                  "usd_per_mtok_input", "usd_per_mtok_output", "usd_per_user_hour"})
                QVERIFY2(o.contains(QString::fromLatin1(key)), key);
        }
        r = run({QStringLiteral("size"), defaultScenario(), QStringLiteral("--power-mw"),
                 QStringLiteral("750"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        root = QJsonDocument::fromJson(r.out).object();
        for (const auto& d : root.value(QStringLiteral("deployments")).toArray())
            QVERIFY(d.toObject().value(QStringLiteral("peak_mw")).toDouble() <= 750.0);
        r = run({QStringLiteral("size"), defaultScenario(), QStringLiteral("--rps"), QStringLiteral("50"),
                 QStringLiteral("--tpot-ms"), QStringLiteral("100")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("units"));
        QVERIFY(r.out.contains("TPOT ≤ 100 ms"));
        // Only a TTFT target on the command line: no TPOT limit, said as such.
        r = run({QStringLiteral("size"), defaultScenario(), QStringLiteral("--users"), QStringLiteral("100"),
                 QStringLiteral("--ttft-ms"), QStringLiteral("500")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains("at TTFT ≤ 500 ms and no TPOT limit (command line)"), r.out.constData());
        QVERIFY(!r.out.contains("<= 0"));
    }

    void sizeBadInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no target") << QStringList{} << "give exactly one of --users, --rps and --power-mw";
        QTest::newRow("two targets") << QStringList{QStringLiteral("--users"), QStringLiteral("5"),
                                                    QStringLiteral("--rps"), QStringLiteral("1")}
                                     << "give exactly one";
        QTest::newRow("negative") << QStringList{QStringLiteral("--users"), QStringLiteral("-5")}
                                  << "size: --users: expected a positive number, got '-5'";
        QTest::newRow("text") << QStringList{QStringLiteral("--rps"), QStringLiteral("lots")}
                              << "size: --rps: expected a positive number";
        QTest::newRow("zero power") << QStringList{QStringLiteral("--power-mw"), QStringLiteral("0")}
                                    << "size: --power-mw";
        QTest::newRow("ttft") << QStringList{QStringLiteral("--users"), QStringLiteral("5"),
                                             QStringLiteral("--ttft-ms"), QStringLiteral("-1")}
                              << "size: --ttft-ms";
    }
    void sizeBadInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const Run r = run(QStringList{QStringLiteral("size"), defaultScenario()} + args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(expected), r.err.constData());
    }

    void sizeBadTco()
    {
        const QString path = write("tco.json", R"({"version": 1, "model": "llama-3.1-70b", "workload": {},
            "tco": {"pue": 0.5}, "deployments": [{"device": "h100-sxm", "count": 8}]})");
        const Run r = run({QStringLiteral("size"), path, QStringLiteral("--users"), QStringLiteral("10")});
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).startsWith(path + QStringLiteral(": tco.pue: must be at least 1")),
                 r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestServingCli)
#include "tst_serving_cli.moc"
