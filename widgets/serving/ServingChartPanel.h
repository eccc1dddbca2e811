// SPDX-License-Identifier: MIT
#pragma once

#include "charts/ChartPanel.h"

#include <QList>
#include <QPointer>

#include <functional>

class QLogValueAxis;
class QValueAxis;

namespace is::gui {

class LogAxisLabels;

// A ChartPanel fed by the serving, cost and fleet tabs rather than by a ScenarioAnalysis: it
// reuses the studio's look, context menu and PNG/SVG/PDF/CSV export, and the tab that owns it
// fills its series and CSV text.
class ServingChartPanel : public ChartPanel
{
    Q_OBJECT
public:
    // `title` is called on every language change so the chart title follows it.
    ServingChartPanel(const QString& id, std::function<QString()> title, QWidget* parent = nullptr);

    QString id() const override { return m_id; }
    QString title() const override { return m_title ? m_title() : QString(); }
    // These charts do not draw the engine analysis; the owning tab calls the setters below.
    void setAnalysis(const is::ScenarioAnalysis&, const QHash<QString, QColor>&) override {}
    QString toCsv() const override { return m_csv; }

    void setCsv(const QString& csv) { m_csv = csv; }
    // Removes every series and axis (a rebuild).
    void clearChart();
    // Tick labels for a log axis added to the chart ("100", "1K", "10K"): Qt's own do not show
    // for every range. Removed with the axis by clearChart.
    void addLogAxisLabels(QLogValueAxis* axis);
    // Shows `note` under the chart (empty: none).
    void showNote(const QString& note) { setNote(note); }
    // Applies the panel's fonts to axes added since the last call, and fills the legend under
    // the chart from the series' visible markers (Qt's own legend is hidden: it cannot wrap).
    void refreshFonts();
    // The legend's entries (tests).
    QStringList legendLabels() const;
    // A control above the chart, not part of exports (a selector).
    void addControl(QWidget* w) { addHeaderWidget(w); }

private:
    QString m_id;
    std::function<QString()> m_title;
    QString m_csv;
    QList<QPointer<LogAxisLabels>> m_logLabels;
};

} // namespace is::gui
