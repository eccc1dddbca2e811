// SPDX-License-Identifier: MIT
#pragma once

#include "hardware/Catalog.h"
#include "mainwindow/MainWindow.h"
#include "mainwindow/Studio.h"
#include "settings/LanguageManager.h"

#include <QTemporaryDir>
#include <QtTest>

#include <memory>

namespace is::test {

// The studio as the GUI suites drive it: settings and crash recovery inside `dir`, no dialogs,
// English, the default scenario loaded and its window shown at 1600 x 1000. A failure is the
// calling test's (QTest::currentTestFailed()).
inline void startStudio(std::unique_ptr<gui::Studio>& studio, const QTemporaryDir& dir)
{
    QVERIFY(dir.isValid());
    gui::Studio::Options o;
    o.settingsPath = dir.filePath(QStringLiteral("settings.ini"));
    o.recoveryPath = dir.filePath(QStringLiteral("recovery/autosave.json"));
    o.interactive = false;
    studio = std::make_unique<gui::Studio>(Catalog::builtin(), QStringList(), o);
    gui::LanguageManager::apply(QStringLiteral("en"));
    QVERIFY(studio->loadDefault());
    studio->createWindow();
    studio->window()->resize(1600, 1000);
    studio->window()->show();
    QVERIFY(QTest::qWaitForWindowExposed(studio->window()));
}

} // namespace is::test
