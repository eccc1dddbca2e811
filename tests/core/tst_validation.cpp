// SPDX-License-Identifier: MIT
// The engine against the published record shipped in resources/validation/measurements.csv (a
// copy of shared/validation/measurements.csv), and the validation report's per-family figures.
// Prints the table on failure.
#include "engine/Validation.h"
#include "hardware/Catalog.h"

#include "SourcePath.h"

#include <QJsonArray>
#include <QtTest>

using namespace is;

namespace {

// Fidelity floor on the shipped set: where the engine stands today (9.9 % median, 74 of 75 rows
// within 2x with published fp8 checkpoints kept at fp8; 73 of 75 before, with DeepSeek-R1 on one
// SambaRack widened to 16 bits; 9.8 % and 69 of 75 before wide expert parallelism, the
// per-sequence host time and latency-meeting plans first; 18.7 %, 67 of 74 and one refused before
// the 2026-12 physics and the fitted calibration). A change that makes the engine worse fails
// here. Issue 17's target (every row within 2x) replaces the share once the row outside it (H39)
// is explained.
constexpr double kMaxMedianApe = 0.11;
constexpr double kMinWithin2xShare = 0.98;
constexpr int kMaxSkipped = 0;

// Llama 3.1 8B, one stream, 100 tokens in and out, on `device`.
MeasurementRow singleStreamRow(const char* device)
{
    MeasurementRow r;
    r.id = QStringLiteral("Z");
    r.device = QString::fromLatin1(device);
    r.model = QStringLiteral("llama-3.1-8b");
    r.scenario = QStringLiteral("single");
    r.metric = QStringLiteral("tok_s_user");
    r.inputTokens = r.outputTokens = 100;
    r.value = 1;
    return r;
}

ValidationResult result(const char* id, const char* family, double predicted, double measured)
{
    ValidationResult r;
    r.row.id = QString::fromLatin1(id);
    r.row.value = measured;
    r.family = QString::fromLatin1(family);
    r.evaluated = predicted > 0;
    if (!r.evaluated)
        r.skipReason = QStringLiteral("does not fit");
    r.predicted = predicted;
    r.ape = r.evaluated ? std::abs(predicted - measured) / measured : 0.0;
    return r;
}

} // namespace

class TestValidation : public QObject
{
    Q_OBJECT

private slots:
    void csvErrorsNameTheLine()
    {
        QString err;
        const QByteArray header =
            "id,device,chips,model,precision,input_tokens,output_tokens,concurrency,scenario,"
            "ttft_limit_ms,tpot_limit_ms,speculative,metric,value,date,grade,source,notes\n";
        QVERIFY(!parseMeasurementsCsv(
            header + "X1,h100-sxm,8,llama-2-70b,fp8,300,285,,offline,,,,tok_s_total,-5,,,,\n",
            QStringLiteral("m.csv"), &err));
        QVERIFY2(err.startsWith(QStringLiteral("m.csv:2: value")), qPrintable(err));
        QVERIFY(!parseMeasurementsCsv(
            header + "X1,h100-sxm,eight,llama-2-70b,fp8,300,285,,offline,,,,tok_s_total,5,,,,\n",
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
        auto rows = parseMeasurementsCsv(header + "X2,h100-sxm,1,llama-3.1-8b,fp8,1000,1000,,offline,,,,tok_"
                                                  "s_total,100,2025,B,\"a, b\",\"c, d\"\n",
                                         QStringLiteral("m.csv"), &err);
        QVERIFY2(rows && rows->size() == 1, qPrintable(err));
        QCOMPARE(rows->front().source, QStringLiteral("a, b"));
    }

    void unknownIdsAreSkippedWithAReason()
    {
        Engine engine(Catalog::builtin());
        const auto v = validateRow(engine, singleStreamRow("tpu-v9"));
        QVERIFY(!v.evaluated);
        QVERIFY(v.skipReason.contains(QStringLiteral("tpu-v9")));
        const ValidationSummary s = summarize({v});
        QCOMPARE(s.skipped, 1);
    }

    void familySummariesByHand()
    {
        // Family a: errors 10 %, 30 % and 150 % (2.5x, outside 2x); family b: 5 % and one row
        // that did not fit.
        const std::vector<ValidationResult> results{result("a1", "a", 110, 100), result("a2", "a", 70, 100),
                                                    result("a3", "a", 250, 100), result("b1", "b", 105, 100),
                                                    result("b2", "b", 0, 100)};
        const ValidationSummary s = summarize(results);
        QCOMPARE(s.rows, 5);
        QCOMPARE(s.evaluated, 4);
        QCOMPARE(s.skipped, 1);
        QCOMPARE(s.medianApe, 0.2); // (0.1 + 0.3) / 2 of 0.05, 0.1, 0.3, 1.5
        QCOMPARE(s.within25pct, 2);
        QCOMPARE(s.within25pctShare(), 0.5);
        QCOMPARE(s.within2x, 3);
        QCOMPARE(s.within2xShare(), 0.75);

        const std::vector<FamilySummary> fam = summarizeByFamily(results);
        QCOMPARE(fam.size(), size_t{2});
        QCOMPARE(fam[0].family, QStringLiteral("a"));
        QCOMPARE(fam[0].summary.rows, 3);
        QCOMPARE(fam[0].summary.medianApe, 0.3);
        QCOMPARE(fam[0].summary.within2x, 2);
        QCOMPARE(fam[0].summary.within25pct, 1);
        QCOMPARE(fam[1].family, QStringLiteral("b"));
        QCOMPARE(fam[1].summary.rows, 2);
        QCOMPARE(fam[1].summary.evaluated, 1);
        QCOMPARE(fam[1].summary.skipped, 1);
        QCOMPARE(fam[1].summary.within2xShare(), 1.0);

        const QJsonObject json = validationToJson(results, s);
        const QJsonObject sum = json.value(QStringLiteral("summary")).toObject();
        QCOMPARE(sum.value(QStringLiteral("within_2x")).toInt(), 3);
        QCOMPARE(sum.value(QStringLiteral("within_2x_share")).toDouble(), 0.75);
        QCOMPARE(sum.value(QStringLiteral("within_25pct")).toInt(), 2);
        QCOMPARE(sum.value(QStringLiteral("within_25pct_share")).toDouble(), 0.5);
        const QJsonObject a =
            sum.value(QStringLiteral("families")).toObject().value(QStringLiteral("a")).toObject();
        QCOMPARE(a.value(QStringLiteral("evaluated")).toInt(), 3);
        QCOMPARE(a.value(QStringLiteral("median_ape")).toDouble(), 0.3);
        QCOMPARE(a.value(QStringLiteral("within_2x_share")).toDouble(), 2.0 / 3.0);
        QCOMPARE(json.value(QStringLiteral("rows"))
                     .toArray()
                     .at(3)
                     .toObject()
                     .value(QStringLiteral("family"))
                     .toString(),
                 QStringLiteral("b"));
        // Nothing evaluated: shares are 0, not a division by zero.
        QCOMPARE(summarize({result("c", "c", 0, 1)}).within2xShare(), 0.0);
    }

    void rowsCarryTheirDeviceFamily()
    {
        Engine engine(Catalog::builtin());
        const ValidationResult v = validateRow(engine, singleStreamRow("h200-sxm"));
        QVERIFY2(v.evaluated, qPrintable(v.skipReason));
        QCOMPARE(v.family, QStringLiteral("nvidia-hopper"));
    }

    // The set the program embeds is the repository's copy (a stale build would validate old rows),
    // and the repository's copy is the shared file wherever the shared folder is beside it.
    void shippedSetIsTheRepositoryAndSharedFile()
    {
        QFile shipped(shippedMeasurementsPath());
        QVERIFY2(shipped.open(QIODevice::ReadOnly), qPrintable(shipped.errorString()));
        const QByteArray ours = shipped.readAll();
        QVERIFY(ours.startsWith("id,device,chips,model"));
        QFile source(is::testing::sourcePath(QStringLiteral("resources/validation/measurements.csv")));
        QVERIFY2(source.open(QIODevice::ReadOnly), qPrintable(source.fileName()));
        QVERIFY2(source.readAll() == ours,
                 "the embedded measurements differ from resources/validation/: rebuild");
        QFile shared(qEnvironmentVariable("IS_SHARED_DIR") + QStringLiteral("/validation/measurements.csv"));
        if (shared.open(QIODevice::ReadOnly))
            QVERIFY2(shared.readAll() == ours, "resources/validation/measurements.csv differs from "
                                               "shared/validation/measurements.csv: copy it");
    }

    void publishedMeasurementsWithinTargets()
    {
        QString err;
        auto rows = loadMeasurementsFile(shippedMeasurementsPath(), &err);
        QVERIFY2(rows, qPrintable(err));
        QCOMPARE(rows->size(), size_t{75});
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
        QString summary = QStringLiteral("median APE %1 %, MAPE %2 %, within 2x %3/%4, skipped %5")
                              .arg(s.medianApe * 100, 0, 'f', 1)
                              .arg(s.mape * 100, 0, 'f', 1)
                              .arg(s.within2x)
                              .arg(s.evaluated)
                              .arg(s.skipped);
        for (const FamilySummary& f : summarizeByFamily(results))
            summary += QStringLiteral("\n  %1: %2 rows, median APE %3 %, within 2x %4/%5")
                           .arg(f.family)
                           .arg(f.summary.rows)
                           .arg(f.summary.medianApe * 100, 0, 'f', 1)
                           .arg(f.summary.within2x)
                           .arg(f.summary.evaluated);
        qInfo().noquote() << summary;
        const bool ok = s.skipped <= kMaxSkipped && s.medianApe <= kMaxMedianApe &&
                        s.within2xShare() >= kMinWithin2xShare && s.rows > 0;
        if (!ok)
            QFAIL(qPrintable(summary + QStringLiteral("\n") + table));
    }
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
