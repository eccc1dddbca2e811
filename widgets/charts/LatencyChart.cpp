// SPDX-License-Identifier: MIT
#include "charts/LatencyChart.h"

#include "engine/Estimate.h"

LatencyChart::LatencyChart(QWidget* parent)
    : MetricBarsChart(parent)
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
    return {
        {tr("First token"), tr("TTFT (ms)"), QStringLiteral("ttft_ms"),
         [](const is::Estimate& e) { return e.ttftS * 1e3; }},
        {tr("Per token"), tr("TPOT (ms)"), QStringLiteral("tpot_ms"),
         [](const is::Estimate& e) { return e.tpotS * 1e3; }},
    };
}
