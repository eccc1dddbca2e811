// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QFont>
#include <QHash>
#include <QList>
#include <QRectF>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QWidget>

class QAction;
class QChart;
class QChartView;
class QAbstractAxis;
class QAbstractSeries;
class QLineSeries;
class QGraphicsTextItem;
class QHBoxLayout;
class QLabel;
class QPainter;

namespace is {
struct ScenarioAnalysis;
}

namespace is::gui {

class ChartView;
class WrappingLegend;

// One chart of the studio: a Qt Charts view plus everything a user does with it (export to
// PNG/SVG/PDF/CSV, copy to the clipboard). Subclasses only map a ScenarioAnalysis onto series;
// they never compute engine numbers.
class ChartPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ChartPanel(QWidget* parent = nullptr);
    ~ChartPanel() override;

    // Stable, untranslated stem for file names ("speed-vs-context").
    virtual QString id() const = 0;
    // Translated title, also the chart's title.
    virtual QString title() const = 0;
    // Maps the analysis onto the series. Called by ChartsView once per coalesced update, through
    // applyAnalysis(), which tells whether anything on the chart changed.
    virtual void setAnalysis(const is::ScenarioAnalysis& analysis,
                             const QHash<QString, QColor>& colourByDeploymentId) = 0;
    // The chart's data as CSV (header line, then one row per point), numbers in C locale.
    virtual QString toCsv() const = 0;

    // setAnalysis() and whether it changed what the chart shows (false: it will not repaint).
    // `live`: the analysis is one of a stream (a slider being dragged); axes then only grow.
    bool applyAnalysis(const is::ScenarioAnalysis& analysis,
                       const QHash<QString, QColor>& colourByDeploymentId, bool live = false);

    QChart* chart() const;
    QChartView* chartView() const;
    // Every series currently on the chart (tests inspect them).
    QList<QAbstractSeries*> series() const;

    // The one drawing routine reused for PNG, SVG, PDF and the clipboard.
    void render(QPainter* painter, const QRectF& target);
    // Export without dialogs (tests and the command line use these). Size in device pixels.
    bool exportPng(const QString& path, QSize size = QSize(1600, 1000), QString* error = nullptr);
    bool exportSvg(const QString& path, QSize size = QSize(1600, 1000), QString* error = nullptr);
    bool exportPdf(const QString& path, QString* error = nullptr);
    bool exportCsv(const QString& path, QString* error = nullptr) const;
    // Picks the format from the file suffix (png, svg, pdf, csv).
    bool exportTo(const QString& path, QString* error = nullptr);
    void copyToClipboard();
    // The note under the chart ("does not fit"), empty when none.
    QString note() const;
    // What exports say under the chart: the scenario and its workload (the screen shows them
    // elsewhere). Empty: none.
    void setCaption(const QString& caption) { m_caption = caption; }
    QString caption() const { return m_caption; }
    // What the plot area says instead of empty axes (empty: nothing). applyAnalysis() sets it
    // for a scenario without deployments; charts fed otherwise set it themselves.
    void setPlaceholder(const QString& text);
    QString placeholder() const;
    // The placeholder of every chart of a scenario without deployments.
    static QString noDeploymentsText();

    // Owned actions: Export PNG…, SVG…, PDF…, CSV…, Copy. Used by the context menu and File > Export.
    QList<QAction*> exportActions() const { return m_exportActions; }

    // The smallest size at which the panel is readable: the chart's minimum, its header and a
    // line of note (a note comes and goes with the data; the grid must not reflow for it), and
    // the rows a long legend wraps to.
    // `width`: how wide the panel would be, which sets how many rows its legend wraps to.
    // A width the chart needs whatever its type (a bar chart's category labels): the cell is at
    // least this wide.
    void setMinimumCellWidth(int width) { m_minimumCellWidth = width; }
    QSize minimumCellSize(int width = 0) const;
    // The least height the panel needs at `width` with what it shows now: its layout's minimum,
    // the lines its note wraps to and the rows of its legend.
    int minimumHeightAt(int width) const;

    // Point size for titles, axis labels and legends (projectors want 14+).
    void setFontPointSize(int points);
    int fontPointSize() const { return m_fontPointSize; }
    // Thins value-axis ticks to what the plot's length can label (after new data or a resize).
    void fitAxisTicks();
    // Sets each axis title in smaller type where the plot's side is shorter than the title
    // (Qt Charts cuts it to "TTFT (…"), down to 6 points.
    void fitAxisTitles();
    // The font of axis labels and titles, legends and the note: a point under the base size.
    QFont smallFont() const;

Q_SIGNALS:
    // The chart view finished painting (ChartsView measures update latency with it).
    void painted();
    // An export finished; message is user-facing ("Saved chart.png") or an error.
    void exported(const QString& message, bool ok);

protected:
    // Subclasses call this after their axes and series exist and whenever the font changes.
    virtual void applyFonts();
    // Sets translated titles (chart, axes); called at construction by subclasses and on
    // language change. Series names are set by setAnalysis().
    virtual void retranslate();
    // The legend under the chart (Qt's own legend is hidden: it cannot wrap).
    WrappingLegend* legend() const { return m_legend; }
    // A control above the chart (a toggle); not part of exports.
    void addHeaderWidget(QWidget* widget);
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    // Set by retranslate(): the next setAnalysis() rebuilds series and categories.
    bool m_needsRebuild = true;
    // Whether setAnalysis() must rebuild the series: the deployments shown (id, name and, with
    // `colours`, colour) are not those of the last call, or m_needsRebuild is set. Records them
    // and clears m_needsRebuild, so a true answer must be followed by the rebuild.
    bool takeRebuild(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>* colours);
    // Empties the chart: every series, and every axis deleted.
    void removeSeriesAndAxes();
    // An empty line on both axes for a deployment's range of inputs ("<name> (range)"), drawn
    // as the bar charts' whiskers.
    QLineSeries* addRangeWhisker(const QString& deployment, QAbstractAxis* x, QAbstractAxis* y);
    // Called by setAnalysis() when the new analysis shows exactly what is on the chart already.
    void markUnchanged() { m_changed = false; }
    // Inside setAnalysis(): whether the analysis is one of a live stream (see applyAnalysis());
    // subclasses pass it to niceaxis. False when setAnalysis() is called directly.
    bool liveUpdate() const { return m_live; }
    // Note shown under the chart ("GPT-5.6 Sol on H100: does not fit").
    void setNote(const QString& note);

private:
    // The rows the legend wraps to at `width` beyond the one the chart's minimum counts.
    int legendExtraHeight(int width) const;

    void exportWithDialog(const QString& format);
    void showNote();
    void createActions();
    // Centres the empty-scenario text in the plot area.
    void placePlaceholder();

    ChartView* m_view = nullptr;
    WrappingLegend* m_legend = nullptr;
    class QHBoxLayout* m_header = nullptr;
    class QLabel* m_note = nullptr;
    class QGraphicsTextItem* m_placeholder = nullptr;
    QString m_noteText;
    QString m_caption;
    QList<QAction*> m_exportActions;
    int m_fontPointSize = 11;
    bool m_changed = true;
    bool m_live = false;
    QStringList m_deploymentSignature;
    int m_minimumCellWidth = 0;
};

} // namespace is::gui
