// SPDX-License-Identifier: MIT
// Benchmark: one full evaluation of a deployment (prefill, decode, memory, power, cost) for a
// fixed plan and batch, and the full estimate with the automatic plan search. Run with
// `bench_engine -median 9` (QtTest benchmark options); reports per-iteration time.
#include "engine/Engine.h"
#include "hardware/Catalog.h"

#include <QtTest>

using namespace is;

class BenchEngine : public QObject
{
    Q_OBJECT
    std::shared_ptr<const Catalog> m_catalog = Catalog::builtin();
    Engine m_engine{m_catalog};

    Deployment deployment(const char* id, int n)
    {
        return defaultDeployment(*m_catalog, *m_catalog->device(QString::fromLatin1(id)), n);
    }

    // Times one evaluation of `model` on `chips` of `device` at a fixed plan and batch.
    void benchEvaluation(const char* device, int chips, const char* model, const Workload& w,
                         const ParallelPlan& plan, int batch)
    {
        const Deployment d = deployment(device, chips);
        const ModelDesc m = m_catalog->model(QString::fromLatin1(model))->resolve();
        QString err;
        auto ctx = m_engine.prepare(d, m, w, {}, chips, Bound::Mid, &err);
        QVERIFY2(ctx, qPrintable(err));
        double sink = 0;
        QBENCHMARK
        {
            sink += m_engine.evaluate(*ctx, plan, batch).tokSTotal;
        }
        QVERIFY(sink > 0);
    }

private slots:
    void oneEvaluationGpu()
    {
        benchEvaluation("h100-sxm", 8, "llama-3.1-70b", Workload{1000, 1000, 64, 0, 0},
                        ParallelPlan{8, 1, 1, 1}, 64);
    }
    void oneEvaluationMoe()
    {
        benchEvaluation("b200", 8, "deepseek-r1", Workload{8192, 1024, 256, 0, 0}, ParallelPlan{1, 1, 8, 8},
                        256);
    }
    void oneEvaluationWafer()
    {
        benchEvaluation("cs-3", 4, "llama-3.1-70b", Workload{1000, 1000, 1, 0, 0}, ParallelPlan{1, 4, 1, 1},
                        1);
    }
    void fullEstimateAutoPlan()
    {
        const Deployment d = deployment("h100-sxm", 64);
        const ModelDesc m = m_catalog->model(QStringLiteral("kimi-k2"))->resolve();
        QString err;
        double sink = 0;
        QBENCHMARK
        {
            sink +=
                m_engine
                    .estimate(d, m, Workload{8192, 1024, 1, 0, 0}, ServingGoal::FixedConcurrency, {}, &err)
                    ->tokSUser;
        }
        QVERIFY(sink > 0);
    }
};

QTEST_GUILESS_MAIN(BenchEngine)
#include "bench_engine.moc"
