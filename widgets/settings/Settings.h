// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QObject>
#include <QRect>
#include <QString>
#include <QStringList>

#include <memory>

class QSettings;

namespace is::gui {

// Every persistent preference of the studio behind typed accessors, in one place (no string keys
// elsewhere). recentFilesChanged is emitted only when the list really changes.
class Settings : public QObject
{
    Q_OBJECT
public:
    // The user's settings (QSettings in the platform's usual place).
    explicit Settings(QObject* parent = nullptr);
    // An INI file at `path` (tests, and runs that must not touch the user's settings).
    explicit Settings(const QString& path, QObject* parent = nullptr);
    ~Settings() override;

    // "en" or "zh_CN"; empty: follow the system locale.
    QString language() const;
    void setLanguage(const QString& lang);

    // "system", "light" or "dark".
    QString theme() const;
    void setTheme(const QString& theme);

    // Point size for chart text; larger for projectors.
    int chartFontSize() const;
    void setChartFontSize(int points);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& g);
    // Where the window, frame included, was when shown normally (not maximised or full screen),
    // in screen coordinates: the saved geometry is restored only where this fits the screen.
    QRect windowNormalFrame() const;
    void setWindowNormalFrame(const QRect& r);
    QByteArray windowState() const;
    void setWindowState(const QByteArray& s);

    QString scenarioDirectory() const;
    void setScenarioDirectory(const QString& dir);
    QString exportDirectory() const;
    void setExportDirectory(const QString& dir);
    QString importDirectory() const;
    void setImportDirectory(const QString& dir);

    QStringList recentFiles() const;
    // Moves `path` to the front of the recent files (at most kMaxRecent).
    void addRecentFile(const QString& path);
    void removeRecentFile(const QString& path);
    static constexpr int kMaxRecent = 8;

    // Crash recovery: when the last session ended cleanly, and which file the autosave belongs to.
    QDateTime lastCleanExit() const;
    void setLastCleanExit(const QDateTime& when);
    QString recoveryOriginalPath() const;
    void setRecoveryOriginalPath(const QString& path);

    void sync();

Q_SIGNALS:
    void recentFilesChanged();

private:
    std::unique_ptr<QSettings> m_s;
};

} // namespace is::gui
