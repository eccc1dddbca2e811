// SPDX-License-Identifier: MIT
#pragma once

#include "serving/ServingData.h"

#include <QColor>
#include <QHash>
#include <QList>
#include <QStringList>
#include <QWidget>

#include <vector>

class QBarCategoryAxis;
class QSplitter;

namespace is::gui {

class TcoEditor;
class ChartGrid;
class ServingChartPanel;

// Cost per million output tokens: a stacked bar per deployment by component (capital,
// maintenance, energy, space, rental) and how the total moves with the electricity price and the
// share of hours the capacity is used. Every number comes from servingPointCost. Beside the
// charts, the assumptions editor (TcoEditor) lists and edits every assumption behind them.
class CostTab : public QWidget
{
    Q_OBJECT
public:
    explicit CostTab(QWidget* parent = nullptr);

    // Draws a cost analysis (is::cost::analyseCost, computed off the GUI thread).
    void setAnalysis(const is::cost::CostAnalysis& analysis, const QHash<QString, QColor>& colours);
    const servingdata::CostInputs& inputs() const { return m_analysis.inputs; }
    // Per deployment, in document order, as drawn on the stacked bars (USD per M output tokens).
    const std::vector<is::cost::HourlyCost>& breakdown() const { return m_analysis.breakdown; }

    QList<ServingChartPanel*> charts() const { return {m_stack, m_electricity, m_utilisation}; }
    ServingChartPanel* stackChart() const { return m_stack; }
    TcoEditor* editor() const { return m_editor; }
    ChartGrid* grid() const { return m_grid; }
    ServingChartPanel* sensitivityChart(servingdata::SweepKind k) const
    {
        return k == servingdata::SweepKind::ElectricityPrice ? m_electricity : m_utilisation;
    }

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void drawStack();
    // The deployments' names under the stacked bars, wrapped and sized to the room they have.
    void fitStackLabels();
    void giveChartsTheirRoom();
    void drawSweep(servingdata::SweepKind k);

    ServingChartPanel* m_stack = nullptr;
    ServingChartPanel* m_electricity = nullptr;
    ServingChartPanel* m_utilisation = nullptr;
    ChartGrid* m_grid = nullptr;
    QSplitter* m_splitter = nullptr;
    QBarCategoryAxis* m_stackCategories = nullptr; // owned by the chart
    QStringList m_stackNames;
    TcoEditor* m_editor = nullptr;
    is::cost::CostAnalysis m_analysis;
    QHash<QString, QColor> m_colours;
};

} // namespace is::gui
