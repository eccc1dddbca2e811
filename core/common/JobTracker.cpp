// SPDX-License-Identifier: MIT
#include "common/JobTracker.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QPointer>

#include <utility>

namespace is {

void JobContext::progress(int done, int total)
{
    m_done.store(done);
    m_total.store(total);
    // One notification in the queue at a time: it reads the newest figures when it runs.
    if (!m_progressQueued.exchange(true))
        m_tracker->postProgress(shared_from_this());
}

JobTracker::JobTracker(QObject* parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    // Submissions made in one event-loop pass (a slider drag) start one job, the last.
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(0);
    connect(&m_coalesce, &QTimer::timeout, this, &JobTracker::startNext);
}

JobTracker::~JobTracker()
{
    // Jobs reference their owners and post back to this object: stop them before either goes.
    cancelAll();
    m_pool.waitForDone();
}

quint64 JobTracker::submitErased(ErasedWork work)
{
    const quint64 id = ++m_submitted;
    // A pending job that has not started is older than this one: it never runs.
    m_pending = Job{id, std::move(work)};
    if (m_running && m_cancelSuperseded) {
        m_running->m_abandoned = true;
        m_running->m_cancel.store(true);
    }
    if (!m_running && !m_coalesce.isActive())
        m_coalesce.start();
    return id;
}

void JobTracker::runAndWaitErased(const std::function<void(JobContext&)>& work)
{
    cancelAll();
    // The running job's parts may need the pool's other threads: let it finish first.
    m_pool.waitForDone();
    const quint64 id = ++m_submitted;
    auto context = std::shared_ptr<JobContext>(new JobContext(this, id));
    m_pool.start([&work, context] { work(*context); });
    m_pool.waitForDone();
    m_delivered = id;
}

void JobTracker::cancelAll()
{
    m_coalesce.stop();
    m_pending.reset();
    if (m_running) {
        m_running->m_abandoned = true;
        m_running->m_cancel.store(true);
    }
}

void JobTracker::stopRunning()
{
    if (m_pending)
        m_pending->stopped = true;
    if (m_running)
        m_running->m_cancel.store(true);
}

void JobTracker::startNext()
{
    if (m_running || !m_pending)
        return;
    Job job = std::move(*m_pending);
    m_pending.reset();
    auto context = std::shared_ptr<JobContext>(new JobContext(this, job.id));
    context->m_cancel.store(job.stopped);
    m_running = context;
    m_pool.start([this, context, work = std::move(job.work)]() mutable {
        std::function<void()> delivery = work(*context);
        // Queued: runs on the tracker's thread. The destructor waits for this job, so `this` is
        // alive; a tracker deleted before the call runs drops it with its other posted events.
        QMetaObject::invokeMethod(
            this, [this, context, delivery = std::move(delivery)] { complete(context, delivery); },
            Qt::QueuedConnection);
    });
}

void JobTracker::complete(const std::shared_ptr<JobContext>& context, const std::function<void()>& delivery)
{
    if (m_running == context)
        m_running.reset();
    const quint64 id = context->id();
    // Dropped when superseded or abandoned, or older than a result already shown.
    if (!context->m_abandoned && id > m_delivered) {
        m_delivered = id;
        // The owner may delete the tracker in its delivery (a finished one-shot job).
        const QPointer<JobTracker> alive(this);
        delivery();
        if (!alive)
            return;
    }
    if (m_pending && !m_running)
        startNext();
    Q_EMIT finished(id);
}

void JobTracker::postProgress(std::shared_ptr<JobContext> context)
{
    QMetaObject::invokeMethod(
        this,
        [this, context = std::move(context)] {
            context->m_progressQueued.store(false);
            if (!context->m_abandoned) // the last use of `this`: a slot may delete the tracker
                Q_EMIT progressed(context->id(), context->done(), context->total());
        },
        Qt::QueuedConnection);
}

bool JobTracker::waitForIdle(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (busy()) {
        if (deadline.hasExpired())
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

} // namespace is
