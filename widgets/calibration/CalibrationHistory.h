// SPDX-License-Identifier: MIT
#pragma once

#include "engine/UserCalibration.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace is {
class Catalog;
}

namespace is::gui {

struct CalibrationRun;

// The calibrations applied in this session, newest last, each of which can be undone. Applying
// writes the overlay into the user catalog folder with writeUserCalibration (what `calibrate
// --user` writes) and installs the catalog with it loaded over the one in use without the overlay
// it replaces (CalibrationRun::overlayBase), as the next start loads them; undoing puts the
// folder's file back as it was (or removes it when there was none) and installs the catalog in use
// before, the same object, so every figure returns exactly to what it was.
//
// Not on the document's undo stack: a calibration is not part of the scenario. It lives in the
// user catalog folder, applies to every document and to every later session, and the scenario
// file does not change. On the document's stack it would mark the document modified, be lost when
// another document is opened (that clears the stack) and be undone, rewriting a file in the user's
// catalog, by someone undoing their last edit. So the studio owns this history: it outlives the
// dialog and the window (switching language rebuilds the window).
class CalibrationHistory : public QObject
{
    Q_OBJECT
public:
    // `install` makes a catalog the one the engine evaluates with.
    using Install = std::function<void(std::shared_ptr<const Catalog>)>;
    CalibrationHistory(std::shared_ptr<const Catalog> current, Install install, QObject* parent = nullptr);

    // The catalog the engine evaluates with now.
    std::shared_ptr<const Catalog> current() const { return m_current; }

    // Writes the run's fitted families as the overlay and installs them. Nothing changes when it
    // fails (the file is put back), or when the catalog in use is not the one the run was fitted
    // on (a calibration applied or undone since). `written`: the overlay's path.
    bool apply(const CalibrationRun& run, QString* written, QString* error);
    // Whether `run` was fitted on the catalog in use now: a run made before a calibration was
    // applied or undone sits on another one, and apply() refuses it.
    bool isCurrent(const CalibrationRun& run) const;
    bool canUndo() const { return !m_applied.empty(); }
    // The measurements file of the calibration undo() would take back.
    QString undoFile() const;
    bool undo(QString* error);

Q_SIGNALS:
    // A calibration was applied or undone: the engine has another catalog.
    void changed();
    // What happened, for the Issues panel and the status bar.
    void announced(const QString& text);

private:
    struct Applied
    {
        QString measurements;
        FileSnapshot overlayBefore;
        std::shared_ptr<const Catalog> catalogBefore;
    };
    std::shared_ptr<const Catalog> m_current;
    Install m_install;
    std::vector<Applied> m_applied;
};

} // namespace is::gui
