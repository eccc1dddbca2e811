// SPDX-License-Identifier: MIT
// Benchmark: simulating 100,000 requests on each deployment of the default scenario (target:
// at most 1 s on one core in all, resident memory under 200 MB). Prints the median of several
// runs and the peak resident set size. Not a pass/fail test: machines are shared and noisy.
#include "analysis/ScenarioSimulation.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"

#include <QCoreApplication>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QString path = argc > 1 ? QString::fromLocal8Bit(argv[1])
                                  : QStringLiteral(IS_SOURCE_DIR "/scenarios/gpt-5.6-sol-vs-kimi-k3.json");
    const int requests = argc > 2 ? std::atoi(argv[2]) : 100000;
    const int runs = argc > 3 ? std::atoi(argv[3]) : 7;
    QString error;
    auto scenario = is::loadScenarioFile(path, &error);
    if (!scenario) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 2;
    }
    is::Engine engine(is::Catalog::builtin());
    is::serving::SimulationOverrides o;
    o.requests = requests;
    // Wall time, and the process's CPU time (on a shared machine the latter shows the cost
    // on one core when other work competes for it).
    const auto cpuNow = [] {
        rusage u{};
        getrusage(RUSAGE_SELF, &u);
        return u.ru_utime.tv_sec + u.ru_utime.tv_usec * 1e-6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec * 1e-6;
    };
    std::vector<double> seconds;
    std::vector<double> cpu;
    std::optional<is::serving::SimulationRun> last;
    for (int i = 0; i < runs; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        const double c0 = cpuNow();
        last = is::serving::simulateScenario(*scenario, engine, o, &error);
        cpu.push_back(cpuNow() - c0);
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        if (!last) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
    }
    std::sort(seconds.begin(), seconds.end());
    std::sort(cpu.begin(), cpu.end());
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    for (const auto& d : last->deployments)
        std::printf(
            "%-28s %s: %d of %d requests, %.1f simulated s, %.0f tok/s, TTFT p50 %.0f ms, %ld preemptions\n",
            qPrintable(d.name), d.ok ? "ok" : qPrintable(d.why), d.sim.completed, d.sim.requests,
            d.sim.durationS, d.sim.throughputTokS, d.sim.ttftS.p50 * 1000, d.sim.preemptions);
    std::printf("simulate %d requests x %zu deployments: median %.3f s wall (min %.3f, max %.3f), %.3f s "
                "CPU, over %d runs; "
                "peak RSS %.1f MB\n",
                requests, last->deployments.size(), seconds[seconds.size() / 2], seconds.front(),
                seconds.back(), cpu[cpu.size() / 2], runs, usage.ru_maxrss / 1024.0);
    return 0;
}
