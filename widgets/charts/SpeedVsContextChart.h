// SPDX-License-Identifier: MIT
#pragma once

#include "charts/ChartPanel.h"
#include "charts/WrappingLegend.h"

#include <QStringList>

#include <vector>

class QAreaSeries;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace is {
struct Workload;
}

namespace is::gui {

class LogAxisLabels;

// Tokens per second per user against context length (log axis, 1 K to 2 M), one line per
// deployment with its band, and the point where a wafer deployment runs out of SRAM marked
// with what happens next (more wafers, or KV cache spilled to MemoryX). Dashed reference lines
// show the workload: its current context length (vertical) and the per-user speed its TPOT
// target asks for (horizontal, 1000 / TPOT tok/s). A workload of one output token never decodes:
// its lines are the time to first token instead, against the TTFT target, and claims of a
// per-user speed are not drawn on them.
class SpeedVsContextChart : public ChartPanel
{
    Q_OBJECT
public:
    explicit SpeedVsContextChart(QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("speed-vs-context"); }
    QString title() const override;
    void setAnalysis(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>& colours) override;
    QString toCsv() const override;

    // A claimed per-user speed drawn beside the prediction: a dash-dot line across the chart in
    // the deployment's colour, labelled at its right end ("official: 750 tok/s"). The claims come
    // from the audit data (ClaimsPanel), never from the chart.
    struct ClaimMark
    {
        QString deploymentId;
        double tokSUser = 0;
        QString label;
        bool operator==(const ClaimMark&) const = default;
    };
    void setClaimMarks(const QList<ClaimMark>& marks);
    QList<ClaimMark> claimMarks() const { return m_claimMarks; }
    // The drawn lines, one per mark whose deployment is in the chart (tests).
    QList<QLineSeries*> claimLines() const { return m_claimLines; }
    QList<QGraphicsSimpleTextItem*> claimLabels() const { return m_claimLabels; }

protected:
    void retranslate() override;
    void applyFonts() override;

private:
    struct Curve
    {
        QLineSeries* line = nullptr;
        QAreaSeries* band = nullptr;
        QLineSeries* bandHigh = nullptr;
        QLineSeries* bandLow = nullptr;
        QScatterSeries* marker = nullptr;
        // The marker's text, an item of the chart rather than the series' point label: Qt centres
        // point labels on the point, so a marker near the left edge had its text cut off there.
        QGraphicsSimpleTextItem* markerLabel = nullptr;
    };
    void rebuild(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>& colours);
    // Puts each marker's text above its marker (below where there is no room above), inside the
    // plot area, and below an earlier text it would overlap.
    void placeMarkerLabels();
    // The reference lines for the analysed workload (context, speed or TTFT target), spanning the axes.
    void placeReferenceLines();
    // Sets the reference lines and the legend for them.
    void setReferences(const is::Workload& workload);

    QLogValueAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
    LogAxisLabels* m_xLabels = nullptr;
    std::vector<Curve> m_curves;
    QLineSeries* m_contextLine = nullptr; // the workload's context length
    QLineSeries* m_targetLine = nullptr;  // the speed a TPOT target asks for, or the TTFT target
    // Draws m_claimMarks against the current curves (after a rebuild deleted every series).
    void drawClaimMarks();
    QList<ClaimMark> m_claimMarks;
    QList<QLineSeries*> m_claimLines;
    QList<QGraphicsSimpleTextItem*> m_claimLabels; // each line's text, an item of the chart
    QStringList m_docIds;                          // the curves' deployments, in order
    double m_dataYMax = 0;                         // the curves' and the target's top, before the claims
    double m_context = 0;
    double m_target = 0; // on the y axis: tok/s per user, or ms to the first token
    // The workload has one output token: the lines are the time to first token (ms).
    bool m_firstToken = false;
    // The first token's axis unit over ms: seconds from 10 s, hours from 10,000 s (LargerUnits.h);
    // a million-token prompt queued for 3,202 s read "3,202,410" on an axis of ms.
    double m_divisor = 1;
    QList<WrappingLegend::Entry> m_curveEntries; // the legend less the reference lines
    QString m_csv;
    QString m_markers;
};

} // namespace is::gui
