// SPDX-License-Identifier: MIT
#include "document/AnalysisRunner.h"

#include "common/Log.h"
#include "engine/Engine.h"
#include "scenario/ScenarioEvaluation.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QThread>

#include <algorithm>

namespace is::gui {

AnalysisRunner::AnalysisRunner(std::shared_ptr<const Engine> engine, QObject* parent)
    : QObject(parent), m_engine(std::move(engine)), m_contexts(defaultContextGrid())
{
    // Our own pool, so that destruction can wait for in-flight jobs that reference the engine.
    m_pool.setMaxThreadCount(std::clamp(QThread::idealThreadCount(), 1, 4));
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(0);
    connect(&m_coalesce, &QTimer::timeout, this, &AnalysisRunner::startNext);
    m_settle.setSingleShot(true);
    m_settle.setInterval(250);
    connect(&m_settle, &QTimer::timeout, this, [this] {
        m_streaming = false;
        Q_EMIT streamingChanged(false);
    });
}

AnalysisRunner::~AnalysisRunner()
{
    m_pool.clear();
    m_pool.waitForDone();
}

void AnalysisRunner::request(const Scenario& s)
{
    m_pending = s;
    m_pendingGeneration = ++m_requested;
    if (!m_inFlight && !m_coalesce.isActive())
        m_coalesce.start();
}

void AnalysisRunner::startNext()
{
    if (m_inFlight || !m_pending)
        return;
    auto scenario = std::make_shared<const Scenario>(std::move(*m_pending));
    m_pending.reset();
    const quint64 generation = m_pendingGeneration;
    m_inFlight = true;
    std::shared_ptr<const Engine> engine = m_engine;
    const std::vector<double> contexts = m_contexts;
    // Only one job is in flight, so with two or more threads its per-deployment parts always find
    // a free thread while it waits for them.
    QThreadPool* parts = m_pool.maxThreadCount() >= 2 ? &m_pool : nullptr;
    m_pool.start([this, scenario, engine, contexts, generation, parts] {
        QElapsedTimer t;
        t.start();
        auto result = std::make_shared<const ScenarioAnalysis>(
            analyseScenarioPerDeployment(*scenario, *engine, contexts, parts, &m_curves));
        const double ms = t.nsecsElapsed() / 1e6;
        // Queued: runs on the GUI thread. The destructor waits for this job, so `this` is alive.
        QMetaObject::invokeMethod(
            this,
            [this, result, generation, ms] {
                m_inFlight = false;
                deliver(result, generation, ms);
                if (m_pending)
                    startNext();
            },
            Qt::QueuedConnection);
    });
}

std::shared_ptr<const ScenarioAnalysis> AnalysisRunner::runNow(const Scenario& s)
{
    QElapsedTimer t;
    t.start();
    auto result = std::make_shared<const ScenarioAnalysis>(analyseScenarioPerDeployment(
        s, *m_engine, m_contexts, m_pool.maxThreadCount() >= 2 ? &m_pool : nullptr, &m_curves));
    const double ms = t.nsecsElapsed() / 1e6;
    // Supersedes anything requested before.
    const quint64 generation = ++m_requested;
    m_pending.reset();
    m_coalesce.stop();
    deliver(result, generation, ms);
    return result;
}

bool AnalysisRunner::waitForIdle(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (busy() || m_delivered < m_requested) {
        if (deadline.hasExpired())
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

void AnalysisRunner::deliver(std::shared_ptr<const ScenarioAnalysis> a, quint64 generation, double ms)
{
    if (generation <= m_delivered)
        return; // an older job finished after a newer one was delivered
    m_delivered = generation;
    m_latest = a;
    // Streaming: this analysis came soon after the one before. The stream ends once the settle
    // interval passes without another.
    const bool soon = m_sinceDelivered.isValid() && m_sinceDelivered.elapsed() < m_settle.interval();
    m_sinceDelivered.start();
    if (soon || m_streaming)
        m_settle.start();
    if (soon && !m_streaming) {
        m_streaming = true;
        Q_EMIT streamingChanged(true);
    }
    if (!a->error.isEmpty())
        is::log::get("gui")->warn("analysis: {}", a->error.toStdString());
    Q_EMIT analysisTimed(ms);
    Q_EMIT analysisReady(std::move(a), generation);
}

} // namespace is::gui
