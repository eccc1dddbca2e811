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
    // From 10 MW on the power axis counts megawatts (hundreds of LPUs, a large wafer cluster);
    // from 10 kJ the energy axis counts kilojoules, from 10 MJ megajoules (a rack serving one slow
    // stream), where "1,000,000" was cut to "1000…".
    Metric power = fromTable(is::metrics::Id::PowerKw);
    power.larger = {{1e4, 1e3, tr("MW (with PUE)")}};
    Metric energy = fromTable(is::metrics::Id::JoulesPerToken);
    energy.larger = {{1e4, 1e3, tr("kJ / token")}, {1e7, 1e6, tr("MJ / token")}};
    return {power, energy};
}

} // namespace is::gui
