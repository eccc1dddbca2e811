// SPDX-License-Identifier: MIT
// The metrics table is the one place a key, unit and title are defined: its own invariants, its
// values against hand-computed ones, every command's JSON through the real executable, and the
// README's list of keys.
#include "CliRunner.h"
#include "SourcePath.h"
#include "VocabularyCheck.h"

#include "engine/Estimate.h"

#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

using is::testing::runCli;
using is::testing::sourcePath;
namespace metrics = is::metrics;

class TestVocabulary : public QObject
{
    Q_OBJECT

    // The command's standard output as JSON; the test fails on a bad exit or bad JSON.
    static QJsonObject jsonOf(const QStringList& args)
    {
        const auto run = runCli(args);
        if (run.code != 0)
            qWarning("%s: %s", qPrintable(args.join(QLatin1Char(' '))), run.err.constData());
        // bench-decode writes its progress to stdout before the JSON line.
        const QByteArray out = run.out.mid(run.out.indexOf('{'));
        return QJsonDocument::fromJson(out).object();
    }

private Q_SLOTS:
    void keysAreUniqueSnakeCaseAndNameTheirUnit()
    {
        QSet<QString> keys, titles;
        const QRegularExpression snake(QStringLiteral("^[a-z][a-z0-9]*(_[a-z0-9]+)*$"));
        // A key that ends in a unit says the table's unit ("ttft_ms" is in ms).
        const QList<QPair<QString, QString>> suffixes = {
            {QStringLiteral("tok_s"), QStringLiteral("tok/s")},
            {QStringLiteral("_ms"), QStringLiteral("ms")},
            {QStringLiteral("_s"), QStringLiteral("s")},
            {QStringLiteral("_kw"), QStringLiteral("kW")},
            {QStringLiteral("_mw"), QStringLiteral("MW")},
            {QStringLiteral("_gb"), QStringLiteral("GB")},
            {QStringLiteral("_gbs"), QStringLiteral("GB/s")},
            {QStringLiteral("_kwh"), QStringLiteral("kWh")},
            {QStringLiteral("_usd"), QStringLiteral("USD")},
            {QStringLiteral("_us"), QString::fromUtf8("µs")},
            {QStringLiteral("_rps"), QStringLiteral("req/s")},
        };
        for (const metrics::Metric& m : metrics::all()) {
            const QString key = QLatin1String(m.key);
            QVERIFY2(snake.match(key).hasMatch(), qPrintable(key));
            QVERIFY2(!keys.contains(key), qPrintable(QStringLiteral("key twice: ") + key));
            keys.insert(key);
            QVERIFY2(!is::testing::isPart(key), qPrintable(key));
            const QString title = QString::fromUtf8(m.title);
            QVERIFY2(!title.isEmpty(), qPrintable(key));
            QVERIFY2(!titles.contains(title), qPrintable(QStringLiteral("title twice: ") + title));
            titles.insert(title);
            // The first suffix that matches decides ("tok_s" is a rate, not seconds); a rate per
            // something ("tok_s_per_mw") is in the unit of its first part.
            for (const auto& [suffix, unit] : suffixes) {
                if (!key.endsWith(suffix) || key.contains(QStringLiteral("_per_")))
                    continue;
                QVERIFY2(QString::fromUtf8(m.unit) == unit,
                         qPrintable(key + QStringLiteral(": ") + QString::fromUtf8(m.unit)));
                break;
            }
            QVERIFY2(!m.category || m.axis, qPrintable(key)); // a chart category comes with its axis
            QVERIFY2(m.direction != metrics::Direction::Amount || !m.value || m.amountOf,
                     qPrintable(key + QStringLiteral(": an amount needs the words for its ratio")));
        }
        // The estimate's metrics come first, in the order of Id, each with a value.
        for (int i = 0; i <= int(metrics::Id::Batch); ++i)
            QVERIFY2(metrics::all()[size_t(i)].value, metrics::all()[size_t(i)].key);
        for (const metrics::Alias& a : metrics::aliases()) {
            QVERIFY2(metrics::byKey(QString::fromLatin1(a.key)), a.key);
            QCOMPARE(metrics::byKey(QString::fromLatin1(a.oldKey)),
                     metrics::byKey(QString::fromLatin1(a.key)));
            QVERIFY2(!keys.contains(QLatin1String(a.oldKey)), a.oldKey);
        }
    }

    void valuesAreTheEstimateInTheMetricsUnit()
    {
        is::Estimate e;
        e.chips = 4;
        e.batch = 64;
        e.ttftS = 0.2393;
        e.tpotS = 0.00067;
        e.tokSUser = 1487.2;
        e.tokSTotal = 95180;
        e.facilityPowerW = 59700;
        e.joulesPerToken = 40.28;
        e.usdPerMTok = 22.28;
        e.usdPerHour = 119.5;
        e.memory.weights = 141e9;
        e.memory.kvCache = 9e9;
        e.memory.activations = 0.5e9;
        e.memory.capacity = 176e9;
        e.reuse.ttftColdS = 0.5;
        QCOMPARE(metrics::value(metrics::Id::TtftMs, e), 239.3);
        QCOMPARE(metrics::value(metrics::Id::TpotMs, e), 0.67);
        QCOMPARE(metrics::value(metrics::Id::PowerKw, e), 59.7);
        QCOMPARE(metrics::value(metrics::Id::MemoryUsedGb, e), 150.5);
        QCOMPARE(metrics::value(metrics::Id::MemoryCapacityGb, e), 176.0);
        QCOMPARE(metrics::value(metrics::Id::TtftUncachedMs, e), 500.0);
        QCOMPARE(metrics::value(metrics::Id::Chips, e), 4.0);
        QCOMPARE(metrics::value(metrics::Id::ConcurrencyAtLoad, e), 64.0);
        QCOMPARE(metrics::value(metrics::Id::UsdPerHour, e), 119.5);
        QCOMPARE(metrics::key(metrics::Id::PowerKw), QStringLiteral("power_kw"));
        QCOMPARE(metrics::title(metrics::Id::TtftMs), QStringLiteral("Time to first token (ms)"));
        QCOMPARE(metrics::axis(metrics::Id::TtftMs), QStringLiteral("TTFT (ms)"));
        QCOMPARE(metrics::category(metrics::Id::TokSUser), metrics::title(metrics::Id::TokSUser));
        QVERIFY(metrics::get(metrics::Id::UsdPerMTokAtLoad).atLoad);
        QVERIFY(!metrics::get(metrics::Id::UsdPerMTok).atLoad);
    }

    void insertWritesTheOldNameBesideARenamedKey()
    {
        QJsonObject o;
        metrics::insert(o, u"peak_mw", 1.5);
        QCOMPARE(o.value(QStringLiteral("peak_mw")).toDouble(), 1.5);
        QCOMPARE(o.value(QStringLiteral("power_mw")).toDouble(), 1.5);
        QJsonObject p;
        metrics::insert(p, metrics::Id::TtftMs, 12.0);
        QCOMPARE(p.keys(), QStringList{QStringLiteral("ttft_ms")});
    }

    void everyCommandsJsonSpeaksTheTable_data()
    {
        QTest::addColumn<QStringList>("args");
        const QString scenarios[] = {QStringLiteral("gpt-5.6-sol-vs-kimi-k3.json"),
                                     QStringLiteral("agent-turns-gpt-5.6-sol.json"),
                                     QStringLiteral("gpt-5.6-sol-attention-ffn.json"),
                                     QStringLiteral("llama-3.1-70b-cs3-vs-h100.json")};
        for (const QString& name : scenarios) {
            const QString file = sourcePath(QStringLiteral("scenarios/") + name);
            QTest::newRow(qPrintable(QStringLiteral("estimate ") + name))
                << QStringList{QStringLiteral("estimate"), file, QStringLiteral("--json")};
            QTest::newRow(qPrintable(QStringLiteral("context-sweep ") + name))
                << QStringList{QStringLiteral("context-sweep"), file, QStringLiteral("--points"),
                               QStringLiteral("4"), QStringLiteral("--json")};
            QTest::newRow(qPrintable(QStringLiteral("cost ") + name))
                << QStringList{QStringLiteral("cost"), file, QStringLiteral("--json")};
            QTest::newRow(qPrintable(QStringLiteral("fleet ") + name))
                << QStringList{QStringLiteral("fleet"), file, QStringLiteral("--users"),
                               QStringLiteral("1000"), QStringLiteral("--json")};
            QTest::newRow(qPrintable(QStringLiteral("size ") + name))
                << QStringList{QStringLiteral("size"), file, QStringLiteral("--rps"), QStringLiteral("20"),
                               QStringLiteral("--json")};
            QTest::newRow(qPrintable(QStringLiteral("simulate ") + name))
                << QStringList{QStringLiteral("simulate"), file, QStringLiteral("--requests"),
                               QStringLiteral("200"), QStringLiteral("--json")};
        }
        const QString llama = sourcePath(QStringLiteral("scenarios/llama-3.1-70b-cs3-vs-h100.json"));
        QTest::newRow("plan") << QStringList{QStringLiteral("plan"),       llama,
                                             QStringLiteral("--users"),    QStringLiteral("10000"),
                                             QStringLiteral("--ttft-ms"),  QStringLiteral("300"),
                                             QStringLiteral("--tpot-ms"),  QStringLiteral("50"),
                                             QStringLiteral("--power-mw"), QStringLiteral("50"),
                                             QStringLiteral("--json")};
        QTest::newRow("validate") << QStringList{
            QStringLiteral("validate"), QStringLiteral("--cross-validate"), QStringLiteral("--json")};
        QTest::newRow("calibrate") << QStringList{
            QStringLiteral("calibrate"), sourcePath(QStringLiteral("resources/validation/measurements.csv")),
            QStringLiteral("--json")};
        QTest::newRow("audit") << QStringList{QStringLiteral("audit"), QStringLiteral("--json")};
        QTest::newRow("bench-decode")
            << QStringList{QStringLiteral("bench-decode"),
                           QStringLiteral("--synthetic"),
                           QStringLiteral("dim=64,layers=2,heads=4,kv_heads=4,ffn=128,vocab=256,dtype=f32"),
                           QStringLiteral("--tokens"),
                           QStringLiteral("4"),
                           QStringLiteral("--prompt"),
                           QStringLiteral("4"),
                           QStringLiteral("--threads"),
                           QStringLiteral("1"),
                           QStringLiteral("--json")};
    }

    void everyCommandsJsonSpeaksTheTable()
    {
        QFETCH(QStringList, args);
        const QJsonObject o = jsonOf(args);
        QVERIFY2(!o.isEmpty(), qPrintable(args.join(QLatin1Char(' '))));
        QStringList unknown;
        is::testing::unknownNumericKeys(o, args.front(), QString(), &unknown);
        unknown.removeDuplicates();
        QVERIFY2(unknown.isEmpty(), qPrintable(QStringLiteral("not in the metrics table: ") +
                                               unknown.join(QStringLiteral(", "))));
    }

    void theReadmeListsEveryKey()
    {
        QFile f(sourcePath(QStringLiteral("README.md")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString readme = QString::fromUtf8(f.readAll());
        const qsizetype start = readme.indexOf(QStringLiteral("## Output vocabulary"));
        QVERIFY(start >= 0);
        const qsizetype end = readme.indexOf(QStringLiteral("\n## "), start + 1);
        const QString section = readme.mid(start, end < 0 ? -1 : end - start);
        for (const metrics::Metric& m : metrics::all()) {
            const QString row =
                QStringLiteral("| `%1` | %2 | %3 |")
                    .arg(QLatin1String(m.key), QString::fromUtf8(m.unit), QString::fromUtf8(m.title));
            QVERIFY2(section.contains(row), qPrintable(QStringLiteral("README lacks: ") + row));
        }
        for (const metrics::Alias& a : metrics::aliases())
            QVERIFY2(section.contains(
                         QStringLiteral("`%1` → `%2`").arg(QLatin1String(a.oldKey), QLatin1String(a.key))),
                     a.oldKey);
    }
};

QTEST_MAIN(TestVocabulary)
#include "tst_vocabulary.moc"
