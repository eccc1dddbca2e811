// SPDX-License-Identifier: MIT
#include "analysis/ScenarioAnalysis.h"

#include <QThreadPool>

#include <atomic>
#include <condition_variable>
#include <mutex>

namespace is {

namespace {

// A scenario with only its i-th deployment: analyseScenario treats deployments independently,
// so analysing them one by one and concatenating gives the same result.
Scenario only(const Scenario& s, size_t i)
{
    Scenario one = s;
    one.deployments = {s.deployments[i]};
    return one;
}

void mergeInto(ScenarioAnalysis& all, ScenarioAnalysis&& part)
{
    for (DeploymentAnalysis& d : part.deployments)
        all.deployments.push_back(std::move(d));
    all.issues << part.issues;
    if (all.error.isEmpty())
        all.error = part.error;
}

} // namespace

ScenarioAnalysis analyseScenarioPerDeployment(const Scenario& s, const Engine& engine,
                                              const std::vector<double>& contexts, QThreadPool* pool,
                                              ContextCurveCache* cache)
{
    // A scenario that does not resolve is reported as a whole, with its field paths intact.
    QString error;
    if (s.deployments.size() <= 1 || !resolveScenario(s, engine.catalog(), &error))
        return analyseScenario(s, engine, contexts, cache);

    std::vector<ScenarioAnalysis> parts(s.deployments.size());
    if (!pool) {
        for (size_t i = 0; i < parts.size(); ++i)
            parts[i] = analyseScenario(only(s, i), engine, contexts, cache);
    } else {
        // The calling thread takes the first deployment; the pool the rest.
        std::atomic<int> remaining(static_cast<int>(parts.size()) - 1);
        std::mutex m;
        std::condition_variable done;
        for (size_t i = 1; i < parts.size(); ++i) {
            pool->start([&, i] {
                parts[i] = analyseScenario(only(s, i), engine, contexts, cache);
                std::lock_guard lock(m);
                if (--remaining == 0)
                    done.notify_one();
            });
        }
        parts[0] = analyseScenario(only(s, 0), engine, contexts, cache);
        std::unique_lock lock(m);
        done.wait(lock, [&] { return remaining.load() == 0; });
    }
    ScenarioAnalysis all;
    all.workload = s.workload;
    for (ScenarioAnalysis& p : parts)
        mergeInto(all, std::move(p));
    return all;
}

} // namespace is
