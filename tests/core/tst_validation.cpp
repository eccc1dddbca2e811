// SPDX-License-Identifier: MIT
// The engine against the published record (shared/validation/measurements.csv): median absolute
// percentage error at most 15 %, every row within 2x, no row skipped. Prints the table on failure.
#include "engine/Validation.h"
#include "hardware/Catalog.h"

#include <QtTest>

using namespace is;

class TestValidation : public QObject
{
    Q_OBJECT

private slots:
    void csvErrorsNameTheLine()
    {
        QString err;
        const QByteArray header = "id,device,chips,model,precision,input_tokens,output_tokens,concurrency,scenario,"
                                  "ttft_limit_ms,tpot_limit_ms,speculative,metric,value,date,grade,source,notes\n";
        QVERIFY(!parseMeasurementsCsv(header + "X1,h100-sxm,8,llama-2-70b,fp8,300,285,,offline,,,,tok_s_total,-5,,,,\n",
                                      QStringLiteral("m.csv"), &err));
        QVERIFY2(err.startsWith(QStringLiteral("m.csv:2: value")), qPrintable(err));
        QVERIFY(!parseMeasurementsCsv(header + "X1,h100-sxm,eight,llama-2-70b,fp8,300,285,,offline,,,,tok_s_total,5,,,,\n",
                                      QStringLiteral("m.csv"), &err));
        QVERIFY2(err.contains(QStringLiteral("chips")), qPrintable(err));
        QVERIFY(!parseMeasurementsCsv("id,device\n", QStringLiteral("m.csv"), &err));
        QVERIFY(err.contains(QStringLiteral("missing column")));
        QVERIFY(!parseMeasurementsCsv(header + "\"X1,h100\n", QStringLiteral("m.csv"), &err));
        QVERIFY(err.contains(QStringLiteral("unterminated")));
        // A '%1' in the file name is text, not a placeholder for the line number.
        QVERIFY(!parseMeasurementsCsv(header + "\"X1,h100\n", QStringLiteral("m%1.csv"), &err));
        QCOMPARE(err, QStringLiteral("m%1.csv:2: unterminated quoted field"));
        // Quoted commas are one field.
        auto rows = parseMeasurementsCsv(header + "X2,h100-sxm,1,llama-3.1-8b,fp8,1000,1000,,offline,,,,tok_s_total,100,2025,B,\"a, b\",\"c, d\"\n",
                                         QStringLiteral("m.csv"), &err);
        QVERIFY2(rows && rows->size() == 1, qPrintable(err));
        QCOMPARE(rows->front().source, QStringLiteral("a, b"));
    }

    void unknownIdsAreSkippedWithAReason()
    {
        Engine engine(Catalog::builtin());
        MeasurementRow r;
        r.id = QStringLiteral("Z");
        r.device = QStringLiteral("tpu-v9");
        r.model = QStringLiteral("llama-3.1-8b");
        r.scenario = QStringLiteral("single");
        r.metric = QStringLiteral("tok_s_user");
        r.inputTokens = r.outputTokens = 100;
        r.value = 1;
        const auto v = validateRow(engine, r);
        QVERIFY(!v.evaluated);
        QVERIFY(v.skipReason.contains(QStringLiteral("tpu-v9")));
        const ValidationSummary s = summarize({v});
        QCOMPARE(s.skipped, 1);
    }

    void publishedMeasurementsWithinTargets()
    {
        const QString path = qEnvironmentVariable("IS_SHARED_DIR") + QStringLiteral("/validation/measurements.csv");
        if (!QFile::exists(path))
            QSKIP("shared/validation/measurements.csv is not beside the repository");
        QString err;
        auto rows = loadMeasurementsFile(path, &err);
        QVERIFY2(rows, qPrintable(err));
        Engine engine(Catalog::builtin());
        const auto results = validateAll(engine, *rows);
        const ValidationSummary s = summarize(results);
        QString table;
        for (const auto& r : results)
            table += QStringLiteral("%1 %2 %3 %4: predicted %5 measured %6 (%7 %) %8\n")
                         .arg(r.row.id, r.row.device, r.row.model, r.row.metric)
                         .arg(r.predicted, 0, 'f', 1)
                         .arg(r.row.value, 0, 'f', 1)
                         .arg((r.predicted - r.row.value) / r.row.value * 100, 0, 'f', 1)
                         .arg(r.evaluated ? QString() : QStringLiteral("skipped: ") + r.skipReason);
        const QString summary = QStringLiteral("median APE %1 %, MAPE %2 %, within 2x %3/%4, skipped %5")
                                    .arg(s.medianApe * 100, 0, 'f', 1)
                                    .arg(s.mape * 100, 0, 'f', 1)
                                    .arg(s.within2x)
                                    .arg(s.rows)
                                    .arg(s.skipped);
        qInfo().noquote() << summary;
        const bool ok = s.skipped == 0 && s.medianApe <= 0.15 && s.within2x == s.rows && s.rows > 0;
        if (!ok)
            QFAIL(qPrintable(summary + QStringLiteral("\n") + table));
    }
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
