// SPDX-License-Identifier: MIT
// The one job tracker every long computation of the studio runs on: numbered jobs, newest wins,
// a cancel token that reaches the running job, coalesced bursts, results on the owner's thread.
#include "common/JobTracker.h"
#include "common/ThreadCheck.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>
#include <optional>
#include <vector>

using is::JobContext;
using is::JobTracker;

namespace {

// Blocks a job until the test lets it go, without a timed sleep in the test itself.
struct Gate
{
    QSemaphore started;
    QSemaphore release;
    // The worker waits for release, waking now and then to see whether it was cancelled.
    bool waitUnlessCancelled(const JobContext& c)
    {
        started.release();
        while (!release.tryAcquire(1, 5))
            if (c.cancelled())
                return false;
        return true;
    }
};

} // namespace

class TestJobTracker : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void resultsAreDeliveredOnTheOwnersThread()
    {
        JobTracker tracker;
        QSignalSpy finished(&tracker, &JobTracker::finished);
        QThread* worker = nullptr;
        QThread* deliveredOn = nullptr;
        int value = 0;
        tracker.submit(
            [&](JobContext&) {
                worker = QThread::currentThread();
                return 42;
            },
            [&](int v) {
                deliveredOn = QThread::currentThread();
                value = v;
            });
        QVERIFY(tracker.busy());
        QVERIFY(finished.wait(10000));
        QCOMPARE(value, 42);
        QVERIFY(worker != nullptr);
        QVERIFY(worker != QThread::currentThread()); // the work ran off this thread
        QCOMPARE(deliveredOn, QThread::currentThread());
        QVERIFY(!tracker.busy());
        QCOMPARE(tracker.delivered(), quint64(1));
    }

    void aBurstCoalescesToItsLastJob()
    {
        JobTracker tracker;
        QSignalSpy finished(&tracker, &JobTracker::finished);
        std::atomic<int> ran{0};
        std::vector<int> delivered;
        // Five submissions in one event-loop pass (a slider drag): only the fifth runs.
        for (int i = 1; i <= 5; ++i)
            tracker.submit(
                [&ran, i](JobContext&) {
                    ++ran;
                    return i;
                },
                [&delivered](int v) { delivered.push_back(v); });
        QCOMPARE(tracker.newest(), quint64(5));
        QVERIFY(finished.wait(10000));
        QCOMPARE(ran.load(), 1);
        QCOMPARE(delivered, std::vector<int>{5});
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().first().toULongLong(), quint64(5));
    }

    void aNewerJobCancelsTheRunningOne()
    {
        JobTracker tracker;
        tracker.setCancelSuperseded(true);
        Gate gate;
        std::atomic<bool> sawCancel{false};
        std::vector<int> delivered;
        tracker.submit(
            [&](JobContext& c) {
                if (!gate.waitUnlessCancelled(c))
                    sawCancel = true;
                return 1;
            },
            [&](int v) { delivered.push_back(v); });
        QTRY_VERIFY(gate.started.available() > 0); // job 1 runs
        tracker.submit([](JobContext&) { return 2; }, [&](int v) { delivered.push_back(v); });
        QTRY_COMPARE(delivered.size(), size_t(1));
        QVERIFY(sawCancel.load());                // the token reached the running job
        QCOMPARE(delivered, std::vector<int>{2}); // and its result never showed
        QVERIFY(tracker.waitForIdle());
    }

    void withoutCancellingTheRunningJobFinishesAndTheNewestPendingFollows()
    {
        JobTracker tracker;
        Gate gate;
        std::vector<int> ran;
        std::vector<int> delivered;
        std::atomic<bool> firstCancelled{false};
        tracker.submit(
            [&](JobContext& c) {
                gate.waitUnlessCancelled(c);
                firstCancelled = c.cancelled();
                return 1;
            },
            [&](int v) { delivered.push_back(v); });
        QTRY_VERIFY(gate.started.available() > 0); // the event loop starts the job
        // Two more while job 1 runs: job 3 replaces job 2, which never starts.
        for (int i = 2; i <= 3; ++i)
            tracker.submit(
                [&ran, i](JobContext&) {
                    ran.push_back(i);
                    return i;
                },
                [&](int v) { delivered.push_back(v); });
        gate.release.release();
        QTRY_COMPARE(delivered.size(), size_t(2));
        QCOMPARE(delivered, (std::vector<int>{1, 3}));
        QCOMPARE(ran, std::vector<int>{3});
        QVERIFY(!firstCancelled.load());
    }

    void cancelAllStopsTheRunningJobWithoutDelivering()
    {
        JobTracker tracker;
        QSignalSpy finished(&tracker, &JobTracker::finished);
        Gate gate;
        bool delivered = false;
        tracker.submit([&](JobContext& c) { return gate.waitUnlessCancelled(c); },
                       [&](bool) { delivered = true; });
        QTRY_VERIFY(gate.started.available() > 0); // the event loop starts the job
        tracker.cancelAll();
        QVERIFY(finished.wait(10000));
        QVERIFY(!delivered);
        QVERIFY(!tracker.busy());
    }

    void stopRunningCancelsButStillDelivers()
    {
        JobTracker tracker;
        Gate gate;
        std::optional<bool> delivered;
        tracker.submit([&](JobContext& c) { return gate.waitUnlessCancelled(c); },
                       [&](bool finishedNormally) { delivered = finishedNormally; });
        QTRY_VERIFY(gate.started.available() > 0); // the event loop starts the job
        tracker.stopRunning();
        QTRY_VERIFY(delivered.has_value());
        QCOMPARE(*delivered, false); // the job saw the token and said it stopped early
    }

    void progressIsCoalescedAndEndsOnTheLastFigures()
    {
        JobTracker tracker;
        QSignalSpy progressed(&tracker, &JobTracker::progressed);
        QSignalSpy finished(&tracker, &JobTracker::finished);
        constexpr int kSteps = 20000;
        tracker.submit(
            [](JobContext& c) {
                for (int i = 1; i <= kSteps; ++i)
                    c.progress(i, kSteps);
                return 0;
            },
            [](int) {});
        QVERIFY(finished.wait(10000));
        QVERIFY(!progressed.isEmpty());
        // One notification per pass of the event loop, not one per step.
        QVERIFY(progressed.count() < kSteps);
        // Progress is posted before the result, so the last figures arrive before finished.
        QCOMPARE(progressed.last().at(1).toInt(), kSteps);
        QCOMPARE(progressed.last().at(2).toInt(), kSteps);
    }

    void runAndWaitSupersedesQueuedJobsAndRunsOffThisThread()
    {
        JobTracker tracker;
        std::vector<int> delivered;
        tracker.submit([](JobContext&) { return 1; }, [&](int v) { delivered.push_back(v); });
        QThread* worker = nullptr;
        const int v = tracker.runAndWait([&](JobContext&) {
            worker = QThread::currentThread();
            return 7;
        });
        QCOMPARE(v, 7);
        QVERIFY(worker != QThread::currentThread());
        QVERIFY(tracker.waitForIdle());
        QVERIFY(delivered.empty()); // the queued job was older than the synchronous one
        QCOMPARE(tracker.delivered(), quint64(2));
    }

    void theCommandLineEvaluatesOnItsMainThread()
    {
        // No GUI application here (a QCoreApplication, like the command line's): the engine's
        // thread check lets the main thread evaluate.
        QVERIFY(!is::threadcheck::onGuiThread());
        is::threadcheck::expectOffGuiThread("test"); // returns
    }

    void destroyingTheTrackerCancelsAndWaits()
    {
        Gate gate;
        std::atomic<bool> sawCancel{false};
        {
            JobTracker tracker;
            tracker.submit(
                [&](JobContext& c) {
                    sawCancel = !gate.waitUnlessCancelled(c);
                    return 0;
                },
                [](int) {});
            QTRY_VERIFY(gate.started.available() > 0); // the event loop starts the job
        }                                              // the destructor returns only once the job has stopped
        QVERIFY(sawCancel.load());
    }
};

QTEST_GUILESS_MAIN(TestJobTracker)
#include "tst_jobtracker.moc"
