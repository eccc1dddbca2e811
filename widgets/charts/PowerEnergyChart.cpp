// SPDX-License-Identifier: MIT
#include "charts/PowerEnergyChart.h"

#include "engine/Estimate.h"

PowerEnergyChart::PowerEnergyChart(QWidget* parent)
    : MetricBarsChart(parent)
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
    return {
        {tr("Power"),
         tr("kW (with PUE)"),
         QStringLiteral("facility_power_kw"),
         [](const is::Estimate& e) { return e.facilityPowerW / 1e3; },
         {{1e4, 1e3, tr("MW (with PUE)")}}},
        {tr("Energy/token"), tr("J / token"), QStringLiteral("joules_per_token"),
         [](const is::Estimate& e) { return e.joulesPerToken; }},
    };
}
