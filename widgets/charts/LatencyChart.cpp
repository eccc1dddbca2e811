// SPDX-License-Identifier: MIT
#include "charts/LatencyChart.h"

#include "engine/Estimate.h"
#include "engine/Workload.h"

LatencyChart::LatencyChart(QWidget* parent) : MetricBarsChart(parent)
{
    retranslate();
    applyFonts();
}

QString LatencyChart::title() const
{
    return tr("TTFT and TPOT");
}

std::vector<MetricBarsChart::Metric> LatencyChart::metrics() const
{
    // Seconds to milliseconds: a unit change for display, not engine math.
    // From 10 s on the axis counts seconds, from 10,000 s hours: "315,468" ms was cut to
    // "3154…" on a small chart.
    return {
        {tr("First token"),
         tr("TTFT (ms)"),
         QStringLiteral("ttft_ms"),
         [](const is::Estimate& e) { return e.ttftS * 1e3; },
         {{1e4, 1e3, tr("TTFT (s)")}, {1e7, 3.6e6, tr("TTFT (h)")}},
         [](const is::Workload& w) { return w.ttftLimitS * 1e3; }},
        {tr("Per token"),
         tr("TPOT (ms)"),
         QStringLiteral("tpot_ms"),
         [](const is::Estimate& e) { return e.tpotS * 1e3; },
         {{1e4, 1e3, tr("TPOT (s)")}, {1e7, 3.6e6, tr("TPOT (h)")}},
         [](const is::Workload& w) { return w.tpotLimitS * 1e3; }},
    };
}
