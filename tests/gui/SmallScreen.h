// SPDX-License-Identifier: MIT
#pragma once
// The offscreen platform with one 1280 x 720 screen and window frames (its default is 800 x 600):
// the small screen the layout suites check the studio on. Call before the QApplication exists.
#include "Offscreen.h"

#include <QFile>
#include <QTemporaryDir>

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

// The main() of a suite that runs on the small screen (Offscreen.h's runStudioSuite there).
template <typename Suite> int runOnSmallScreen(int argc, char** argv, const char* applicationName)
{
    QTemporaryDir config;
    if (!useSmallScreen(config))
        return 2;
    return runStudioSuite<Suite>(argc, argv, applicationName);
}

} // namespace is::testing
