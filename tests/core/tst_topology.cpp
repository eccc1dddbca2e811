// SPDX-License-Identifier: MIT
#include "topology/Topology.h"

#include <QtTest>

using namespace is;

class TestTopology : public QObject
{
    Q_OBJECT

    static Link link(double bw, double lat, LinkScope scope)
    {
        Link l;
        l.bandwidthBytesPerS.value = bw;
        l.latencyS.value = lat;
        l.scope = scope;
        return l;
    }

private slots:
    void pathUsesSlowestLink()
    {
        const Link nvlink = link(450e9, 2e-6, LinkScope::ScaleUp);
        const Link ib = link(50e9, 5e-6, LinkScope::ScaleOut);
        QString err;
        auto t = Topology::build({16, 8, &nvlink, &ib}, &err);
        QVERIFY2(t, qPrintable(err));
        // Inside a node: device -> NVSwitch -> device; latency is two half hops.
        QCOMPARE(t->intraSystem().bandwidthBytesPerS, 450e9);
        QVERIFY(std::abs(t->intraSystem().latencyS - 2e-6) < 1e-12);
        // Across nodes: through the scale-out fabric, bottleneck InfiniBand.
        QCOMPARE(t->interSystem().bandwidthBytesPerS, 50e9);
        QCOMPARE(t->groupPath(8).bandwidthBytesPerS, 450e9);
        QCOMPARE(t->groupPath(16).bandwidthBytesPerS, 50e9);
        QCOMPARE(t->path(3, 12).bandwidthBytesPerS, 50e9);
    }

    // Identical systems: a million devices have the paths, and the connectivity, of sixteen. The
    // graph searched is two systems and the fabric, so the count costs nothing (the studio once
    // took seconds and a third of a gigabyte to open a scenario with a million GPUs).
    void pathsDoNotDependOnTheSystemCount()
    {
        const Link nvlink = link(450e9, 2e-6, LinkScope::ScaleUp);
        const Link ib = link(50e9, 5e-6, LinkScope::ScaleOut);
        QString err;
        const auto small = Topology::build({16, 8, &nvlink, &ib}, &err);
        const auto huge = Topology::build({1 << 20, 8, &nvlink, &ib}, &err);
        QVERIFY2(small && huge, qPrintable(err));
        QCOMPARE(huge->devices(), 1 << 20);
        QCOMPARE(huge->intraSystem().latencyS, small->intraSystem().latencyS);
        QCOMPARE(huge->interSystem().latencyS, small->interSystem().latencyS);
        QCOMPARE(huge->interSystem().hops, 2); // device -> scale-out fabric -> device
        QCOMPARE(huge->path(1000003, 17).bandwidthBytesPerS, 50e9);
        QCOMPARE(huge->path(1000003, 1000001).bandwidthBytesPerS, 450e9);
        // A partial last system (12 = 8 + 4) is wired like the others.
        const auto partial = Topology::build({12, 8, &nvlink, &ib}, &err);
        QVERIFY(partial);
        QCOMPARE(partial->path(11, 9).bandwidthBytesPerS, 450e9);
        QCOMPARE(partial->path(11, 2).bandwidthBytesPerS, 50e9);
        QVERIFY(!Topology::build({1 << 20, 8, &nvlink, nullptr}, &err));
    }

    void disconnectedIsAnError()
    {
        const Link nvlink = link(450e9, 2e-6, LinkScope::ScaleUp);
        QString err;
        QVERIFY(!Topology::build({16, 8, &nvlink, nullptr}, &err));
        QVERIFY2(err.contains(QStringLiteral("scale-out")), qPrintable(err));
        QVERIFY(!Topology::build({4, 4, nullptr, nullptr}, &err));
        QVERIFY(err.contains(QStringLiteral("not connected")));
    }

    void collectiveCostsByHand()
    {
        const PathCost p{100e9, 1e-6, 2};
        // Ring all-reduce of 8 MB over 8 devices: 2*7 steps of (1 us + 1 MB / 100 GB/s).
        QVERIFY(std::abs(collectiveTime(Collective::AllReduceRing, 8, 8e6, p, 1.0) - 14 * (1e-6 + 1e-5)) <
                1e-12);
        // Tree: 2*log2(8) = 6 steps of (1 us + 8 MB / 100 GB/s).
        QVERIFY(std::abs(collectiveTime(Collective::AllReduceTree, 8, 8e6, p, 1.0) - 6 * (1e-6 + 8e-5)) <
                1e-12);
        QVERIFY(std::abs(collectiveTime(Collective::AllGather, 4, 4e6, p, 1.0) - 3 * (1e-6 + 1e-5)) < 1e-12);
        QCOMPARE(collectiveTime(Collective::AllReduceRing, 1, 8e6, p, 1.0), 0.0);
        // Halving the efficiency doubles the bandwidth term only.
        const double full = collectiveTime(Collective::PointToPoint, 2, 1e9, p, 1.0);
        const double half = collectiveTime(Collective::PointToPoint, 2, 1e9, p, 0.5);
        QVERIFY(std::abs((half - 1e-6) - 2 * (full - 1e-6)) < 1e-12);
    }
};

QTEST_GUILESS_MAIN(TestTopology)
#include "tst_topology.moc"
