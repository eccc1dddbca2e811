// SPDX-License-Identifier: MIT
// The engine against the published record shipped in resources/validation/measurements.csv (a
// copy of shared/validation/measurements.csv), and the validation report's per-family figures.
// Prints the table on failure.
#include "engine/CrossValidation.h"
#include "engine/Validation.h"
#include "hardware/Catalog.h"

#include "SourcePath.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace is;

namespace {

// Fidelity floor on the shipped set: where the engine stands today (10.5 % median, all 75 rows
// within 2x, since decode attention reads the KV cache at a fitted share of the weights' rate:
// Blackwell's compute efficiency from 0.35 to 0.59, single-stream DeepSeek-R1 on B200, P32, from
// 2.15x to 1.56x, where issue 17's target is a 10 % median; 9.9 % and 74 of 75 before, since
// calibrate fits from each family's assumptions rather than from the values an earlier fit left;
// 10.03 % and all 75 before that, since the fit descends from nine starting points with
// a weak pull to the defaults; 10.1 % before, since an experts-only release's KV cache follows its
// 16-bit attention: gpt-oss-120b on MI325X, H39, from 1.44x to 1.08x; 10.9 % before, since
// gpt-oss's experts-only release is served with 16-bit attention and its MXFP4 experts
// multiplied with 8-bit activations: refitted, AMD's
// constants moved to bring gpt-oss on MI325X, H39, from 6.3x to 1.4x and its other rows from 8 %
// to 36 % off; 9.1 % and 73 of 75 before, since 4-bit weights on chips without 4-bit units stay
// 4-bit and multiply at 16 bits, and the logits' one-row GEMM is charged as its weight read; 10.2 %
// since a prompt's dense GEMMs run at its own row count, not its routed experts'; 9.9 % and 74 of
// 75 before, with published fp8 checkpoints kept at fp8; 73 of 75 before that, with DeepSeek-R1 on
// one SambaRack widened to 16 bits; 9.8 % and 69 of 75 before wide expert parallelism, the
// per-sequence host time and latency-meeting plans first; 18.7 %, 67 of 74 and one refused before
// the 2026-12 physics and the fitted calibration). A change that makes the engine worse fails here.
constexpr double kMaxMedianApe = 0.106;
constexpr double kMinWithin2xShare = 1.0;
constexpr int kMaxSkipped = 0;

// Floor on the held-out set (resources/validation/holdout-trtllm-perf-overview.csv: 111 newer
// TensorRT-LLM results no fit reads), each row evaluated with the runtime trtllm-bench ran: its
// batch limit, its whole-length KV reservation and whether its attention-DP ranks prefill
// together. Where the engine stands today: 19.2 % median, all 111 within 2x (Blackwell 18.6 %,
// Hopper 33.3 %), with the KV cache read at a share of its own; 21.5 % before, with the
// calibration fitted from the assumptions (Blackwell 21.4 %, Hopper 33.0 %); 20.7 % with the one that kept
// values earlier fits had left (Blackwell 18.3 %), 20.1 % with one descent per fit, 25.5 % and
// 104 before 4-bit weights on Hopper stayed 4-bit. It only guards against getting worse; issue
// 17's target for unseen results is 20 % and 90 %.
constexpr double kMaxHeldOutMedianApe = 0.20;
constexpr double kMinHeldOutWithin2xShare = 0.99;
constexpr size_t kHeldOutRows = 111;

// Floor on the honest figure, leave-one-source-out cross-validation of the shipped set (each
// family refitted without one source's rows, which are then predicted): 17.4 % median, 66 of 75
// within 2x today (18.8 % and 65 before the KV read share), where issue 17's target is 15 %. It
// only guards against getting worse.
constexpr double kMaxCvMedianApe = 0.18;
constexpr int kMinCvWithin2x = 66;

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

    // A row may state the KV cache's precision and the plan its benchmark ran; each is checked
    // where it is read, and a row's plan must span the row's chips.
    void kvPrecisionAndParallelismColumns()
    {
        const QByteArray header =
            "id,device,chips,model,precision,input_tokens,output_tokens,concurrency,scenario,ttft_limit_ms,"
            "tpot_limit_ms,speculative,metric,value,date,grade,source,notes,latency_stat,kv_precision,"
            "parallelism\n";
        const QByteArray row =
            "Y1,h200-sxm,%1,qwen3-235b-a22b,fp8,1000,1000,,offline,,,,tok_s_total,1000,2025,B,s,"
            ",,%2,%3\n";
        auto parse = [&](const char* chips, const char* kv, const char* plan, QString* err) {
            return parseMeasurementsCsv(
                header + QByteArray(row).replace("%1", chips).replace("%2", kv).replace("%3", plan),
                QStringLiteral("h.csv"), err);
        };
        QString err;
        QVERIFY(!parse("4", "fp7", "", &err));
        QCOMPARE(err, QStringLiteral("h.csv:2: kv_precision: unknown precision 'fp7'"));
        QVERIFY(!parse("4", "", "TP1 EP4 XP4", &err));
        QVERIFY2(err.startsWith(QStringLiteral("h.csv:2: parallelism: expected degrees")), qPrintable(err));
        QVERIFY(!parse("8", "", "TP1 EP4 DP4", &err));
        QCOMPARE(err, QStringLiteral("h.csv:2: parallelism: 'TP1 EP4 DP4' spans 4 chips, the row has 8"));
        // An empty chip count takes the plan's.
        auto planned = parse("", "", "tp1 ep4 dp4", &err);
        QVERIFY2(planned, qPrintable(err));
        QCOMPARE(planned->front().chips, 4);

        Engine engine(Catalog::builtin());
        auto fp8 = parse("4", "fp8", "TP1 EP4 DP4", &err);
        auto bf16 = parse("4", "bf16", "TP1 EP4 DP4", &err);
        QVERIFY2(fp8 && bf16, qPrintable(err));
        const ValidationResult v8 = validateRow(engine, fp8->front());
        const ValidationResult v16 = validateRow(engine, bf16->front());
        QVERIFY2(v8.evaluated && v16.evaluated, qPrintable(v8.skipReason + v16.skipReason));
        // The benchmark's plan is the one evaluated, not the engine's own choice.
        QCOMPARE(v8.plan, QStringLiteral("TP1 EP4 DP4"));
        QCOMPARE(v16.plan, QStringLiteral("TP1 EP4 DP4"));
        // A 16-bit cache holds half the tokens of an fp8 one in the same memory and reads twice the
        // bytes per token: at maximum throughput it never serves more.
        QVERIFY2(v16.predicted < v8.predicted,
                 qPrintable(QStringLiteral("bf16 %1 vs fp8 %2").arg(v16.predicted).arg(v8.predicted)));
    }

    void servingRuntimeColumns()
    {
        const QByteArray header =
            "id,device,chips,model,precision,input_tokens,output_tokens,concurrency,scenario,ttft_limit_ms,"
            "tpot_limit_ms,speculative,metric,value,date,grade,source,notes,latency_stat,kv_precision,"
            "parallelism,max_batch,kv_admission,attention_dp_prefill\n";
        // Qwen3 235B on four B200 (DEP4), 1k in and 8k out: memory, not compute, sets the batch.
        const QByteArray row =
            "Y1,b200,4,qwen3-235b-a22b,fp4,1024,8192,,offline,,,,tok_s_total,13556,2025,B,s,"
            ",,fp8,TP1 EP4 DP4,%1,%2,%3\n";
        auto parse = [&](const char* maxBatch, const char* admission, QString* err,
                         const char* prefill = "") {
            return parseMeasurementsCsv(
                header +
                    QByteArray(row).replace("%1", maxBatch).replace("%2", admission).replace("%3", prefill),
                QStringLiteral("r.csv"), err);
        };
        QString err;
        QVERIFY(!parse("0", "", &err));
        QCOMPARE(err, QStringLiteral("r.csv:2: max_batch: expected a positive whole number, got '0'"));
        QVERIFY(!parse("12.5", "", &err));
        QCOMPARE(err, QStringLiteral("r.csv:2: max_batch: expected a positive whole number, got '12.5'"));
        QVERIFY(!parse("", "lazy", &err));
        QCOMPARE(err,
                 QStringLiteral("r.csv:2: kv_admission: expected on-demand or reserve-full, got 'lazy'"));
        QVERIFY(!parse("", "", &err, "sometimes"));
        QCOMPARE(err, QStringLiteral(
                          "r.csv:2: attention_dp_prefill: expected aligned or independent, got 'sometimes'"));

        Engine engine(Catalog::builtin());
        auto evaluate = [&](const char* maxBatch, const char* admission, const char* prefill = "") {
            QString e;
            const auto rows = parse(maxBatch, admission, &e, prefill);
            if (!rows)
                qFatal("%s", qPrintable(e));
            return validateRow(engine, rows->front());
        };
        const ValidationResult free = evaluate("", "");
        const ValidationResult reserved = evaluate("", "reserve-full");
        const ValidationResult capped = evaluate("64", "");
        QVERIFY(free.evaluated && reserved.evaluated && capped.evaluated);
        // Reserving each request's whole length (1,024 + 8,192 tokens) instead of taking blocks
        // as it grows (1,024 + 4,096 on average) leaves room for 5,120 / 9,216 of the streams.
        QVERIFY2(std::abs(double(reserved.batch) / free.batch - 5120.0 / 9216.0) < 0.02,
                 qPrintable(QStringLiteral("%1 vs %2 streams").arg(reserved.batch).arg(free.batch)));
        QVERIFY(reserved.predicted < free.predicted);
        // The runtime's limit holds the batch to 64 per replica, four replicas.
        QCOMPARE(capped.batch, 4 * 64);
        QVERIFY(capped.predicted < free.predicted);
        // Ranks prefilling on their own stall the other three of the expert group; the default,
        // and a row that says "aligned", do not.
        const ValidationResult aligned = evaluate("", "", "aligned");
        const ValidationResult independent = evaluate("", "", "independent");
        QCOMPARE(aligned.predicted, free.predicted);
        QVERIFY(independent.predicted < aligned.predicted);
    }

    void parallelPlanTextRoundTrips()
    {
        for (const ParallelPlan& p : {ParallelPlan{1, 1, 1, 1}, ParallelPlan{8, 1, 1, 1},
                                      ParallelPlan{1, 1, 72, 72}, ParallelPlan{4, 2, 8, 2}}) {
            const auto back = parallelPlanFromString(p.toString());
            QVERIFY(back);
            QCOMPARE(*back, p);
        }
        QCOMPARE(parallelPlanFromString(QStringLiteral(" dp2  TP4 ")), (ParallelPlan{4, 1, 1, 2}));
        for (const char* bad : {"", "TP", "TP0", "TP-1", "TP2 TP2", "TP2,EP2", "TP1234567", "QP2"})
            QVERIFY2(!parallelPlanFromString(QString::fromLatin1(bad)), bad);
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
        QFile heldOut(shippedHeldOutPath());
        QFile heldOutSource(
            is::testing::sourcePath(QStringLiteral("resources/validation/holdout-trtllm-perf-overview.csv")));
        QVERIFY2(heldOut.open(QIODevice::ReadOnly) && heldOutSource.open(QIODevice::ReadOnly),
                 qPrintable(heldOutSource.fileName()));
        QVERIFY2(heldOut.readAll() == heldOutSource.readAll(),
                 "the embedded held-out measurements differ from resources/validation/: rebuild");
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

    // The held-out set: newer results of the same kind, none of them in measurements.csv, so no
    // fit has seen them (calibrate reads only the file it is given). Every row names a model and
    // device the catalog has, and the engine stays at or above its floor on them.
    void heldOutMeasurementsWithinTheirFloor()
    {
        QString err;
        auto rows = loadMeasurementsFile(shippedHeldOutPath(), &err);
        QVERIFY2(rows, qPrintable(err));
        QCOMPARE(rows->size(), kHeldOutRows);
        auto fitted = loadMeasurementsFile(shippedMeasurementsPath(), &err);
        QVERIFY2(fitted, qPrintable(err));
        for (const MeasurementRow& h : *rows)
            for (const MeasurementRow& f : *fitted)
                QVERIFY2(h.id != f.id && h.source != f.source, qPrintable(h.id));
        Engine engine(Catalog::builtin());
        const auto results = validateAll(engine, *rows);
        const ValidationSummary s = summarize(results);
        const QString summary = QStringLiteral("held out: median APE %1 %, within 2x %2/%3, skipped %4")
                                    .arg(s.medianApe * 100, 0, 'f', 1)
                                    .arg(s.within2x)
                                    .arg(s.evaluated)
                                    .arg(s.skipped);
        qInfo().noquote() << summary;
        QVERIFY2(s.skipped == 0 && s.medianApe <= kMaxHeldOutMedianApe &&
                     s.within2xShare() >= kMinHeldOutWithin2xShare,
                 qPrintable(summary));
    }

    // The cross-validation shipped beside the measurements, which the report quotes, is what the
    // engine with the shipped calibration gives today (regenerate with `inference-studio validate
    // --cross-validate --json > resources/validation/cross-validation.json`), and the honest
    // figures stay at or above their floor.
    void shippedCrossValidationIsCurrent()
    {
        QString err;
        const auto rows = loadMeasurementsFile(shippedMeasurementsPath(), &err);
        QVERIFY2(rows, qPrintable(err));
        const CrossValidation cv = crossValidate(Catalog::builtin(), *rows);
        const auto shipped = loadShippedCrossValidation(&err);
        QVERIFY2(shipped, qPrintable(err));
        const auto same = [](const ValidationSummary& a, const ValidationSummary& b) {
            return a.evaluated == b.evaluated && a.within2x == b.within2x &&
                   qFuzzyCompare(1.0 + a.medianApe, 1.0 + b.medianApe) &&
                   qFuzzyCompare(1.0 + a.mape, 1.0 + b.mape);
        };
        const QString stale =
            QStringLiteral("resources/validation/cross-validation.json is stale: regenerate it");
        QCOMPARE(shipped->folds, cv.folds);
        QVERIFY2(same(shipped->all, cv.heldSummary), qPrintable(stale));
        QCOMPARE(shipped->families.size(), cv.familyHeld.size());
        for (const auto& [family, held] : cv.familyHeld) {
            QVERIFY2(shipped->families.count(family), qPrintable(family));
            QVERIFY2(same(shipped->families.at(family), held),
                     qPrintable(stale + QStringLiteral(": ") + family));
        }
        const QString summary = QStringLiteral("cross-validated: median APE %1 %, within 2x %2/%3")
                                    .arg(cv.heldSummary.medianApe * 100, 0, 'f', 1)
                                    .arg(cv.heldSummary.within2x)
                                    .arg(cv.heldSummary.evaluated);
        qInfo().noquote() << summary;
        QVERIFY2(cv.heldSummary.medianApe <= kMaxCvMedianApe && cv.heldSummary.within2x >= kMinCvWithin2x,
                 qPrintable(summary));
    }

    // What a prediction for a family is worth: the shipped cross-validation where the family is
    // calibrated as shipped, nothing where no published result of the family ships (Etched's Sohu),
    // and no cross-validated figure once the user's own calibration moved the family.
    void familyAccuracyFollowsTheCalibrationInUse()
    {
        const auto builtin = Catalog::builtin();
        const FamilyAccuracy hopper = familyAccuracy(*builtin, QStringLiteral("nvidia-hopper"));
        QCOMPARE(hopper.basis, FamilyAccuracy::Basis::CrossValidated);
        QCOMPARE(hopper.crossValidated.evaluated, 28);
        QVERIFY(hopper.crossValidated.medianApe > 0 && hopper.crossValidated.medianApe < 1);
        QCOMPARE(familyAccuracy(*builtin, QStringLiteral("etched-sohu")).basis,
                 FamilyAccuracy::Basis::NoMeasurements);

        auto own = std::make_shared<Catalog>(*builtin);
        Calibration c = own->calibration();
        const QString groq = QStringLiteral("groq-lpu");
        std::vector<FamilyCalibration> generations = c.families().at(groq);
        generations.back().dataflowHopS.value *= 2;
        c.setFamily(groq, generations);
        own->setCalibration(c);
        QVERIFY(!usesShippedCalibration(*own, groq));
        QCOMPARE(familyAccuracy(*own, groq).basis, FamilyAccuracy::Basis::OwnCalibration);
        QCOMPARE(familyAccuracy(*own, QStringLiteral("nvidia-hopper")).basis,
                 FamilyAccuracy::Basis::CrossValidated);
    }

    // Reading validate's cross-validated JSON back names the field that is missing.
    void crossValidationJsonNamesAMissingField()
    {
        QFile f(shippedCrossValidationPath());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        QString err;
        const auto figures = crossValidationFromJson(doc, &err);
        QVERIFY2(figures, qPrintable(err));
        QVERIFY(figures->folds > 0);
        QVERIFY(figures->families.count(QStringLiteral("groq-lpu")));
        QCOMPARE(figures->all.rows, 75);

        QJsonObject summary = doc.value(QLatin1String("summary")).toObject();
        QJsonObject families = summary.value(QLatin1String("families")).toObject();
        QJsonObject groq = families.value(QLatin1String("groq-lpu")).toObject();
        groq.insert(QStringLiteral("cv_median_ape"), QStringLiteral("low"));
        families.insert(QStringLiteral("groq-lpu"), groq);
        summary.insert(QStringLiteral("families"), families);
        doc.insert(QStringLiteral("summary"), summary);
        QVERIFY(!crossValidationFromJson(doc, &err));
        QVERIFY2(err.contains(QStringLiteral("summary.families.groq-lpu.cv_median_ape")), qPrintable(err));
        QVERIFY(!crossValidationFromJson(QJsonObject{}, &err));
        QVERIFY2(err.contains(QStringLiteral("summary.cv_folds")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
