// SPDX-License-Identifier: MIT
// Crash recovery through the real executable and its real start-up order: the studio is started
// as a child process (offscreen), makes an edit, autosaves, is killed with SIGKILL and started
// again the way a user starts it. The class-level autosave tests cannot see start-up itself: the
// document loaded at start-up is marked clean, and that once threw the crashed session's
// recovery file away before it was offered.
#include "SourcePath.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

class TestStartup : public QObject
{
    Q_OBJECT

    // Each case has its own home: settings, recovery file and the scenario copy.
    struct Home
    {
        QTemporaryDir dir;
        QString scenario;
        QString recoveryFile() const
        {
            return dir.filePath(
                QStringLiteral("data/InferenceStudio/inference-studio/recovery/autosave.json"));
        }
        QProcessEnvironment environment() const
        {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("HOME"), dir.path());
            env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
            env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
            env.insert(QStringLiteral("XDG_CACHE_HOME"), dir.filePath(QStringLiteral("cache")));
            env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
            // A child killed with SIGKILL cannot tidy its temporary files; keep them in this home.
            env.insert(QStringLiteral("TMPDIR"), dir.path());
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            return env;
        }
    };

    // The helpers below verify as they go; a failed check returns from the helper only, so each
    // case stops itself after calling one (QTest::currentTestFailed()).
    static void makeHome(Home& home)
    {
        QVERIFY(home.dir.isValid());
        home.scenario = home.dir.filePath(QStringLiteral("work.json"));
        QVERIFY(QFile::copy(is::testing::sourcePath(QStringLiteral("scenarios/gpt-5.6-sol-vs-kimi-k3.json")),
                            home.scenario));
        QFile::setPermissions(home.scenario, QFile::ReadOwner | QFile::WriteOwner);
    }

    static int concurrencyIn(const QString& path)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return -1;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        return o.value(QStringLiteral("workload")).toObject().value(QStringLiteral("concurrency")).toInt(-1);
    }

    // The studio as a user starts it, in the case's own home.
    static void startStudio(QProcess& p, const Home& home, const QStringList& args)
    {
        p.setProcessEnvironment(home.environment());
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p.start(QStringLiteral(IS_APP_BINARY), args);
    }

    // Starts the studio, makes the edit, waits until the autosave holds it (at most `withinMs`),
    // then SIGKILL. `autosave` are the autosave options (none: the studio's default delay).
    static void editAndCrash(const Home& home, const QStringList& open,
                             const QStringList& autosave = {QStringLiteral("--autosave-delay"),
                                                            QStringLiteral("200")},
                             int withinMs = 60000)
    {
        QProcess p;
        startStudio(p, home,
                    open + autosave +
                        QStringList{QStringLiteral("--edit-concurrency"), QStringLiteral("16")});
        QVERIFY(p.waitForStarted(30000));
        QTRY_VERIFY_WITH_TIMEOUT(concurrencyIn(home.recoveryFile()) == 16, withinMs);
        p.kill(); // SIGKILL: no clean exit, no chance to tidy up
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::CrashExit);
        QVERIFY2(QFile::exists(home.recoveryFile()), "the recovery file survives the crash");
    }

    // Starts the studio again the same way, answering the recovery question, and returns the
    // document it holds after start-up.
    static int restartAndRead(const Home& home, const QStringList& open, const QString& answer)
    {
        const QString dump = home.dir.filePath(QStringLiteral("after-restart.json"));
        QFile::remove(dump);
        QProcess p;
        startStudio(
            p, home,
            open + QStringList{QStringLiteral("--recover"), answer, QStringLiteral("--dump-document"), dump});
        if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return -2;
        return concurrencyIn(dump);
    }

    // A file the studio wrote: a complete scenario document (both deployments, a workload), not
    // a truncated or empty one. Returns its concurrency, or -1 when it is not complete.
    static int completeDocument(const QString& path)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return -1;
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll(), &error).object();
        if (error.error != QJsonParseError::NoError ||
            o.value(QStringLiteral("format")).toString() != QLatin1String("inference-studio-scenario") ||
            o.value(QStringLiteral("deployments")).toArray().size() != 2)
            return -1;
        return o.value(QStringLiteral("workload")).toObject().value(QStringLiteral("concurrency")).toInt(-1);
    }

private slots:
    // A file manager opens a scenario with the desktop entry's "inference-studio %f": the file comes
    // without --scenario, and the studio refused it as an unexpected argument.
    void opensAScenarioGivenWithoutTheOption()
    {
        Home home;
        makeHome(home);
        if (QTest::currentTestFailed())
            return;
        QFile f(home.scenario);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        QJsonObject w = o.value(QStringLiteral("workload")).toObject();
        w.insert(QStringLiteral("concurrency"), 7); // not the default scenario's
        o.insert(QStringLiteral("workload"), w);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(o).toJson());
        f.close();
        QCOMPARE(restartAndRead(home, {home.scenario}, QStringLiteral("no")), 7);
        // A word that names no file is still refused, as a mistyped subcommand.
        QProcess typo;
        startStudio(typo, home, {QStringLiteral("estimat")});
        QVERIFY(typo.waitForFinished(60000));
        QCOMPARE(typo.exitCode(), 2);
    }

    void recoversAfterKillWithScenario()
    {
        Home home;
        makeHome(home);
        if (QTest::currentTestFailed())
            return;
        const QStringList open{QStringLiteral("--scenario"), home.scenario};
        editAndCrash(home, open);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(restartAndRead(home, open, QStringLiteral("yes")), 16);
        QCOMPARE(concurrencyIn(home.scenario), 1); // recovered, not saved over the user's file
    }

    void recoversAfterKillWithoutScenario()
    {
        Home home;
        makeHome(home);
        if (QTest::currentTestFailed())
            return;
        editAndCrash(home, {});
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(restartAndRead(home, {}, QStringLiteral("yes")), 16);
    }

    void defaultAutosaveHoldsAnEditWithinSeconds()
    {
        // With the studio's own settings an edit reaches the recovery file a couple of seconds
        // after it is made (start-up included, well under the 30 s allowed here), so a crash
        // soon after an edit does not lose it.
        Home home;
        makeHome(home);
        if (QTest::currentTestFailed())
            return;
        const QStringList open{QStringLiteral("--scenario"), home.scenario};
        editAndCrash(home, open, {}, 30000);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(restartAndRead(home, open, QStringLiteral("yes")), 16);
    }

    void discardingOpensTheFileAsSaved()
    {
        Home home;
        makeHome(home);
        if (QTest::currentTestFailed())
            return;
        const QStringList open{QStringLiteral("--scenario"), home.scenario};
        editAndCrash(home, open);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(restartAndRead(home, open, QStringLiteral("no")), 1);
        QVERIFY2(!QFile::exists(home.recoveryFile()), "discarded work is not offered again");
    }

    // SIGKILL at random moments of a loop of edits, saves and autosaves: the document's file is
    // always a complete document (the old one or a new one, never a torn write), and so is the
    // recovery file whenever there is one.
    void killDuringSavesNeverTearsAFile()
    {
        Home home;
        makeHome(home);
        if (QTest::currentTestFailed())
            return;
        QRandomGenerator random(20261201); // the same moments on every run
        const int rounds = 20;
        for (int round = 0; round < rounds; ++round) {
            const int before = completeDocument(home.scenario);
            QProcess p;
            startStudio(p, home,
                        {QStringLiteral("--scenario"), home.scenario, QStringLiteral("--recover"),
                         QStringLiteral("no"), QStringLiteral("--stress-save")});
            QVERIFY(p.waitForStarted(30000));
            // Kill inside the loop, however long start-up takes (seconds under ASan on a busy
            // machine, where a fixed wait killed every round before the loop began): once its
            // first save has replaced the file, at a random moment of the rounds that follow.
            QTRY_VERIFY_WITH_TIMEOUT(completeDocument(home.scenario) != before, 120000);
            QTest::qWait(int(random.bounded(300)));
            p.kill();
            QVERIFY(p.waitForFinished(30000));
            QVERIFY2(completeDocument(home.scenario) >= 1,
                     qPrintable(QStringLiteral("round %1: the scenario file is torn").arg(round)));
            if (QFile::exists(home.recoveryFile()))
                QVERIFY2(completeDocument(home.recoveryFile()) >= 1,
                         qPrintable(QStringLiteral("round %1: the recovery file is torn").arg(round)));
        }
        // The last file the loop left opens like any scenario.
        QProcess estimate;
        estimate.start(QStringLiteral(IS_APP_BINARY), {QStringLiteral("estimate"), home.scenario});
        QVERIFY(estimate.waitForFinished(60000));
        QCOMPARE(estimate.exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TestStartup)
#include "tst_startup.moc"
