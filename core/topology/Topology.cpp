// SPDX-License-Identifier: MIT
#include "topology/Topology.h"

#include <QCoreApplication>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace is {

namespace {

struct EdgeProps
{
    double latency = 0;
    double bandwidth = 0;
};

using Graph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property, EdgeProps>;

// Vertices: [0, devices) devices, then one scale-up switch per system, then the scale-out fabric.
Graph buildGraph(const Topology::Spec& s)
{
    const int systems = (s.devices + s.devicesPerSystem - 1) / s.devicesPerSystem;
    Graph g(s.devices + systems + 1);
    const int fabric = s.devices + systems;
    for (int d = 0; d < s.devices; ++d) {
        const int system = d / s.devicesPerSystem;
        if (s.scaleUp && s.devicesPerSystem > 1) {
            // A switched domain: one hop to the switch carries half of the link latency each way.
            boost::add_edge(d, s.devices + system,
                            EdgeProps{s.scaleUp->latencyS.value / 2, s.scaleUp->bandwidthBytesPerS.value}, g);
        }
        if (s.scaleOut)
            boost::add_edge(d, fabric,
                            EdgeProps{s.scaleOut->latencyS.value / 2, s.scaleOut->bandwidthBytesPerS.value},
                            g);
    }
    return g;
}

PathCost shortestPath(const Graph& g, int from, int to)
{
    const auto n = boost::num_vertices(g);
    std::vector<double> dist(n, std::numeric_limits<double>::infinity());
    std::vector<Graph::vertex_descriptor> pred(n);
    boost::dijkstra_shortest_paths(g, static_cast<Graph::vertex_descriptor>(from),
                                   boost::weight_map(boost::get(&EdgeProps::latency, g))
                                       .distance_map(dist.data())
                                       .predecessor_map(pred.data()));
    PathCost cost;
    if (!std::isfinite(dist[static_cast<size_t>(to)]))
        return cost;
    cost.latencyS = dist[static_cast<size_t>(to)];
    cost.bandwidthBytesPerS = std::numeric_limits<double>::infinity();
    for (auto v = static_cast<Graph::vertex_descriptor>(to); v != static_cast<Graph::vertex_descriptor>(from);
         v = pred[v]) {
        const auto e = boost::edge(pred[v], v, g).first;
        cost.bandwidthBytesPerS = std::min(cost.bandwidthBytesPerS, g[e].bandwidth);
        ++cost.hops;
    }
    return cost;
}

// Every system is wired the same way, so connectivity and the path cost between any two devices
// are those of the same two devices in a deployment of at most two systems: the graph searched is
// two systems and the fabric, whatever the chip count (a million devices cost what sixteen do).
Topology::Spec twoSystems(const Topology::Spec& s)
{
    Topology::Spec r = s;
    r.devices = std::min(s.devices, 2 * s.devicesPerSystem);
    return r;
}

} // namespace

double collectiveTime(Collective c, int n, double bytes, const PathCost& p, double linkEfficiency)
{
    if (n <= 1 || bytes <= 0)
        return 0.0;
    const double bw = std::max(1.0, p.bandwidthBytesPerS * linkEfficiency);
    const double steps = n - 1;
    switch (c) {
    case Collective::AllReduceRing:
        // Reduce-scatter then all-gather: 2(n-1) steps of bytes/n each.
        return 2.0 * steps * (p.latencyS + bytes / n / bw);
    case Collective::AllReduceTree: {
        const double depth = std::ceil(std::log2(static_cast<double>(n)));
        return 2.0 * depth * (p.latencyS + bytes / bw);
    }
    case Collective::AllGather:
        return steps * (p.latencyS + bytes / n / bw);
    case Collective::AllToAll:
        // Each device sends (n-1)/n of its buffer; pairwise exchanges overlap on a switched fabric.
        return p.latencyS * std::ceil(std::log2(static_cast<double>(n))) + bytes * steps / n / bw;
    case Collective::PointToPoint:
        return p.latencyS + bytes / bw;
    }
    return 0.0;
}

std::optional<Topology> Topology::build(const Spec& specIn, QString* error)
{
    Spec spec = specIn;
    spec.devices = std::max(1, spec.devices);
    spec.devicesPerSystem = std::clamp(spec.devicesPerSystem, 1, spec.devices);
    Topology t(spec);
    if (spec.devices == 1)
        return t;
    const Spec reduced = twoSystems(spec);
    const Graph g = buildGraph(reduced);
    std::vector<int> component(boost::num_vertices(g));
    boost::connected_components(g, component.data());
    for (int d = 1; d < reduced.devices; ++d) {
        if (component[static_cast<size_t>(d)] != component[0]) {
            if (!spec.scaleOut && spec.devices > spec.devicesPerSystem)
                *error = QCoreApplication::translate(
                             "is::Topology",
                             "links: %1 devices in systems of %2 need a scale-out link between systems")
                             .arg(spec.devices)
                             .arg(spec.devicesPerSystem);
            else
                *error = QCoreApplication::translate(
                             "is::Topology",
                             "links: %1 devices are not connected; add a scale-up link inside the system")
                             .arg(spec.devices);
            return std::nullopt;
        }
    }
    t.m_intra = spec.devicesPerSystem > 1 ? shortestPath(g, 0, 1) : PathCost{};
    t.m_inter = spec.devices > spec.devicesPerSystem ? shortestPath(g, 0, spec.devicesPerSystem) : t.m_intra;
    if (spec.devicesPerSystem <= 1)
        t.m_intra = t.m_inter;
    return t;
}

PathCost Topology::path(int from, int to) const
{
    if (from == to)
        return PathCost{std::numeric_limits<double>::infinity(), 0, 0};
    // Inside a system every device hangs off the same switch, and every system off the same
    // fabric: two devices of one system are devices 0 and 1, of two systems devices 0 and the
    // first of the second system.
    const int dps = m_spec.devicesPerSystem;
    const int to2 = from / dps == to / dps ? 1 : dps;
    return shortestPath(buildGraph(twoSystems(m_spec)), 0, to2);
}

} // namespace is
