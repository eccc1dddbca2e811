// SPDX-License-Identifier: MIT
#pragma once

#include "charts/StackedBarsChart.h"

namespace is::gui {

// Where the time of one decode step goes: compute, memory, communication, dataflow latency and
// fixed overheads. Waiting for a prefill slot is part of a request's TTFT, not of a step.
class LatencyBreakdownChart : public StackedBarsChart
{
    Q_OBJECT
public:
    explicit LatencyBreakdownChart(QWidget* parent = nullptr);
    QString id() const override { return QStringLiteral("latency-breakdown"); }
    QString title() const override;

protected:
    std::vector<Part> parts() const override;
    QString valueAxisTitle() const override;
    QString totalCsvKey() const override { return QStringLiteral("decode_step_ms"); }
};

} // namespace is::gui
