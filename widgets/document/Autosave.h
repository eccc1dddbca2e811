// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/Scenario.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

namespace is::gui {

class ScenarioDocument;
class Settings;

// Autosave and crash recovery. A moment after an edit (kDefaultDelayMs, or setDelay), if the
// document still has unsaved edits, a copy goes to a recovery file (atomic save). A clean exit
// removes it and records the time; a recovery file newer than the last clean exit means the
// previous session crashed, and the studio offers it.
class Autosave : public QObject
{
    Q_OBJECT
public:
    // `recoveryPath` empty: <app data>/recovery/autosave.json.
    Autosave(ScenarioDocument* doc, Settings* settings, const QString& recoveryPath = {},
             QObject* parent = nullptr);

    static constexpr int kDefaultDelayMs = 2000;

    QString recoveryPath() const { return m_path; }
    // How long after an unsaved edit the recovery copy is written.
    void setDelay(int ms) { m_timer.setInterval(ms); }

    // Writes the recovery file now if there are edits it does not hold yet.
    bool saveNow();
    // On a clean exit: no recovery needed next time.
    void markCleanExit();

    // A recovery file left by a session that did not exit cleanly.
    bool recoveryAvailable() const;
    // The recovered scenario and the file it belonged to (empty: untitled).
    std::optional<Scenario> loadRecovery(QString* originalPath, QString* error) const;
    // Removes the recovery file, whichever session wrote it (the user chose to discard it).
    void discardRecovery();
    // The recovery file's work was taken into this session's document: from now on it is this
    // session's own, replaced by its next autosave and removed when the document is saved.
    void adoptRecovery() { m_wroteRecovery = true; }
    // A recovery file that cannot be read is not thrown away: it is renamed next to the recovery
    // path (autosave-unreadable-<time>.json), so that it is not offered again and the user can
    // still open or repair it. Returns the new path; empty when there was none or it could not move.
    QString setAsideRecovery();

private:
    ScenarioDocument* m_doc;
    Settings* m_settings;
    QString m_path;
    QTimer m_timer;
    bool m_dirty = false;
    // True once this session has written the recovery file. Until then the file on disk, if any,
    // belongs to a crashed session and only the user may discard it: loading a document at start-up
    // marks it clean, and that must not throw the previous session's work away before it is offered.
    bool m_wroteRecovery = false;
};

} // namespace is::gui
