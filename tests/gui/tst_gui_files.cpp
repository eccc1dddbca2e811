// SPDX-License-Identifier: MIT
// The studio's files on the offscreen platform: exports reported and remembered, save and reopen,
// a bad colour reported, the Issues panel following the open document, a new document, autosave
// and crash recovery (an empty document's too, an unreadable recovery file kept).
#include "Offscreen.h"
#include "StudioSuite.h"

#include "FileDialogs.h"
#include "controls/LogSlider.h"
#include "document/Autosave.h"
#include "issues/IssueLog.h"
#include "mainwindow/DocumentActions.h"
#include "panels/WorkloadPanel.h"
#include "settings/Settings.h"
#include "table/ComparisonTable.h"

#include <QAction>
#include <QChart>
#include <QColor>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLogValueAxis>
#include <QMessageBox>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QStatusBar>
#include <QUndoStack>
#include <QtTest>

using namespace is;
using namespace is::gui;

class TestGuiFiles : public is::test::StudioSuite
{
    Q_OBJECT

private Q_SLOTS:
    void exportsReportToStatusBarAndIssues()
    {
        const QString saved = QStringLiteral("Saved speed-vs-context.png");
        Q_EMIT window()->charts()->exported(saved, true);
        QCOMPARE(window()->statusBar()->currentMessage(), saved);
        Q_EMIT window()->table()->exported(QStringLiteral("Saved comparison.csv"), true);
        QCOMPARE(window()->statusBar()->currentMessage(), QStringLiteral("Saved comparison.csv"));

        const QString failure = m_dir->filePath(QStringLiteral("no/such/dir/chart.pdf: cannot write"));
        Q_EMIT window()->charts()->exported(failure, false);
        bool inIssues = false;
        for (const IssueLog::Issue& i : m_studio->issues()->issues())
            inIssues |= i.severity == IssueLog::Severity::Error && i.text == failure;
        QVERIFY(inIssues);
        auto* box = window()->findChild<QMessageBox*>(QStringLiteral("ExportErrorBox"));
        QVERIFY(box);
        QVERIFY(box->isVisible());
        QCOMPARE(box->text(), failure);
        box->close();
        QTRY_VERIFY(!window()->findChild<QMessageBox*>(QStringLiteral("ExportErrorBox")));
    }

    // Chart and table exports open in the folder of the last export, and the studio keeps it.
    void exportsRememberTheirFolder()
    {
        Settings* settings = m_studio->settings();
        // A fresh studio starts in the Documents folder, or the nearest folder above it that
        // exists: given a missing folder, the file dialog would put its name in the file name field.
        const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        const QString fresh = Settings(m_dir->filePath(QStringLiteral("fresh.ini"))).exportDirectory();
        QVERIFY2(QFileInfo(fresh).isDir() && documents.startsWith(fresh), qPrintable(fresh));
        QCOMPARE(fresh == documents, QFileInfo(documents).isDir());
        {
            Settings gone(m_dir->filePath(QStringLiteral("gone.ini")));
            gone.setImportDirectory(m_dir->filePath(QStringLiteral("removed/since")));
            QCOMPARE(gone.importDirectory(), QDir(m_dir->path()).absolutePath());
        }
        const QString before = settings->exportDirectory();
        const QString first = m_dir->filePath(QStringLiteral("exports/first"));
        const QString second = m_dir->filePath(QStringLiteral("exports/second"));
        QVERIFY(QDir().mkpath(first) && QDir().mkpath(second));

        ChartPanel* chart = window()->charts()->chart(QStringLiteral("latency"));
        QVERIFY(chart);
        QAction* chartCsv = nullptr;
        for (QAction* a : chart->exportActions())
            if (a->objectName() == QLatin1String("export-csv"))
                chartCsv = a;
        QAction* tableCsv = nullptr;
        for (QAction* a : window()->table()->actions())
            if (a->text() == ComparisonTable::tr("Export table as CSV…"))
                tableCsv = a;
        QVERIFY(chartCsv && tableCsv);

        QStringList proposed;
        QString answer;
        filedialogs::setAnswerForTests([&](filedialogs::Purpose purpose, const QString&, const QString& p) {
            proposed << (purpose == filedialogs::Purpose::Save ? p : QStringLiteral("<open>"));
            return answer;
        });
        const auto restore = qScopeGuard([] { filedialogs::setAnswerForTests(nullptr); });
        // A chart exported into one folder...
        answer = first + QStringLiteral("/latency.csv");
        chartCsv->trigger();
        QVERIFY(QFileInfo::exists(answer));
        QCOMPARE(settings->exportDirectory(), first);
        // ...is where the table's export starts; exporting it elsewhere moves the folder.
        answer = second + QStringLiteral("/table.csv");
        tableCsv->trigger();
        QVERIFY(QFileInfo::exists(answer));
        QCOMPARE(settings->exportDirectory(), second);
        // Cancelling keeps the folder.
        answer.clear();
        chartCsv->trigger();
        QCOMPARE(proposed, QStringList({before + QStringLiteral("/latency.csv"),
                                        first + QStringLiteral("/comparison.csv"),
                                        second + QStringLiteral("/latency.csv")}));
        QCOMPARE(settings->exportDirectory(), second);

        // Kept across sessions: the settings file holds it.
        settings->sync();
        QCOMPARE(Settings(m_dir->filePath(QStringLiteral("settings.ini"))).exportDirectory(), second);
    }

    void saveAndReopenGivesIdenticalResults()
    {
        const QString path = m_dir->filePath(QStringLiteral("saved.json"));
        QVERIFY(m_studio->files()->saveTo(path));
        QVERIFY(!doc()->isModified());
        QCOMPARE(doc()->filePath(), path);
        const Scenario saved = doc()->scenario();
        const auto a = m_studio->analyseNow();

        QVERIFY(m_studio->files()->openFile(path));
        QVERIFY(doc()->scenario() == saved);
        QVERIFY(!doc()->isModified());
        QCOMPARE(doc()->undoStack()->count(), 0);
        const auto b = m_studio->analyseNow();
        QCOMPARE(b->deployments.size(), a->deployments.size());
        for (size_t i = 0; i < a->deployments.size(); ++i) {
            const Estimate& x = a->deployments[i].estimate.mid;
            const Estimate& y = b->deployments[i].estimate.mid;
            QCOMPARE(y.chips, x.chips);
            QCOMPARE(y.tokSUser, x.tokSUser);
            QCOMPARE(y.ttftS, x.ttftS);
            QCOMPARE(y.usdPerMTok, x.usdPerMTok);
            QCOMPARE(y.joulesPerToken, x.joulesPerToken);
        }
        QCOMPARE(b->issues, a->issues);
    }

    // A colour that is none opens all the same, in a palette colour, and the Issues panel says
    // which file and field, and what it is shown in.
    void unknownColourIsReportedAndReplaced()
    {
        const QString path = m_dir->filePath(QStringLiteral("colours.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"version": 1, "workload": {"input_tokens": 1000, "output_tokens": 200},
                "model": "llama-3.1-8b",
                "deployments": [
                  {"id": "a", "name": "Teal one", "device": "h100-sxm", "count": 1, "color": "teal"},
                  {"id": "b", "name": "Odd one", "device": "h100-sxm", "count": 1, "color": "notacolor"}]})");
        }
        QVERIFY(m_studio->files()->openFile(path));
        QCOMPARE(doc()->deployment(QStringLiteral("a"))->color, QStringLiteral("teal"));
        const QString shown = doc()->deployment(QStringLiteral("b"))->color;
        QVERIFY(QColor::isValidColorName(shown));
        // One warning for the file, about the bad colour only ("teal" is one).
        QStringList warnings;
        for (const IssueLog::Issue& i : m_studio->issues()->issues())
            if (i.severity == IssueLog::Severity::Warning &&
                i.text.startsWith(QDir::toNativeSeparators(path) + QStringLiteral(": ")))
                warnings << i.text;
        QCOMPARE(warnings.size(), 1);
        QVERIFY(warnings.front().contains(QStringLiteral("deployments[1].color")));
        QVERIFY(warnings.front().contains(QStringLiteral("notacolor")));
        QVERIFY(warnings.front().contains(shown));
        QVERIFY(m_studio->loadDefault());
        QVERIFY(settle());
    }

    // The Issues panel shows the open document's issues (and the catalog's), not those of the
    // file opened before: neither its analysis' warnings, still shown until the new analysis came,
    // nor its document and action messages, kept when the built-in default was opened.
    void issuesBelongToTheOpenDocument()
    {
        IssueLog* log = m_studio->issues();
        log->add(IssueLog::Severity::Warning, IssueLog::Origin::Catalog, QStringLiteral("a catalog note"));
        auto texts = [log] {
            QStringList t;
            for (const IssueLog::Issue& i : log->issues())
                t << i.text;
            return t.join(QLatin1Char('\n'));
        };
        auto write = [this](const char* name, const QByteArray& json) {
            const QString path = m_dir->filePath(QString::fromLatin1(name));
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write(json) == json.size() ? path : QString();
        };
        const QString unfit = write("unfit.json", R"({"version": 1, "workload": {"input_tokens": 1000,
            "output_tokens": 200}, "model": "llama-3.1-405b", "deployments": [
            {"id": "a", "name": "Too small", "device": "h100-sxm", "count": 1, "color": "notacolor"}]})");
        const QString fits = write("fits.json", R"({"version": 1, "workload": {"input_tokens": 1000,
            "output_tokens": 200}, "model": "llama-3.1-8b", "deployments": [
            {"id": "b", "name": "Roomy", "device": "h100-sxm", "count": 1}]})");
        QVERIFY(!unfit.isEmpty() && !fits.isEmpty());
        auto old = [&texts] {
            const QString all = texts();
            return all.contains(QStringLiteral("Llama 3.1 405B")) ||
                   all.contains(QStringLiteral("notacolor")) ||
                   all.contains(QStringLiteral("about the old document"));
        };
        auto openOld = [&] {
            QVERIFY(m_studio->files()->openFile(unfit));
            QVERIFY(settle());
            log->add(IssueLog::Severity::Warning, IssueLog::Origin::Action,
                     QStringLiteral("about the old document"));
            QVERIFY2(texts().contains(QStringLiteral("Llama 3.1 405B does not fit")), qPrintable(texts()));
            QVERIFY(old());
        };
        openOld();
        QVERIFY(m_studio->files()->openFile(fits));
        QVERIFY2(!old(), qPrintable(texts())); // at once, before the new analysis arrives
        QVERIFY(settle());
        QVERIFY2(!old(), qPrintable(texts()));
        QVERIFY(texts().contains(QStringLiteral("a catalog note")));

        openOld();
        QVERIFY(m_studio->loadDefault());
        QVERIFY(settle());
        QVERIFY2(!old(), qPrintable(texts()));
        QVERIFY(texts().contains(QStringLiteral("a catalog note")));
    }

    void autosaveAndRecovery()
    {
        Autosave* autosave = m_studio->autosave();
        autosave->discardRecovery();
        LogSlider* slider = window()->workload()->contextSlider();
        slider->setValue(slider->value() == 0 ? 10 : 0);
        QVERIFY(doc()->isModified());
        QVERIFY(autosave->saveNow());
        QVERIFY(QFile::exists(autosave->recoveryPath()));
        QVERIFY(autosave->recoveryAvailable());
        QString original;
        QString error;
        const auto recovered = autosave->loadRecovery(&original, &error);
        QVERIFY2(recovered, qPrintable(error));
        QCOMPARE(recovered->workload.inputTokens, doc()->scenario().workload.inputTokens);
        QCOMPARE(original, doc()->filePath());
        autosave->markCleanExit();
        QVERIFY(!autosave->recoveryAvailable());
    }

    // Recovered work of a saved file is one edit over the file as saved: undo gives the saved
    // file back (unmodified), redo the recovered work (modified again). The history was empty
    // after a recovery, so the user could not see or take back what the crash had left.
    void recoveryIsOneUndoableEdit()
    {
        Autosave* autosave = m_studio->autosave();
        autosave->discardRecovery();
        const QString path = m_dir->filePath(QStringLiteral("recover-me.json"));
        QVERIFY(m_studio->files()->saveTo(path));
        const double savedInput = doc()->scenario().workload.inputTokens;
        LogSlider* slider = window()->workload()->contextSlider();
        slider->setValue(slider->value() == 0 ? 10 : 0);
        const double editedInput = doc()->scenario().workload.inputTokens;
        QVERIFY(editedInput != savedInput);
        QVERIFY(autosave->saveNow());
        QVERIFY(autosave->recoveryAvailable());

        // The next session, on the same settings and recovery file, recovers without asking.
        QTemporaryDir otherDir;
        gui::Studio::Options o;
        o.settingsPath = m_dir->filePath(QStringLiteral("settings.ini"));
        o.recoveryPath = autosave->recoveryPath();
        o.interactive = true;
        o.recovery = gui::Studio::Options::Recovery::Recover;
        gui::Studio next(Catalog::builtin(), QStringList(), o);
        QVERIFY(next.offerRecovery());
        ScenarioDocument* recovered = next.document();
        QCOMPARE(recovered->filePath(), path);
        QCOMPARE(recovered->scenario().workload.inputTokens, editedInput);
        QVERIFY(recovered->isModified());
        QCOMPARE(recovered->undoStack()->count(), 1);

        recovered->undoStack()->undo();
        QCOMPARE(recovered->scenario().workload.inputTokens, savedInput);
        QVERIFY(!recovered->isModified());
        recovered->undoStack()->redo();
        QCOMPARE(recovered->scenario().workload.inputTokens, editedInput);
        QVERIFY(recovered->isModified());
        next.autosave()->discardRecovery();
        QVERIFY(m_studio->loadDefault());
        QVERIFY(settle());
    }

    void newDocumentThenDrop()
    {
        m_studio->files()->newDocument();
        QVERIFY(doc()->scenario().deployments.empty());
        QVERIFY(doc()->scenario().model.isSet());
        QVERIFY(!doc()->isModified());
        auto a = settle();
        QVERIFY(a);
        QVERIFY(a->deployments.empty());
        // Every chart says what to do instead of showing bare axes.
        for (ChartPanel* c : window()->charts()->charts())
            QTRY_VERIFY2(c->placeholder().contains(QStringLiteral("drag hardware")), qPrintable(c->id()));
        // An empty scenario is a document like any other: it saves and opens again.
        const QString empty = m_dir->filePath(QStringLiteral("empty.json"));
        QVERIFY(m_studio->files()->saveTo(empty));
        QVERIFY(!doc()->isModified());
        QVERIFY(m_studio->files()->openFile(empty));
        QVERIFY(doc()->scenario().deployments.empty());
        QCOMPARE(doc()->filePath(), empty);

        auto mime = paletteMime(QStringLiteral("cs-3"));
        QVERIFY(dropAt(mime.get(), QPointF(0, 0)));
        QCOMPARE(doc()->scenario().deployments.size(), size_t(1));
        QVERIFY(!doc()->scenario().deployments.front().model.isSet()); // serves the scenario's model
        a = settle();
        QVERIFY(a);
        QVERIFY2(a->error.isEmpty(), qPrintable(a->error));
        QCOMPARE(a->deployments.size(), size_t(1));
        for (ChartPanel* c : window()->charts()->charts())
            QTRY_VERIFY2(c->placeholder().isEmpty(), qPrintable(c->id()));
        QVERIFY(doc()->isModified());

        // Deleting the last deployment (undoing the drop) gives back the empty charts, the
        // throughput chart's axes as a new document has them (not the last curve's decades).
        auto axesOf = [this] {
            QStringList ranges;
            for (QAbstractAxis* axis :
                 window()->charts()->chart(QStringLiteral("throughput-vs-interactivity"))->chart()->axes())
                if (auto* log = qobject_cast<QLogValueAxis*>(axis))
                    ranges << QStringLiteral("%1-%2").arg(log->min()).arg(log->max());
            return ranges;
        };
        doc()->undoStack()->undo();
        QVERIFY(settle());
        for (ChartPanel* c : window()->charts()->charts())
            QTRY_VERIFY2(!c->placeholder().isEmpty(), qPrintable(c->id()));
        QCOMPARE(axesOf(), QStringList({QStringLiteral("1-1000"), QStringLiteral("1-1000")}));
        QVERIFY(m_studio->loadDefault());
        QVERIFY(settle());
    }

    // Autosave of a document without deployments: the recovery file opens again (it used to be
    // written, refused on reading, and deleted without a word by the next start).
    void autosaveOfEmptyDocumentRecovers()
    {
        Autosave* autosave = m_studio->autosave();
        autosave->discardRecovery();
        m_studio->files()->newDocument();
        QVERIFY(doc()->scenario().deployments.empty());
        LogSlider* slider = window()->workload()->contextSlider();
        slider->setValue(slider->value() == 0 ? 10 : 0);
        QVERIFY(doc()->isModified());
        QVERIFY(autosave->saveNow());
        QVERIFY(autosave->recoveryAvailable());
        QString original;
        QString error;
        const auto recovered = autosave->loadRecovery(&original, &error);
        QVERIFY2(recovered, qPrintable(error));
        QVERIFY(recovered->deployments.empty());
        QCOMPARE(recovered->workload.inputTokens, doc()->scenario().workload.inputTokens);
        // Offered at the next start: the studio (not interactive here) leaves a readable file alone.
        QVERIFY(!m_studio->offerRecovery());
        QVERIFY(QFile::exists(autosave->recoveryPath()));
        autosave->markCleanExit();
        QVERIFY(!autosave->recoveryAvailable());
        QVERIFY(m_studio->loadDefault());
        QVERIFY(settle());
    }

    // A recovery file that cannot be read is kept under another name and reported, not deleted.
    void unreadableRecoveryIsKeptAndReported()
    {
        Autosave* autosave = m_studio->autosave();
        autosave->discardRecovery();
        const QByteArray content = R"({"version": 99, "workload": {}, "deployments": []})";
        {
            QDir().mkpath(QFileInfo(autosave->recoveryPath()).absolutePath());
            QFile f(autosave->recoveryPath());
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        m_studio->settings()->setLastCleanExit(QDateTime::currentDateTime().addSecs(-3600));
        QVERIFY(autosave->recoveryAvailable());
        QVERIFY(!m_studio->offerRecovery());
        QVERIFY(!QFile::exists(autosave->recoveryPath()));
        QVERIFY(!autosave->recoveryAvailable());
        const QFileInfoList kept =
            QFileInfo(autosave->recoveryPath())
                .absoluteDir()
                .entryInfoList({QStringLiteral("autosave-unreadable-*.json")}, QDir::Files);
        QCOMPARE(kept.size(), 1);
        QFile f(kept.front().absoluteFilePath());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), content);
        bool reported = false;
        for (const IssueLog::Issue& i : m_studio->issues()->issues())
            reported =
                reported ||
                (i.severity == IssueLog::Severity::Error && i.text.contains(autosave->recoveryPath()) &&
                 i.text.contains(QStringLiteral("version")) &&
                 i.text.contains(QDir::toNativeSeparators(kept.front().absoluteFilePath())));
        QVERIFY(reported);
        QFile::remove(kept.front().absoluteFilePath());
    }
};

int main(int argc, char** argv)
{
    return is::testing::runOffscreen<TestGuiFiles>(argc, argv, "tst_gui_files");
}

#include "tst_gui_files.moc"
