// SPDX-License-Identifier: MIT
#include "charts/CostChart.h"

#include "engine/Estimate.h"

CostChart::CostChart(QWidget* parent)
    : MetricBarsChart(parent)
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
    return {
        {tr("Per M tokens"), tr("USD / M tokens"), QStringLiteral("usd_per_mtok"),
         [](const is::Estimate& e) { return e.usdPerMTok; }},
        {tr("Per hour"), tr("USD / hour"), QStringLiteral("usd_per_hour"),
         [](const is::Estimate& e) { return e.usdPerHour; }},
    };
}
