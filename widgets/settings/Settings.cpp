// SPDX-License-Identifier: MIT
#include "settings/Settings.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace is::gui {

namespace {
// The keys, each used by one accessor pair only.
const QString kLanguage = QStringLiteral("ui/language");
const QString kTheme = QStringLiteral("ui/theme");
const QString kChartFont = QStringLiteral("ui/chartFontSize");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kNormalFrame = QStringLiteral("window/normalFrame");
const QString kScenarioDir = QStringLiteral("dirs/scenarios");
const QString kExportDir = QStringLiteral("dirs/export");
const QString kImportDir = QStringLiteral("dirs/import");
const QString kRecent = QStringLiteral("documents/recent");
const QString kCleanExit = QStringLiteral("recovery/lastCleanExit");
const QString kRecoveryPath = QStringLiteral("recovery/originalPath");

QString homeDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
}

// The folder a file dialog opens in: the remembered one, or the nearest folder above it that
// still exists (the user's home at worst). Given a folder that does not exist, the dialog opens
// elsewhere and puts the folder's name in the file name field.
QString existingDir(const QString& remembered)
{
    QString path = remembered.isEmpty() ? QString() : QDir::cleanPath(remembered);
    while (!path.isEmpty() && !QFileInfo(path).isDir()) {
        const QString up = QFileInfo(path).absolutePath();
        if (up == path)
            break;
        path = up;
    }
    return !path.isEmpty() && QFileInfo(path).isDir() ? path : QDir::homePath();
}
} // namespace

Settings::Settings(QObject* parent) : QObject(parent), m_s(std::make_unique<QSettings>()) {}

Settings::Settings(const QString& path, QObject* parent)
    : QObject(parent), m_s(std::make_unique<QSettings>(path, QSettings::IniFormat))
{
}

Settings::~Settings() = default;

QString Settings::language() const
{
    return m_s->value(kLanguage).toString();
}

void Settings::setLanguage(const QString& lang)
{
    if (lang == language())
        return;
    m_s->setValue(kLanguage, lang);
}

QString Settings::theme() const
{
    return m_s->value(kTheme, QStringLiteral("system")).toString();
}

void Settings::setTheme(const QString& theme)
{
    if (theme == this->theme())
        return;
    m_s->setValue(kTheme, theme);
}

int Settings::chartFontSize() const
{
    return m_s->value(kChartFont, 10).toInt();
}

void Settings::setChartFontSize(int points)
{
    if (points == chartFontSize())
        return;
    m_s->setValue(kChartFont, points);
}

QByteArray Settings::windowGeometry() const
{
    return m_s->value(kGeometry).toByteArray();
}

void Settings::setWindowGeometry(const QByteArray& g)
{
    m_s->setValue(kGeometry, g);
}

QRect Settings::windowNormalFrame() const
{
    return m_s->value(kNormalFrame).toRect();
}

void Settings::setWindowNormalFrame(const QRect& r)
{
    m_s->setValue(kNormalFrame, r);
}

QByteArray Settings::windowState() const
{
    return m_s->value(kState).toByteArray();
}

void Settings::setWindowState(const QByteArray& s)
{
    m_s->setValue(kState, s);
}

QString Settings::scenarioDirectory() const
{
    return existingDir(m_s->value(kScenarioDir, homeDir()).toString());
}

void Settings::setScenarioDirectory(const QString& dir)
{
    m_s->setValue(kScenarioDir, dir);
}

QString Settings::exportDirectory() const
{
    return existingDir(m_s->value(kExportDir, homeDir()).toString());
}

void Settings::setExportDirectory(const QString& dir)
{
    m_s->setValue(kExportDir, dir);
}

QString Settings::importDirectory() const
{
    return existingDir(m_s->value(kImportDir, homeDir()).toString());
}

void Settings::setImportDirectory(const QString& dir)
{
    m_s->setValue(kImportDir, dir);
}

QStringList Settings::recentFiles() const
{
    return m_s->value(kRecent).toStringList();
}

void Settings::addRecentFile(const QString& path)
{
    const QString abs = QFileInfo(path).absoluteFilePath();
    QStringList list = recentFiles();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > kMaxRecent)
        list.removeLast();
    if (list == recentFiles())
        return;
    m_s->setValue(kRecent, list);
    Q_EMIT recentFilesChanged();
}

void Settings::removeRecentFile(const QString& path)
{
    QStringList list = recentFiles();
    if (list.removeAll(path) == 0)
        return;
    m_s->setValue(kRecent, list);
    Q_EMIT recentFilesChanged();
}

QDateTime Settings::lastCleanExit() const
{
    return m_s->value(kCleanExit).toDateTime();
}

void Settings::setLastCleanExit(const QDateTime& when)
{
    m_s->setValue(kCleanExit, when);
}

QString Settings::recoveryOriginalPath() const
{
    return m_s->value(kRecoveryPath).toString();
}

void Settings::setRecoveryOriginalPath(const QString& path)
{
    m_s->setValue(kRecoveryPath, path);
}

void Settings::sync()
{
    m_s->sync();
}

} // namespace is::gui
