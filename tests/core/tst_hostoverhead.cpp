// SPDX-License-Identifier: MIT
// The serving runtime's host work per running sequence per step (sequence_overhead_s): its
// direction (a larger batch pays more, never less) and its size on a hand-computed case.
#include "EngineFixture.h"
#include "engine/Calibrator.h"

#include <QtTest>

#include <cmath>
#include <memory>

using namespace is;
using namespace is::test;

class TestHostOverhead : public QObject
{
    Q_OBJECT

    // The built-in catalog with the Hopper family's per-sequence host time set to `seconds`.
    static std::shared_ptr<Catalog> withSequenceOverhead(double seconds)
    {
        return withConstants(QStringLiteral("nvidia-hopper"),
                             {{QStringLiteral("sequence_overhead_s"), seconds}});
    }

    static Estimate step(const std::shared_ptr<Catalog>& catalog, int batch)
    {
        const Engine engine(catalog);
        const ModelDesc m = modelOf(*catalog, "llama-3.1-8b");
        const Deployment d = deploymentOf(*catalog, "h100-sxm", 1);
        QString err;
        auto ctx =
            engine.prepare(d, m, Workload{1000, 1000, batch, 0, 0}, CostAssumptions{}, 1, Bound::Mid, &err);
        if (!ctx)
            qFatal("%s", qPrintable(err));
        return engine.evaluate(*ctx, ParallelPlan{1, 1, 1, 1}, batch);
    }

private slots:
    void stepGrowsByTheHostTimeOfEachSequence()
    {
        // 10 us per sequence: a step of 256 sequences takes 2.56 ms longer, one of 16 0.16 ms,
        // whatever the chips' own work; none of it is compute or memory time.
        const auto none = withSequenceOverhead(0.0);
        const auto some = withSequenceOverhead(10e-6);
        for (const int batch : {16, 256}) {
            const Estimate a = step(none, batch);
            const Estimate b = step(some, batch);
            QVERIFY(a.fits && b.fits);
            const double want = batch * 10e-6;
            QVERIFY2(std::abs((b.decodeStepS - a.decodeStepS) - want) < 1e-12,
                     qPrintable(QStringLiteral("batch %1: %2 s more, want %3")
                                    .arg(batch)
                                    .arg(b.decodeStepS - a.decodeStepS)
                                    .arg(want)));
            QVERIFY(std::abs((b.decode.overhead - a.decode.overhead) - want) < 1e-12);
            QCOMPARE(b.decode.compute, a.decode.compute);
            QCOMPARE(b.decode.memory, a.decode.memory);
            // So throughput falls: the same tokens take longer.
            QVERIFY(b.tokSTotal < a.tokSTotal);
        }
    }

    void largerBatchesPayMore()
    {
        // Direction: the time it adds to a step never shrinks as the batch grows, so it caps
        // what very large batches gain (the high-batch rows that memory alone over-predicts).
        const auto none = withSequenceOverhead(0.0);
        const auto some = withSequenceOverhead(5e-6);
        double previous = 0;
        for (const int batch : {1, 4, 64, 512}) {
            const double added = step(some, batch).decodeStepS - step(none, batch).decodeStepS;
            QVERIFY(added > previous);
            previous = added;
        }
    }

    void calibrationRangeIsPhysical()
    {
        // Fitted between 0 and 20 us per sequence per step (resources/CALIBRATION.md).
        const CalibrationParameter* p = calibrationParameter(QStringLiteral("sequence_overhead_s"));
        QVERIFY(p);
        QCOMPARE(p->lo, 0.0);
        QCOMPARE(p->hi, 2e-5);
    }
};

QTEST_GUILESS_MAIN(TestHostOverhead)
#include "tst_hostoverhead.moc"
