// SPDX-License-Identifier: MIT
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

namespace is::exec {

// A persistent pool for fork-join steps of a forward pass. A decode step runs dozens of short
// parallel regions per token, so workers spin briefly on an epoch counter before sleeping on
// it (C++20 atomic wait): waking a sleeping thread costs tens of microseconds, a spinning one
// well under one. The calling thread takes part.
//
// A region is `threads` tasks (fn(task, threads)), each claimed once by whichever thread is
// free: normally every thread takes one, but on an oversubscribed machine a worker that is not
// scheduled does not stall the region, the caller runs its task instead.
class ThreadPool
{
public:
    explicit ThreadPool(int threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int size() const { return m_threads; }

    // Runs fn(task, threads) for every task in [0, threads) and returns when all are done.
    // Per-task scratch may be indexed by `task`: no two threads run the same task.
    void run(const std::function<void(int, int)>& fn);

    // Splits [0, n) into `threads` contiguous ranges, aligned to `grain`; returns [begin, end).
    static std::pair<std::size_t, std::size_t> split(std::size_t n, int thread, int threads, std::size_t grain = 1);

private:
    void workerLoop();
    void drain();

    int m_threads;
    std::vector<std::thread> m_workers;
    std::atomic<const std::function<void(int, int)>*> m_job{nullptr};
    std::atomic<std::uint32_t> m_epoch{0};
    std::atomic<int> m_next{0};
    std::atomic<int> m_done{0};
    std::atomic<bool> m_stop{false};
};

} // namespace is::exec
