// SPDX-License-Identifier: MIT
#pragma once

#include "serving/SimResult.h"

#include <vector>

namespace is::serving {

// Mean, percentiles (nearest rank on the sorted values) and a `cdfPoints`-point CDF. Sorts `v`.
Percentiles summarise(std::vector<double>& v, int cdfPoints = 21);

// Integrates piecewise-constant quantities over time into a fixed number of buckets whose
// width doubles (pairs merge) whenever time runs past the last one, so memory stays bounded
// however long the run.
class TimelineAccumulator
{
public:
    TimelineAccumulator(int points, double initialSpanS);
    void add(double t0, double t1, const TimelinePoint& values);
    std::vector<TimelinePoint> points(double endS) const;

private:
    void grow();
    std::vector<TimelinePoint> m_sums; // integrals over each bucket
    double m_width;
};

} // namespace is::serving
