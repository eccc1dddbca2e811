// SPDX-License-Identifier: MIT
#include "serving/ServingTab.h"

#include "TargetsText.h"
#include "Units.h"
#include "charts/ChartGrid.h"

#include "analysis/ScenarioSimulation.h"
#include "charts/ChartExport.h"
#include "charts/ChartFormat.h"
#include "charts/LargerUnits.h"
#include "charts/NiceAxis.h"
#include "metrics/Metrics.h"
#include "serving/ServingChartPanel.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QEvent>
#include <QFontMetricsF>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPen>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace is::gui {

namespace {

using is::serving::DeploymentSimulation;
using is::serving::Percentiles;

// The three latency metrics, in the order of the percentile charts and the CDF selector.
const Percentiles& metricOf(const DeploymentSimulation& d, int metric)
{
    switch (metric) {
    case 0:
        return d.sim.ttftS;
    case 1:
        return d.sim.tpotS;
    default:
        return d.sim.e2eS;
    }
}
// TTFT and TPOT read naturally in milliseconds, a whole response in seconds.
double metricScale(int metric)
{
    return metric == 2 ? 1.0 : 1000.0;
}
QString metricCsvId(int metric)
{
    static const char* ids[] = {"ttft_ms", "tpot_ms", "e2e_s"};
    return QLatin1String(ids[std::clamp(metric, 0, 2)]);
}

QPen linePen(const QColor& c, qreal width = 2, Qt::PenStyle style = Qt::SolidLine)
{
    QPen p(c);
    p.setWidthF(width);
    p.setStyle(style);
    return p;
}

// The widest value label Qt Charts draws over the bars of `bars`, in pixels.
qreal widestBarLabel(const QChart& chart, const QBarSeries& bars)
{
    // As Qt Charts writes a bar's value: %g at the series' precision, in the chart's locale
    // where it localises numbers ("9,387").
    qreal widest = 0;
    for (const QBarSet* set : bars.barSets()) {
        const QFontMetricsF metrics(set->labelFont());
        for (int k = 0; k < set->count(); ++k) {
            const double v = set->at(k);
            const QString text = chart.localizeNumbers()
                                     ? chart.locale().toString(v, 'g', bars.labelsPrecision())
                                     : QString::number(v, 'g', bars.labelsPrecision());
            widest = std::max(widest, metrics.horizontalAdvance(text));
        }
    }
    return widest;
}

} // namespace

ServingTab::ServingTab(QWidget* parent) : QWidget(parent)
{
    const char* ids[] = {"serving-ttft-percentiles", "serving-tpot-percentiles", "serving-e2e-percentiles"};
    for (int m = 0; m < 3; ++m) {
        m_percentiles[m] = new ServingChartPanel(
            QLatin1String(ids[m]),
            [m] {
                switch (m) {
                case 0:
                    return ServingTab::tr("Time to first token under load");
                case 1:
                    return ServingTab::tr("Time per output token under load");
                default:
                    return ServingTab::tr("End-to-end latency under load");
                }
            },
            this);
    }
    m_cdf = new ServingChartPanel(
        QStringLiteral("serving-latency-cdf"), [] { return ServingTab::tr("Latency distribution (CDF)"); },
        this);
    m_timeline = new ServingChartPanel(
        QStringLiteral("serving-timeline"), [] { return ServingTab::tr("Queue, batch and KV cache"); }, this);

    m_cdfMetric = new QComboBox(m_cdf);
    m_cdfMetric->addItems({QString(), QString(), QString()});
    m_cdf->addControl(m_cdfMetric);
    connect(m_cdfMetric, &QComboBox::currentIndexChanged, this, [this] { drawCdf(); });

    m_deployment = new QComboBox(m_timeline);
    m_deployment->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_timeline->addControl(m_deployment);
    connect(m_deployment, &QComboBox::currentIndexChanged, this, [this] { drawTimeline(); });

    m_status = new QLabel(this);
    m_status->setVisible(false);
    m_status->setStyleSheet(QStringLiteral("padding: 4px 8px; color: #555;"));

    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setStyleSheet(QStringLiteral("padding: 2px 8px;"));

    // Three percentile charts in a row, the CDF and the timeline under them; fewer a row, or
    // on pages, where the room does not hold them (a 1280 x 720 screen).
    m_grid = new ChartGrid(this);
    m_grid->setCharts({m_percentiles[0], m_percentiles[1], m_percentiles[2], m_cdf, m_timeline});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_status);
    layout->addWidget(m_summary);
    layout->addWidget(m_grid, 1);
    retranslate();
}

ServingTab::~ServingTab() = default;

QList<ServingChartPanel*> ServingTab::charts() const
{
    return {m_percentiles[0], m_percentiles[1], m_percentiles[2], m_cdf, m_timeline};
}

void ServingTab::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ServingTab::retranslate()
{
    const QSignalBlocker block(m_cdfMetric);
    m_cdfMetric->setItemText(0, tr("Time to first token"));
    m_cdfMetric->setItemText(1, tr("Time per output token"));
    m_cdfMetric->setItemText(2, tr("End-to-end latency"));
    if (m_run) {
        drawPercentiles();
        drawCdf();
        drawTimeline();
        updateSummary();
    } else if (m_cleared) {
        clearRun();
    }
}

void ServingTab::setStatus(const QString& text)
{
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
}

void ServingTab::setRun(std::shared_ptr<const is::serving::SimulationRun> run,
                        const QHash<QString, QColor>& colours)
{
    m_run = std::move(run);
    m_cleared = false;
    m_colours = colours;
    {
        // Keep the selected deployment across updates when it still exists.
        const QString current = m_deployment->currentData().toString();
        const QSignalBlocker block(m_deployment);
        m_deployment->clear();
        for (const DeploymentSimulation& d : m_run->deployments)
            m_deployment->addItem(d.name, d.docId);
        const int keep = m_deployment->findData(current);
        m_deployment->setCurrentIndex(keep >= 0 ? keep : 0);
    }
    m_cdf->showNote(QString());
    m_timeline->showNote(QString());
    m_deployment->setEnabled(!m_run->deployments.empty());
    for (ServingChartPanel* c : charts())
        c->setPlaceholder(m_run->deployments.empty() ? ChartPanel::noDeploymentsText() : QString());
    drawPercentiles();
    drawCdf();
    drawTimeline();
    updateSummary();
    // Longer legends (more deployments) need taller charts: fewer a page.
    m_grid->reflow();
}

void ServingTab::clearRun()
{
    m_run.reset();
    m_cleared = true;
    {
        const QSignalBlocker block(m_deployment);
        m_deployment->clear();
    }
    m_deployment->setEnabled(false);
    for (ServingChartPanel* c : charts()) {
        c->clearChart();
        c->setCsv(QString());
        c->setPlaceholder(QString());
        c->showNote(tr("No result for this scenario: it cannot be simulated."));
    }
    m_summary->clear();
}

QString ServingTab::summary() const
{
    return m_summary->text();
}

void ServingTab::updateSummary()
{
    // What the percentiles were measured at: the offered load and what came out of it. What the
    // deployments share (requests, load, assumed targets) is said once, so that five of them
    // take two or three lines above the charts rather than nine.
    std::vector<const DeploymentSimulation*> ok;
    for (const DeploymentSimulation& d : m_run->deployments)
        if (d.ok)
            ok.push_back(&d);
    const auto load = [](const DeploymentSimulation& d) {
        return is::gui::units::significant(chartfmt::finiteOr(d.load) * 100.0);
    };
    // The targets requests are counted within where the scenario states none.
    const auto assumedTargets = [](const DeploymentSimulation& d) {
        // A workload of one output token has no time between tokens to bound (resolveSlo drops it).
        if (d.sim.tpotTargetS <= 0)
            return targets::ttft(d.sim.ttftTargetS);
        return tr("%1, %2").arg(targets::ttft(d.sim.ttftTargetS), targets::tpot(d.sim.tpotTargetS));
    };
    const auto targets = [&assumedTargets](const DeploymentSimulation& d) {
        return d.slo.assumed()
                   // No target bounds the plan, so the capacity the load is a share of is the
                   // highest throughput; the assumed targets only count the requests within them.
                   ? tr("no latency target is stated, so its capacity is its highest throughput; "
                        "requests are counted within assumed targets: %1")
                         .arg(assumedTargets(d))
                   : tr("its capacity is the highest throughput of the plan chosen for the scenario's "
                        "latency targets");
    };
    // What "within" a deployment's share of requests counts, where the deployments differ.
    const auto within = [&assumedTargets](const DeploymentSimulation& d) {
        return d.slo.assumed() ? tr("assumed targets (%1)").arg(assumedTargets(d))
                               : tr("the scenario's latency targets");
    };
    bool shared = !ok.empty();
    for (const DeploymentSimulation* d : ok)
        shared = shared && d->sim.requests == ok.front()->sim.requests && load(*d) == load(*ok.front()) &&
                 targets(*d) == targets(*ok.front());
    QStringList parts;
    for (const DeploymentSimulation* d : ok) {
        const QString tokS = is::gui::units::significant(chartfmt::finiteOr(d->sim.throughputTokS));
        const QString share = is::gui::units::significant(chartfmt::finiteOr(d->sim.goodputFraction) * 100.0);
        if (shared)
            parts << tr("%1: %2 tok/s, %3 % within targets").arg(d->name, tokS, share);
        else
            parts << tr("%1: %L2 requests at %3 % of capacity, %4 tok/s, %5 % within %6")
                         .arg(d->name, units::integer(d->sim.requests), load(*d), tokS, share, within(*d));
    }
    QString text = parts.join(QStringLiteral(" · "));
    if (shared)
        text = tr("%L1 requests per deployment at %2 % of its capacity; %3.")
                   .arg(units::integer(ok.front()->sim.requests), load(*ok.front()), targets(*ok.front())) %
               QLatin1Char('\n') % text;
    m_summary->setText(text);
}

QString ServingTab::noSecondToken()
{
    // A workload of one output token (the seed benchmark's): every token is a first token.
    return tr("No request had a second output token, so there is no time per output token to draw; "
              "its only token is in the time to first token.");
}

void ServingTab::drawPercentiles()
{
    const auto& deps = m_run->deployments;
    const QStringList pNames{tr("p50"), tr("p90"), tr("p99")};
    const QString axisTitles[] = {is::metrics::axis(is::metrics::Id::TtftMs),
                                  is::metrics::axis(is::metrics::Id::TpotMs), is::metrics::title(u"e2e_s")};
    for (int m = 0; m < 3; ++m) {
        ServingChartPanel* panel = m_percentiles[m];
        panel->clearChart();
        auto* categories = new QBarCategoryAxis;
        categories->append(pNames);
        auto* values = new QValueAxis;
        values->setTitleText(axisTitles[m]);
        auto* bars = new QBarSeries;
        bars->setBarWidth(0.75);
        // Values on the bars: one deployment can be 50x faster, its bars then read as zero.
        bars->setLabelsVisible(true);
        bars->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
        // Numbers wider than their bars stand upright over them instead of running into the
        // neighbouring bar (three deployments a group, or two on a narrow chart: "241.6" over a
        // bar a third its width), and the axis leaves them room.
        QString csv = QStringLiteral("deployment,") + metricCsvId(m) + QStringLiteral("_p50,") +
                      metricCsvId(m) + QStringLiteral("_p90,") + metricCsvId(m) + QStringLiteral("_p99\n");
        QStringList notes;
        double top = 0;
        for (size_t i = 0; i < deps.size(); ++i) {
            const DeploymentSimulation& d = deps[i];
            const QColor colour = chartfmt::deploymentColour(m_colours, d.docId, int(i));
            auto* set = new QBarSet(d.name);
            set->setColor(colour);
            set->setBorderColor(colour.darker(130));
            set->setLabelColor(QColor(0x30, 0x30, 0x30));
            const Percentiles& p = metricOf(d, m);
            const double s = metricScale(m);
            double v[3] = {0, 0, 0};
            if (d.ok) {
                v[0] = std::max(0.0, chartfmt::finiteOr(p.p50 * s));
                v[1] = std::max(0.0, chartfmt::finiteOr(p.p90 * s));
                v[2] = std::max(0.0, chartfmt::finiteOr(p.p99 * s));
            } else {
                notes << tr("%1: not simulated (%2)").arg(d.name, d.why);
            }
            for (double x : v) {
                set->append(x);
                top = std::max(top, x);
            }
            bars->append(set);
            csv += chartexport::csvField(d.name) + QLatin1Char(',') + chartexport::csvNumber(v[0]) +
                   QLatin1Char(',') + chartexport::csvNumber(v[1]) + QLatin1Char(',') +
                   chartexport::csvNumber(v[2]) + QLatin1Char('\n');
        }
        // An overloaded deployment waits minutes for its first token: its bars read in seconds
        // or hours as the comparison's latency chart does (587 s, not 587049.9 ms). The CSV keeps
        // its milliseconds.
        if (m != 2) {
            const LargerUnit unit =
                unitFor(m == 0 ? ttftLargerUnits() : tpotLargerUnits(), top, axisTitles[m]);
            for (QBarSet* set : bars->barSets())
                for (int k = 0; k < set->count(); ++k)
                    set->replace(k, set->at(k) / unit.divisor);
            top /= unit.divisor;
            values->setTitleText(unit.title);
        }
        const bool anySimulated = std::any_of(deps.begin(), deps.end(), [](const auto& d) { return d.ok; });
        if (m == 1 && top == 0 && anySimulated)
            notes << noSecondToken();
        QChart* c = panel->chart();
        c->addAxis(categories, Qt::AlignBottom);
        c->addAxis(values, Qt::AlignLeft);
        c->addSeries(bars);
        bars->attachAxis(categories);
        bars->attachAxis(values);
        bars->setLabelsPrecision(chartfmt::barLabelPrecision(top));
        const auto orient = [c, bars, values, top] {
            const int n = int(bars->count());
            const qreal barPx = c->plotArea().width() / 3.0 * bars->barWidth() / std::max(1, n);
            const bool upright = n > 2 || widestBarLabel(*c, *bars) > barPx;
            if (bars->labelsAngle() != (upright ? -90 : 0)) {
                bars->setLabelsAngle(upright ? -90 : 0);
                niceaxis::setValueRange(values, top > 0 ? top * (upright ? 1.4 : 1.15) : 1.0);
            }
        };
        niceaxis::setValueRange(values, top > 0 ? top * 1.15 : 1.0);
        orient();
        connect(c, &QChart::plotAreaChanged, bars, orient);
        panel->setCsv(csv);
        panel->showNote(chartfmt::joinNotes(notes));
        panel->refreshFonts();
    }
}

void ServingTab::drawCdf()
{
    if (!m_run)
        return;
    const int m = std::max(0, m_cdfMetric->currentIndex());
    m_cdf->clearChart();
    auto* x = new QLogValueAxis;
    x->setTitleText(m == 2 ? tr("%1 (s, log scale)").arg(m_cdfMetric->currentText())
                           : tr("%1 (ms, log scale)").arg(m_cdfMetric->currentText()));
    x->setMinorTickCount(-1);
    auto* y = new QValueAxis;
    y->setTitleText(tr("Share of requests (%)"));
    y->setRange(0, 100);
    y->setTickCount(6);
    y->setLabelFormat(QStringLiteral("%.0f"));
    QChart* c = m_cdf->chart();
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    m_cdf->addLogAxisLabels(x);
    double lo = INFINITY, hi = 0;
    QString csv = QStringLiteral("deployment,quantile,") + metricCsvId(m) + QLatin1Char('\n');
    const auto& deps = m_run->deployments;
    for (size_t i = 0; i < deps.size(); ++i) {
        const DeploymentSimulation& d = deps[i];
        if (!d.ok)
            continue;
        const std::vector<double>& q = metricOf(d, m).cdf;
        auto* line = new QLineSeries;
        line->setName(d.name);
        line->setPen(linePen(chartfmt::deploymentColour(m_colours, d.docId, int(i))));
        QList<QPointF> pts;
        for (size_t k = 0; k < q.size(); ++k) {
            const double share = q.size() > 1 ? 100.0 * double(k) / double(q.size() - 1) : 100.0;
            const double v = q[k] * metricScale(m);
            // A log axis cannot place zero or non-finite values; such quantiles are left out.
            if (!std::isfinite(v) || v <= 0)
                continue;
            pts.append(QPointF(v, share));
            lo = std::min(lo, v);
            hi = std::max(hi, v);
            csv += chartexport::csvField(d.name) + QLatin1Char(',') + chartexport::csvNumber(share / 100.0) +
                   QLatin1Char(',') + chartexport::csvNumber(v) + QLatin1Char('\n');
        }
        line->replace(pts);
        c->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
    if (hi > 0 && std::isfinite(lo))
        niceaxis::setLogRange(x, lo, hi);
    else
        x->setRange(0.1, 10);
    m_cdf->showNote(m == 1 && !(hi > 0) ? noSecondToken() : QString());
    m_cdf->setCsv(csv);
    m_cdf->refreshFonts();
}

void ServingTab::drawTimeline()
{
    if (!m_run)
        return;
    m_timeline->clearChart();
    auto* x = new QValueAxis;
    x->setTitleText(is::metrics::title(u"t_s"));
    auto* count = new QValueAxis;
    count->setTitleText(tr("Requests (queue, batch)"));
    auto* kv = new QValueAxis;
    kv->setTitleText(tr("KV cache in use (%)"));
    kv->setRange(0, 100);
    kv->setTickCount(6);
    kv->setLabelFormat(QStringLiteral("%.0f"));
    QChart* c = m_timeline->chart();
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(count, Qt::AlignLeft);
    c->addAxis(kv, Qt::AlignRight);

    const int idx = m_deployment->currentIndex();
    const auto& deps = m_run->deployments;
    QString csv = QStringLiteral("deployment,t_s,queue,batch,kv_use\n");
    QString note;
    if (idx >= 0 && size_t(idx) < deps.size()) {
        const DeploymentSimulation& d = deps[size_t(idx)];
        const QColor colour = chartfmt::deploymentColour(m_colours, d.docId, idx);
        auto* queue = new QLineSeries;
        queue->setName(tr("Queue length"));
        queue->setPen(linePen(colour.darker(140), 2, Qt::DashLine));
        auto* batch = new QLineSeries;
        batch->setName(tr("Batch size"));
        batch->setPen(linePen(colour, 2));
        auto* kvLine = new QLineSeries;
        kvLine->setName(tr("KV cache in use"));
        kvLine->setPen(linePen(QColor(0x59, 0xa1, 0x4f), 2, Qt::DotLine));
        QList<QPointF> q, b, k;
        double tMax = 0, top = 0;
        for (const auto& p : d.sim.timeline) {
            if (!std::isfinite(p.tS))
                continue;
            const double qv = std::max(0.0, chartfmt::finiteOr(p.queue));
            const double bv = std::max(0.0, chartfmt::finiteOr(p.batch));
            const double kvv = std::clamp(chartfmt::finiteOr(p.kvUse) * 100.0, 0.0, 100.0);
            q.append(QPointF(p.tS, qv));
            b.append(QPointF(p.tS, bv));
            k.append(QPointF(p.tS, kvv));
            tMax = std::max(tMax, p.tS);
            top = std::max({top, qv, bv});
            csv += chartexport::csvField(d.name) + QLatin1Char(',') + chartexport::csvNumber(p.tS) +
                   QLatin1Char(',') + chartexport::csvNumber(qv) + QLatin1Char(',') +
                   chartexport::csvNumber(bv) + QLatin1Char(',') + chartexport::csvNumber(kvv / 100.0) +
                   QLatin1Char('\n');
        }
        queue->replace(q);
        batch->replace(b);
        kvLine->replace(k);
        for (QLineSeries* s : {batch, queue}) {
            c->addSeries(s);
            s->attachAxis(x);
            s->attachAxis(count);
        }
        c->addSeries(kvLine);
        kvLine->attachAxis(x);
        kvLine->attachAxis(kv);
        // The run's own length, not the next 1-2-5 step (2,500 s would otherwise draw to 5,000 s).
        x->setRange(0, tMax > 0 ? tMax : 1.0);
        x->applyNiceNumbers();
        niceaxis::labelTicksExactly(x);
        niceaxis::setValueRange(count, top > 0 ? top * 1.08 : 1.0);
        if (!d.ok)
            note = tr("%1: not simulated (%2)").arg(d.name, d.why);
    } else {
        niceaxis::setValueRange(x, 1.0);
        niceaxis::setValueRange(count, 1.0);
    }
    m_timeline->setCsv(csv);
    m_timeline->showNote(note);
    m_timeline->refreshFonts();
}

} // namespace is::gui
