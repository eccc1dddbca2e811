// SPDX-License-Identifier: MIT
#pragma once
// The offscreen platform with one 1280 x 720 screen and window frames (its default is 800 x 600):
// the small screen the layout suites check the studio on. Call before the QApplication exists.
#include <QApplication>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace is::testing {

// Writes the screen configuration into `dir` (which must outlive the application) and selects it.
inline bool useSmallScreen(const QTemporaryDir& dir)
{
    const QString path = dir.filePath(QStringLiteral("screens.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(R"({"windowFrameMargins": true, "screens": [{"name": "small", "x": 0, "y": 0,
        "width": 1280, "height": 720, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    f.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + path.toLocal8Bit());
    return true;
}

// The main() of a suite that runs on the small screen: 96 dpi (sizes in the tests are pixels), the
// suite's own organisation and application names and test-mode paths (it never reads or writes
// the user's settings).
template <typename Suite> int runOnSmallScreen(int argc, char** argv, const char* applicationName)
{
    QTemporaryDir config;
    if (!useSmallScreen(config))
        return 2;
    QApplication::setAttribute(Qt::AA_Use96Dpi);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("InferenceStudioTests"));
    QApplication::setApplicationName(QString::fromLatin1(applicationName));
    QStandardPaths::setTestModeEnabled(true);
    Suite suite;
    return QTest::qExec(&suite, argc, argv);
}

} // namespace is::testing
