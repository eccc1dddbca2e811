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
// well under one. The calling thread is worker 0.
class ThreadPool
{
public:
    explicit ThreadPool(int threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int size() const { return m_threads; }

    // Runs fn(thread, threads) on every thread and returns when all are done.
    void run(const std::function<void(int, int)>& fn);

    // Splits [0, n) into `threads` contiguous ranges, aligned to `grain`; returns [begin, end).
    static std::pair<std::size_t, std::size_t> split(std::size_t n, int thread, int threads, std::size_t grain = 1);

private:
    void workerLoop(int index);

    int m_threads;
    std::vector<std::thread> m_workers;
    const std::function<void(int, int)>* m_job = nullptr;
    std::atomic<std::uint32_t> m_epoch{0};
    std::atomic<int> m_pending{0};
    std::atomic<bool> m_stop{false};
};

} // namespace is::exec
