// SPDX-License-Identifier: MIT
#include "planning/PlanningJob.h"

#include "engine/Engine.h"

namespace is::gui {

PlanningJob::PlanningJob(std::shared_ptr<const Engine> engine, planning::PlanInputs inputs,
                         planning::PlanTargets targets, QObject* parent)
    : QObject(parent), m_engine(std::move(engine)), m_inputs(std::move(inputs)), m_targets(std::move(targets))
{
    m_poll.setInterval(50);
    connect(&m_poll, &QTimer::timeout, this, [this] { Q_EMIT progressed(m_done.load(), m_total.load()); });
}

PlanningJob::~PlanningJob()
{
    cancel();
    if (m_thread.joinable())
        m_thread.join();
}

void PlanningJob::start()
{
    if (m_thread.joinable())
        return;
    m_poll.start();
    m_thread = std::thread([this] {
        planning::SearchControl control;
        control.cancel = &m_cancel;
        control.progress = [this](int done, int total) {
            m_done.store(done);
            m_total.store(total);
        };
        QString error;
        auto result = planning::searchScenario(*m_engine, m_inputs, m_targets, control, &error);
        QMetaObject::invokeMethod(
            this,
            [this, result = std::move(result), error]() mutable {
                if (m_thread.joinable())
                    m_thread.join();
                m_poll.stop();
                m_result = std::move(result);
                m_error = error;
                Q_EMIT progressed(m_done.load(), m_total.load());
                Q_EMIT finished();
            },
            Qt::QueuedConnection);
    });
}

} // namespace is::gui
