// SPDX-License-Identifier: MIT
#include "charts/CostChart.h"

#include "analysis/ScenarioAnalysis.h"
#include "metrics/Metrics.h"

namespace is::gui {

CostChart::CostChart(QWidget* parent) : MetricBarsChart(parent)
{
    retranslate();
    applyFonts();
}

QString CostChart::title() const
{
    return tr("Cost per million tokens");
}

std::vector<MetricBarsChart::Metric> CostChart::metrics() const
{
    // The workload's own concurrency (one user on a pipeline of wafers pays for all of it) beside
    // the load a service runs: the most streams within the latency targets. API prices compare
    // with the second. The cost per hour is in the comparison table.
    // "within the latency targets" is said by the comparison table's row and its tooltip: on a
    // category the long name was cut at the design size.
    return {fromTable(is::metrics::Id::UsdPerMTok), fromTable(is::metrics::Id::UsdPerMTokAtLoad)};
}

} // namespace is::gui
