// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace is {

class JobTracker;

// What a running job sees: its number, whether it has been cancelled (a newer job superseded it,
// or its owner cancelled it or is going away) and where to report progress. Shared between the
// worker and the tracker's thread, so everything in it is atomic.
class JobContext : public std::enable_shared_from_this<JobContext>
{
public:
    quint64 id() const { return m_id; }
    bool cancelled() const { return m_cancel.load(); }
    // For core functions that take a cancel flag (simulateScenario, searchScenario).
    const std::atomic<bool>* cancelFlag() const { return &m_cancel; }
    std::atomic<bool>* cancelFlag() { return &m_cancel; }
    // Thread-safe and cheap: stores the figures and posts at most one notification at a time, so
    // a job reporting every token does not flood the event loop; JobTracker::progressed carries
    // the newest figures.
    void progress(int done, int total);
    int done() const { return m_done.load(); }
    int total() const { return m_total.load(); }

private:
    friend class JobTracker;
    JobContext(JobTracker* tracker, quint64 id) : m_tracker(tracker), m_id(id) {}

    JobTracker* m_tracker;
    const quint64 m_id;
    std::atomic<bool> m_cancel{false};
    std::atomic<int> m_done{0};
    std::atomic<int> m_total{0};
    std::atomic<bool> m_progressQueued{false};
    // Set on the tracker's thread when nobody wants the result any more (superseded, abandoned).
    bool m_abandoned = false;
};

// Runs numbered jobs off the owner's thread, one at a time, newest wins:
// - submit() numbers a job and keeps it pending; jobs submitted in one event-loop pass coalesce
//   (only the last starts), and a job submitted while another runs replaces any pending one.
// - With setCancelSuperseded(true) a new submission also cancels the running job (its token says
//   so, and its result is dropped); otherwise the running job finishes and its result is still
//   delivered (an analysis streaming in while a slider moves).
// - Results come back by queued call on the tracker's thread, never older than one delivered.
// - The destructor cancels everything and waits for the worker, so a job may reference its owner.
// The pool may hold more threads than the one job: a job can run its own parts on pool().
class JobTracker : public QObject
{
    Q_OBJECT
public:
    explicit JobTracker(QObject* parent = nullptr);
    ~JobTracker() override;

    void setMaxThreadCount(int threads) { m_pool.setMaxThreadCount(threads); }
    QThreadPool* pool() { return &m_pool; }
    void setCancelSuperseded(bool on) { m_cancelSuperseded = on; }

    // work(JobContext&) -> R runs on the pool; deliver(R) runs on the tracker's thread unless the
    // job was cancelled or a newer job's result was delivered first. Returns the job's number.
    template <class Work, class Deliver> quint64 submit(Work work, Deliver deliver)
    {
        using Result = std::invoke_result_t<Work&, JobContext&>;
        return submitErased([work = std::move(work), deliver = std::move(deliver)](
                                JobContext& context) mutable -> std::function<void()> {
            if constexpr (std::is_void_v<Result>) {
                work(context);
                return [deliver]() mutable { deliver(); };
            } else {
                auto result = std::make_shared<Result>(work(context));
                return [deliver, result]() mutable { deliver(std::move(*result)); };
            }
        });
    }

    // For synchronous callers (--screenshot, --bench-ui, tests): supersedes every earlier job,
    // waits for the running one to stop, runs work on the pool and blocks this thread (no events
    // are processed) until it returns. Its result counts as delivered; it is returned, not posted.
    template <class Work> auto runAndWait(Work work)
    {
        std::optional<std::invoke_result_t<Work&, JobContext&>> result;
        runAndWaitErased([&](JobContext& context) { result.emplace(work(context)); });
        return std::move(*result);
    }

    // Cancels the running job and drops the pending one; neither delivers.
    void cancelAll();
    // Cancels the running (or pending) job but still delivers what it returns (a search stopped by
    // the user reports where it got to); its work decides what a stopped result is.
    void stopRunning();
    // The newest job submitted so far (0: none).
    quint64 newest() const { return m_submitted; }
    // The newest job whose result was delivered.
    quint64 delivered() const { return m_delivered; }
    // A job is pending, running, or its result is on its way.
    bool busy() const { return m_running || m_pending.has_value() || m_coalesce.isActive(); }
    // Processes events until not busy(); false on timeout.
    bool waitForIdle(int timeoutMs = 30000);

Q_SIGNALS:
    // The newest figures of a running job (see JobContext::progress).
    void progressed(quint64 id, int done, int total);
    // A job ended: its result was delivered, dropped or it was cancelled. Emitted after delivery.
    void finished(quint64 id);

private:
    friend class JobContext;
    using ErasedWork = std::function<std::function<void()>(JobContext&)>;
    struct Job
    {
        quint64 id = 0;
        ErasedWork work;
        bool stopped = false; // stopRunning() came before it started
    };

    quint64 submitErased(ErasedWork work);
    void runAndWaitErased(const std::function<void(JobContext&)>& work);
    void startNext();
    void complete(const std::shared_ptr<JobContext>& context, const std::function<void()>& delivery);
    void postProgress(std::shared_ptr<JobContext> context);

    QThreadPool m_pool;
    QTimer m_coalesce;
    std::optional<Job> m_pending;
    std::shared_ptr<JobContext> m_running;
    quint64 m_submitted = 0;
    quint64 m_delivered = 0;
    bool m_cancelSuperseded = false;
};

} // namespace is
