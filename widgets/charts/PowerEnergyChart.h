// SPDX-License-Identifier: MIT
#pragma once

#include "charts/MetricBarsChart.h"

namespace is::gui {

// Facility power of each deployment and the energy it spends per generated token.
class PowerEnergyChart : public MetricBarsChart
{
    Q_OBJECT
public:
    explicit PowerEnergyChart(QWidget* parent = nullptr);
    QString id() const override { return QStringLiteral("power-energy"); }
    QString title() const override;

protected:
    std::vector<Metric> metrics() const override;
};

} // namespace is::gui
