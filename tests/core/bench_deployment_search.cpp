// SPDX-License-Identifier: MIT
// Benchmark of inverse design (core/planning): the full catalog for one model and one target.
// Target: at most 2 s on one core. Reports the search time (median of the runs), the
// configurations evaluated, the groups pruned and the process's peak memory.
// Run: bench_deployment_search [runs] [model-id] [users] [ttft-ms] [tpot-ms]
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "planning/DeploymentSearch.h"
#include "planning/PlanRanking.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace is;

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList a = app.arguments();
    const int runs = a.size() > 1 ? a[1].toInt() : 5;
    const QString modelId = a.size() > 2 ? a[2] : QStringLiteral("llama-3.1-70b");
    const double users = a.size() > 3 ? a[3].toDouble() : 10000;
    const double ttftMs = a.size() > 4 ? a[4].toDouble() : 300;
    const double tpotMs = a.size() > 5 ? a[5].toDouble() : 50;

    const Engine engine(Catalog::builtin());
    const ModelEntry* entry = engine.catalog().model(modelId);
    if (!entry || runs < 1) {
        std::fprintf(stderr,
                     "usage: bench_deployment_search [runs] [model-id] [users] [ttft-ms] [tpot-ms]\n");
        return 2;
    }
    const ModelDesc model = entry->resolve();
    planning::PlanTargets t;
    t.load = {cost::FleetTargetKind::Users, users};
    t.ttftS = ttftMs / 1000.0;
    t.tpotS = tpotMs / 1000.0;
    const Workload w; // 1,000 tokens in, 1,000 out
    const cost::TcoAssumptions tco;
    std::vector<double> times;
    planning::PlanResult last;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        QString err;
        auto r = planning::searchDeployments(engine, model, w, tco, t, {}, &err);
        times.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        if (!r) {
            std::fprintf(stderr, "%s\n", qPrintable(err));
            return 1;
        }
        last = std::move(*r);
    }
    std::sort(times.begin(), times.end());
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("model %s, %.0f users, TTFT <= %.0f ms, TPOT <= %.0f ms\n", qPrintable(modelId), users,
                ttftMs, tpotMs);
    std::printf("search: median %.0f ms, min %.0f ms, max %.0f ms over %d runs\n", times[times.size() / 2],
                times.front(), times.back(), runs);
    std::printf("groups %d, pruned %d (and %lld plans), configurations evaluated %lld, feasible %d\n",
                last.stats.groups, last.stats.groupsPruned, last.stats.plansPruned, last.stats.configurations,
                last.feasibleCount);
    // CPU time counts only this process's own work: on a shared, loaded machine it is the figure
    // that says what one free core would take.
    const double cpuS = static_cast<double>(usage.ru_utime.tv_sec) + usage.ru_utime.tv_usec / 1e6;
    std::printf("CPU time %.0f ms per run (user, whole process over %d runs)\n", cpuS * 1000.0 / runs, runs);
    std::printf("peak memory (max RSS) %.1f MiB\n", static_cast<double>(usage.ru_maxrss) / 1024.0);
    if (last.feasibleCount > 0)
        std::printf("cheapest: %s at $%.3f/Mtok\n",
                    qPrintable(planning::configSummary(last.rows.front().config)),
                    last.rows.front().usdPerMTok);
    return 0;
}
