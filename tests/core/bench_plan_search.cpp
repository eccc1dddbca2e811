// SPDX-License-Identifier: MIT
// Benchmark: choosing the best plan and batch for one validation row (every TP/PP/EP/DP split of
// the chips, batches up to the memory limit). Target: median at most 5 ms on one core.
// Run from the source tree (or with IS_SOURCE_DIR set): bench_plan_search -median 7
#include "SourcePath.h"
#include "engine/Validation.h"
#include "hardware/Catalog.h"

#include <QtTest>

using namespace is;

class BenchPlanSearch : public QObject
{
    Q_OBJECT
    Engine m_engine{Catalog::builtin()};
    std::vector<MeasurementRow> m_rows;

private slots:
    void initTestCase()
    {
        QString err;
        // The shipped copy of the published measurements: a clone has no ../shared.
        auto rows = loadMeasurementsFile(
            is::testing::sourcePath(QStringLiteral("resources/validation/measurements.csv")), &err);
        QVERIFY2(rows, qPrintable(err));
        m_rows = *rows;
    }
    void row_data()
    {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < m_rows.size(); ++i)
            QTest::newRow(qPrintable(m_rows[i].id)) << static_cast<int>(i);
    }
    void row()
    {
        QFETCH(int, index);
        const MeasurementRow& r = m_rows[static_cast<size_t>(index)];
        double sink = 0;
        QBENCHMARK
        {
            sink += validateRow(m_engine, r).predicted;
        }
        QVERIFY(sink > 0);
    }
};

QTEST_GUILESS_MAIN(BenchPlanSearch)
#include "bench_plan_search.moc"
