// SPDX-License-Identifier: MIT
#pragma once

#include "charts/ChartPanel.h"

#include <QStringList>

#include <vector>

class QComboBox;
class QLineSeries;
class QLogValueAxis;
class LogAxisLabels;

// Throughput versus interactivity: tokens/s per user (x) against tokens/s per chip or per
// megawatt (y), one curve per deployment as the batch grows from one stream to the memory limit.
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
    std::vector<QLineSeries*> m_lines;
    QStringList m_signature;
    struct Row
    {
        QString deployment;
        int batch;
        double user, perChip, perMW;
    };
    std::vector<std::vector<Row>> m_rows;
};
