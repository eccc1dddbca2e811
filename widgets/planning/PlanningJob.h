// SPDX-License-Identifier: MIT
#pragma once

#include "planning/ScenarioPlan.h"

#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>
#include <optional>
#include <thread>

namespace is {
class Engine;
}

namespace is::gui {

// One deployment search (core/planning, the function `inference-studio plan` calls) on a worker
// thread, so the GUI thread never evaluates. Progress is polled; the result arrives by signal on
// the GUI thread. cancel() stops it after the current group; destroying the job cancels it and
// waits for the worker.
class PlanningJob : public QObject
{
    Q_OBJECT
public:
    PlanningJob(std::shared_ptr<const Engine> engine, planning::PlanInputs inputs,
                planning::PlanTargets targets, QObject* parent = nullptr);
    ~PlanningJob() override;

    void start();
    void cancel() { m_cancel.store(true); }
    bool running() const { return m_thread.joinable(); }
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
    std::thread m_thread;
    std::atomic<bool> m_cancel{false};
    std::atomic<int> m_done{0};
    std::atomic<int> m_total{0};
    QTimer m_poll;
    std::optional<planning::PlanResult> m_result;
    QString m_error;
};

} // namespace is::gui
