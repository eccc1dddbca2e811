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
};

QTEST_GUILESS_MAIN(TestProperties)
#include "tst_properties.moc"
