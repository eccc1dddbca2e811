// SPDX-License-Identifier: MIT
#pragma once

#include "common/JobTracker.h"

#include <QObject>
#include <QString>

#include <memory>

class QAction;
class QWidget;

namespace is {
class Engine;
}

namespace is::gui {

class ScenarioDocument;

// File > Export report…: asks where, lets the engine gather the report's figures on a worker
// thread (the GUI thread never evaluates), then writes the PDF on the GUI thread, which must paint
// the charts. One report at a time; the action is disabled while one is being written.
class ReportExport : public QObject
{
    Q_OBJECT
public:
    ReportExport(ScenarioDocument* doc, std::shared_ptr<const Engine> engine, QWidget* dialogParent);

    QAction* action() const { return m_action; }
    void setEngine(std::shared_ptr<const Engine> engine) { m_engine = std::move(engine); }
    // Writes the report of the document as it is now to `path`, without a dialog (tests).
    void exportTo(const QString& path);
    bool busy() const { return m_busy; }

Q_SIGNALS:
    // The report was written ("Saved report.pdf") or could not be (the reason).
    void exported(const QString& message, bool ok);

private:
    void choose();

    ScenarioDocument* m_doc;
    std::shared_ptr<const Engine> m_engine;
    QWidget* m_dialogParent;
    QAction* m_action;
    bool m_busy = false;
    JobTracker m_jobs; // gathers the report's facts off the GUI thread; waits for them when destroyed
};

} // namespace is::gui
