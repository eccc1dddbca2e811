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

private slots:
    void oneEvaluationGpu()
    {
        const Deployment d = deployment("h100-sxm", 8);
        const ModelDesc m = m_catalog->model(QStringLiteral("llama-3.1-70b"))->resolve();
        QString err;
        auto ctx = m_engine.prepare(d, m, Workload{1000, 1000, 64, 0, 0}, {}, 8, Bound::Mid, &err);
        QVERIFY(ctx);
        double sink = 0;
        QBENCHMARK { sink += m_engine.evaluate(*ctx, ParallelPlan{8, 1, 1, 1}, 64).tokSTotal; }
        QVERIFY(sink > 0);
    }
    void oneEvaluationMoe()
    {
        const Deployment d = deployment("b200", 8);
        const ModelDesc m = m_catalog->model(QStringLiteral("deepseek-r1"))->resolve();
        QString err;
        auto ctx = m_engine.prepare(d, m, Workload{8192, 1024, 256, 0, 0}, {}, 8, Bound::Mid, &err);
        QVERIFY(ctx);
        double sink = 0;
        QBENCHMARK { sink += m_engine.evaluate(*ctx, ParallelPlan{1, 1, 8, 8}, 256).tokSTotal; }
        QVERIFY(sink > 0);
    }
    void oneEvaluationWafer()
    {
        const Deployment d = deployment("cs-3", 4);
        const ModelDesc m = m_catalog->model(QStringLiteral("llama-3.1-70b"))->resolve();
        QString err;
        auto ctx = m_engine.prepare(d, m, Workload{1000, 1000, 1, 0, 0}, {}, 4, Bound::Mid, &err);
        QVERIFY(ctx);
        double sink = 0;
        QBENCHMARK { sink += m_engine.evaluate(*ctx, ParallelPlan{1, 4, 1, 1}, 1).tokSUser; }
        QVERIFY(sink > 0);
    }
    void fullEstimateAutoPlan()
    {
        const Deployment d = deployment("h100-sxm", 64);
        const ModelDesc m = m_catalog->model(QStringLiteral("kimi-k2"))->resolve();
        QString err;
        double sink = 0;
        QBENCHMARK {
            sink += m_engine.estimate(d, m, Workload{8192, 1024, 1, 0, 0}, ServingGoal::FixedConcurrency, {}, &err)->tokSUser;
        }
        QVERIFY(sink > 0);
    }
};

QTEST_GUILESS_MAIN(BenchEngine)
#include "bench_engine.moc"
