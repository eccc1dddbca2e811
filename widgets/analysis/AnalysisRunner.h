// SPDX-License-Identifier: MIT
#pragma once

#include "analysis/ScenarioAnalysis.h"
#include "common/JobTracker.h"
#include "scenario/Scenario.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>
#include <vector>

namespace is {
class Engine;
}

namespace is::gui {

// Runs is::analyseScenario off the GUI thread on a JobTracker: requests made in one event-loop pass
// coalesce into one job; while a job runs only the newest request is kept (newest job wins) and
// results older than one already delivered are dropped. Deployments are analysed in parallel (they are
// independent) and merged in document order. Results come back by queued call. The speed-versus-
// context curves are cached for as long as the runner lives (they stay the same while the
// context slider moves).
//
// It is also the one place that tells whether analyses are streaming in (a slider being dragged):
// the views draw a streaming analysis cheaply (axes only grow, the table refreshes at most every
// 100 ms) and fit the newest one again once the stream stops.
class AnalysisRunner : public QObject
{
    Q_OBJECT
public:
    explicit AnalysisRunner(std::shared_ptr<const Engine> engine, QObject* parent = nullptr);
    ~AnalysisRunner() override;

    const Engine& engine() const { return *m_engine; }
    // Analyses from the next request on use this engine (a calibration applied or undone). A job
    // in flight keeps the engine it started with; its result is older than the next request's.
    void setEngine(std::shared_ptr<const Engine> engine) { m_engine = std::move(engine); }
    const std::vector<double>& contexts() const { return m_contexts; }

    // Asks for an analysis of this scenario; the result arrives through analysisReady.
    void request(const Scenario& s);
    // The synchronous path (tests, --screenshot, --bench-ui): analyses now on a worker while the
    // calling thread waits, delivers it like an asynchronous result and returns it.
    std::shared_ptr<const ScenarioAnalysis> runNow(const Scenario& s);
    // Waits (processing events) until every request so far has been delivered.
    bool waitForIdle(int timeoutMs = 30000);

    // The generation of the newest request so far (analysisReady's second argument counts up
    // to it): a result of this generation or older answers a request made before now.
    quint64 requested() const { return m_jobs.newest(); }

    bool busy() const { return m_jobs.busy(); }
    std::shared_ptr<const ScenarioAnalysis> latest() const { return m_latest; }

    // True from the second of two analyses delivered less than settleInterval() apart until
    // settleInterval() passes without one; streamingChanged() says when that flips. Read it in
    // a slot of analysisReady: it then describes the analysis delivered.
    bool streaming() const { return m_streaming; }
    int settleInterval() const { return m_settle.interval(); }
    // 250 ms; tests on a busy machine lengthen it.
    void setSettleInterval(int ms) { m_settle.setInterval(ms); }

Q_SIGNALS:
    void analysisReady(std::shared_ptr<const is::ScenarioAnalysis> analysis, quint64 generation);
    // Milliseconds the engine took for the delivered analysis (status bar, --bench-ui).
    void analysisTimed(double ms);
    // Emitted with true before the analysisReady that starts a stream, and with false
    // settleInterval() after the last analysis of it: time to show latest() once more, fitted.
    void streamingChanged(bool streaming);

private:
    void deliver(std::shared_ptr<const ScenarioAnalysis> a, quint64 generation, double ms);

    std::shared_ptr<const Engine> m_engine;
    std::vector<double> m_contexts;
    std::shared_ptr<const ScenarioAnalysis> m_latest;
    // Declared after what its jobs read (the curves): destroyed first, it waits for them.
    ContextCurveCache m_curves;
    JobTracker m_jobs;
    QTimer m_settle;
    QElapsedTimer m_sinceDelivered;
    bool m_streaming = false;
};

} // namespace is::gui
