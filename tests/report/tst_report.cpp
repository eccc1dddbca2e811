// SPDX-License-Identifier: MIT
// The report's numbers are the engine's: a report is rendered by the real executable, its text
// extracted with pdftotext, and every deployment's key figures must read exactly as
// `estimate --json` gives them, at the precision `estimate` prints them.
#include "CliRunner.h"

#include "OffGuiThread.h"
#include "SourcePath.h"
#include "document/ScenarioDocument.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "report/ReportExport.h"
#include "report/ReportFacts.h"
#include "report/ReportHtml.h"
#include "scenario/Scenario.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QWidget>

using is::testing::runCli;

namespace {

QString scenarioPath(const char* name)
{
    return QStringLiteral(IS_SCENARIOS_DIR "/") + QString::fromLatin1(name);
}

// The PDF's text, page breaks as form feeds; empty when pdftotext fails.
QString pdfText(const QString& pdf)
{
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return {};
    return QString::fromUtf8(p.readAllStandardOutput());
}

// Pages of a PDF's extracted text: pdftotext ends every page with a form feed.
int pageCount(const QString& text)
{
    return int(text.count(QLatin1Char('\f')));
}

QString fixed(double v, int decimals)
{
    return QString::number(v, 'f', decimals);
}

// The default scenario's report as text, whitespace collapsed; empty (with the command's error
// printed) when the report or pdftotext fails.
QString defaultReportText()
{
    QTemporaryDir tmp;
    const QString pdf = tmp.filePath(QStringLiteral("report.pdf"));
    const auto run = runCli(
        {QStringLiteral("report"), scenarioPath("gpt-5.6-sol-vs-kimi-k3.json"), QStringLiteral("-o"), pdf});
    if (run.code != 0) {
        qWarning().noquote() << run.err;
        return {};
    }
    return pdfText(pdf).simplified();
}

QJsonObject jsonOf(const QByteArray& bytes)
{
    return QJsonDocument::fromJson(bytes).object();
}

// One row of the report's engine tables as pdftotext gives it, whitespace collapsed: the family,
// its rows evaluated, then for each summary its median error and rows within 2x.
QString engineRow(const QString& name, const QJsonObject& in, const std::vector<QJsonObject>& more = {},
                  const char* prefix = "")
{
    const auto figures = [](const QJsonObject& o, const QString& p) -> QString {
        return fixed(o.value(p + QStringLiteral("median_ape")).toDouble() * 100, 1) + QStringLiteral(" % ") +
               QString::number(o.value(p + QStringLiteral("within_2x")).toInt()) + QLatin1Char('/') +
               QString::number(o.value(p + QStringLiteral("evaluated")).toInt());
    };
    QString row = name + QLatin1Char(' ') + QString::number(in.value(QLatin1String("evaluated")).toInt()) +
                  QLatin1Char(' ') + figures(in, {});
    for (const QJsonObject& o : more)
        row += QLatin1Char(' ') + figures(o, QString::fromLatin1(prefix));
    return row;
}

} // namespace

class TestReport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QFAIL("pdftotext (poppler-utils) is missing: scripts/install-deps.sh installs it");
    }

    void numbersEqualEstimate_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("lang");
        const QDir dir(QStringLiteral(IS_SCENARIOS_DIR));
        for (const QString& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files))
            for (const char* lang : {"en", "zh_CN"})
                QTest::newRow(qPrintable(f + QLatin1Char('/') + QLatin1String(lang)))
                    << dir.filePath(f) << QString::fromLatin1(lang);
    }

    // Every shipped scenario, in both languages: the report is written and every deployment's
    // TTFT, time per token, speeds, power, energy and cost read as `estimate --json` says.
    void numbersEqualEstimate()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, lang);
        QTemporaryDir tmp;
        const QString pdf = tmp.filePath(QStringLiteral("report.pdf"));
        const auto run = runCli(
            {QStringLiteral("report"), scenario, QStringLiteral("-o"), pdf, QStringLiteral("--lang"), lang});
        QVERIFY2(run.code == 0, run.err.constData());
        const QString text = pdfText(pdf);
        QVERIFY(!text.isEmpty());
        // Title page, scenario, table, the seven comparison charts, and the closing sections.
        QVERIFY2(pageCount(text) >= 11, qPrintable(QString::number(pageCount(text))));

        const auto est = runCli({QStringLiteral("estimate"), scenario, QStringLiteral("--json")});
        QCOMPARE(est.code, 0);
        const QJsonArray deployments =
            QJsonDocument::fromJson(est.out).object().value(QLatin1String("deployments")).toArray();
        QVERIFY(!deployments.isEmpty());
        // pdftotext may break a long line; the figures themselves are never split.
        const QString flat = QString(text).simplified();
        // One output token per request: no time between tokens and no reading speed, a dash each.
        QFile file(scenario);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const bool decodes = QJsonDocument::fromJson(file.readAll())
                                 .object()
                                 .value(QLatin1String("workload"))
                                 .toObject()
                                 .value(QLatin1String("output_tokens"))
                                 .toDouble(2) > 1;
        for (const QJsonValue v : deployments) {
            const QJsonObject d = v.toObject();
            QVERIFY2(flat.contains(d.value(QLatin1String("name")).toString()),
                     qPrintable(d.value(QLatin1String("name")).toString()));
            if (!d.value(QLatin1String("fits")).toBool())
                continue;
            const QString none = QStringLiteral("—");
            const QStringList figures = {
                fixed(d.value(QLatin1String("ttft_ms")).toDouble(), 1),
                decodes ? fixed(d.value(QLatin1String("tpot_ms")).toDouble(), 2) : none,
                decodes ? fixed(d.value(QLatin1String("tok_s_user")).toDouble(), 1) : none,
                fixed(d.value(QLatin1String("tok_s_total")).toDouble(), 0),
                fixed(d.value(QLatin1String("power_kw")).toDouble(), 1),
                fixed(d.value(QLatin1String("joules_per_token")).toDouble(), 2),
                fixed(d.value(QLatin1String("usd_per_mtok")).toDouble(), 2),
            };
            for (const QString& figure : figures)
                QVERIFY2(
                    flat.contains(QLatin1Char(' ') + figure + QLatin1Char(' ')),
                    qPrintable(d.value(QLatin1String("name")).toString() + QStringLiteral(": ") + figure));
        }
        if (lang == QLatin1String("zh_CN"))
            QVERIFY2(flat.contains(QStringLiteral("附录")), "the Chinese report's appendix heading");
    }

    // The claim audit section: every claim's verdict reads as `audit --json` gives it (the
    // report lists all claims, whatever its scenario).
    void claimVerdictsEqualAudit()
    {
        QTemporaryDir tmp;
        const QString pdf = tmp.filePath(QStringLiteral("report.pdf"));
        const auto run = runCli(
            {QStringLiteral("report"),
             QDir(QStringLiteral(IS_SCENARIOS_DIR)).filePath(QStringLiteral("gpt-5.6-sol-vs-kimi-k3.json")),
             QStringLiteral("-o"), pdf});
        QVERIFY2(run.code == 0, run.err.constData());
        QString text = pdfText(pdf);
        // The PDF sets "ff" and "ffi" as ligatures and the verdicts with no-break spaces.
        text = text.normalized(QString::NormalizationForm_KC);
        text.replace(QChar(0xa0), QLatin1Char(' '));
        const QStringList lines = text.split(QLatin1Char('\n'));
        const auto audit = runCli({QStringLiteral("audit"), QStringLiteral("--json")});
        QCOMPARE(audit.code, 0);
        const QJsonArray claims =
            QJsonDocument::fromJson(audit.out).object().value(QLatin1String("claims")).toArray();
        QVERIFY(claims.size() >= 34);
        const QHash<QString, QString> names{
            {QStringLiteral("consistent"), QStringLiteral("consistent")},
            {QStringLiteral("inconsistent"), QStringLiteral("inconsistent")},
            {QStringLiteral("consistent-only-if"), QStringLiteral("consistent only if")},
            {QStringLiteral("not-checkable"), QStringLiteral("not checkable")}};
        for (const QJsonValue c : claims) {
            const QString id = c.toObject().value(QLatin1String("id")).toString();
            const QString verdict = c.toObject().value(QLatin1String("verdict")).toString();
            QVERIFY2(names.contains(verdict), qPrintable(verdict));
            // The row's first line: the id, then the columns.
            const QRegularExpression idCell(
                QStringLiteral("(^|\\s)%1(\\s|$)").arg(QRegularExpression::escape(id)));
            // The first verdict after the id, the longest name first ("consistent only if" is
            // not "consistent"); pdftotext may set it only one space from its neighbours.
            static const QRegularExpression verdictCell(
                QStringLiteral("\\s(consistent only if|not checkable|inconsistent|consistent)(\\s|$)"));
            bool found = false;
            for (const QString& line : lines)
                if (line.contains(idCell)) {
                    const QRegularExpressionMatch m = verdictCell.match(line, line.indexOf(idCell));
                    QVERIFY2(m.hasMatch() && m.captured(1) == names.value(verdict),
                             qPrintable(id + QStringLiteral(": ") + line));
                    found = true;
                }
            QVERIFY2(found, qPrintable(id));
        }
    }

    // The appendix names the source and kind of the numbers the figures rest on: the CS-3's
    // memory bandwidth is a datasheet figure, GPT-5.6 Sol's size a speculation; a family's
    // constants under the family's name, not its catalog id.
    void appendixCitesSources()
    {
        const QString flat = defaultReportText();
        QVERIFY(!flat.isEmpty());
        QVERIFY(flat.contains(QStringLiteral("Appendix: catalog numbers used")));
        QVERIFY(flat.contains(QStringLiteral("speculation")));
        QVERIFY(flat.contains(QStringLiteral("datasheet")));
        QVERIFY(flat.contains(QStringLiteral("calibration: Cerebras WSE")));
        QVERIFY(!flat.contains(QStringLiteral("calibration: cerebras-wse")));
        QVERIFY(flat.contains(QStringLiteral("Median error")));
    }

    // The engine section: per family, the error on the rows the calibration was fitted on as
    // `validate --json` gives it, next to the shipped cross-validation's (the figures of
    // `validate --cross-validate --json`, resources/validation/cross-validation.json), and the
    // held-out set's as `validate --held-out --json` gives them.
    void engineSectionEqualsValidate()
    {
        const QString flat = defaultReportText();
        QVERIFY(!flat.isEmpty());

        const auto fitted = runCli({QStringLiteral("validate"), QStringLiteral("--json")});
        QCOMPARE(fitted.code, 0);
        QFile shipped(is::testing::sourcePath(QStringLiteral("resources/validation/cross-validation.json")));
        QVERIFY(shipped.open(QIODevice::ReadOnly));
        const QJsonObject in = jsonOf(fitted.out).value(QLatin1String("summary")).toObject();
        const QJsonObject cv = jsonOf(shipped.readAll()).value(QLatin1String("summary")).toObject();
        const QJsonObject cvFamilies = cv.value(QLatin1String("families")).toObject();
        const QJsonObject inFamilies = in.value(QLatin1String("families")).toObject();
        QVERIFY(inFamilies.contains(QLatin1String("cerebras-wse")));
        // Each family's row is headed by its catalog name ("NVIDIA Hopper"), not its id.
        const auto name = [](const QString& family) { return is::Catalog::builtin()->familyName(family); };
        QCOMPARE(name(QStringLiteral("cerebras-wse")), QStringLiteral("Cerebras WSE"));
        QStringList expected{engineRow(QStringLiteral("all"), in, {cv}, "cv_")};
        for (auto it = inFamilies.begin(); it != inFamilies.end(); ++it)
            expected << engineRow(name(it.key()), it.value().toObject(),
                                  {cvFamilies.value(it.key()).toObject()}, "cv_");

        const auto held =
            runCli({QStringLiteral("validate"), QStringLiteral("--held-out"), QStringLiteral("--json")});
        QCOMPARE(held.code, 0);
        const QJsonObject out = jsonOf(held.out).value(QLatin1String("summary")).toObject();
        QCOMPARE(out.value(QLatin1String("evaluated")).toInt(), 111);
        expected << engineRow(QStringLiteral("all"), out);
        const QJsonObject outFamilies = out.value(QLatin1String("families")).toObject();
        for (auto it = outFamilies.begin(); it != outFamilies.end(); ++it)
            expected << engineRow(name(it.key()), it.value().toObject());
        for (const QString& line : expected)
            QVERIFY2(flat.contains(line), qPrintable(line));
    }

    // A family on the user's own calibration: its fitted rows' errors are the engine's in use, and
    // the shipped cross-validation, of another calibration, is not quoted for it or for all rows.
    void ownCalibrationIsNotCrossValidated()
    {
        auto catalog = std::make_shared<is::Catalog>(*is::Catalog::builtin());
        is::Calibration calibration = catalog->calibration();
        const QString groq = QStringLiteral("groq-lpu");
        std::vector<is::FamilyCalibration> generations = calibration.families().at(groq);
        generations.back().dataflowLayerS.value *= 2;
        calibration.setFamily(groq, generations);
        catalog->setCalibration(calibration);
        QString error;
        const auto scenario = is::loadScenarioFile(scenarioPath("gpt-5.6-sol-vs-kimi-k3.json"), &error);
        QVERIFY2(scenario, qPrintable(error));

        // Off the GUI thread, as the studio gathers them.
        const auto gather = [&scenario](std::shared_ptr<const is::Catalog> c, QString* why) {
            return is::testing::offGuiThread(
                [&] { return is::gatherReportFacts(*scenario, is::Engine(std::move(c)), why); });
        };
        const auto shipped = gather(is::Catalog::builtin(), &error);
        QVERIFY2(shipped, qPrintable(error));
        QVERIFY(shipped->crossValidated);
        QVERIFY(shipped->ownCalibration().isEmpty());
        const auto own = gather(catalog, &error);
        QVERIFY2(own, qPrintable(error));
        QCOMPARE(own->ownCalibration(), QStringList{groq});

        const auto groqOf = [&groq](const is::ReportFacts& f) {
            for (const is::FamilySummary& s : f.validationByFamily)
                if (s.family == groq)
                    return s.summary;
            return is::ValidationSummary{};
        };
        // Twice the per-layer latency: Groq's single-stream rows are predicted slower, so further off.
        QVERIFY(groqOf(*own).medianApe > groqOf(*shipped).medianApe);
        const QString html = is::gui::reporthtml::back(*own, QStringLiteral("test"));
        QVERIFY(html.contains(QStringLiteral("Your own calibration is in use for Groq LPU")));
        QVERIFY(!is::gui::reporthtml::back(*shipped, QStringLiteral("test"))
                     .contains(QStringLiteral("Your own")));
        const int at = int(html.indexOf(QStringLiteral(">Groq LPU<")));
        QVERIFY(at > 0);
        const QString row = html.mid(at, html.indexOf(QStringLiteral("</tr>"), at) - at);
        QCOMPARE(row.count(QStringLiteral("—")), 2);
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");
        QTemporaryDir tmp;
        const QString ok = scenarioPath("gpt-5.6-sol-vs-kimi-k3.json");
        QTest::newRow("missing scenario")
            << QStringList{QStringLiteral("report"), QStringLiteral("/nonexistent/s.json"),
                           QStringLiteral("-o"), QStringLiteral("/tmp/x.pdf")}
            << QStringLiteral("/nonexistent/s.json");
        QTest::newRow("unwritable folder") << QStringList{QStringLiteral("report"), ok, QStringLiteral("-o"),
                                                          QStringLiteral("/nonexistent-dir/r.pdf")}
                                           << QStringLiteral("--output");
        QTest::newRow("no output") << QStringList{QStringLiteral("report"), ok} << QStringLiteral("--output");
        QTest::newRow("unknown language")
            << QStringList{QStringLiteral("report"), ok,
                           QStringLiteral("-o"),     QStringLiteral("/tmp/x.pdf"),
                           QStringLiteral("--lang"), QStringLiteral("xx")}
            << QStringLiteral("--lang");
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        const auto run = runCli(args);
        QCOMPARE(run.code, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains(named), run.err.constData());
    }

    // File > Export report… writes the same kind of report from the open document, the engine's
    // part on a worker thread.
    void exportFromTheStudio()
    {
        const auto catalog = is::Catalog::builtin();
        is::gui::ScenarioDocument doc(catalog);
        QString error;
        auto s = is::loadScenarioFile(scenarioPath("llama-3.1-70b-cs3-vs-h100.json"), &error);
        QVERIFY2(s, qPrintable(error));
        doc.reset(*s, {});
        QWidget parent;
        is::gui::ReportExport report(&doc, std::make_shared<is::Engine>(catalog), &parent);
        QSignalSpy done(&report, &is::gui::ReportExport::exported);
        QTemporaryDir tmp;
        const QString pdf = tmp.filePath(QStringLiteral("studio.pdf"));
        report.exportTo(pdf);
        QVERIFY(report.busy());
        QVERIFY(!report.action()->isEnabled());
        QVERIFY(done.wait(120000));
        QVERIFY2(done.front().at(1).toBool(), qPrintable(done.front().at(0).toString()));
        QVERIFY(!report.busy());
        const QString text = pdfText(pdf);
        const QString flat = QString(text).simplified();
        QVERIFY(flat.contains(QStringLiteral("Inference Studio report")));
        QVERIFY2(flat.contains(s->name), qPrintable(s->name));
        QVERIFY(pageCount(text) >= 11);
    }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"
