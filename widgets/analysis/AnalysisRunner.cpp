// SPDX-License-Identifier: MIT
#include "analysis/AnalysisRunner.h"

#include "common/Log.h"
#include "engine/Engine.h"
#include "scenario/ScenarioEvaluation.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>

#include <algorithm>

namespace is::gui {

AnalysisRunner::AnalysisRunner(std::shared_ptr<const Engine> engine, QObject* parent)
    : QObject(parent), m_engine(std::move(engine)), m_contexts(defaultContextGrid())
{
    // Our own pool (the tracker's), so that destruction waits for in-flight jobs that reference
    // the engine. Only one job runs at a time: the other threads take its per-deployment parts.
    m_jobs.setMaxThreadCount(std::clamp(QThread::idealThreadCount(), 1, 4));
    m_settle.setSingleShot(true);
    m_settle.setInterval(250);
    connect(&m_settle, &QTimer::timeout, this, [this] {
        m_streaming = false;
        Q_EMIT streamingChanged(false);
    });
}

AnalysisRunner::~AnalysisRunner() = default;

namespace {

struct TimedAnalysis
{
    std::shared_ptr<const ScenarioAnalysis> analysis;
    double ms = 0;
};

// One analysis, on whichever worker the tracker runs it: with two or more threads its
// per-deployment parts always find a free one while it waits for them.
TimedAnalysis analyse(const Scenario& s, const Engine& engine, const std::vector<double>& contexts,
                      QThreadPool* pool, ContextCurveCache* curves)
{
    QElapsedTimer t;
    t.start();
    auto result = std::make_shared<const ScenarioAnalysis>(analyseScenarioPerDeployment(
        s, engine, contexts, pool->maxThreadCount() >= 2 ? pool : nullptr, curves));
    return {std::move(result), t.nsecsElapsed() / 1e6};
}

} // namespace

void AnalysisRunner::request(const Scenario& s)
{
    // The job owns copies of everything it reads: the document and the engine may change.
    m_jobs.submit([this, scenario = s, engine = m_engine, contexts = m_contexts](
                      JobContext&) { return analyse(scenario, *engine, contexts, m_jobs.pool(), &m_curves); },
                  [this, generation = m_jobs.newest() + 1](TimedAnalysis r) {
                      deliver(std::move(r.analysis), generation, r.ms);
                  });
}

std::shared_ptr<const ScenarioAnalysis> AnalysisRunner::runNow(const Scenario& s)
{
    // Supersedes anything requested before.
    const TimedAnalysis r = m_jobs.runAndWait(
        [&](JobContext&) { return analyse(s, *m_engine, m_contexts, m_jobs.pool(), &m_curves); });
    deliver(r.analysis, m_jobs.newest(), r.ms);
    return r.analysis;
}

bool AnalysisRunner::waitForIdle(int timeoutMs)
{
    return m_jobs.waitForIdle(timeoutMs);
}

void AnalysisRunner::deliver(std::shared_ptr<const ScenarioAnalysis> a, quint64 generation, double ms)
{
    // The tracker drops a job older than one delivered.
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
