// SPDX-License-Identifier: MIT
#include "planning/PlanningJob.h"

#include "engine/Engine.h"

namespace is::gui {

PlanningJob::PlanningJob(std::shared_ptr<const Engine> engine, planning::PlanInputs inputs,
                         planning::PlanTargets targets, QObject* parent)
    : QObject(parent), m_engine(std::move(engine)), m_inputs(std::move(inputs)), m_targets(std::move(targets))
{
    connect(&m_jobs, &JobTracker::progressed, this,
            [this](quint64, int done, int total) { Q_EMIT progressed(done, total); });
}

PlanningJob::~PlanningJob() = default;

void PlanningJob::start()
{
    if (m_started)
        return;
    m_started = true;
    struct Outcome
    {
        std::optional<planning::PlanResult> result;
        QString error;
        int done = 0;
        int total = 0;
    };
    m_jobs.submit(
        [engine = m_engine, inputs = m_inputs, targets = m_targets](JobContext& job) {
            planning::SearchControl control;
            control.cancel = job.cancelFlag();
            control.progress = [&job](int done, int total) { job.progress(done, total); };
            Outcome o;
            o.result = planning::searchScenario(*engine, inputs, targets, control, &o.error);
            o.done = job.done();
            o.total = job.total();
            return o;
        },
        [this](Outcome o) {
            m_result = std::move(o.result);
            m_error = o.error;
            Q_EMIT progressed(o.done, o.total);
            Q_EMIT finished();
        });
}

} // namespace is::gui
