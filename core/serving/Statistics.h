// SPDX-License-Identifier: MIT
#pragma once

#include "serving/SimResult.h"

#include <vector>

namespace is::serving {

// Mean, percentiles (nearest rank on the sorted values) and a `cdfPoints`-point CDF. Sorts `v`.
// By default one point a percent, so the CDF chart's 99 % is the p99 beside it: with one point
// every 5 %, a p99 of 515 ms was drawn as 95 % at 515 ms rising straight to 100 % at 1.6 s.
Percentiles summarise(std::vector<double>& v, int cdfPoints = 101);

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
