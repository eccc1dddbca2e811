// SPDX-License-Identifier: MIT
#pragma once
// Running the real inference-studio executable from a test: the suites that check the command
// line (tst_cli, tst_serving_cli, tst_calibration) share this instead of each writing its own,
// CliScratch included.
// The including target defines IS_APP_BINARY (the executable's path).
#include "SourcePath.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QTemporaryDir>

namespace is::testing {

struct CliRun
{
    int code;
    QByteArray out;
    QByteArray err;
};

// Runs inference-studio with `args` and waits for it; a run that does not finish ends the test.
inline CliRun runCli(const QStringList& args,
                     const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(IS_APP_BINARY), args);
    if (!p.waitForFinished(300000))
        qFatal("inference-studio did not finish");
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

// Writes a test input into `dir` and returns its path.
inline QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& content)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write");
    f.write(content);
    return path;
}

// What a command-line suite keeps beside QObject: a scratch folder for the inputs it writes, and
// run() and write() on it. A suite that runs with another environment declares its own run().
class CliScratch
{
protected:
    using Run = CliRun;

    static Run run(const QStringList& args) { return runCli(args); }

    // Writes a test input into the suite's folder and returns its path.
    QString write(const char* name, const QByteArray& content) { return writeFile(m_dir, name, content); }

    QTemporaryDir m_dir;
};

} // namespace is::testing
