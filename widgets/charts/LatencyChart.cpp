// SPDX-License-Identifier: MIT
#include "charts/LatencyChart.h"

#include "engine/Estimate.h"
#include "engine/Workload.h"
#include "metrics/Metrics.h"

namespace is::gui {

LatencyChart::LatencyChart(QWidget* parent) : MetricBarsChart(parent)
{
    retranslate();
    applyFonts();
}

QString LatencyChart::title() const
{
    // A request of one output token ends with its first: there is no time per output token.
    return decodes() ? tr("TTFT and TPOT") : tr("Time to first token");
}

std::vector<MetricBarsChart::Metric> LatencyChart::metrics() const
{
    // From 10 s on the axis counts seconds, from 10,000 s hours: "315,468" ms was cut to
    // "3154…" on a small chart.
    Metric ttft = fromTable(is::metrics::Id::TtftMs);
    ttft.larger = ttftLargerUnits();
    ttft.target = [](const is::Workload& w) { return w.ttftLimitS * 1e3; };
    Metric tpot = fromTable(is::metrics::Id::TpotMs);
    tpot.larger = tpotLargerUnits();
    tpot.target = [](const is::Workload& w) { return w.tpotLimitS * 1e3; };
    tpot.betweenTokens = true;
    return {ttft, tpot};
}

} // namespace is::gui
