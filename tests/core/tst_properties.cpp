// SPDX-License-Identifier: MIT
// Engine properties on 20,000 random valid triples (the full million: bench_properties). A
// failure prints the broken property and the triple as a scenario file.
#include "EngineProperties.h"

#include <QtTest>

class TestProperties : public QObject
{
    Q_OBJECT
private slots:
    void propertiesHoldOnRandomTriples()
    {
        is::properties::Checker checker(20261201);
        for (int i = 0; i < 20000; ++i) {
            QString failure;
            QVERIFY2(checker.checkOne(&failure),
                     qPrintable(QStringLiteral("draw %1: %2").arg(i).arg(failure)));
        }
        // Most draws must really be evaluated, or the properties were checked on nothing.
        QVERIFY2(checker.evaluated() > 15000, qPrintable(QString::number(checker.evaluated())));
        QVERIFY2(checker.fitted() > 2000, qPrintable(QString::number(checker.fitted())));
    }

    // Counts, contexts, outputs and streams at the largest values a scenario may hold, on every
    // device and model: finite, non-negative outputs or a refusal, never NaN. (How long the
    // slowest one takes is printed here and by bench_properties --extremes, not asserted.)
    void extremesStayFinite()
    {
        const is::properties::ExtremesReport r = is::properties::runExtremes();
        qInfo().noquote() << QStringLiteral("%1 extreme estimates, %2 refused, slowest %3 ms (%4)")
                                 .arg(r.estimates)
                                 .arg(r.refused)
                                 .arg(r.worstMs, 0, 'f', 1)
                                 .arg(r.worstCase);
        QVERIFY2(r.failure.isEmpty(), qPrintable(r.failure));
        QVERIFY(r.estimates > r.refused);
    }
};

QTEST_GUILESS_MAIN(TestProperties)
#include "tst_properties.moc"
