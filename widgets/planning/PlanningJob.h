// SPDX-License-Identifier: MIT
#pragma once

#include "common/JobTracker.h"
#include "planning/ScenarioPlan.h"

#include <QObject>

#include <memory>
#include <optional>

namespace is {
class Engine;
}

namespace is::gui {

// One deployment search (core/planning, the function `inference-studio plan` calls) on a JobTracker
// worker, so the GUI thread never evaluates. Progress (coalesced) and the result arrive by signal
// on the GUI thread. cancel() stops it after the current group; destroying the job cancels it and
// waits for the worker.
class PlanningJob : public QObject
{
    Q_OBJECT
public:
    PlanningJob(std::shared_ptr<const Engine> engine, planning::PlanInputs inputs,
                planning::PlanTargets targets, QObject* parent = nullptr);
    ~PlanningJob() override;

    void start();
    void cancel() { m_jobs.stopRunning(); }
    bool running() const { return m_jobs.busy(); }
    // Valid once finished() has been emitted: the result, or nullopt with error().
    const std::optional<planning::PlanResult>& result() const { return m_result; }
    QString error() const { return m_error; }

Q_SIGNALS:
    void progressed(int done, int total);
    void finished();

private:
    std::shared_ptr<const Engine> m_engine;
    planning::PlanInputs m_inputs;
    planning::PlanTargets m_targets;
    std::optional<planning::PlanResult> m_result;
    QString m_error;
    bool m_started = false;
    JobTracker m_jobs; // last: destroyed first, it cancels the search and waits for it
};

} // namespace is::gui
