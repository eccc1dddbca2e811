// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractTableModel>
#include <QColor>
#include <QHash>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace is {
struct ScenarioAnalysis;
struct Estimate;
struct DeploymentAnalysis;
} // namespace is

namespace is::gui {

// Deployments side by side: one row per metric; the first deployment's column, then for every
// other deployment its value column and its ratio to the first ("5.93x slower", "0.31x the
// energy per token"). Values with a band read "value (low–high)". Beside the display text every
// cell holds its numbers (value, band, unit, ratio) for the CSV export. Compact (a narrow dock,
// many deployments): one column per deployment, the value over its ratio, the band in the
// tooltip; the numbers stay the same.
class ComparisonModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role {
        ValueRole =
            Qt::UserRole + 1, // the metric's mid value in its display unit (double), NaN for text rows
        RatioRole,            // value / first deployment's value (double); NaN for the first
        FullTextRole,         // value columns: the value with its band, as the wide table shows it
        RatioTextRole,        // value columns: the ratio to the first, as its ratio column reads
        DeploymentRole,       // the deployment's document id
        LowRole,              // the band's low and high ends (the value when not a range),
        HighRole,             //   NaN where the value is not shown (does not fit, text rows)
        CsvRole,              // value columns: the cell for the CSV: a number, or text in
                              //   ids not translated ("true", "memory-bandwidth"); empty where
                              //   no value is shown
        // Vertical header: the metric's untranslated key ("ttft_ms") and unit ("ms"; empty for text).
        MetricIdRole,
        UnitRole,
    };
    enum class Metric {
        Model,
        Chips,
        Plan,
        Fits,
        Targets,
        TokSUser,
        TokSTotal,
        Ttft,
        TtftUncached, // with prefix caching: the same request's TTFT had nothing been cached
        Tpot,
        FacilityPower,
        JoulesPerToken,
        UsdPerMTok,
        UsdPerMTokAtLoad, // at full load within the latency targets
        TokSTotalAtLoad,
        ConcurrencyAtLoad,
        ChipsAtLoad,
        UsdPerHour,
        MemoryUsed,
        MemoryCapacity,
        Bottleneck,
        Mode,
    };

    explicit ComparisonModel(QObject* parent = nullptr);

    void setAnalysis(std::shared_ptr<const is::ScenarioAnalysis> analysis,
                     const QHash<QString, QColor>& colours);
    std::shared_ptr<const is::ScenarioAnalysis> analysis() const { return m_analysis; }
    void setCompact(bool compact);
    bool compact() const { return m_compact; }
    // The title of a ratio column ("vs GPT-5.6 Sol on CS-3"), also while compact.
    QString ratioTitle() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Row of a metric, column of a deployment's value and of its ratio (-1 for the first).
    int rowOf(Metric m) const;
    int valueColumn(int deployment) const;
    int ratioColumn(int deployment) const;

private:
    struct Column
    {
        int deployment = 0;
        bool ratio = false;
    };
    enum class Direction { HigherIsFaster, LowerIsFaster, Amount, None };
    struct Row
    {
        Metric metric;
        QString id;   // untranslated: a metric key ("ttft_ms") or a text row's id ("bottleneck")
        QString unit; // untranslated ("ms"); empty for text rows
        QString name; // translated, with unit
        Direction direction = Direction::None;
        QString amountOf;                                 // "the energy per token", for Direction::Amount
        std::function<double(const is::Estimate&)> value; // NaN: a text row
        std::function<QString(const is::DeploymentAnalysis&)> text; // text rows
        std::function<QString(const is::DeploymentAnalysis&)> csv;  // text rows, untranslated
        bool atLoad = false; // `value` reads the deployment at full load within the latency targets
        bool count = false;  // a whole number (chips, streams)
    };
    // The estimate a numeric row reads: the point estimate, or the deployment at full load
    // (null where that could not be evaluated).
    static const is::Estimate* estimateOf(const Row& row, const is::DeploymentAnalysis& d);
    std::vector<Row> rows() const;
    bool hasTargets() const;
    QString valueText(const Row& row, const is::DeploymentAnalysis& d, bool withBand = true) const;
    // Whether a numeric row shows its value (a deployment that does not fit shows "does not fit").
    static bool shown(const Row& row, const is::DeploymentAnalysis& d);
    // The band's ends in the display unit, NaN when not shown.
    static std::pair<double, double> band(const Row& row, const is::DeploymentAnalysis& d);
    QString ratioText(const Row& row, double ratio) const;
    double ratio(const Row& row, int deployment) const;

    std::shared_ptr<const is::ScenarioAnalysis> m_analysis;
    QHash<QString, QColor> m_colours;
    std::vector<Row> m_rows;
    std::vector<Column> m_columns;
    bool m_compact = false;
    void buildColumns();
};

} // namespace is::gui
