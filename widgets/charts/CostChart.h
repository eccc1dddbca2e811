// SPDX-License-Identifier: MIT
#pragma once

#include "charts/MetricBarsChart.h"

namespace is::gui {

// Cost per million generated tokens, and what the deployment costs per hour.
class CostChart : public MetricBarsChart
{
    Q_OBJECT
public:
    explicit CostChart(QWidget* parent = nullptr);
    QString id() const override { return QStringLiteral("cost"); }
    QString title() const override;

protected:
    std::vector<Metric> metrics() const override;
    bool oneQuantity() const override { return true; }
};

} // namespace is::gui
