// SPDX-License-Identifier: MIT
#pragma once

#include "charts/ChartPanel.h"

#include <QStringList>

#include <functional>
#include <limits>
#include <vector>

class QBarCategoryAxis;
class QHorizontalStackedBarSeries;
class QLineSeries;
class QValueAxis;

namespace is {
struct Estimate;
}

namespace is::gui {

// One horizontal stacked bar per deployment (first deployment on top, names on the left where
// long names fit), the band of the total as an error bar, and an optional limit per deployment
// drawn as a dashed line across its bar (memory capacity).
class StackedBarsChart : public ChartPanel
{
    Q_OBJECT
public:
    explicit StackedBarsChart(QWidget* parent = nullptr);

    void setAnalysis(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>& colours) override;
    QString toCsv() const override;

protected:
    // The base class' fonts, then the category labels' own size for the rows' height.
    void applyFonts() override;
    struct Part
    {
        QString name; // translated legend name
        QColor colour;
        QString csvColumn;                                // untranslated, with unit
        std::function<double(const is::Estimate&)> value; // in the axis unit
    };
    virtual std::vector<Part> parts() const = 0;
    virtual QString valueAxisTitle() const = 0;
    // The metric key of the stack's total (metrics/Metrics.h): its band is written to the CSV as
    // "<key>_low" and "<key>_high".
    virtual QString totalCsvKey() const = 0;
    // A limit drawn across each bar (NaN: none), its legend name and CSV column.
    virtual double limit(const is::Estimate&) const { return std::numeric_limits<double>::quiet_NaN(); }
    virtual QString limitName() const { return {}; }
    virtual QString limitCsvColumn() const { return {}; }
    // Extra note for a deployment ("needs 120 GB of 80 GB"); empty for none.
    virtual QString noteFor(const QString& deployment, const is::Estimate& mid) const;
    // Whether a deployment that does not fit keeps its bar (it shows why it does not fit), or
    // is drawn as 0 like in the other charts (a step time it will never run is no result).
    virtual bool drawsDeploymentsThatDoNotFit() const { return false; }
    void retranslate() override;

private:
    void rebuild(const is::ScenarioAnalysis& analysis);
    // Sets the category labels for the rows' height (after a rebuild, a resize or a font change).
    void fitCategoryLabels();

    QBarCategoryAxis* m_categories = nullptr;
    QStringList m_names; // the deployments, in category order (the first at the top)
    QValueAxis* m_values = nullptr;
    QHorizontalStackedBarSeries* m_series = nullptr;
    std::vector<Part> m_parts;
    std::vector<QLineSeries*> m_whiskers; // per deployment
    std::vector<QLineSeries*> m_limits;   // per deployment
    struct Row
    {
        QString deployment;
        bool fits = true;
        std::vector<double> parts;
        double totalLow = 0, totalHigh = 0, limit = 0;
    };
    std::vector<Row> m_rows;
};

} // namespace is::gui
