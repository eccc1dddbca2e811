// SPDX-License-Identifier: MIT
#pragma once
// The main() of a studio GUI suite: the offscreen platform unless another is named, 96 dpi (sizes
// in the tests are pixels), the suite's own organisation and application names and test-mode
// paths (it never reads or writes the user's settings). SmallScreen.h runs suites the same way on
// a 1280 x 720 screen.
#include <QApplication>
#include <QStandardPaths>
#include <QTest>

namespace is::testing {

// Runs `Suite` in a QApplication set up as above, on whichever platform QT_QPA_PLATFORM names.
template <typename Suite> int runStudioSuite(int argc, char** argv, const char* applicationName)
{
    QApplication::setAttribute(Qt::AA_Use96Dpi);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("InferenceStudioTests"));
    QApplication::setApplicationName(QString::fromLatin1(applicationName));
    QStandardPaths::setTestModeEnabled(true);
    Suite suite;
    return QTest::qExec(&suite, argc, argv);
}

// The same on the offscreen platform when none is named (ctest names it; a run by hand need not).
template <typename Suite> int runOffscreen(int argc, char** argv, const char* applicationName)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    return runStudioSuite<Suite>(argc, argv, applicationName);
}

} // namespace is::testing
