// SPDX-License-Identifier: MIT
#include "executor/ThreadPool.h"

#include <algorithm>
#include <chrono>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define IS_EXEC_PAUSE() _mm_pause()
#else
#define IS_EXEC_PAUSE() std::this_thread::yield()
#endif

namespace is::exec {

namespace {
// About 50-100 microseconds of spinning before sleeping: longer than the gap between two
// parallel regions of a decode step, short enough not to burn a core between tokens.
constexpr int kSpinIterations = 20000;
} // namespace

ThreadPool::ThreadPool(int threads) : m_threads(std::max(1, threads))
{
    m_next.store(m_threads);
    for (int i = 1; i < m_threads; ++i)
        m_workers.emplace_back([this] { workerLoop(); });
}

ThreadPool::~ThreadPool()
{
    m_stop.store(true);
    m_epoch.fetch_add(1, std::memory_order_release);
    m_epoch.notify_all();
    for (auto& t : m_workers)
        t.join();
}

void ThreadPool::drain()
{
    for (;;) {
        const int task = m_next.fetch_add(1, std::memory_order_acq_rel);
        if (task >= m_threads)
            return;
        // The claim happened after the region's m_next reset, which was published after m_job.
        (*m_job.load(std::memory_order_acquire))(task, m_threads);
        m_done.fetch_add(1, std::memory_order_acq_rel);
    }
}

void ThreadPool::run(const std::function<void(int, int)>& fn)
{
    if (m_threads == 1) {
        fn(0, 1);
        return;
    }
    m_job.store(&fn, std::memory_order_release);
    m_done.store(0, std::memory_order_relaxed);
    m_next.store(0, std::memory_order_release);
    m_epoch.fetch_add(1, std::memory_order_release);
    m_epoch.notify_all();
    drain();
    int spins = 0;
    while (m_done.load(std::memory_order_acquire) != m_threads) {
        if (++spins < kSpinIterations)
            IS_EXEC_PAUSE();
        else
            std::this_thread::yield();
    }
}

void ThreadPool::workerLoop()
{
    std::uint32_t seen = 0;
    for (;;) {
        std::uint32_t e = m_epoch.load(std::memory_order_acquire);
        for (int spins = 0; e == seen && spins < kSpinIterations; ++spins) {
            IS_EXEC_PAUSE();
            e = m_epoch.load(std::memory_order_acquire);
        }
        while (e == seen) {
            m_epoch.wait(seen, std::memory_order_acquire);
            e = m_epoch.load(std::memory_order_acquire);
        }
        seen = e;
        if (m_stop.load())
            return;
        drain();
    }
}

std::pair<std::size_t, std::size_t> ThreadPool::split(std::size_t n, int thread, int threads, std::size_t grain)
{
    const std::size_t units = (n + grain - 1) / grain;
    const std::size_t t = static_cast<std::size_t>(thread), nt = static_cast<std::size_t>(threads);
    const std::size_t b = units * t / nt * grain;
    const std::size_t e = units * (t + 1) / nt * grain;
    return {std::min(b, n), std::min(e, n)};
}

} // namespace is::exec
