// SPDX-License-Identifier: MIT
#include "serving/Statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace is::serving {

Percentiles summarise(std::vector<double>& v, int cdfPoints)
{
    Percentiles p;
    if (v.empty())
        return p;
    std::sort(v.begin(), v.end());
    const auto at = [&](double q) {
        const size_t i = static_cast<size_t>(std::ceil(q * static_cast<double>(v.size()))) ;
        return v[std::clamp<size_t>(i, 1, v.size()) - 1];
    };
    p.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    p.p50 = at(0.5);
    p.p90 = at(0.9);
    p.p99 = at(0.99);
    p.max = v.back();
    for (int i = 0; i < cdfPoints; ++i) {
        const double q = cdfPoints > 1 ? static_cast<double>(i) / (cdfPoints - 1) : 1.0;
        p.cdf.push_back(i == 0 ? v.front() : at(q));
    }
    return p;
}

TimelineAccumulator::TimelineAccumulator(int points, double initialSpanS)
    : m_sums(static_cast<size_t>(std::max(2, points + (points & 1)))), m_width(std::max(initialSpanS, 1e-6) / std::max(2, points))
{
}

void TimelineAccumulator::grow()
{
    const size_t n = m_sums.size();
    for (size_t i = 0; i < n / 2; ++i) {
        const TimelinePoint& a = m_sums[2 * i];
        const TimelinePoint& b = m_sums[2 * i + 1];
        m_sums[i] = TimelinePoint{0, a.queue + b.queue, a.batch + b.batch, a.kvUse + b.kvUse, a.utilisation + b.utilisation};
    }
    std::fill(m_sums.begin() + static_cast<std::ptrdiff_t>(n / 2), m_sums.end(), TimelinePoint{});
    m_width *= 2;
}

void TimelineAccumulator::add(double t0, double t1, const TimelinePoint& v)
{
    if (!(t1 > t0))
        return;
    while (t1 > m_width * static_cast<double>(m_sums.size()))
        grow();
    size_t i = static_cast<size_t>(std::max(0.0, t0) / m_width);
    double t = t0;
    while (t < t1 && i < m_sums.size()) {
        const double end = std::min(t1, (static_cast<double>(i) + 1) * m_width);
        const double dt = end - t;
        TimelinePoint& s = m_sums[i];
        s.queue += v.queue * dt;
        s.batch += v.batch * dt;
        s.kvUse += v.kvUse * dt;
        s.utilisation += v.utilisation * dt;
        t = end;
        ++i;
    }
}

std::vector<TimelinePoint> TimelineAccumulator::points(double endS) const
{
    std::vector<TimelinePoint> out;
    for (size_t i = 0; i < m_sums.size(); ++i) {
        const double start = static_cast<double>(i) * m_width;
        if (start >= endS)
            break;
        const double span = std::min(m_width, endS - start);
        const TimelinePoint& s = m_sums[i];
        out.push_back(TimelinePoint{start + span / 2, s.queue / span, s.batch / span, s.kvUse / span, s.utilisation / span});
    }
    return out;
}

} // namespace is::serving
