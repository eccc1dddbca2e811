// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QElapsedTimer>
#include <QHash>
#include <QString>
#include <QTimer>
#include <QWidget>

#include <memory>

class QTableView;
class QAction;

namespace is {
struct ScenarioAnalysis;
}

namespace is::gui {

class ComparisonModel;
class WrappingHeader;

// Deployments side by side: metrics as rows, deployments as columns (headers in the deployment
// colour), each value with its band ("value (low–high)") and its ratio to the first deployment
// ("12.0x faster"), and the bottleneck by name.
class ComparisonTable : public QWidget
{
    Q_OBJECT
public:
    explicit ComparisonTable(QWidget* parent = nullptr);
    ~ComparisonTable() override;

    // `live`: the analysis is one of a stream (a slider being dragged). The cells then show it
    // at most every 100 ms (the newest always lands) and the columns keep their widths; the
    // caller sets the newest analysis again, not live, when the stream stops, and the columns
    // are fitted to it.
    void setAnalysis(std::shared_ptr<const is::ScenarioAnalysis> analysis,
                     const QHash<QString, QColor>& colourByDeploymentId, bool live = false);

    ComparisonModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    // The table as CSV: numbers in columns (metric, deployment, value, low, high, unit, ratio to
    // the first deployment), one line per metric and deployment.
    QString toCsv() const;
    bool exportCsv(const QString& path, QString* error = nullptr) const;
    // The display text as HTML and tab-separated text, and the CSV as text/csv.
    void copyToClipboard() const;
    // Copy and Export CSV…, for the context menu and the shell's menus (QWidget::actions()
    // returns the same two).
    QList<QAction*> exportActions() const;

Q_SIGNALS:
    void exported(const QString& message, bool ok);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void retranslate();
    // Fits the columns to the dock: metric names and deployment names wrap, values wrap at their
    // line-break opportunities ("363" over "(212–500)"), and the table scrolls sideways only
    // when even the narrowest wrapping does not fit.
    void fitColumns();

    std::shared_ptr<const is::ScenarioAnalysis> m_analysis;
    QHash<QString, QColor> m_colours;
    ComparisonModel* m_model = nullptr;
    QTableView* m_view = nullptr;
    WrappingHeader* m_rowHeader = nullptr;
    bool m_fitting = false;
    // A live analysis does not fit the columns: fitting measures and wraps every cell, as much
    // work as all the charts together; the one that ends the stream does. The cells show a live
    // analysis at most every 100 ms: wrapped text is costly to repaint, and numbers changing
    // sixty times a second cannot be read anyway. The newest analysis always lands.
    void showAnalysis(bool live);
    QTimer m_refresh;
    QElapsedTimer m_sinceShown;
    QAction* m_copy = nullptr;
    QAction* m_exportCsv = nullptr;
};

} // namespace is::gui
