// SPDX-License-Identifier: MIT
#pragma once

#include "common/JobTracker.h"

#include <QObject>
#include <QString>

#include <mutex>

namespace is::gui {

// One run of the CPU decode executor on a JobTracker worker. The worker never touches widgets: it
// writes progress and generated text into shared state under a mutex and says so through the
// tracker's coalesced progress (a fast model makes thousands of tokens a second; one queued call
// per token would flood the event loop); the panel takes the state on updated().
class MeasureJob : public QObject
{
    Q_OBJECT
public:
    struct Request
    {
        QString syntheticSpec; // used when modelFile is empty
        QString modelFile;     // GGUF or llama2.c
        int threads = 1;
        int promptTokens = 128;
        int genTokens = 128;
    };
    enum class Phase { Loading, Probing, Decoding, Done, Cancelled, Failed };
    struct Snapshot
    {
        Phase phase = Phase::Loading;
        int done = 0;
        int total = 0;
        QString newText; // generated since the previous snapshot
        QString error;
        QString modelName;
        // Results (Phase::Done).
        double decodeTokS = 0;
        double predictedTokS = 0;
        double predictedError = 0; // (predicted - measured) / measured
        double prefillTokS = 0;
        double ttftMs = 0;
        double readBwGBs = 0;
        double bandwidthFraction = 0;
        double modelBytes = 0;
        int threads = 0;
        QString isa;
        QString dtype;
        bool inLlc = false;
    };

    // Whether this build has the executor (IS_HAVE_EXECUTOR).
    static bool available();

    explicit MeasureJob(Request request, QObject* parent = nullptr);
    // Cancels and waits: the worker stops at the next token, or after the phase it is in.
    ~MeasureJob() override;

    void start();
    // The worker stops at the next token, or after the phase it is in; updated() follows.
    void cancel();
    bool cancelRequested() const { return m_cancelRequested; }
    // Takes the state since the last call (newText is handed over once).
    Snapshot take();
    // The run has ended (done, cancelled or failed) and its last state is there to take().
    bool finished() const { return m_finished; }

Q_SIGNALS:
    // There is new state to take(): while the run goes on (coalesced) and once when it ends.
    void updated();

private:
    void run(is::JobContext& job);

    Request m_request;
    bool m_cancelRequested = false;
    bool m_finished = false;
    mutable std::mutex m_mutex;
    Snapshot m_state;
    is::JobTracker m_jobs; // last: destroyed first, it cancels the run and waits for it
};

} // namespace is::gui
