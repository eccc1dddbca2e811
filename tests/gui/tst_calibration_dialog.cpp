// SPDX-License-Identifier: MIT
// Tools > Calibrate from my measurements…: the dialog fits a user's CSV off the GUI thread, shows
// each row's error before and after exactly as `inference-studio validate` reports it on the same
// rows before and after the overlay is installed, Apply moves the open document's figures towards
// the measurements, Undo calibration (after the dialog has closed) returns them exactly and puts
// the user catalog folder back as it was, and a bad file is reported naming file, line and field.
// The user catalog folder is the test's own (XDG_DATA_HOME), shared with the executable it runs.
#include "OffGuiThread.h"
#include "analysis/AnalysisRunner.h"
#include "calibration/CalibrationConstantsModel.h"
#include "calibration/CalibrationDialog.h"
#include "calibration/CalibrationHistory.h"
#include "calibration/CalibrationJob.h"
#include "calibration/CalibrationRowsModel.h"
#include "document/ScenarioDocument.h"
#include "mainwindow/MainWindow.h"
#include "mainwindow/Studio.h"
#include "settings/LanguageManager.h"

#include "CliRunner.h"
#include "SmallScreen.h"
#include "analysis/ScenarioAnalysis.h"
#include "engine/Engine.h"
#include "engine/UserCalibration.h"
#include "hardware/Catalog.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>
#include <memory>

using namespace is;
using namespace is::gui;

namespace {

QByteArray header()
{
    return "id,device,chips,model,precision,input_tokens,output_tokens,concurrency,scenario,ttft_limit_ms,"
           "tpot_limit_ms,speculative,metric,value,date,grade,source,notes\n";
}

// Hopper rows of the kinds a vLLM benchmark produces: single streams and offline batches.
struct Row
{
    const char* id;
    const char* device;
    int chips;
    const char* model;
    const char* scenario;
    double in;
    double out;
    const char* metric;
};
const Row kRows[] = {
    {"U1", "h100-sxm", 1, "llama-3.1-8b", "single", 1000, 1000, "tok_s_user"},
    {"U2", "h200-sxm", 8, "llama-3.1-70b", "single", 1000, 1000, "tok_s_user"},
    {"U3", "h100-sxm", 8, "llama-3.1-405b", "single", 1000, 1000, "tok_s_user"},
    {"U4", "h100-sxm", 1, "llama-3.1-8b", "single", 8000, 500, "tok_s_user"},
    {"U5", "h200-sxm", 1, "llama-3.1-8b", "offline", 1000, 1000, "tok_s_total"},
    {"U6", "h100-sxm", 8, "llama-2-70b", "offline", 300, 285, "tok_s_total"},
};

// ape per row id from `validate --json`.
std::map<QString, double> apeById(const QByteArray& json)
{
    std::map<QString, double> out;
    for (const QJsonValue r : QJsonDocument::fromJson(json)[QStringLiteral("rows")].toArray())
        out[r[QStringLiteral("id")].toString()] = r[QStringLiteral("ape")].toDouble();
    return out;
}

} // namespace

class TestCalibrationDialog : public QObject
{
    Q_OBJECT

public:
    explicit TestCalibrationDialog(QString dataDir) : m_dataDir(std::move(dataDir)) {}

private:
    QString m_dataDir; // XDG_DATA_HOME of this process and of the executable it runs
    QTemporaryDir m_dir;
    std::unique_ptr<Studio> m_studio;

    MainWindow* window() const { return m_studio->window(); }

    std::shared_ptr<const ScenarioAnalysis> settle()
    {
        if (!m_studio->runner()->waitForIdle(60000))
            return nullptr;
        return m_studio->runner()->latest();
    }

    // tok/s per user of each deployment of the newest analysis, by deployment id.
    std::map<QString, double> speeds()
    {
        std::map<QString, double> out;
        const auto a = settle();
        if (!a)
            return out;
        for (const DeploymentAnalysis& d : a->deployments)
            out[d.docId] = d.estimate.mid.tokSUser;
        return out;
    }

    // The rows measured `factor` times faster than the engine now predicts: measurements the fit
    // must move the Hopper constants towards.
    QString writeMeasurements(const char* name, double factor)
    {
        const Engine engine(m_studio->calibrations()->current());
        QByteArray csv = header();
        for (const Row& r : kRows) {
            MeasurementRow m;
            m.id = QString::fromLatin1(r.id);
            m.device = QString::fromLatin1(r.device);
            m.chips = r.chips;
            m.model = QString::fromLatin1(r.model);
            m.precision = QStringLiteral("fp8");
            m.scenario = QString::fromLatin1(r.scenario);
            m.inputTokens = r.in;
            m.outputTokens = r.out;
            m.concurrency = 1;
            m.metric = QString::fromLatin1(r.metric);
            m.value = 1;
            const ValidationResult v = is::testing::offGuiThread([&] { return validateRow(engine, m); });
            if (!v.evaluated)
                qFatal("row %s not evaluated: %s", r.id, qPrintable(v.skipReason));
            csv += QStringLiteral("%1,%2,%3,%4,fp8,%5,%6,1,%7,,,,%8,%9,2026-05,B,my vLLM run,\n")
                       .arg(m.id, m.device, QString::number(m.chips), m.model, QString::number(r.in),
                            QString::number(r.out), m.scenario, m.metric,
                            QString::number(v.predicted * factor, 'g', 8))
                       .toUtf8();
        }
        return is::testing::writeFile(m_dir, name, csv);
    }

    // Opens the dialog through the Tools menu action.
    CalibrationDialog* openDialog()
    {
        auto* action = window()->findChild<QAction*>(QStringLiteral("CalibrateAction"));
        if (!action)
            return nullptr;
        action->trigger();
        return window()->findChild<CalibrationDialog*>();
    }

    // Closes the dialog and waits until it is gone (it deletes itself on close).
    bool closeDialog(CalibrationDialog* dialog)
    {
        dialog->close();
        return QTest::qWaitFor([this] { return !window()->findChild<CalibrationDialog*>(); }, 5000);
    }

    static bool runTo(CalibrationDialog* dialog, const QString& file)
    {
        QSignalSpy done(dialog, &CalibrationDialog::runFinished);
        dialog->calibrate(file);
        // Off the GUI thread: the call returns at once, with the fit still running.
        if (!dialog->busy())
            return false;
        return done.wait(240000) && !dialog->busy();
    }

    // The dialog and every label and button in it fit the screen without being cut.
    static QStringList clipped(QDialog* dialog)
    {
        QStringList out;
        const QRect screen = dialog->screen()->availableGeometry();
        if (!screen.contains(dialog->frameGeometry()))
            out << QStringLiteral("dialog %1 outside the screen %2")
                       .arg(QString::number(dialog->frameGeometry().width()),
                            QString::number(screen.width()));
        for (QPushButton* b : dialog->findChildren<QPushButton*>())
            if (b->isVisible() && b->width() < b->sizeHint().width())
                out << QStringLiteral("button '%1': %2 < %3")
                           .arg(b->text(), QString::number(b->width()),
                                QString::number(b->sizeHint().width()));
        for (QLabel* l : dialog->findChildren<QLabel*>())
            if (l->isVisible() && !l->text().isEmpty() &&
                (l->wordWrap() ? l->height() < l->heightForWidth(l->width())
                               : l->width() < l->sizeHint().width()))
                out << QStringLiteral("label '%1'").arg(l->text());
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // The studio and the command line must read and write the same user catalog folder.
        QVERIFY2(Catalog::userCatalogDir().startsWith(m_dataDir), qPrintable(Catalog::userCatalogDir()));
        Studio::Options o;
        o.settingsPath = m_dir.filePath(QStringLiteral("settings.ini"));
        o.recoveryPath = m_dir.filePath(QStringLiteral("recovery/autosave.json"));
        o.interactive = false;
        QStringList warnings;
        m_studio = std::make_unique<Studio>(Catalog::load(&warnings), warnings, o);
        LanguageManager::apply(QStringLiteral("en"));
        QVERIFY(m_studio->loadDefault());
        m_studio->createWindow();
        window()->show();
        QVERIFY(QTest::qWaitForWindowExposed(window()));
        m_studio->analyseNow();
    }

    void cleanupTestCase() { m_studio.reset(); }

    void badFileNamesFileLineAndField()
    {
        CalibrationDialog* dialog = openDialog();
        QVERIFY(dialog);
        QByteArray csv = header();
        csv += "B1,h100-sxm,1,llama-3.1-8b,fp8,1000,1000,1,single,,,,tok_s_user,230,2026,B,mine,\n";
        csv += "B2,h100-sxm,1,llama-3.1-8b,fp8,1000,1000,1,single,,,,tok_s_user,fast,2026,B,mine,\n";
        const QString notNumber = is::testing::writeFile(m_dir, "not-a-number.csv", csv);
        QVERIFY(runTo(dialog, notNumber));
        QVERIFY(dialog->run() && !dialog->run()->ok());
        QCOMPARE(dialog->errorText(),
                 notNumber + QStringLiteral(":3: value: expected a positive number, got 'fast'"));
        QVERIFY(dialog->findChild<QLabel*>(QStringLiteral("CalibrationError"))->isVisible());
        QCOMPARE(dialog->rowsModel()->rowCount(), 0);
        QVERIFY(!dialog->apply());
        QVERIFY(!m_studio->calibrations()->canUndo());

        csv = header() + "B1,h900-sxm,1,llama-3.1-8b,fp8,1000,1000,1,single,,,,tok_s_user,230,2026,B,mine,\n";
        const QString unknown = is::testing::writeFile(m_dir, "unknown-device.csv", csv);
        QVERIFY(runTo(dialog, unknown));
        QCOMPARE(dialog->errorText(), unknown + QStringLiteral(":2: device: unknown device 'h900-sxm'"));

        const QString empty = is::testing::writeFile(m_dir, "empty.csv", QByteArray());
        QVERIFY(runTo(dialog, empty));
        QVERIFY2(dialog->errorText().startsWith(empty + QStringLiteral(": empty file")),
                 qPrintable(dialog->errorText()));
        QVERIFY(closeDialog(dialog));
    }

    void cancelStopsTheFitAndAppliesNothing()
    {
        CalibrationDialog* dialog = openDialog();
        QVERIFY(dialog);
        // The shipped measurements twenty times over: a fit of many seconds (the shipped file alone
        // takes about half a second), so that the cancel lands while it runs.
        QFile shipped(shippedMeasurementsPath());
        QVERIFY(shipped.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = shipped.readAll().split('\n');
        QByteArray csv = lines.front() + '\n';
        for (int copy = 0; copy < 20; ++copy)
            for (qsizetype l = 1; l < lines.size(); ++l)
                if (!lines[l].trimmed().isEmpty())
                    csv += "C" + QByteArray::number(copy) + lines[l] + '\n';
        const QString file = is::testing::writeFile(m_dir, "cancelled.csv", csv);
        QSignalSpy done(dialog, &CalibrationDialog::runFinished);
        QElapsedTimer sinceCancel;
        dialog->calibrate(file);
        QVERIFY(dialog->busy());
        dialog->cancel();
        sinceCancel.start();
        QVERIFY(done.wait(60000));
        QVERIFY(dialog->run()->cancelled);
        // The fit stops at its next prediction, not at the end of a family.
        QVERIFY2(sinceCancel.elapsed() < 2000, qPrintable(QString::number(sinceCancel.elapsed())));
        QCOMPARE(dialog->rowsModel()->rowCount(), 0);
        QVERIFY(!dialog->apply());
        QVERIFY(!QFile::exists(userCalibrationPath(file)));
        QVERIFY(closeDialog(dialog));
    }

    void anOlderSoftwaresOwnConstantSaysWhichSoftware()
    {
        // Cerebras' August 2024 software has its own area latency next to the one every later
        // generation shares: the table names the software, not the same constant twice.
        CalibrationRun run;
        FamilyFit fit;
        fit.family = QStringLiteral("cerebras-wse");
        fit.familyName = QStringLiteral("Cerebras WSE");
        fit.fitted = true;
        FittedConstant shared;
        shared.key = QStringLiteral("dataflow_area_s");
        FittedConstant own = shared;
        own.generationUntil = QStringLiteral("2024-10");
        FittedConstant middle = shared;
        middle.generationFrom = QStringLiteral("2024-10");
        middle.generationUntil = QStringLiteral("2025-06");
        fit.constants = {shared, own, middle};
        run.fit.families.push_back(fit);
        CalibrationConstantsModel model;
        model.setRun(&run);
        QCOMPARE(model.rowCount(), 3);
        auto name = [&](int r) {
            return model.index(r, CalibrationConstantsModel::Constant).data().toString();
        };
        QCOMPARE(name(0), QStringLiteral("Dataflow latency per mesh area"));
        QCOMPARE(name(1), QStringLiteral("Dataflow latency per mesh area, software before 2024-10"));
        QCOMPARE(name(2),
                 QStringLiteral("Dataflow latency per mesh area, software from 2024-10 before 2025-06"));
        QCOMPARE(model.index(1, CalibrationConstantsModel::Constant).data(Qt::UserRole).toString(),
                 QStringLiteral("dataflow_area_s"));
        model.setRun(nullptr); // the run goes before the model
    }

    void everyFittedConstantHasAName()
    {
        // The "Fitted constants" tab names whatever a fit moves, in either language: a constant
        // added to the fit without a name showed its key (sequence_overhead_s).
        for (const CalibrationParameter& p : calibrationParameters()) {
            const QString name = calibrationParameterName(QLatin1String(p.key));
            QVERIFY2(!name.isEmpty() && name != QLatin1String(p.key), p.key);
        }
        QCOMPARE(calibrationParameterName(QStringLiteral("no_such_constant")),
                 QStringLiteral("no_such_constant"));
    }

    void applyMatchesValidateAndUndoRestoresExactly()
    {
        const QString file = writeMeasurements("my-vllm.csv", 1.3);
        const is::testing::CliRun before =
            is::testing::runCli({QStringLiteral("validate"), file, QStringLiteral("--json")});
        QVERIFY2(before.code == 0, before.err.constData());
        const std::map<QString, double> cliBefore = apeById(before.out);
        const std::map<QString, double> speedBefore = speeds();
        QVERIFY(speedBefore.count(QStringLiteral("h100")) && speedBefore.count(QStringLiteral("cs3")));

        CalibrationDialog* dialog = openDialog();
        QVERIFY(dialog);
        QVERIFY(runTo(dialog, file));
        QVERIFY2(dialog->run()->ok(), qPrintable(dialog->errorText()));
        QVERIFY(dialog->run()->anyFitted());
        CalibrationRowsModel* rows = dialog->rowsModel();
        // Parented to the models: they go with the dialog.
        new QAbstractItemModelTester(rows, QAbstractItemModelTester::FailureReportingMode::QtTest, rows);
        new QAbstractItemModelTester(dialog->constantsModel(),
                                     QAbstractItemModelTester::FailureReportingMode::QtTest,
                                     dialog->constantsModel());
        QCOMPARE(rows->rowCount(), int(std::size(kRows)));
        double worstBefore = 0;
        double worstAfter = 0;
        for (int r = 0; r < rows->rowCount(); ++r) {
            const QString id = rows->index(r, CalibrationRowsModel::Id).data().toString();
            const double b = rows->index(r, CalibrationRowsModel::ErrorBefore).data(Qt::UserRole).toDouble();
            // The engine predicted 1 / 1.3 of each measurement: 23 % low, shown as a signed percentage.
            QVERIFY2(std::abs(b - (1 - 1 / 1.3)) < 1e-6, qPrintable(id));
            QCOMPARE(rows->index(r, CalibrationRowsModel::ErrorBefore).data().toString(),
                     QStringLiteral("−23.1 %"));
            QVERIFY2(std::abs(b - cliBefore.at(id)) <= 1e-12, qPrintable(id));
            worstBefore = std::max(worstBefore, b);
            worstAfter = std::max(
                worstAfter, rows->index(r, CalibrationRowsModel::ErrorAfter).data(Qt::UserRole).toDouble());
        }
        QVERIFY2(worstAfter < worstBefore, qPrintable(QString::number(worstAfter)));
        // What moved: Hopper constants within their ranges, each said to be on a bound or not.
        CalibrationConstantsModel* constants = dialog->constantsModel();
        QVERIFY(constants->rowCount() >= 1 && constants->rowCount() <= int(std::size(kRows)) / 2);
        for (int r = 0; r < constants->rowCount(); ++r) {
            // Shown by the catalog's name, sorted and tested by the id.
            QCOMPARE(constants->index(r, CalibrationConstantsModel::Family).data().toString(),
                     QStringLiteral("NVIDIA Hopper"));
            QCOMPARE(constants->index(r, CalibrationConstantsModel::Family).data(Qt::UserRole).toString(),
                     QStringLiteral("nvidia-hopper"));
            const QString key =
                constants->index(r, CalibrationConstantsModel::Constant).data(Qt::UserRole).toString();
            const CalibrationParameter* p = calibrationParameter(key);
            QVERIFY2(p, qPrintable(key));
            const double after =
                constants->index(r, CalibrationConstantsModel::After).data(Qt::UserRole).toDouble();
            QVERIFY(after >= p->lo && after <= p->hi);
            QVERIFY(constants->index(r, CalibrationConstantsModel::Range)
                        .data()
                        .toString()
                        .contains(QStringLiteral(" to ")));
            QVERIFY(!constants->index(r, CalibrationConstantsModel::Bound).data().toString().isEmpty());
        }
        QVERIFY2(dialog->summaryText().contains(QStringLiteral("Median error 23.1 % →")),
                 qPrintable(dialog->summaryText()));

        // Apply: the overlay `calibrate --user` writes, and the document evaluated with it.
        const QString overlay = userCalibrationPath(file);
        QVERIFY(!QFile::exists(overlay));
        QVERIFY2(dialog->apply(), qPrintable(dialog->statusText()));
        QVERIFY(QFile::exists(overlay));
        const std::map<QString, double> speedAfter = speeds();
        // The measurements were faster than predicted: the Hopper deployment speeds up; the wafer-
        // scale one, another family, does not change.
        QVERIFY2(speedAfter.at(QStringLiteral("h100")) > speedBefore.at(QStringLiteral("h100")) * 1.01,
                 qPrintable(QStringLiteral("%1 -> %2")
                                .arg(speedBefore.at(QStringLiteral("h100")))
                                .arg(speedAfter.at(QStringLiteral("h100")))));
        QCOMPARE(speedAfter.at(QStringLiteral("cs3")), speedBefore.at(QStringLiteral("cs3")));
        const is::testing::CliRun after =
            is::testing::runCli({QStringLiteral("validate"), file, QStringLiteral("--json")});
        QVERIFY2(after.code == 0, after.err.constData());
        const std::map<QString, double> cliAfter = apeById(after.out);
        for (int r = 0; r < rows->rowCount(); ++r) {
            const QString id = rows->index(r, CalibrationRowsModel::Id).data().toString();
            QVERIFY2(std::abs(rows->index(r, CalibrationRowsModel::ErrorAfter).data(Qt::UserRole).toDouble() -
                              cliAfter.at(id)) <= 1e-12,
                     qPrintable(id));
        }

        // Undo after the dialog has gone: from the Tools menu.
        QVERIFY(closeDialog(dialog));
        QAction* undo = window()->undoCalibrationAction();
        QVERIFY(undo->isEnabled());
        QVERIFY(undo->text().contains(QStringLiteral("my-vllm.csv")));
        undo->trigger();
        QVERIFY(!undo->isEnabled());
        QVERIFY(!QFile::exists(overlay)); // there was none before
        QVERIFY(speeds() == speedBefore);
        const is::testing::CliRun undone =
            is::testing::runCli({QStringLiteral("validate"), file, QStringLiteral("--json")});
        QVERIFY(apeById(undone.out) == cliBefore);
    }

    void undoPutsAnEarlierOverlayBack()
    {
        const QString file = writeMeasurements("cluster.csv", 1.2);
        const QString overlay = userCalibrationPath(file);
        QVERIFY(QDir().mkpath(Catalog::userCatalogDir()));
        const QByteArray earlier =
            R"({"version": 1, "families": {}, "kind": "calibrated", "source": "earlier"})";
        {
            QFile f(overlay);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(earlier);
        }
        CalibrationDialog* dialog = openDialog();
        QVERIFY(runTo(dialog, file));
        QVERIFY(dialog->apply());
        QFile f(overlay);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll() != earlier);
        f.close();
        // The dialog's own Undo button does the same as the menu.
        QVERIFY(dialog->undo());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), earlier);
        QVERIFY(!m_studio->calibrations()->canUndo());
        QVERIFY(closeDialog(dialog));
    }

    void aFitMadeBeforeAnUndoIsNotApplied()
    {
        // Fitted on B while A's calibration was in use, then A undone: B's fit sat on A's
        // constants, and applying it would bring them back though A's file is gone. Fit again.
        const QString a = writeMeasurements("site-a.csv", 1.2);
        const QString b = writeMeasurements("site-b.csv", 0.9);
        CalibrationDialog* dialog = openDialog();
        QVERIFY(runTo(dialog, a));
        QVERIFY(dialog->apply());
        QVERIFY(runTo(dialog, b));
        auto applyButton = [&] {
            for (QPushButton* button : dialog->findChildren<QPushButton*>())
                if (button->text() == QLatin1String("Apply"))
                    return button;
            return static_cast<QPushButton*>(nullptr);
        };
        QVERIFY(applyButton() && applyButton()->isEnabled());
        QVERIFY(dialog->undo());
        QVERIFY(!applyButton()->isEnabled());
        QVERIFY(!dialog->apply());
        QVERIFY(!QFile::exists(userCalibrationPath(b)));
        QVERIFY(!m_studio->calibrations()->canUndo());
        // Fitted again on what is in use now, it applies.
        QVERIFY(runTo(dialog, b));
        QVERIFY(applyButton()->isEnabled());
        QVERIFY(dialog->apply());
        QVERIFY(QFile::exists(userCalibrationPath(b)));
        QVERIFY(dialog->undo());
        QVERIFY(closeDialog(dialog));
    }

    // The dialog with a run shown fits a 1280 x 720 screen in English and Chinese.
    void fitsASmallScreen_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void fitsASmallScreen()
    {
        QFETCH(QString, lang);
        m_studio->setLanguage(lang, false);
        window()->showMaximized();
        QVERIFY(QTest::qWaitForWindowExposed(window()));
        CalibrationDialog* dialog = openDialog();
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        QVERIFY(runTo(dialog, writeMeasurements("layout.csv", 1.1)));
        QVERIFY(dialog->run()->ok());
        QApplication::processEvents();
        const QStringList cut = clipped(dialog);
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QLatin1Char('\n'))));
        QVERIFY(closeDialog(dialog));
    }
};

int main(int argc, char** argv)
{
    QTemporaryDir scratch;
    if (!scratch.isValid())
        return 2;
    if (!is::testing::useSmallScreen(scratch))
        return 2;
    // The user catalog folder of the studio and of the command line it runs: the test's own.
    const QString data = scratch.filePath(QStringLiteral("data"));
    qputenv("XDG_DATA_HOME", data.toLocal8Bit());
    QApplication::setAttribute(Qt::AA_Use96Dpi);
    QApplication app(argc, argv);
    // The names the executable uses, so that both find the same folder under XDG_DATA_HOME.
    QApplication::setOrganizationName(QStringLiteral("InferenceStudio"));
    QApplication::setApplicationName(QStringLiteral("inference-studio"));
    TestCalibrationDialog t(data);
    return QTest::qExec(&t, argc, argv);
}

#include "tst_calibration_dialog.moc"
