// SPDX-License-Identifier: MIT
#pragma once

#include "charts/ChartPanel.h"
#include "charts/LargerUnits.h"

#include <QStringList>

#include <functional>
#include <vector>

class QAreaSeries;
class QBarCategoryAxis;
class QGraphicsSimpleTextItem;
class QBarSeries;
class QLineSeries;
class QValueAxis;

namespace is {
struct Estimate;
struct Workload;
namespace metrics {
enum class Id;
}
} // namespace is

namespace is::gui {

// One or two metrics of every deployment as grouped bars: a category per metric, a bar per
// deployment in its colour, each metric on its own value axis (left, right) so different units
// share one chart, and the band of ranged inputs as error bars.
//
// The first metric is a QBarSeries. The second is drawn as filled rectangles (QAreaSeries) at
// the same bar positions: Qt Charts places a second QBarSeries beside the first inside every
// category, which would leave a gap where the other metric's zero bars sit.
class MetricBarsChart : public ChartPanel
{
    Q_OBJECT
public:
    explicit MetricBarsChart(QWidget* parent = nullptr);

    void setAnalysis(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>& colours) override;
    QString toCsv() const override;

protected:
    struct Metric
    {
        QString category;                                 // translated category label ("Time to first token")
        QString axisTitle;                                // translated, with unit ("TTFT (ms)")
        QString csvColumn;                                // untranslated, with unit ("ttft_ms")
        std::function<double(const is::Estimate&)> value; // in the axis unit
        // Larger units for large values, smallest first (LargerUnits.h).
        using LargerUnit = is::gui::LargerUnit;
        std::vector<LargerUnit> larger = {};
        // The workload's target for this metric in the axis unit (0: none), drawn as a dashed
        // reference line across its category and written to the CSV as "<column>_target".
        std::function<double(const is::Workload&)> target = nullptr;
        // `value` reads the deployment at full load within the latency targets (core's
        // atFullLoad, point estimate only) instead of at the workload's concurrency.
        bool atLoad = false;
        // A time between tokens: a workload of one output token has none, and the chart leaves
        // the metric out rather than drawing a request's cycle as one.
        bool betweenTokens = false;
    };
    // A metric of the table (metrics/Metrics.h): its category, axis title, CSV column, value and
    // whether it is read at full load; `larger` and `target` are the chart's own.
    static Metric fromTable(is::metrics::Id id);
    // At most two; called on every rebuild so their texts follow the language.
    virtual std::vector<Metric> metrics() const = 0;
    // Whether the metrics are one quantity read two ways (cost at the workload's concurrency and
    // at full load): then they share the left axis, so a taller bar is a larger number.
    virtual bool oneQuantity() const { return false; }
    void retranslate() override;
    // Whether the last analysis's workload decodes (more than one output token).
    bool decodes() const { return m_decodes; }

private:
    // Category labels on one line or two, to the width Qt Charts gives a category (it cuts a
    // wider label to "Energy/t..."), and with two metrics which axis each is read on.
    void fitCategoryLabels();
    // Each bar's value over it, in the table's format: beside a bar a hundred times taller a
    // short one reads as nothing, and a report reader needs the number. A metric's labels are all
    // hidden where one would not fit over its bar's slot, so none is drawn over a neighbour.
    void placeValueLabels();
    void rebuild(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>& colours);

    QBarCategoryAxis* m_categories = nullptr;
    std::vector<Metric> m_metrics;
    std::vector<QValueAxis*> m_axes;                      // per metric
    std::vector<double> m_divisors;                       // per metric: what the shown values are divided by
    QBarSeries* m_bars = nullptr;                         // first metric
    std::vector<std::vector<class QAreaSeries*>> m_boxes; // [metric][deployment], metrics after the first
    std::vector<std::vector<QLineSeries*>> m_whiskers;    // [metric][deployment]
    std::vector<QLineSeries*> m_targetLines;              // per metric (nullptr: it has no target)
    std::vector<double> m_targets;                        // per metric, in the axis unit (0: none set)
    std::vector<std::vector<QGraphicsSimpleTextItem*>> m_valueLabels; // [metric][deployment]
    struct Row
    {
        QString deployment;
        bool fits = true;
        std::vector<double> mid, low, high; // per metric
        std::vector<double> labelAt;        // per metric, in the axis unit: the bar's or its whisker's top
    };
    std::vector<Row> m_rows;
    bool m_decodes = true;
};

} // namespace is::gui
