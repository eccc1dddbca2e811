// SPDX-License-Identifier: MIT
#pragma once

#include "hardware/Device.h"
#include "hardware/Link.h"

#include <QString>

#include <optional>

namespace is {

class Catalog;

// Cost of moving data between two devices: bandwidth of the slowest link on the path and the
// sum of hop latencies.
struct PathCost
{
    double bandwidthBytesPerS = 0;
    double latencyS = 0;
    int hops = 0;
};

// The collective algorithms the engine charges for.
enum class Collective { AllReduceRing, AllReduceTree, AllGather, AllToAll, PointToPoint };

// Time for a collective among n devices moving `bytes` (the per-device buffer), over a path cost.
double collectiveTime(Collective c, int n, double bytes, const PathCost& path, double linkEfficiency);

// The deployment as a graph (Boost.Graph): devices, scale-up switches inside each system, one
// scale-out fabric between systems. Built once per deployment; the engine then asks for the path
// cost of groups of consecutive devices, which is all that tensor, pipeline, expert and data
// parallel placements need.
class Topology
{
public:
    struct Spec
    {
        int devices = 1;
        int devicesPerSystem = 1;
        const Link* scaleUp = nullptr;  // inside a system (NVLink + NVSwitch, chip-to-chip)
        const Link* scaleOut = nullptr; // between systems (InfiniBand, Ethernet, SwarmX)
    };

    // Fails with a clear message when the graph is disconnected (missing links).
    static std::optional<Topology> build(const Spec& spec, QString* error);

    int devices() const { return m_spec.devices; }
    int devicesPerSystem() const { return m_spec.devicesPerSystem; }
    // Path cost inside a group of `groupSize` consecutive devices starting at an aligned offset.
    PathCost groupPath(int groupSize) const { return groupSize <= m_spec.devicesPerSystem ? m_intra : m_inter; }
    PathCost intraSystem() const { return m_intra; }
    PathCost interSystem() const { return m_inter; }
    // Computes a path between two devices on the graph (Dijkstra on latency).
    PathCost path(int from, int to) const;

private:
    explicit Topology(const Spec& spec) : m_spec(spec) {}
    Spec m_spec;
    PathCost m_intra;
    PathCost m_inter;
};

} // namespace is
