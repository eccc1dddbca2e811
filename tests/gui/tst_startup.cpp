// SPDX-License-Identifier: MIT
// Crash recovery through the real executable and its real start-up order: the studio is started
// as a child process (offscreen), makes an edit, autosaves, is killed with SIGKILL and started
// again the way a user starts it. The class-level autosave tests cannot see start-up itself: the
// document loaded at start-up is marked clean, and that once threw the crashed session's
// recovery file away before it was offered.
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
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
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            return env;
        }
    };

    static void makeHome(Home& home)
    {
        QVERIFY(home.dir.isValid());
        home.scenario = home.dir.filePath(QStringLiteral("work.json"));
        QVERIFY(QFile::copy(qEnvironmentVariable("IS_SOURCE_DIR") +
                                QStringLiteral("/scenarios/gpt-5.6-sol-vs-kimi-k3.json"),
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

    // Starts the studio, makes the edit, waits until the autosave holds it, then SIGKILL.
    static void editAndCrash(const Home& home, const QStringList& open)
    {
        QProcess p;
        p.setProcessEnvironment(home.environment());
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p.start(QStringLiteral(IS_APP_BINARY),
                open + QStringList{QStringLiteral("--autosave-interval"), QStringLiteral("200"),
                                   QStringLiteral("--edit-concurrency"), QStringLiteral("16")});
        QVERIFY(p.waitForStarted(30000));
        QTRY_VERIFY_WITH_TIMEOUT(concurrencyIn(home.recoveryFile()) == 16, 60000);
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
        p.setProcessEnvironment(home.environment());
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p.start(QStringLiteral(IS_APP_BINARY), open + QStringList{QStringLiteral("--recover"), answer,
                                                                  QStringLiteral("--dump-document"), dump});
        if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return -2;
        return concurrencyIn(dump);
    }

private slots:
    void recoversAfterKillWithScenario()
    {
        Home home;
        makeHome(home);
        const QStringList open{QStringLiteral("--scenario"), home.scenario};
        editAndCrash(home, open);
        QCOMPARE(restartAndRead(home, open, QStringLiteral("yes")), 16);
        QCOMPARE(concurrencyIn(home.scenario), 1); // recovered, not saved over the user's file
    }

    void recoversAfterKillWithoutScenario()
    {
        Home home;
        makeHome(home);
        editAndCrash(home, {});
        QCOMPARE(restartAndRead(home, {}, QStringLiteral("yes")), 16);
    }

    void discardingOpensTheFileAsSaved()
    {
        Home home;
        makeHome(home);
        const QStringList open{QStringLiteral("--scenario"), home.scenario};
        editAndCrash(home, open);
        QCOMPARE(restartAndRead(home, open, QStringLiteral("no")), 1);
        QVERIFY2(!QFile::exists(home.recoveryFile()), "discarded work is not offered again");
    }
};

QTEST_GUILESS_MAIN(TestStartup)
#include "tst_startup.moc"
