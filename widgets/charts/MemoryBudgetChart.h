// SPDX-License-Identifier: MIT
#pragma once

#include "charts/StackedBarsChart.h"

namespace is::gui {

// Memory of the busiest device of each deployment (weights, KV cache, activations) against the
// capacity of the tier that holds them.
class MemoryBudgetChart : public StackedBarsChart
{
    Q_OBJECT
public:
    explicit MemoryBudgetChart(QWidget* parent = nullptr);
    QString id() const override { return QStringLiteral("memory-budget"); }
    QString title() const override;

protected:
    std::vector<Part> parts() const override;
    QString valueAxisTitle() const override;
    QString totalCsvKey() const override { return QStringLiteral("memory_used_gb"); }
    double limit(const is::Estimate& e) const override;
    QString limitName() const override;
    QString limitCsvColumn() const override { return QStringLiteral("capacity_gb"); }
    QString noteFor(const QString& deployment, const is::Estimate& mid) const override;
    // Memory that does not fit is the point: it shows how far over the capacity it is.
    bool drawsDeploymentsThatDoNotFit() const override { return true; }
};

} // namespace is::gui
