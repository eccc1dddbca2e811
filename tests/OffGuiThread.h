// SPDX-License-Identifier: MIT
#pragma once
// GUI suites compute their reference figures off the GUI thread, as the studio does: the engine's
// thread check (common/ThreadCheck.h, armed by IS_THREAD_CHECK=1) stops an evaluation on it.
#include "common/JobTracker.h"

namespace is::testing {

// Runs work() on a worker and returns what it returns; this thread waits without processing events.
template <class Work> auto offGuiThread(Work work)
{
    JobTracker jobs;
    return jobs.runAndWait([&](JobContext&) { return work(); });
}

} // namespace is::testing
