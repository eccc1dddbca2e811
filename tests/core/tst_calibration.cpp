// SPDX-License-Identifier: MIT
// Calibration as a procedure (engine/Calibrator.h): a fit recovers constants it did not see from
// rows the engine generated with them, says when it sits on a physical bound, keeps a family's
// constants when there are too few rows, rejects bad input naming file, line and field, and the
// shipped resources/calibration.json is what `calibrate` makes of the shipped measurements.
#include "engine/Calibrator.h"
#include "engine/CrossValidation.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"

#include "CliRunner.h"
#include "EngineFixture.h"
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <QtTest>

#include <cmath>

using namespace is;
using is::test::withConstants;

namespace {

MeasurementRow row(const char* id, const char* device, int chips, const char* model, const char* scenario,
                   double in, double out, const char* metric, const char* source = "synthetic")
{
    MeasurementRow r;
    r.id = QString::fromLatin1(id);
    r.device = QString::fromLatin1(device);
    r.chips = chips;
    r.model = QString::fromLatin1(model);
    r.precision = QStringLiteral("fp8");
    r.scenario = QString::fromLatin1(scenario);
    r.inputTokens = in;
    r.outputTokens = out;
    r.concurrency = 1;
    r.metric = QString::fromLatin1(metric);
    r.source = QString::fromLatin1(source);
    r.value = 1;
    return r;
}

// Hopper rows of different kinds: memory-bound single streams, compute-bound prefill-heavy
// batches, throughput at length, on one and eight GPUs.
std::vector<MeasurementRow> hopperRows()
{
    return {
        row("S01", "h100-sxm", 1, "llama-3.1-8b", "single", 1000, 1000, "tok_s_user", "a"),
        row("S02", "h200-sxm", 8, "llama-3.1-70b", "single", 1000, 1000, "tok_s_user", "a"),
        row("S03", "h200-sxm", 1, "llama-3.3-70b", "offline", 2048, 128, "tok_s_total", "a"),
        row("S04", "h100-sxm", 8, "llama-2-70b", "offline", 300, 285, "tok_s_total", "b"),
        row("S05", "h200-sxm", 1, "llama-3.1-8b", "offline", 1000, 1000, "tok_s_total", "b"),
        row("S06", "h100-sxm", 2, "llama-3.3-70b", "offline", 2048, 128, "tok_s_total", "b"),
        row("S07", "h200-sxm", 8, "mixtral-8x7b", "offline", 350, 145, "tok_s_total", "c"),
        row("S08", "h100-sxm", 8, "llama-3.1-405b", "single", 1000, 1000, "tok_s_user", "c"),
        row("S09", "h200-sxm", 8, "llama-3.1-405b", "offline", 1000, 1000, "tok_s_total", "c"),
        row("S10", "h100-sxm", 1, "llama-3.1-8b", "single", 8000, 500, "tok_s_user", "c"),
    };
}

// Each row's value set to what the engine predicts on `catalog`, scaled by `factor`.
void measureWith(const std::shared_ptr<const Catalog>& catalog, std::vector<MeasurementRow>& rows,
                 double factor = 1)
{
    const Engine engine(catalog);
    for (MeasurementRow& r : rows) {
        const ValidationResult v = validateRow(engine, r);
        QVERIFY2(v.evaluated, qPrintable(r.id + QStringLiteral(": ") + v.skipReason));
        r.value = v.predicted * factor;
    }
}

const FittedConstant* constant(const FamilyFit& f, const char* key)
{
    for (const FittedConstant& c : f.constants)
        if (c.key == QLatin1String(key))
            return &c;
    return nullptr;
}

} // namespace

class TestCalibration : public QObject, protected is::testing::CliScratch
{
    Q_OBJECT

    // The user catalog folder is the test's own: --user writes there.
    Run run(const QStringList& args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
        return is::testing::runCli(args, env);
    }
    static QByteArray header()
    {
        return "id,device,chips,model,precision,input_tokens,output_tokens,concurrency,scenario,ttft_limit_"
               "ms,"
               "tpot_limit_ms,speculative,metric,value,date,grade,source,notes\n";
    }
    // Four Hopper results of a user's own (one single stream, three offline batches), ids
    // `prefix`1-4, as the file `name`.
    QString writeMyRuns(const char* name, const char* prefix)
    {
        QByteArray csv = header();
        int n = 0;
        for (const char* line : {"h100-sxm,1,llama-3.1-8b,fp8,1000,1000,1,single,,,,tok_s_user,230",
                                 "h100-sxm,8,llama-2-70b,fp8,300,285,,offline,,,,tok_s_total,24500",
                                 "h200-sxm,1,llama-3.3-70b,fp8,2048,128,,offline,,,,tok_s_total,442",
                                 "h200-sxm,1,llama-3.1-8b,fp8,1000,1000,,offline,,,,tok_s_total,17700"})
            csv += QByteArray(prefix) + QByteArray::number(++n) + "," + line + ",2026,B,my vLLM run,\n";
        return write(name, csv);
    }

private slots:
    void rangesAreTheDocumentedOnes()
    {
        // resources/CALIBRATION.md states each fitted constant's range; the code reads its table.
        QFile md(is::testing::sourcePath(QStringLiteral("resources/CALIBRATION.md")));
        QVERIFY(md.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(md.readAll());
        for (const CalibrationParameter& p : calibrationParameters()) {
            QVERIFY2(p.lo < p.hi && p.lo >= 0 && (!p.logScale || p.lo > 0), p.key);
            const QRegularExpression line(QStringLiteral("^\\| `%1` \\|.*\\| ([^|]+) \\|$")
                                              .arg(QRegularExpression::escape(QLatin1String(p.key))),
                                          QRegularExpression::MultilineOption);
            const QRegularExpressionMatch m = line.match(text);
            QVERIFY2(m.hasMatch(), p.key);
            const QStringList range = m.captured(1).trimmed().split(QStringLiteral(" - "));
            QCOMPARE(range.size(), 2);
            QCOMPARE(range[0].toDouble(), p.lo);
            QCOMPARE(range[1].toDouble(), p.hi);
        }
    }

    void recoversConstantsTheRowsWereMadeWith()
    {
        // Rows generated by the engine with compute efficiency 0.5 and memory efficiency 0.65 (the
        // rest at the "default" family's values, where the search starts): the fit finds them.
        const FamilyCalibration& d = Catalog::builtin()->calibration().defaults();
        std::map<QString, double> truth;
        for (const CalibrationParameter& p : calibrationParameters())
            truth[QLatin1String(p.key)] = (d.*(p.member)).value;
        truth[QStringLiteral("compute_efficiency")] = 0.5;
        truth[QStringLiteral("memory_efficiency")] = 0.65;
        std::vector<MeasurementRow> rows = hopperRows();
        measureWith(withConstants(QStringLiteral("nvidia-hopper"), truth), rows);

        const CalibrationFit fit = calibrate(Catalog::builtin(), rows, CalibrateOptions{});
        QCOMPARE(fit.families.size(), size_t(1));
        const FamilyFit& f = fit.families.front();
        QCOMPARE(f.family, QStringLiteral("nvidia-hopper"));
        QVERIFY(f.fitted);
        QCOMPARE(f.rows.size(), 10);
        QVERIFY(f.constants.size() <= 10 / kRowsPerFittedConstant);
        QVERIFY(f.lossAfter < 0.002);
        QVERIFY(f.after.medianApe < 0.01);
        const FittedConstant* ce = constant(f, "compute_efficiency");
        const FittedConstant* me = constant(f, "memory_efficiency");
        QVERIFY(ce && me);
        QVERIFY2(std::abs(ce->after - 0.5) < 0.025, qPrintable(QString::number(ce->after)));
        QVERIFY2(std::abs(me->after - 0.65) < 0.02, qPrintable(QString::number(me->after)));
        for (const FittedConstant& c : f.constants)
            QVERIFY2(c.boundHit.isEmpty(), qPrintable(c.key));
        // The fitted calibration is what the engine now uses for the family, marked calibrated.
        const FamilyCalibration& h = fit.calibration.family(QStringLiteral("nvidia-hopper"));
        QCOMPARE(h.computeEfficiency.value, ce->after);
        QCOMPARE(h.computeEfficiency.kind, SourceKind::Calibrated);
        QCOMPARE(h.fittedOn, f.rows);

        // Left out one source at a time, the rows are still predicted closely: the constants hold.
        const CrossValidation cv = crossValidate(Catalog::builtin(), rows);
        QCOMPARE(cv.folds, 3);
        QCOMPARE(cv.heldSummary.evaluated, 10);
        QVERIFY2(cv.heldSummary.medianApe < 0.1, qPrintable(QString::number(cv.heldSummary.medianApe)));
        QVERIFY(cv.familyHeld.count(QStringLiteral("nvidia-hopper")));
    }

    void olderSoftwareGenerationFitsItsOwnConstant()
    {
        // Hopper with a software generation from 2025-01. The newer rows were made with memory
        // efficiency 0.65, the two older ones (single streams, memory-bound) with 0.45: the shared
        // fit finds about 0.65 (the robust loss lets the two older rows pull it a little, to 0.62),
        // and the older generation alone gets memory efficiency of its own, near 0.45, while the
        // newest generation (what the studio uses) keeps the shared value.
        const FamilyCalibration& d = Catalog::builtin()->calibration().defaults();
        auto twoGenerations = [&](double older, double newer) {
            auto catalog = std::make_shared<Catalog>(*Catalog::builtin());
            Calibration c = catalog->calibration();
            FamilyCalibration oldGen = d;
            oldGen.fromDate.clear();
            FamilyCalibration newGen = d;
            newGen.fromDate = QStringLiteral("2025-01");
            oldGen.memoryEfficiency.value = older;
            newGen.memoryEfficiency.value = newer;
            c.setFamily(QStringLiteral("nvidia-hopper"), {oldGen, newGen});
            catalog->setCalibration(c);
            return catalog;
        };
        std::vector<MeasurementRow> rows = hopperRows();
        for (MeasurementRow& r : rows)
            r.date = QStringLiteral("2025-06");
        MeasurementRow o1 =
            row("O01", "h100-sxm", 1, "llama-3.1-8b", "single", 1000, 1000, "tok_s_user", "d");
        MeasurementRow o2 =
            row("O02", "h200-sxm", 8, "llama-3.1-405b", "single", 1000, 1000, "tok_s_user", "d");
        o1.date = o2.date = QStringLiteral("2024-08");
        rows.push_back(o1);
        rows.push_back(o2);
        measureWith(twoGenerations(0.45, 0.65), rows);

        const CalibrationFit fit = calibrate(twoGenerations(0.75, 0.75), rows, CalibrateOptions{});
        const FamilyFit& f = fit.families.front();
        QVERIFY(f.fitted);
        const FittedConstant* shared = nullptr;
        const FittedConstant* own = nullptr;
        for (const FittedConstant& c : f.constants)
            if (c.key == QLatin1String("memory_efficiency"))
                (c.generation().isEmpty() ? shared : own) = &c;
        QVERIFY(shared && own);
        QCOMPARE(own->generation(), QStringLiteral("before 2025-01"));
        QVERIFY(own->generationFrom.isEmpty());
        QCOMPARE(own->generationUntil, QStringLiteral("2025-01"));
        QVERIFY(shared->generationUntil.isEmpty());
        QVERIFY2(std::abs(shared->after - 0.65) < 0.04, qPrintable(QString::number(shared->after)));
        QVERIFY2(std::abs(own->after - 0.45) < 0.03, qPrintable(QString::number(own->after)));
        const Calibration& c = fit.calibration;
        QCOMPARE(c.family(QStringLiteral("nvidia-hopper"), QStringLiteral("2024-08")).memoryEfficiency.value,
                 own->after);
        QCOMPARE(c.family(QStringLiteral("nvidia-hopper")).memoryEfficiency.value, shared->after);
        QVERIFY(f.after.medianApe < 0.02);

        // One older row is too few for a constant of its own: the generation shares them all.
        rows.pop_back();
        const CalibrationFit one = calibrate(twoGenerations(0.75, 0.75), rows, CalibrateOptions{});
        for (const FittedConstant& k : one.families.front().constants)
            QVERIFY2(k.generation().isEmpty(), qPrintable(k.key));
    }

    void saysWhenAFitSitsOnABound()
    {
        // Measured three times faster than the engine can make a Hopper GPU go within physical
        // limits: memory efficiency would have to exceed 0.92, and the fit says it stopped there.
        std::vector<MeasurementRow> rows = hopperRows();
        measureWith(Catalog::builtin(), rows, 3.0);
        const CalibrationFit fit = calibrate(Catalog::builtin(), rows, CalibrateOptions{});
        const FamilyFit& f = fit.families.front();
        QVERIFY(f.fitted);
        int hits = 0;
        for (const FittedConstant& c : f.constants) {
            if (c.boundHit == QLatin1String("upper"))
                QVERIFY(std::abs(c.after - c.hi) <= 0.02 * (c.hi - c.lo) || c.after > 0.9 * c.hi);
            if (!c.boundHit.isEmpty())
                ++hits;
        }
        QVERIFY(hits >= 1);
        const FittedConstant* me = constant(f, "memory_efficiency");
        QVERIFY(me);
        QCOMPARE(me->boundHit, QStringLiteral("upper"));
        // ... and so does the --json summary.
        const QJsonObject s = calibrationSummaryToJson(fit);
        bool reported = false;
        for (const QJsonValue c :
             s[QStringLiteral("families")][QStringLiteral("nvidia-hopper")][QStringLiteral("constants")]
                 .toArray())
            reported = reported || c[QStringLiteral("bound_hit")].toString() == QLatin1String("upper");
        QVERIFY(reported);
    }

    void progressCountsUpAndCanStopTheFit()
    {
        std::vector<MeasurementRow> rows = hopperRows();
        measureWith(Catalog::builtin(), rows, 1.2);
        // Run through: progress only ever rises, never past the total, and ends at it.
        CalibrateOptions options;
        int last = 0;
        int total = 0;
        bool monotonic = true;
        options.progress = [&](int done, int all) {
            monotonic = monotonic && done >= last && done <= all && (total == 0 || all == total);
            last = done;
            total = all;
            return true;
        };
        const CalibrationFit full = calibrate(Catalog::builtin(), rows, options);
        QVERIFY(!full.stopped);
        QVERIFY(monotonic);
        QVERIFY(total > 0);
        QCOMPARE(last, total);
        QVERIFY(full.families.front().fitted);

        // Stopped after ten predictions: no more are made, and no family comes back fitted.
        int calls = 0;
        options.progress = [&](int, int) { return ++calls < 10; };
        const CalibrationFit stopped = calibrate(Catalog::builtin(), rows, options);
        QVERIFY(stopped.stopped);
        QCOMPARE(calls, 10);
        QVERIFY(stopped.families.empty());
        QCOMPARE(
            stopped.calibration.family(QStringLiteral("nvidia-hopper")).memoryEfficiency.value,
            Catalog::builtin()->calibration().family(QStringLiteral("nvidia-hopper")).memoryEfficiency.value);
    }

    void tooFewRowsKeepTheConstants()
    {
        std::vector<MeasurementRow> rows{
            row("G1", "groq-lpu", 0, "llama-3.1-8b", "single", 1000, 1000, "tok_s_user")};
        rows[0].precision.clear();
        rows[0].value = 750;
        const auto builtin = Catalog::builtin();
        const CalibrationFit fit = calibrate(builtin, rows, CalibrateOptions{});
        QCOMPARE(fit.families.size(), size_t(1));
        const FamilyFit& f = fit.families.front();
        QVERIFY(!f.fitted);
        QVERIFY2(f.why.contains(QStringLiteral("too few rows")), qPrintable(f.why));
        QVERIFY(f.constants.empty());
        const FamilyCalibration& before = builtin->calibration().family(QStringLiteral("groq-lpu"));
        const FamilyCalibration& after = fit.calibration.family(QStringLiteral("groq-lpu"));
        QCOMPARE(after.dataflowLayerS, before.dataflowLayerS);
        QCOMPARE(after.fittedOn, before.fittedOn);
        // A family named but without rows keeps its constants too.
        CalibrateOptions only;
        only.family = QStringLiteral("amd-cdna4");
        const CalibrationFit none = calibrate(builtin, rows, only);
        QCOMPARE(none.families.size(), size_t(1));
        QVERIFY(!none.families.front().fitted);
        QVERIFY(none.families.front().rows.isEmpty());
    }

    void aFoldWithTooFewRowsKeepsItsFamilysAssumptions()
    {
        // Cross-validation predicts a family left with too few rows from the fit's starting point:
        // the family's own stated assumptions (Groq: SRAM read at half its peak, 20 us a step),
        // with the constants an earlier fit set back at the "default" family's values.
        std::vector<MeasurementRow> rows{
            row("G1", "groq-lpu", 0, "llama-3.1-8b", "single", 1000, 1000, "tok_s_user")};
        rows[0].precision.clear();
        rows[0].value = 750;
        CalibrateOptions options;
        options.untrainedUsesStart = true;
        const auto builtin = Catalog::builtin();
        const CalibrationFit fit = calibrate(builtin, rows, options);
        QVERIFY(!fit.families.front().fitted);
        const FamilyCalibration& stated = builtin->calibration().family(QStringLiteral("groq-lpu"));
        const FamilyCalibration& generic = builtin->calibration().defaults();
        const FamilyCalibration& kept = fit.calibration.family(QStringLiteral("groq-lpu"));
        QCOMPARE(stated.memoryEfficiency.kind, SourceKind::Assumed);
        QVERIFY(stated.memoryEfficiency.value != generic.memoryEfficiency.value);
        QVERIFY(qFuzzyCompare(kept.memoryEfficiency.value, stated.memoryEfficiency.value));
        QVERIFY(qFuzzyCompare(kept.stepOverheadS.value, stated.stepOverheadS.value));
        QCOMPARE(stated.dataflowAreaS.kind, SourceKind::Calibrated);
        QVERIFY(qFuzzyCompare(kept.dataflowAreaS.value, generic.dataflowAreaS.value));
    }

    void aFamilysPublishedAssumptionsAreWhereItsFitStarts()
    {
        // AMD CDNA 3 states what a published measurement found MI300X to reach (45 % of peak
        // FLOP/s, 81 % of peak bandwidth): its fit starts there, a fold with too few rows keeps
        // it, and no fit overwrites it. A family that states none assumes the "default" family's.
        const auto builtin = Catalog::builtin();
        const QString amd = QStringLiteral("amd-cdna3");
        const Calibration& shipped = builtin->calibration();
        const FamilyCalibration& assumed = shipped.assumptions(amd);
        QCOMPARE(assumed.computeEfficiency.value, 0.45);
        QCOMPARE(assumed.computeEfficiency.kind, SourceKind::ThirdParty);
        QCOMPARE(assumed.memoryEfficiency.value, 0.81);
        QCOMPARE(shipped.assumptions(QStringLiteral("nvidia-hopper")).computeEfficiency,
                 shipped.defaults().computeEfficiency);
        // No shipped fit moves AMD's bandwidth fraction, so the engine uses the assumption.
        QCOMPARE(shipped.family(amd).memoryEfficiency, assumed.memoryEfficiency);

        QString err;
        const auto all = loadMeasurementsFile(shippedMeasurementsPath(), &err);
        QVERIFY2(all, qPrintable(err));
        CalibrateOptions options;
        options.family = amd;
        const CalibrationFit fit = calibrate(builtin, *all, options);
        QVERIFY(fit.families.front().fitted);
        const FittedConstant* compute = constant(fit.families.front(), "compute_efficiency");
        QVERIFY(compute);
        QCOMPARE(compute->start, 0.45);

        std::vector<MeasurementRow> one{
            row("A1", "mi300x", 8, "llama-2-70b", "offline", 300, 285, "tok_s_total")};
        one[0].value = 20000;
        options.untrainedUsesStart = true;
        const CalibrationFit fold = calibrate(builtin, one, options);
        QVERIFY(!fold.families.front().fitted);
        QCOMPARE(fold.calibration.family(amd).computeEfficiency.value, 0.45);
        QCOMPARE(fold.calibration.family(amd).memoryEfficiency.value, 0.81);

        // Written and read back, the assumptions stay apart from the fitted values, which state
        // every value that differs from the default (the assumed bandwidth fraction too).
        const QJsonObject written = calibrationFitToJson(fit, QStringLiteral("measurements.csv"));
        const QJsonObject amdJson =
            written.value(QStringLiteral("families")).toObject().value(amd).toObject();
        const QJsonObject shippedAmd =
            shipped.toJson().value(QStringLiteral("families")).toObject().value(amd).toObject();
        QCOMPARE(amdJson.value(QStringLiteral("assumptions")),
                 shippedAmd.value(QStringLiteral("assumptions")));
        QCOMPARE(amdJson.value(QStringLiteral("memory_efficiency")).toObject().value(QStringLiteral("value")),
                 QJsonValue(0.81));
        Calibration reread;
        QVERIFY2(reread.load(written, QStringLiteral("written"), &err), qPrintable(err));
        QCOMPARE(reread.assumptions(amd).computeEfficiency, assumed.computeEfficiency);
        QCOMPARE(reread.family(amd).computeEfficiency, fit.calibration.family(amd).computeEfficiency);
        QCOMPARE(reread.toJson(), fit.calibration.toJson());
        // A user's overlay carries no assumptions: a later release may revise them.
        const QJsonObject overlayAmd =
            fit.calibration.toJson({amd}).value(QStringLiteral("families")).toObject().value(amd).toObject();
        QVERIFY(!overlayAmd.contains(QStringLiteral("assumptions")));

        // A user's overlay states none: its values read over the default, as it was written (it
        // states every value that differs from it), and the family keeps its assumptions.
        Calibration layered = shipped;
        const QJsonObject overlay = QJsonDocument::fromJson(R"({"families": {"amd-cdna3":
            {"compute_efficiency": {"value": 0.5, "kind": "calibrated", "source": "my rows"}}}})")
                                        .object();
        QVERIFY2(layered.load(overlay, QStringLiteral("calibration-mine.json"), &err), qPrintable(err));
        QCOMPARE(layered.family(amd).computeEfficiency.value, 0.5);
        QCOMPARE(layered.family(amd).memoryEfficiency, shipped.defaults().memoryEfficiency);
        QCOMPARE(layered.assumptions(amd).computeEfficiency, assumed.computeEfficiency);

        // An assumption out of its physical range is refused, naming the field.
        const QJsonObject bad = QJsonDocument::fromJson(R"({"families": {"x": {"assumptions":
            {"compute_efficiency": {"value": 1.5, "kind": "assumed", "source": "a typo"}}}}})")
                                    .object();
        Calibration refused;
        QVERIFY(!refused.load(bad, QStringLiteral("calibration.json"), &err));
        QVERIFY2(err.contains(QStringLiteral("calibration.json")) &&
                     err.contains(QStringLiteral("families.x.assumptions")),
                 qPrintable(err));
    }

    // A misspelt constant in a calibration file would be ignored without a word and the engine
    // would go on with the value beneath it: each place in the file holds only what it can use.
    void aFieldACalibrationBlockCannotHoldIsRefused()
    {
        const struct
        {
            const char* json;
            const char* field;
        } cases[] = {
            {R"({"families": {"x": {"compute_efficency": {"value": 0.5, "kind": "calibrated",
                "source": "mine"}}}})",
             "families.x.compute_efficency"},
            // Which speculation a family serves with is not an assumption about its chips.
            {R"({"families": {"x": {"assumptions": {"default_speculative": "draft"}}}})",
             "families.x.assumptions.default_speculative"},
            {R"({"families": {"x": {"generations": [{"from_date": "2025-01",
                "assumptions": {}}]}}})",
             "families.x.generations[0].assumptions"},
        };
        for (const auto& c : cases) {
            Calibration cal;
            QString err;
            QVERIFY(!cal.load(QJsonDocument::fromJson(c.json).object(), QStringLiteral("mine.json"), &err));
            QVERIFY2(err.startsWith(QStringLiteral("mine.json")) && err.contains(QLatin1String(c.field)) &&
                         err.contains(QStringLiteral("compute_efficiency")),
                     qPrintable(err));
        }
        // Every field the shipped file writes is one it reads.
        Calibration reread;
        QString err;
        QVERIFY2(reread.load(Catalog::builtin()->calibration().toJson(), QStringLiteral("shipped"), &err),
                 qPrintable(err));
    }

    void moreStartingPointsFindALowerLoss()
    {
        // AMD's seven shipped rows: the descent from the "default" values (without the family's
        // published assumptions, which start it nearer) stops in a local minimum; descents from
        // points spread over the ranges find a markedly lower loss.
        QString err;
        const auto rows = loadMeasurementsFile(shippedMeasurementsPath(), &err);
        QVERIFY2(rows, qPrintable(err));
        QJsonObject json = Catalog::builtin()->calibration().toJson();
        QJsonObject families = json.value(QStringLiteral("families")).toObject();
        QJsonObject amd = families.value(QStringLiteral("amd-cdna3")).toObject();
        amd.remove(QStringLiteral("assumptions"));
        amd.remove(QStringLiteral("memory_efficiency")); // the assumed fraction, stated as in use
        families.insert(QStringLiteral("amd-cdna3"), amd);
        json.insert(QStringLiteral("families"), families);
        Calibration generic;
        QVERIFY2(generic.load(json, QStringLiteral("without AMD's assumptions"), &err), qPrintable(err));
        auto catalog = std::make_shared<Catalog>(*Catalog::builtin());
        catalog->setCalibration(generic);
        CalibrateOptions one;
        one.family = QStringLiteral("amd-cdna3");
        one.extraStarts = 0;
        CalibrateOptions many = one;
        many.extraStarts = 8;
        const CalibrationFit a = calibrate(catalog, *rows, one);
        const CalibrationFit b = calibrate(catalog, *rows, many);
        QCOMPARE(a.families.size(), size_t(1));
        QCOMPARE(b.families.size(), size_t(1));
        const FamilyFit& fa = a.families.front();
        const FamilyFit& fb = b.families.front();
        QVERIFY(fa.fitted && fb.fitted);
        QVERIFY2(fb.lossAfter < 0.8 * fa.lossAfter,
                 qPrintable(QStringLiteral("%1 against %2").arg(fb.lossAfter).arg(fa.lossAfter)));
        QVERIFY(fb.evaluations > fa.evaluations);
    }

    void aFileComesFromTheRowsAloneAnOverlayFromTheCalibrationInUse()
    {
        // Groq's four shipped rows move its area and hop latencies, not its per-layer latency,
        // which stays where the family's assumptions put it. A catalog saying that an earlier fit
        // set the per-layer latency to three times that gets the same fit from the rows alone,
        // while an overlay on it (CalibrationBase::Current) keeps the value in use.
        QString err;
        const auto all = loadMeasurementsFile(shippedMeasurementsPath(), &err);
        QVERIFY2(all, qPrintable(err));
        const QString groq = QStringLiteral("groq-lpu");
        std::vector<MeasurementRow> rows;
        for (const MeasurementRow& r : *all)
            if (r.device == QLatin1String("groq-lpu"))
                rows.push_back(r);
        QCOMPARE(rows.size(), size_t(4));
        const auto clean = Catalog::builtin();
        const double assumed = clean->calibration().defaults().dataflowLayerS.value;
        auto marked = std::make_shared<Catalog>(*clean);
        {
            Calibration c = marked->calibration();
            std::vector<FamilyCalibration> generations = c.families().at(groq);
            for (FamilyCalibration& g : generations) {
                g.dataflowLayerS.value = 3 * assumed;
                g.dataflowLayerS.kind = SourceKind::Calibrated;
                g.dataflowLayerS.source = QStringLiteral("an earlier fit");
            }
            c.setFamily(groq, generations);
            marked->setCalibration(c);
        }
        CalibrateOptions options;
        options.family = groq;
        const CalibrationFit fromClean = calibrate(clean, rows, options);
        const CalibrationFit fromMarked = calibrate(marked, rows, options);
        QVERIFY(fromClean.families.front().fitted);
        QVERIFY(!constant(fromClean.families.front(), "dataflow_layer_s"));
        const FamilyCalibration& a = fromClean.calibration.family(groq);
        const FamilyCalibration& b = fromMarked.calibration.family(groq);
        for (const CalibrationParameter& p : calibrationParameters())
            QVERIFY2((a.*(p.member)).value == (b.*(p.member)).value, p.key);
        QCOMPARE(b.dataflowLayerS.value, assumed);
        QCOMPARE(b.dataflowLayerS.kind, SourceKind::Assumed);

        options.base = CalibrationBase::Current;
        const CalibrationFit overlay = calibrate(marked, rows, options);
        QCOMPARE(overlay.calibration.family(groq).dataflowLayerS.value, 3 * assumed);

        // Cross-validation repeats the file's fit without each source's rows, so no fold inherits a
        // value fitted on the rows it holds out: its predictions are the same from either catalog.
        const CrossValidation cvClean = crossValidate(clean, rows);
        const CrossValidation cvMarked = crossValidate(marked, rows);
        QVERIFY(cvClean.folds > 1);
        for (size_t i = 0; i < rows.size(); ++i)
            QVERIFY2(cvClean.held[i].predicted == cvMarked.held[i].predicted, qPrintable(rows[i].id));
    }

    void anOverlayAdjustsTheShippedFitNotAGenericOne()
    {
        // A user's H100 and H200 systems run the shipped set's six TensorRT-LLM offline batches of
        // Llama 3.1 8B and 3.3 70B 20 % slower. Their overlay starts from the shipped constants,
        // so what those rows barely pin there (Hopper's time per kernel, 0.3 us in steps of tens
        // of ms) is not fitted, and the shipped set's single streams, which the rows do not show,
        // stay within 2x of their published measurements. From a generic 4 us per kernel, the fit
        // took that time to its 20 us bound and those single streams to 0.35-0.44 of their
        // measurements.
        const auto shipped = Catalog::builtin();
        const QString hopper = QStringLiteral("nvidia-hopper");
        QString err;
        const auto all = loadMeasurementsFile(shippedMeasurementsPath(), &err);
        QVERIFY2(all, qPrintable(err));
        const QStringList offlineIds = {QStringLiteral("P14"), QStringLiteral("P16"), QStringLiteral("P18"),
                                        QStringLiteral("P19"), QStringLiteral("H20"), QStringLiteral("H21")};
        const QStringList singleIds = {QStringLiteral("P28"), QStringLiteral("H32"), QStringLiteral("H40"),
                                       QStringLiteral("H41")};
        constexpr double kSlower = 0.8;
        std::vector<MeasurementRow> offline, single;
        for (const MeasurementRow& r : *all) {
            if (offlineIds.contains(r.id)) {
                offline.push_back(r);
                offline.back().value *= kSlower;
            } else if (singleIds.contains(r.id)) {
                single.push_back(r);
            }
        }
        QCOMPARE(offline.size(), size_t(6));
        QCOMPARE(single.size(), size_t(4));

        CalibrateOptions options;
        options.family = hopper;
        options.base = CalibrationBase::Current;
        const CalibrationFit fit = calibrate(shipped, offline, options);
        QVERIFY(fit.families.front().fitted);
        const FamilyCalibration& before = shipped->calibration().family(hopper);
        for (const FittedConstant& c : fit.families.front().constants) {
            const CalibrationParameter* p = calibrationParameter(c.key);
            QVERIFY(p);
            QCOMPARE(c.start, std::clamp((before.*(p->member)).value, p->lo, p->hi));
        }
        QVERIFY(!constant(fit.families.front(), "kernel_overhead_s"));
        QVERIFY(fit.families.front().after.medianApe < 0.1);

        auto adjusted = std::make_shared<Catalog>(*shipped);
        adjusted->setCalibration(fit.calibration);
        const Engine engine(adjusted);
        for (const MeasurementRow& r : single) {
            const ValidationResult v = validateRow(engine, r);
            QVERIFY(v.evaluated);
            const double ratio = v.predicted / r.value;
            QVERIFY2(ratio > 0.5 && ratio < 2.0,
                     qPrintable(QStringLiteral("%1: %2 of the measurement").arg(r.id).arg(ratio)));
        }

        // Fitted again with the overlay in use (the dialog's Fit again after Apply), it lands where
        // it did: the start is the shipped calibration, never the values being replaced.
        const CalibrationFit again = calibrate(adjusted, offline, options);
        const FamilyCalibration& a = fit.calibration.family(hopper);
        const FamilyCalibration& b = again.calibration.family(hopper);
        for (const CalibrationParameter& p : calibrationParameters())
            QVERIFY2(std::abs((a.*(p.member)).value - (b.*(p.member)).value) <=
                         1e-9 * std::abs((a.*(p.member)).value),
                     p.key);
    }

    void shippedCalibrationIsTheFitOfTheShippedMeasurements()
    {
        // Regenerate: `inference-studio calibrate resources/validation/measurements.csv -o
        // resources/calibration.json`. The search starts from the family's assumptions, never
        // from the values it replaces, so the fit run on its own output lands where it did.
        QString err;
        const auto rows = loadMeasurementsFile(shippedMeasurementsPath(), &err);
        QVERIFY2(rows, qPrintable(err));
        const auto builtin = Catalog::builtin();
        QVERIFY2(checkMeasurements(*builtin, *rows, shippedMeasurementsPath(), &err), qPrintable(err));
        CalibrateOptions options;
        options.sourceName = QStringLiteral("measurements.csv");
        QElapsedTimer timer;
        timer.start();
        const CalibrationFit fit = calibrate(builtin, *rows, options);
        qInfo() << "calibrate on the shipped measurements:" << timer.elapsed() << "ms";
        QFile shipped(QStringLiteral(":/calibration.json"));
        QVERIFY(shipped.open(QIODevice::ReadOnly));
        const QJsonObject base = QJsonDocument::fromJson(shipped.readAll()).object();
        const QJsonObject regenerated = calibrationFitToJson(fit, options.sourceName);
        QCOMPARE(base[QStringLiteral("kind")].toString(), QStringLiteral("calibrated"));
        const QJsonObject a = base[QStringLiteral("families")].toObject();
        const QJsonObject b = regenerated[QStringLiteral("families")].toObject();
        QCOMPARE(a.keys(), b.keys());
        int fitted = 0;
        for (const QString& family : a.keys()) {
            const QJsonObject fa = a[family].toObject();
            const QJsonObject fb = b[family].toObject();
            QCOMPARE(fa.keys(), fb.keys());
            QCOMPARE(fa[QStringLiteral("fitted_on")], fb[QStringLiteral("fitted_on")]);
            // Stated, never fitted: copied exactly.
            QCOMPARE(fa[QStringLiteral("assumptions")], fb[QStringLiteral("assumptions")]);
            for (const QString& key : fa.keys()) {
                if (!fa[key].isObject())
                    continue;
                const double va = fa[key][QStringLiteral("value")].toDouble();
                const double vb = fb[key][QStringLiteral("value")].toDouble();
                QVERIFY2(std::abs(va - vb) <= 1e-6 * std::max(std::abs(va), 1e-12),
                         qPrintable(QStringLiteral("%1.%2: shipped %3, regenerated %4; run calibrate again")
                                        .arg(family, key)
                                        .arg(va)
                                        .arg(vb)));
                QCOMPARE(fa[key][QStringLiteral("kind")], fb[key][QStringLiteral("kind")]);
                if (fb[key][QStringLiteral("source")].toString().startsWith(QStringLiteral("fitted by")))
                    ++fitted;
            }
        }
        QVERIFY(fitted >= 10);
    }

    void badInputNamesFileLineAndField()
    {
        const QString unknown =
            write("unknown.csv", header() + "X1,h100-sxm,8,llama-2-70b,fp8,300,285,,offline,,,,"
                                            "tok_s_total,100,,,s,\n"
                                            "X2,tpu-v9,8,llama-2-70b,fp8,300,285,,offline,,,,"
                                            "tok_s_total,100,,,s,\n");
        Run r = run({QStringLiteral("calibrate"), unknown});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("unknown.csv:3: device: unknown device 'tpu-v9'"), r.err.constData());

        const QString model = write("model.csv", header() + "X1,h100-sxm,8,llama-9,fp8,300,285,,offline,,,,"
                                                            "tok_s_total,100,,,s,\n");
        r = run({QStringLiteral("calibrate"), model});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("model.csv:2: model: unknown model 'llama-9'"), r.err.constData());

        const QString text = write("text.csv", header() + "X1,h100-sxm,8,llama-2-70b,fp8,300,285,,offline,,,,"
                                                          "tok_s_total,fast,,,s,\n");
        r = run({QStringLiteral("calibrate"), text});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("text.csv:2: value: expected a positive number, got 'fast'"),
                 r.err.constData());

        const QString empty = write("empty.csv", "");
        r = run({QStringLiteral("calibrate"), empty});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("empty.csv: empty file"), r.err.constData());

        const QString headerOnly = write("header.csv", header());
        r = run({QStringLiteral("calibrate"), headerOnly});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("header.csv: no measurement rows"), r.err.constData());

        const QString fine = write("fine.csv", header() + "X1,h100-sxm,8,llama-2-70b,fp8,300,285,,offline,,,,"
                                                          "tok_s_total,24500,,,s,\n");
        r = run(
            {QStringLiteral("calibrate"), fine, QStringLiteral("--family"), QStringLiteral("nvidia-rubin")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--family: no device of family 'nvidia-rubin'"), r.err.constData());
        r = run(
            {QStringLiteral("calibrate"), fine, QStringLiteral("--family"), QStringLiteral("nvidia-hopper")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("nvidia-hopper: kept its constants (too few rows"), r.out.constData());

        r = run({QStringLiteral("calibrate"), m_dir.filePath(QStringLiteral("missing.csv"))});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("missing.csv: cannot open"), r.err.constData());
    }

    void textNamesTheSoftwareOfAnOlderGenerationsConstant()
    {
        // Cerebras' August 2024 software fits its own area latency next to the shared one: the
        // text says whose it is instead of printing the constant twice.
        const QString csv = is::testing::sourcePath(QStringLiteral("resources/validation/measurements.csv"));
        const Run r = run(
            {QStringLiteral("calibrate"), csv, QStringLiteral("--family"), QStringLiteral("cerebras-wse")});
        QCOMPARE(r.code, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains(QStringLiteral("dataflow_area_s (software before 2024-10)")), qPrintable(out));
        QCOMPARE(out.count(QStringLiteral("dataflow_area_s")), 2);
    }

    void calibrateWritesAFileAndAUserOverlay()
    {
        const QString path = writeMyRuns("mine.csv", "U");
        const QString out = m_dir.filePath(QStringLiteral("fitted.json"));
        Run r = run({QStringLiteral("calibrate"), path, QStringLiteral("-o"), out, QStringLiteral("--user"),
                     QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject s = QJsonDocument::fromJson(r.out).object();
        const QJsonObject hopper = s[QStringLiteral("families")][QStringLiteral("nvidia-hopper")].toObject();
        QVERIFY(hopper[QStringLiteral("fitted")].toBool());
        QCOMPARE(hopper[QStringLiteral("rows")].toArray().size(), 4);
        QVERIFY(hopper[QStringLiteral("constants")].toArray().size() <= 2);
        QVERIFY(hopper[QStringLiteral("after")][QStringLiteral("median_ape")].toDouble() <=
                hopper[QStringLiteral("before")][QStringLiteral("median_ape")].toDouble() + 1e-9);

        // The file loads as a calibration, marked calibrated, citing the measurements file.
        Catalog catalog = *Catalog::builtin();
        QString err;
        QVERIFY2(catalog.loadFile(out, &err), qPrintable(err));
        const FamilyCalibration& h = catalog.calibration().family(QStringLiteral("nvidia-hopper"));
        QCOMPARE(h.fittedOn, (QStringList{QStringLiteral("U1"), QStringLiteral("U2"), QStringLiteral("U3"),
                                          QStringLiteral("U4")}));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject file = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(file[QStringLiteral("kind")].toString(), QStringLiteral("calibrated"));
        QCOMPARE(file[QStringLiteral("source")].toString(), QStringLiteral("mine.csv"));
        const QString fitted = hopper[QStringLiteral("constants")][0][QStringLiteral("key")].toString();
        const QJsonObject value =
            file[QStringLiteral("families")][QStringLiteral("nvidia-hopper")][fitted].toObject();
        QCOMPARE(value[QStringLiteral("kind")].toString(), QStringLiteral("calibrated"));
        QVERIFY(value[QStringLiteral("source")].toString().contains(QStringLiteral("mine.csv")));

        // The overlay in the user catalog holds only the fitted family; the studio then uses it.
        const QJsonArray written = s[QStringLiteral("written")].toArray();
        QCOMPARE(written.size(), 2);
        const QString overlay = written[1].toString();
        QVERIFY2(overlay.startsWith(m_dir.filePath(QStringLiteral("data"))), qPrintable(overlay));
        QFile o(overlay);
        QVERIFY(o.open(QIODevice::ReadOnly));
        const QJsonObject families =
            QJsonDocument::fromJson(o.readAll()).object()[QStringLiteral("families")].toObject();
        QCOMPARE(families.keys(), QStringList{QStringLiteral("nvidia-hopper")});
        const Run v = run({QStringLiteral("validate"), path, QStringLiteral("--json")});
        QCOMPARE(v.code, 0);
        QCOMPARE(QJsonDocument::fromJson(v.out)[QStringLiteral("summary")][QStringLiteral("median_ape")]
                     .toDouble(),
                 hopper[QStringLiteral("after")][QStringLiteral("median_ape")].toDouble());
    }

    void aRefitReplacesTheOverlayOfTheSameFile()
    {
        // A user fits mine.csv, changes it and fits it again: the new overlay replaces the old
        // one, so a constant the old fit had set and the new one does not move goes back to the
        // value beneath the overlay (here the shipped one), not the old fit's. The "before"
        // figures are still what was in use, the old overlay's.
        const QString path = writeMyRuns("refit.csv", "R");
        const QStringList args{QStringLiteral("calibrate"), path, QStringLiteral("--user"),
                               QStringLiteral("--json")};
        const Run first = run(args);
        QVERIFY2(first.code == 0, first.err.constData());
        const QString overlay =
            QJsonDocument::fromJson(first.out)[QStringLiteral("written")].toArray().at(0).toString();
        auto hopperOf = [](const QByteArray& json) {
            return QJsonDocument::fromJson(json)[QStringLiteral("families")][QStringLiteral("nvidia-hopper")]
                .toObject();
        };
        QStringList fitted;
        for (const QJsonValue c : hopperOf(first.out)[QStringLiteral("constants")].toArray())
            fitted << c[QStringLiteral("key")].toString();
        QVERIFY(!fitted.isEmpty());
        // The rows are throughputs: no fit of them moves the per-request time, so an overlay with
        // one of its own stands for an earlier fit of the same file on other rows.
        const char* stale = "request_overhead_s";
        QVERIFY(!fitted.contains(QLatin1String(stale)));
        QJsonObject file;
        {
            QFile f(overlay);
            QVERIFY(f.open(QIODevice::ReadOnly));
            file = QJsonDocument::fromJson(f.readAll()).object();
        }
        QJsonObject families = file[QStringLiteral("families")].toObject();
        QJsonObject hopper = families[QStringLiteral("nvidia-hopper")].toObject();
        const double shipped =
            Catalog::builtin()->calibration().family(QStringLiteral("nvidia-hopper")).requestOverheadS.value;
        QVERIFY(std::abs(shipped - 0.5) > 0.1);
        hopper[QLatin1String(stale)] =
            QJsonObject{{QStringLiteral("value"), 0.5},
                        {QStringLiteral("kind"), QStringLiteral("calibrated")},
                        {QStringLiteral("source"), QStringLiteral("an earlier fit")}};
        const double inUse = hopper[fitted.front()][QStringLiteral("value")].toDouble() * 0.9;
        hopper[fitted.front()] = QJsonObject{{QStringLiteral("value"), inUse},
                                             {QStringLiteral("kind"), QStringLiteral("calibrated")},
                                             {QStringLiteral("source"), QStringLiteral("an earlier fit")}};
        families[QStringLiteral("nvidia-hopper")] = hopper;
        file[QStringLiteral("families")] = families;
        {
            QFile f(overlay);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QJsonDocument(file).toJson());
        }

        const Run second = run(args);
        QVERIFY2(second.code == 0, second.err.constData());
        const QJsonArray constants = hopperOf(second.out)[QStringLiteral("constants")].toArray();
        QVERIFY(!constants.isEmpty());
        bool fittedAgain = false;
        for (const QJsonValue c : constants)
            if (c[QStringLiteral("key")].toString() == fitted.front()) {
                QCOMPARE(c[QStringLiteral("before")].toDouble(), inUse);
                fittedAgain = true;
            }
        QVERIFY2(fittedAgain, qPrintable(fitted.front()));
        QFile f(overlay);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject refitted =
            QJsonDocument::fromJson(f.readAll())[QStringLiteral("families")][QStringLiteral("nvidia-hopper")]
                .toObject();
        QCOMPARE(refitted[QLatin1String(stale)][QStringLiteral("value")].toDouble(), shipped);
        // Fitting it once more changes nothing: the fit never builds on the overlay it replaces.
        const Run third = run(args);
        QVERIFY2(third.code == 0, third.err.constData());
        auto afterValues = [&](const QByteArray& json) {
            std::map<QString, double> out;
            for (const QJsonValue c : hopperOf(json)[QStringLiteral("constants")].toArray())
                out[c[QStringLiteral("key")].toString()] = c[QStringLiteral("after")].toDouble();
            return out;
        };
        QCOMPARE(afterValues(third.out), afterValues(second.out));
    }

    void crossValidateJsonContract()
    {
        QByteArray csv = header();
        int n = 0;
        for (const char* line :
             {"h100-sxm,1,llama-3.1-8b,fp8,1000,1000,1,single,,,,tok_s_user,230,2026,B,one",
              "h100-sxm,8,llama-2-70b,fp8,300,285,,offline,,,,tok_s_total,24500,2026,B,one",
              "h200-sxm,1,llama-3.3-70b,fp8,2048,128,,offline,,,,tok_s_total,442,2026,B,two",
              "h200-sxm,1,llama-3.1-8b,fp8,1000,1000,,offline,,,,tok_s_total,17700,2026,B,two",
              "groq-lpu,,llama-3.1-8b,,1000,1000,1,single,,,,tok_s_user,751,2024-09,C,three"})
            csv += "V" + QByteArray::number(++n) + "," + line + ",\n";
        const QString path = write("cv.csv", csv);
        const Run r = run(
            {QStringLiteral("validate"), path, QStringLiteral("--json"), QStringLiteral("--cross-validate")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        const QJsonObject s = doc[QStringLiteral("summary")].toObject();
        for (const char* key :
             {"median_ape", "within_2x", "cv_median_ape", "cv_within_2x", "cv_within_2x_share"})
            QVERIFY2(s.contains(QLatin1String(key)), key);
        QCOMPARE(s[QStringLiteral("cv_folds")].toInt(), 3);
        const QJsonObject families = s[QStringLiteral("families")].toObject();
        QCOMPARE(families.keys(), (QStringList{QStringLiteral("groq-lpu"), QStringLiteral("nvidia-hopper")}));
        for (const QJsonValue f : families)
            for (const char* key : {"median_ape", "within_2x", "cv_median_ape", "cv_within_2x"})
                QVERIFY2(f.toObject().contains(QLatin1String(key)), key);
        QCOMPARE(doc[QStringLiteral("rows")].toArray().size(), 5);
        for (const QJsonValue row : doc[QStringLiteral("rows")].toArray())
            QVERIFY(row[QStringLiteral("cv_ape")].isDouble());
        const Run text = run({QStringLiteral("validate"), path, QStringLiteral("--cross-validate")});
        QCOMPARE(text.code, 0);
        QVERIFY(text.out.contains("cv median"));
    }
};

QTEST_GUILESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
