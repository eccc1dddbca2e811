// SPDX-License-Identifier: MIT
#include "charts/ParetoChart.h"

#include "charts/ChartExport.h"
#include "charts/ChartFormat.h"
#include "charts/LogAxisLabels.h"
#include "charts/NiceAxis.h"
#include "charts/WrappingLegend.h"

#include "analysis/ScenarioAnalysis.h"
#include "metrics/Metrics.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>

namespace is::gui {

namespace {
// Both axes of a chart without a curve.
constexpr double kEmptyLo = 1, kEmptyHi = 1000;
} // namespace

ParetoChart::ParetoChart(QWidget* parent) : ChartPanel(parent)
{
    m_x = new QLogValueAxis(this);
    m_y = new QLogValueAxis(this);
    for (QLogValueAxis* a : {m_x, m_y}) {
        a->setBase(10);
        a->setLabelFormat(QStringLiteral("%.0f"));
        a->setMinorTickCount(0);
        a->setRange(kEmptyLo, kEmptyHi);
    }
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_y, Qt::AlignLeft);
    m_xLabels = new LogAxisLabels(chart(), m_x, LogAxisLabels::Style::Decimal);
    m_yLabels = new LogAxisLabels(chart(), m_y, LogAxisLabels::Style::Decimal);

    // Floats over the chart's top-left corner: a header row would shrink this chart against its
    // neighbours, and exports (which render the scene only) leave it out.
    m_measureBox = new QComboBox(chartView());
    m_measureBox->move(4, 2);
    m_measureBox->addItems({QString(), QString()});
    connect(m_measureBox, &QComboBox::currentIndexChanged, this,
            [this](int i) { setMeasure(i == 1 ? Measure::PerMegawatt : Measure::PerChip); });
    retranslate();
    applyFonts();
}

QString ParetoChart::title() const
{
    return m_firstToken ? tr("Throughput vs first token") : tr("Throughput vs interactivity");
}

void ParetoChart::retranslate()
{
    ChartPanel::retranslate();
    m_measureBox->setItemText(0, tr("per chip"));
    m_measureBox->setItemText(1, tr("per megawatt"));
    m_x->setTitleText(m_firstToken ? is::metrics::axis(is::metrics::Id::TtftMs) : tr("tok/s per user"));
    m_y->setTitleText(m_measure == Measure::PerChip ? tr("tok/s per chip") : tr("tok/s per MW"));
    placeToggle();
}

void ParetoChart::setMeasure(Measure m)
{
    if (m == m_measure)
        return;
    m_measure = m;
    m_measureBox->setCurrentIndex(m == Measure::PerMegawatt ? 1 : 0);
    m_y->setTitleText(m_measure == Measure::PerChip ? tr("tok/s per chip") : tr("tok/s per MW"));
    refill();
}

void ParetoChart::applyFonts()
{
    ChartPanel::applyFonts();
    placeToggle();
}

void ParetoChart::placeToggle()
{
    // The chart's top margin makes room for the toggle, so the centred title never runs under it.
    m_measureBox->adjustSize();
    QMargins m = chart()->margins();
    m.setTop(m_measureBox->height() + 4);
    chart()->setMargins(m);
}

void ParetoChart::rebuild(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>& colours)
{
    chart()->removeAllSeries();
    m_curves.clear();
    int index = 0;
    for (const is::DeploymentAnalysis& d : analysis.deployments)
        m_curves.push_back(Curve{d.name, chartfmt::deploymentColour(colours, d.docId, index++), {}, {}});
    applyFonts();
}

void ParetoChart::resizeSeries(std::vector<QLineSeries*>& series, size_t n, const Curve& curve, bool dashed)
{
    while (series.size() > n) {
        chart()->removeSeries(series.back());
        delete series.back();
        series.pop_back();
    }
    while (series.size() < n) {
        auto* line = new QLineSeries;
        line->setName(curve.name);
        QPen pen(curve.colour);
        pen.setWidthF(dashed ? 1.5 : 3);
        pen.setStyle(dashed ? Qt::DashLine : Qt::SolidLine);
        line->setPen(pen);
        line->setPointsVisible(!dashed);
        line->setMarkerSize(6);
        chart()->addSeries(line);
        line->attachAxis(m_x);
        line->attachAxis(m_y);
        series.push_back(line);
    }
}

void ParetoChart::setAnalysis(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>& colours)
{
    // One output token or more: the horizontal axis and the title change with it.
    if (analysis.workload.decodes() == m_firstToken) {
        m_firstToken = !analysis.workload.decodes();
        retranslate();
    }
    if (takeRebuild(analysis, &colours))
        rebuild(analysis, colours);
    m_rows.assign(analysis.deployments.size(), {});
    for (size_t i = 0; i < analysis.deployments.size(); ++i) {
        const is::DeploymentAnalysis& d = analysis.deployments[i];
        for (const is::ParetoPoint& p : d.pareto)
            m_rows[i].push_back(
                Row{d.name, p.batch, p.tokSUser, p.tokSPerChip, p.tokSPerMW, p.regime, p.ttftMs});
    }
    refill();
}

void ParetoChart::refill()
{
    double xLo = 0, xHi = 0, yLo = 0, yHi = 0;
    const auto widen = [](double& lo, double& hi, double v) {
        lo = lo > 0 ? std::min(lo, v) : v;
        hi = std::max(hi, v);
    };
    QStringList notes;
    bool anyJump = false;
    QList<WrappingLegend::Entry> entries;
    for (size_t i = 0; i < m_curves.size() && i < m_rows.size(); ++i) {
        Curve& curve = m_curves[i];
        // Runs of drawable points in one regime; a new run starts where the regime changes.
        std::vector<QList<QPointF>> runs;
        QString regime;
        for (const Row& r : m_rows[i]) {
            const double x = m_firstToken ? r.ttftMs : r.user;
            const double y = m_measure == Measure::PerChip ? r.perChip : r.perMW;
            // Log axes: only positive, finite points.
            if (!(x > 0) || !(y > 0) || !chartfmt::drawable(x) || !chartfmt::drawable(y))
                continue;
            if (runs.empty() || r.regime != regime)
                runs.emplace_back();
            regime = r.regime;
            runs.back().append(QPointF(x, y));
            widen(xLo, xHi, x);
            widen(yLo, yHi, y);
        }
        resizeSeries(curve.runs, runs.size(), curve, false);
        resizeSeries(curve.jumps, runs.empty() ? 0 : runs.size() - 1, curve, true);
        for (size_t k = 0; k < runs.size(); ++k) {
            curve.runs[k]->replace(runs[k]);
            if (k + 1 < runs.size())
                curve.jumps[k]->replace({runs[k].back(), runs[k + 1].front()});
        }
        anyJump = anyJump || runs.size() > 1;
        entries.append({curve.colour, curve.name, WrappingLegend::Shape::Line});
        if (runs.empty())
            notes << tr("%1: does not fit, no curve").arg(curve.name);
    }
    if (anyJump)
        notes << tr(
            "Dashed: where the weights or the KV cache move to another memory; no batch runs in between");
    if (xHi <= 0) {
        // No curve at all: the axes of a new chart, however wide the last curves had made them.
        for (QLogValueAxis* a : {m_x, m_y})
            a->setRange(kEmptyLo, kEmptyHi);
    } else {
        niceaxis::setLogRange(m_x, xLo, xHi, liveUpdate());
        niceaxis::setLogRange(m_y, yLo, yHi, liveUpdate());
    }
    legend()->setEntries(entries);
    setNote(chartfmt::joinNotes(notes));
}

QString ParetoChart::toCsv() const
{
    QString csv = QStringLiteral("deployment,batch,tok_s_user,tok_s_per_chip,tok_s_per_mw,regime,ttft_ms\n");
    for (const auto& rows : m_rows)
        for (const Row& r : rows)
            csv += chartexport::csvField(r.deployment) % QLatin1Char(',') % QString::number(r.batch) %
                   QLatin1Char(',') % chartexport::csvNumber(r.user) % QLatin1Char(',') %
                   chartexport::csvNumber(r.perChip) % QLatin1Char(',') % chartexport::csvNumber(r.perMW) %
                   QLatin1Char(',') % chartexport::csvField(r.regime) % QLatin1Char(',') %
                   chartexport::csvNumber(r.ttftMs) % QLatin1Char('\n');
    return csv;
}

} // namespace is::gui
