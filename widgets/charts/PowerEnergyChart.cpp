// SPDX-License-Identifier: MIT
#include "charts/PowerEnergyChart.h"

#include "metrics/Metrics.h"

namespace is::gui {

PowerEnergyChart::PowerEnergyChart(QWidget* parent) : MetricBarsChart(parent)
{
    retranslate();
    applyFonts();
}

QString PowerEnergyChart::title() const
{
    return tr("Power and energy per token");
}

std::vector<MetricBarsChart::Metric> PowerEnergyChart::metrics() const
{
    // From 10 MW on the power axis counts megawatts (hundreds of LPUs, a large wafer cluster).
    Metric power = fromTable(is::metrics::Id::PowerKw);
    power.larger = {{1e4, 1e3, tr("MW (with PUE)")}};
    return {power, fromTable(is::metrics::Id::JoulesPerToken)};
}

} // namespace is::gui
