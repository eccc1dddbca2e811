// SPDX-License-Identifier: MIT
#pragma once

#include "charts/ChartPanel.h"

#include <QStringList>

#include <vector>

class QComboBox;
class QLineSeries;
class QLogValueAxis;

namespace is::gui {

class LogAxisLabels;

// Throughput versus interactivity: tokens/s per user (x) against tokens/s per chip or per
// megawatt (y), one curve per deployment as the batch grows from one stream to the memory limit.
// A workload of one output token never decodes: its interactivity is its time to first token.
// Where the operating regime changes (a wafer's KV cache leaving SRAM for MemoryX) the curve
// breaks: a thin dashed line joins the two regimes, since no batch runs at the speeds between.
class ParetoChart : public ChartPanel
{
    Q_OBJECT
public:
    enum class Measure { PerChip, PerMegawatt };
    explicit ParetoChart(QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("throughput-vs-interactivity"); }
    QString title() const override;
    void setAnalysis(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>& colours) override;
    QString toCsv() const override;

    void setMeasure(Measure m);
    Measure measure() const { return m_measure; }

protected:
    void retranslate() override;
    void applyFonts() override;

private:
    void rebuild(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>& colours);
    void refill();
    void placeToggle();

    QLogValueAxis* m_x = nullptr;
    QLogValueAxis* m_y = nullptr;
    LogAxisLabels* m_xLabels = nullptr;
    LogAxisLabels* m_yLabels = nullptr;
    QComboBox* m_measureBox = nullptr;
    Measure m_measure = Measure::PerChip;
    bool m_firstToken = false; // the workload has one output token: x is its TTFT
    // One curve: a solid series per run of points in one regime, a dashed one per jump.
    struct Curve
    {
        QString name;
        QColor colour;
        std::vector<QLineSeries*> runs;
        std::vector<QLineSeries*> jumps;
    };
    // `series` holds `n` series of the curve's colour, solid or dashed, attached to the axes.
    void resizeSeries(std::vector<QLineSeries*>& series, size_t n, const Curve& curve, bool dashed);

    std::vector<Curve> m_curves;
    struct Row
    {
        QString deployment;
        int batch;
        double user, perChip, perMW;
        QString regime;
        double ttftMs;
    };
    std::vector<std::vector<Row>> m_rows;
};

} // namespace is::gui
