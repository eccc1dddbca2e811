// SPDX-License-Identifier: MIT
#include "document/Autosave.h"

#include "document/ScenarioDocument.h"
#include "settings/Settings.h"

#include "common/Log.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace is::gui {

Autosave::Autosave(ScenarioDocument* doc, Settings* settings, const QString& recoveryPath, QObject* parent)
    : QObject(parent), m_doc(doc), m_settings(settings), m_path(recoveryPath)
{
    if (m_path.isEmpty())
        m_path = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                 QStringLiteral("/recovery/autosave.json");
    // The recovery copy follows an edit within seconds: the first unsaved edit starts the delay
    // and later edits ride along, so a crash loses at most the last few seconds of work while a
    // slider drag costs one small atomic save per delay, not one per step.
    auto dirty = [this] {
        m_dirty = true;
        if (!m_timer.isActive())
            m_timer.start();
    };
    connect(doc, &ScenarioDocument::changed, this, dirty);
    connect(doc, &ScenarioDocument::deploymentMoved, this, dirty);
    connect(doc, &ScenarioDocument::modifiedChanged, this, [this](bool modified) {
        // Saved (or undone back to the saved state): the file on disk is the recovery. A recovery
        // file this session did not write is another session's unsaved work: it stays.
        if (!modified) {
            if (m_wroteRecovery)
                discardRecovery();
            m_dirty = false;
            m_timer.stop();
        }
    });
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDefaultDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::saveNow);
}

bool Autosave::saveNow()
{
    if (!m_dirty || !m_doc->isModified())
        return true;
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QString error;
    if (!m_doc->saveCopy(m_path, &error)) {
        is::log::get("gui")->warn("autosave failed: {}", error.toStdString());
        return false;
    }
    // The settings file is written only when the document the copy belongs to changes, not on
    // every save a couple of seconds apart.
    if (m_settings->recoveryOriginalPath() != m_doc->filePath()) {
        m_settings->setRecoveryOriginalPath(m_doc->filePath());
        m_settings->sync();
    }
    m_dirty = false;
    m_wroteRecovery = true;
    return true;
}

void Autosave::markCleanExit()
{
    discardRecovery();
    m_settings->setLastCleanExit(QDateTime::currentDateTime());
    m_settings->sync();
}

bool Autosave::recoveryAvailable() const
{
    const QFileInfo info(m_path);
    if (!info.exists())
        return false;
    const QDateTime clean = m_settings->lastCleanExit();
    return !clean.isValid() || info.lastModified() > clean;
}

std::optional<Scenario> Autosave::loadRecovery(QString* originalPath, QString* error) const
{
    auto s = loadScenarioFile(m_path, error);
    if (!s)
        return std::nullopt;
    *originalPath = m_settings->recoveryOriginalPath();
    // Relative config.json paths are relative to the original file, not the recovery folder.
    if (!originalPath->isEmpty())
        s->baseDir = QFileInfo(*originalPath).absolutePath();
    return s;
}

void Autosave::discardRecovery()
{
    if (QFile::exists(m_path))
        QFile::remove(m_path);
    m_wroteRecovery = false;
}

QString Autosave::setAsideRecovery()
{
    if (!QFile::exists(m_path))
        return {};
    const QFileInfo info(m_path);
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString target;
    for (int n = 0; target.isEmpty() || QFile::exists(target); ++n)
        target = info.absolutePath() + QLatin1Char('/') + info.completeBaseName() +
                 QStringLiteral("-unreadable-") + stamp + (n > 0 ? QStringLiteral("-%1").arg(n) : QString()) +
                 QLatin1Char('.') + info.suffix();
    if (!QFile::rename(m_path, target)) {
        is::log::get("gui")->warn("cannot move the unreadable recovery file {} aside", m_path.toStdString());
        return {};
    }
    return target;
}

} // namespace is::gui
