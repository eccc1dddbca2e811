// SPDX-License-Identifier: MIT
#pragma once

#include "charts/MetricBarsChart.h"

namespace is::gui {

// Time to first token and time per output token, each on its own axis, each with the
// workload's target (if set) as a dashed line across its bars.
class LatencyChart : public MetricBarsChart
{
    Q_OBJECT
public:
    explicit LatencyChart(QWidget* parent = nullptr);
    QString id() const override { return QStringLiteral("latency"); }
    QString title() const override;

protected:
    std::vector<Metric> metrics() const override;
};

} // namespace is::gui
