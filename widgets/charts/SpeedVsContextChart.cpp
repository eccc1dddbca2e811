// SPDX-License-Identifier: MIT
#include "charts/SpeedVsContextChart.h"

#include "Units.h"
#include "charts/BackedTextItem.h"
#include "charts/ChartExport.h"
#include "charts/ChartFormat.h"
#include "charts/LargerUnits.h"
#include "charts/LogAxisLabels.h"
#include "charts/NiceAxis.h"
#include "charts/WrappingLegend.h"

#include "analysis/ScenarioAnalysis.h"
#include "metrics/Metrics.h"

#include <QAreaSeries>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace is::gui {

namespace {

// Where the dashed target line stands: the speed per user a TPOT target asks for, or, for a
// workload of one output token, the TTFT target in ms (0: none).
double targetOfWorkload(const is::Workload& w, bool firstToken)
{
    const double v = firstToken ? w.ttftLimitS * 1000 : is::speedTarget(w);
    return std::max(0.0, chartfmt::finiteOr(v));
}

// Where a marker's whole text is kept (QGraphicsItem::data key).
constexpr int kFullText = 0;

// `text` on one line where it fits in `width`, else broken after its colon (": " or the
// full-width "：") with the rest on a second line: "SRAM full at 62.2K:" / "spills to MemoryX".
QString fittedToWidth(const QString& text, const QFont& font, qreal width)
{
    if (QFontMetricsF(font).horizontalAdvance(text) <= width)
        return text;
    for (const QString& colon : {QStringLiteral(": "), QStringLiteral("\uFF1A")}) {
        const qsizetype at = text.indexOf(colon);
        if (at > 0)
            return text.left(at + 1) + QLatin1Char('\n') + text.mid(at + colon.size()).trimmed();
    }
    return text;
}

constexpr double kMinContext = 1024;
constexpr double kMaxContext = 2.0 * 1024 * 1024;

// Where a marker at context x sits on a drawn curve (points in increasing x): the straight line
// between the points around it, as the chart draws it on its log axis. 0 off the curve.
double onCurve(const QList<QPointF>& curve, double x)
{
    for (qsizetype i = 0; i < curve.size(); ++i) {
        if (curve[i].x() == x)
            return curve[i].y();
        if (i > 0 && curve[i - 1].x() < x && x < curve[i].x() && curve[i - 1].x() > 0) {
            const double t = std::log(x / curve[i - 1].x()) / std::log(curve[i].x() / curve[i - 1].x());
            return curve[i - 1].y() + t * (curve[i].y() - curve[i - 1].y());
        }
    }
    return 0;
}
// Whether a line segment passes through a rectangle: an end inside it, or a crossing of an edge.
bool crosses(const QLineF& segment, const QRectF& r)
{
    if (r.contains(segment.p1()) || r.contains(segment.p2()))
        return true;
    const QLineF edges[] = {{r.topLeft(), r.topRight()},
                            {r.topRight(), r.bottomRight()},
                            {r.bottomRight(), r.bottomLeft()},
                            {r.bottomLeft(), r.topLeft()}};
    return std::any_of(std::begin(edges), std::end(edges), [&](const QLineF& e) {
        return segment.intersects(e, nullptr) == QLineF::BoundedIntersection;
    });
}
} // namespace

SpeedVsContextChart::SpeedVsContextChart(QWidget* parent) : ChartPanel(parent)
{
    m_x = new QLogValueAxis(this);
    m_x->setBase(4); // ticks at 1K, 4K, 16K, 64K, 256K, 1M
    m_x->setRange(kMinContext, kMaxContext);
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_x->setMinorTickCount(1);
    m_y = new QValueAxis(this);
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    m_y->setRange(0, 100);
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_y, Qt::AlignLeft);
    m_xLabels = new LogAxisLabels(chart(), m_x, LogAxisLabels::Style::Tokens);
    connect(chart(), &QChart::plotAreaChanged, this, &SpeedVsContextChart::placeMarkerLabels);
    connect(m_y, &QValueAxis::rangeChanged, this, &SpeedVsContextChart::placeMarkerLabels);
    connect(m_y, &QValueAxis::rangeChanged, this, &SpeedVsContextChart::placeReferenceLines);
    retranslate();
    applyFonts();
}

QString SpeedVsContextChart::title() const
{
    return m_firstToken ? tr("First token vs context length") : tr("Speed per user vs context length");
}

void SpeedVsContextChart::retranslate()
{
    ChartPanel::retranslate();
    m_x->setTitleText(tr("context length (tokens)"));
    m_y->setTitleText(m_firstToken ? is::metrics::axis(is::metrics::Id::TtftMs) : tr("tok/s per user"));
}

void SpeedVsContextChart::applyFonts()
{
    ChartPanel::applyFonts();
    QFont f = font();
    f.setPointSize(fontPointSize());
    f.setBold(true);
    for (const Curve& c : m_curves)
        c.markerLabel->setFont(f);
    placeMarkerLabels();
    m_xLabels->refresh();
}

void SpeedVsContextChart::rebuild(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>& colours)
{
    // The curves first: nothing may place a label against a series already deleted.
    for (const Curve& c : m_curves)
        delete c.markerLabel;
    m_curves.clear();
    chart()->removeAllSeries(); // deletes the series and their band lines
    m_claimLines.clear();
    m_docIds.clear();
    for (const is::DeploymentAnalysis& d : analysis.deployments)
        m_docIds << d.docId;
    int index = 0;
    for (const is::DeploymentAnalysis& d : analysis.deployments) {
        const QColor colour = chartfmt::deploymentColour(colours, d.docId, index++);
        Curve c;
        c.bandHigh = new QLineSeries(chart());
        c.bandLow = new QLineSeries(chart());
        c.band = new QAreaSeries(c.bandHigh, c.bandLow);
        QColor fill = colour;
        fill.setAlphaF(0.22);
        c.band->setBrush(fill);
        c.band->setPen(Qt::NoPen);
        c.band->setName(tr("%1 (range)").arg(d.name));

        c.line = new QLineSeries;
        c.line->setName(d.name);
        QPen pen(colour);
        pen.setWidthF(3);
        c.line->setPen(pen);

        c.marker = new QScatterSeries;
        c.marker->setName(tr("%1: SRAM full").arg(d.name));
        c.marker->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
        c.marker->setMarkerSize(16);
        c.marker->setColor(colour);
        c.marker->setBorderColor(Qt::black);
        c.markerLabel = new BackedTextItem(chart());
        c.markerLabel->setBrush(colour.darker(140));
        c.markerLabel->setZValue(50); // above the series
        c.markerLabel->setVisible(false);

        for (QAbstractSeries* s :
             {static_cast<QAbstractSeries*>(c.band), static_cast<QAbstractSeries*>(c.line),
              static_cast<QAbstractSeries*>(c.marker)}) {
            chart()->addSeries(s);
            s->attachAxis(m_x);
            s->attachAxis(m_y);
        }
        m_curves.push_back(c);
    }
    // The workload's reference lines, over the curves.
    const auto reference = [this](QColor colour, const QString& name) {
        auto* line = new QLineSeries;
        line->setName(name);
        QPen pen(colour);
        pen.setWidthF(2);
        pen.setStyle(Qt::DashLine);
        line->setPen(pen);
        chart()->addSeries(line);
        line->attachAxis(m_x);
        line->attachAxis(m_y);
        return line;
    };
    m_contextLine = reference(QColor(0x55, 0x55, 0x55), tr("context length"));
    m_targetLine = reference(chartfmt::targetColour(), tr("TPOT target"));
    drawClaimMarks();
    applyFonts();
}

void SpeedVsContextChart::setClaimMarks(const QList<ClaimMark>& marks)
{
    if (marks == m_claimMarks)
        return;
    m_claimMarks = marks;
    for (QLineSeries* line : std::as_const(m_claimLines)) {
        chart()->removeSeries(line);
        delete line;
    }
    m_claimLines.clear();
    drawClaimMarks();
    placeMarkerLabels();
}

void SpeedVsContextChart::drawClaimMarks()
{
    // Labelled on the chart, not in the legend: a longer legend would take height from the plot.
    qDeleteAll(m_claimLabels);
    m_claimLabels.clear();
    double top = m_dataYMax;
    for (const ClaimMark& mark : std::as_const(m_claimMarks)) {
        const qsizetype i = m_docIds.indexOf(mark.deploymentId);
        // A claimed speed per user has no place on lines of the first token.
        if (m_firstToken || i < 0 || size_t(i) >= m_curves.size() || !(mark.tokSUser > 0))
            continue;
        const QColor colour = m_curves[size_t(i)].line->pen().color();
        auto* line = new QLineSeries;
        line->setName(mark.label);
        QPen pen(colour);
        pen.setWidthF(2.5);
        pen.setStyle(Qt::DashDotLine);
        line->setPen(pen);
        line->setProperty("claimValue", mark.tokSUser);
        chart()->addSeries(line);
        line->attachAxis(m_x);
        line->attachAxis(m_y);
        m_claimLines << line;
        auto* label = new BackedTextItem(mark.label, chart());
        label->setBrush(colour.darker(140));
        label->setZValue(50);
        m_claimLabels << label;
        top = std::max(top, mark.tokSUser);
    }
    // The claim stays in view: its distance from the prediction is the point of drawing it.
    if (m_dataYMax > 0)
        niceaxis::setValueRange(m_y, top * 1.08, false);
    placeReferenceLines();
}

void SpeedVsContextChart::placeReferenceLines()
{
    if (!m_contextLine || !m_targetLine)
        return;
    const bool context = m_context >= m_x->min() && m_context <= m_x->max();
    m_contextLine->replace(
        context ? QList<QPointF>{QPointF(m_context, m_y->min()), QPointF(m_context, m_y->max())}
                : QList<QPointF>());
    m_contextLine->setVisible(context);
    m_targetLine->replace(m_target > 0
                              ? QList<QPointF>{QPointF(m_x->min(), m_target), QPointF(m_x->max(), m_target)}
                              : QList<QPointF>());
    m_targetLine->setVisible(m_target > 0);
    for (QLineSeries* line : std::as_const(m_claimLines)) {
        const double y = line->property("claimValue").toDouble();
        line->replace({QPointF(m_x->min(), y), QPointF(m_x->max(), y)});
    }
}

void SpeedVsContextChart::setReferences(const is::Workload& workload)
{
    m_context = chartfmt::finiteOr(workload.inputTokens);
    // A context shorter than 1K (the seed benchmark's 512) is on the axis too, where the curve's
    // first point is (ScenarioAnalysis.cpp), with a little room to its left for its line.
    const double left = m_context > 0 ? std::min(kMinContext, 0.8 * m_context) : kMinContext;
    if (left != m_x->min())
        m_x->setRange(std::max(1.0, left), kMaxContext);
    m_target = targetOfWorkload(workload, m_firstToken) / m_divisor;
    QList<WrappingLegend::Entry> entries = m_curveEntries;
    if (m_context > 0)
        entries.append({QColor(0x55, 0x55, 0x55), tr("context %1").arg(is::gui::units::tokens(m_context)),
                        WrappingLegend::Shape::DashedLine});
    m_targetLine->setName(m_firstToken ? tr("TTFT target") : tr("TPOT target"));
    if (m_target > 0)
        entries.append(
            {chartfmt::targetColour(),
             m_firstToken
                 ? tr("TTFT target: %1 ms").arg(is::gui::units::significant(targetOfWorkload(workload, true)))
                 : tr("TPOT target: %1 tok/s per user").arg(is::gui::units::significant(m_target)),
             WrappingLegend::Shape::DashedLine});
    legend()->setEntries(entries);
    placeReferenceLines();
}

void SpeedVsContextChart::setAnalysis(const is::ScenarioAnalysis& analysis,
                                      const QHash<QString, QColor>& colours)
{
    // One output token or more: the lines, their axis, the target and the title change with it.
    if (analysis.workload.decodes() == m_firstToken) {
        m_firstToken = !analysis.workload.decodes();
        m_needsRebuild = true;
        retranslate();
    }
    const bool rebuilt = takeRebuild(analysis, &colours);
    if (rebuilt)
        rebuild(analysis, colours);

    // The curves do not depend on the workload's context length, so most live updates (the
    // context slider) bring the same data: then nothing is touched and the chart is not redrawn.
    struct CurveData
    {
        QList<QPointF> mid;
        QList<QPointF> low;
        QList<QPointF> high;
        bool ranged = false;
        double lastFit = 0;
        bool anyMissing = false;
    };
    std::vector<CurveData> data(analysis.deployments.size());
    // The first token's unit: the largest its longest time (or its target) reaches.
    double topMs = m_firstToken ? targetOfWorkload(analysis.workload, true) : 0.0;
    if (m_firstToken)
        for (const is::DeploymentAnalysis& d : analysis.deployments)
            for (const is::BandPoint& p : d.firstTokenVsContext)
                topMs = std::max(topMs, chartfmt::finiteOr(std::max(p.y, p.high)));
    const LargerUnit unit =
        unitFor(m_firstToken ? ttftLargerUnits() : std::vector<LargerUnit>{}, topMs,
                m_firstToken ? is::metrics::axis(is::metrics::Id::TtftMs) : tr("tok/s per user"));
    const double divisor = unit.divisor;
    QString csv =
        m_firstToken
            ? QStringLiteral("deployment,context,ttft_ms,ttft_ms_low,ttft_ms_high,kv_placement,chips\n")
            : QStringLiteral(
                  "deployment,context,tok_s_user,tok_s_user_low,tok_s_user_high,kv_placement,chips\n");
    QString markers; // with the CSV, everything the chart shows
    double yMax = 0;
    for (size_t i = 0; i < analysis.deployments.size(); ++i) {
        const is::DeploymentAnalysis& d = analysis.deployments[i];
        CurveData& c = data[i];
        const std::vector<is::BandPoint>& curve = m_firstToken ? d.firstTokenVsContext : d.speedVsContext;
        for (size_t k = 0; k < curve.size(); ++k) {
            const is::BandPoint& p = curve[k];
            // A log axis cannot show x <= 0; a point that does not fit is drawn at 0.
            if (!chartfmt::drawable(p.x) || p.x <= 0)
                continue;
            const double y = std::max(0.0, chartfmt::finiteOr(p.y));
            const double lo = std::max(0.0, chartfmt::finiteOr(p.low, y));
            const double hi = std::max(0.0, chartfmt::finiteOr(p.high, y));
            // A first token of 0 would read as instant: where the point does not fit, the line
            // of first tokens leaves it out.
            if (m_firstToken && y <= 0) {
                c.anyMissing = true;
                continue;
            }
            c.mid.append(QPointF(p.x, y / divisor));
            c.low.append(QPointF(p.x, std::min(lo, y) / divisor));
            c.high.append(QPointF(p.x, std::max(hi, y) / divisor));
            c.ranged = c.ranged || hi - lo > 1e-9 * std::max(1.0, y);
            yMax = std::max(yMax, std::max(hi, y) / divisor);
            if (y > 0)
                c.lastFit = p.x;
            else
                c.anyMissing = true;
            const QString placement =
                k < d.contextPlacement.size() ? is::kvPlacementId(d.contextPlacement[k]) : QString();
            const int chips = k < d.contextChips.size() ? d.contextChips[k] : 0;
            csv += chartexport::csvField(d.name) % QLatin1Char(',') % chartexport::csvNumber(p.x) %
                   QLatin1Char(',') % chartexport::csvNumber(y) % QLatin1Char(',') %
                   chartexport::csvNumber(std::min(lo, y)) % QLatin1Char(',') %
                   chartexport::csvNumber(std::max(hi, y)) % QLatin1Char(',') % placement % QLatin1Char(',') %
                   QString::number(chips) % QLatin1Char('\n');
        }
        markers += chartexport::csvNumber(d.sramExhaustedAt) % QLatin1Char(',') % d.sramExhaustedAction %
                   QLatin1Char(';');
    }
    // The target stays in view: how far a curve is from it is the point of drawing it.
    const double target = targetOfWorkload(analysis.workload, m_firstToken) / divisor;
    yMax = std::max(yMax, target);
    m_dataYMax = yMax;
    for (const ClaimMark& mark : std::as_const(m_claimMarks))
        if (!m_firstToken && m_docIds.contains(mark.deploymentId))
            yMax = std::max(yMax, mark.tokSUser);
    if (!rebuilt && csv == m_csv && markers == m_markers && divisor == m_divisor) {
        // The curves stand; only the workload's reference lines may have moved (the context
        // slider moves its line and nothing else).
        if (chartfmt::finiteOr(analysis.workload.inputTokens) == m_context && target == m_target) {
            markUnchanged();
            return;
        }
        if (target != m_target)
            niceaxis::setValueRange(m_y, yMax * 1.08, liveUpdate());
        setReferences(analysis.workload);
        return;
    }
    m_markers = markers;

    QStringList notes;
    QStringList never;
    QStringList beyond;
    QStringList queueing; // "Kimi K3 on H100 from 80K (41 run)"
    QStringList windows;  // the context windows the lines end at, once each
    QList<WrappingLegend::Entry> entries;
    bool anyRanged = false;
    for (size_t i = 0; i < analysis.deployments.size(); ++i) {
        const is::DeploymentAnalysis& d = analysis.deployments[i];
        const Curve& c = m_curves[i];
        const CurveData& cd = data[i];
        // A deployment that fits at no context has no line: one along 0 beside "does not fit at
        // any context length" read as a speed of 0.
        const bool drawn = cd.lastFit > 0;
        c.line->replace(drawn ? cd.mid : QList<QPointF>());
        c.bandHigh->replace(drawn && cd.ranged ? cd.high : QList<QPointF>());
        c.bandLow->replace(drawn && cd.ranged ? cd.low : QList<QPointF>());
        c.band->setVisible(drawn && cd.ranged);
        anyRanged = anyRanged || cd.ranged;
        entries.append({c.line->pen().color(), d.name, WrappingLegend::Shape::Line});

        QList<QPointF> marker;
        if (d.sramExhaustedAt > 0 && chartfmt::drawable(d.sramExhaustedAt)) {
            marker.append(QPointF(d.sramExhaustedAt, onCurve(cd.mid, d.sramExhaustedAt)));
            const QString action =
                d.sramExhaustedAction == is::kvPlacementId(is::KvPlacement::SpilledExternal)
                    ? chartfmt::kvPlacementName(is::KvPlacement::SpilledExternal)
                    : chartfmt::kvPlacementName(is::KvPlacement::AddedChips);
            // The whole text; placeMarkerLabels() breaks it where the plot is narrower.
            c.markerLabel->setData(
                kFullText, tr("SRAM full at %1: %2").arg(is::gui::units::tokens(d.sramExhaustedAt), action));
        }
        c.marker->replace(marker);
        c.marker->setVisible(!marker.isEmpty());
        c.markerLabel->setVisible(!marker.isEmpty());

        if (cd.mid.isEmpty() || cd.lastFit == 0)
            never << d.name;
        else if (cd.anyMissing)
            beyond << tr("%1 beyond %2").arg(d.name, is::gui::units::tokens(cd.lastFit));
        if (d.queuesFrom > 0 && chartfmt::drawable(d.queuesFrom))
            queueing << tr("%1 from %2 (%L3 run)")
                            .arg(d.name, is::gui::units::tokens(d.queuesFrom))
                            .arg(d.streamsAtQueue);
        if (d.maxContext > 0 && !cd.mid.isEmpty() && d.maxContext < kMaxContext) {
            const QString window = is::gui::units::tokens(d.maxContext);
            if (!windows.contains(window))
                windows << window;
        }
    }
    // One sentence for all deployments, short enough for one line under the chart.
    if (!never.isEmpty())
        notes << tr("Does not fit at any context length: %1").arg(never.join(QLatin1String(", ")));
    if (!beyond.isEmpty())
        notes << tr("Does not fit (drawn at 0): %1").arg(chartfmt::joinNotes(beyond));
    // Where memory runs fewer streams than the concurrency, the fewer run faster: the line can rise
    // with the context, and what the others wait is in the time to first token.
    if (!queueing.isEmpty())
        notes << (m_firstToken ? tr("Streams queue, the first token includes the wait: %1")
                               : tr("Streams queue, the speed is of those running: %1"))
                     .arg(chartfmt::joinNotes(queueing));
    if (!windows.isEmpty())
        notes << tr("Lines end at the model's context window (%1)").arg(windows.join(QLatin1String(", ")));
    niceaxis::setValueRange(m_y, yMax * 1.08, liveUpdate());
    // The shaded band needs saying once: it is the spread of the model's size range.
    if (anyRanged)
        entries.append({QColor(0, 0, 0, 50), tr("range of the inputs"), WrappingLegend::Shape::Box});
    m_curveEntries = entries;
    m_divisor = divisor;
    m_y->setTitleText(unit.title);
    setReferences(analysis.workload);
    m_csv = csv;
    setNote(chartfmt::joinNotes(notes));
    placeMarkerLabels();
}

void SpeedVsContextChart::placeMarkerLabels()
{
    const QRectF plot = chart()->plotArea();
    // Text placed so far, and the claims' lines: a marker's text crosses neither.
    QList<QRectF> placed;
    // A claim's label at the right end of its line, just below it, where the curves have
    // mostly ended (long contexts); above the line where there is no room below.
    for (qsizetype i = 0; i < m_claimLabels.size() && i < m_claimLines.size(); ++i) {
        QGraphicsSimpleTextItem* label = m_claimLabels[i];
        QFont f = font();
        f.setPointSize(fontPointSize());
        label->setFont(f);
        const double y = m_claimLines[i]->property("claimValue").toDouble();
        const QPointF at = chart()->mapToPosition(QPointF(m_x->max(), y), m_claimLines[i]);
        const QRectF r = label->boundingRect();
        double top = at.y() + 3;
        if (top + r.height() > plot.bottom())
            top = at.y() - 3 - r.height();
        label->setPos(plot.right() - r.width() - 4, top);
        placed << QRectF(label->pos(), r.size()) << QRectF(plot.left(), at.y() - 3, plot.width(), 6);
    }
    // The workload's context line runs the plot's height: a text that crosses it reads as struck
    // through, so the text moves to either side of it.
    std::optional<qreal> contextX;
    if (m_contextLine && m_contextLine->isVisible() && m_contextLine->count() > 0) {
        contextX = chart()->mapToPosition(m_contextLine->at(0), m_contextLine).x();
        placed << QRectF(*contextX - 2, plot.top(), 4, plot.height());
    }
    QList<QLineF> curveSegments;
    for (const Curve& c : m_curves) {
        if (!c.line || !c.line->isVisible())
            continue;
        const QList<QPointF> points = c.line->points();
        for (qsizetype k = 1; k < points.size(); ++k)
            curveSegments << QLineF(chart()->mapToPosition(points[k - 1], c.line),
                                    chart()->mapToPosition(points[k], c.line));
    }
    constexpr qreal gap = 10; // clears the 16-pixel marker
    for (const Curve& c : m_curves) {
        if (c.marker->count() == 0 || !c.marker->isVisible())
            continue;
        const QPointF point = c.marker->at(0);
        // A marker off the axis is not drawn; neither is its text.
        const bool onAxis = point.x() >= m_x->min() && point.x() <= m_x->max();
        c.markerLabel->setVisible(onAxis);
        if (!onAxis)
            continue;
        const QPointF at = chart()->mapToPosition(point, c.marker);
        c.markerLabel->setText(fittedToWidth(c.markerLabel->data(kFullText).toString(), c.markerLabel->font(),
                                             plot.width() - 4));
        const QSizeF size = c.markerLabel->boundingRect().size();
        const auto inPlot = [&](qreal left, qreal top) {
            return QRectF(
                QPointF(std::clamp(left, plot.left() + 2,
                                   std::max(plot.left() + 2, plot.right() - size.width() - 2)),
                        std::clamp(top, plot.top(), std::max(plot.top(), plot.bottom() - size.height()))),
                size);
        };
        // Clear of earlier text and lines, and crossing as little of the curves as it can (a text
        // across a curve hides where it runs).
        const auto clearOfText = [&](const QRectF& r) {
            return std::none_of(placed.begin(), placed.end(),
                                [&](const QRectF& p) { return p.intersects(r); });
        };
        const auto curvesCrossed = [&](const QRectF& r) {
            return std::count_if(curveSegments.begin(), curveSegments.end(),
                                 [&](const QLineF& l) { return crosses(l, r); });
        };
        // Centred above the marker, below it, then further up and further down, each moved inside
        // the plot; then the same with the text to the right of the marker and to its left; and
        // only where none of those is clear of text and lines (a marker so near the context line
        // that no side of it clears the line), just beyond the line on either side. Of the first
        // of these sets with places clear of text and lines (else of all), the first place that
        // crosses the fewest pieces of the curves.
        const qreal above = at.y() - gap - size.height(), below = at.y() + gap;
        const auto placesAt = [&](std::initializer_list<qreal> lefts) {
            QList<QRectF> places;
            for (qreal left : lefts)
                for (int step = 0; step < 8; ++step)
                    places << inPlot(left, step % 2 ? below + (step / 2) * size.height()
                                                    : above - (step / 2) * size.height());
            return places;
        };
        QList<QRectF> candidates =
            placesAt({at.x() - size.width() / 2, at.x() + gap, at.x() - gap - size.width()});
        if (contextX && std::none_of(candidates.begin(), candidates.end(), clearOfText)) {
            const QList<QRectF> beyondLine = placesAt({*contextX + 4, *contextX - 4 - size.width()});
            if (std::any_of(beyondLine.begin(), beyondLine.end(), clearOfText))
                candidates = beyondLine;
        }
        if (std::any_of(candidates.begin(), candidates.end(), clearOfText))
            candidates.removeIf([&](const QRectF& r) { return !clearOfText(r); });
        const auto chosen =
            std::min_element(candidates.begin(), candidates.end(), [&](const QRectF& a, const QRectF& b) {
                return curvesCrossed(a) < curvesCrossed(b);
            });
        c.markerLabel->setPos(chosen->topLeft());
        placed << *chosen;
    }
}

QString SpeedVsContextChart::toCsv() const
{
    return m_csv;
}

} // namespace is::gui
