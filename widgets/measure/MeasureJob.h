// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

// One run of the CPU decode executor on a worker thread. The worker never touches widgets: it
// writes progress and generated text into shared state under a mutex, and the panel polls it
// on a timer (a fast model makes thousands of tokens a second; one queued call per token would
// flood the event loop).
class MeasureJob
{
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

    explicit MeasureJob(Request request);
    // Cancels and waits: the worker stops at the next token, or after the phase it is in.
    ~MeasureJob();
    MeasureJob(const MeasureJob&) = delete;
    MeasureJob& operator=(const MeasureJob&) = delete;

    void start();
    void cancel() { m_cancel.store(true); }
    bool cancelRequested() const { return m_cancel.load(); }
    // Takes the state since the last call (newText is handed over once).
    Snapshot take();
    bool finished() const;

private:
    void run();

    Request m_request;
    std::atomic<bool> m_cancel{false};
    mutable std::mutex m_mutex;
    Snapshot m_state;
    std::thread m_thread;
};
