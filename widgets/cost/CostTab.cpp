// SPDX-License-Identifier: MIT
#include "cost/CostTab.h"

#include "charts/ChartGrid.h"

#include "charts/ChartExport.h"
#include "charts/ChartFormat.h"
#include "charts/NiceAxis.h"
#include "cost/TcoEditor.h"
#include "metrics/Metrics.h"
#include "serving/ServingChartPanel.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QEvent>
#include <QLineSeries>
#include <QPen>
#include <QSplitter>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace is::gui {

namespace {

using is::cost::HourlyCost;

struct Component
{
    double HourlyCost::*field;
    const char* csv;
    QColor colour;
};
// Fixed colours per component (not per deployment): the bars are stacked by component.
const Component kComponents[] = {
    {&HourlyCost::capital, "capital_usd_per_mtok", QColor(0x4c, 0x78, 0xa8)},
    {&HourlyCost::maintenance, "maintenance_usd_per_mtok", QColor(0x72, 0xb7, 0xb2)},
    {&HourlyCost::energy, "energy_usd_per_mtok", QColor(0xf5, 0x85, 0x18)},
    {&HourlyCost::space, "space_usd_per_mtok", QColor(0x9d, 0x75, 0x5d)},
    {&HourlyCost::rental, "rental_usd_per_mtok", QColor(0xb2, 0x79, 0xa2)},
};

QString componentName(int i)
{
    switch (i) {
    case 0:
        return CostTab::tr("Capital");
    case 1:
        return CostTab::tr("Maintenance");
    case 2:
        return CostTab::tr("Energy");
    case 3:
        return CostTab::tr("Space");
    default:
        return CostTab::tr("Rental");
    }
}

// The text of one line of an HTML-escaped label.
QString unescaped(QString html)
{
    return html.replace(QStringLiteral("&lt;"), QStringLiteral("<"))
        .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
        .replace(QStringLiteral("&quot;"), QStringLiteral("\""))
        .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
}

// The smallest type the stacked bars' names shrink to before a name is cut.
constexpr int kSmallestLabelPoints = 7;

// Assumptions a user can read and edit without dragging the splitter open.
constexpr int kRowsToEdit = 5;

} // namespace

CostTab::CostTab(QWidget* parent) : QWidget(parent)
{
    m_stack = new ServingChartPanel(
        QStringLiteral("cost-per-mtok-stack"), [] { return CostTab::tr("Cost per million tokens"); }, this);
    m_electricity = new ServingChartPanel(
        QStringLiteral("cost-vs-electricity"), [] { return CostTab::tr("Cost versus electricity price"); },
        this);
    m_utilisation = new ServingChartPanel(
        QStringLiteral("cost-vs-utilisation"), [] { return CostTab::tr("Cost versus utilisation"); }, this);
    // The charts in a row above, the assumptions behind them below at full width (kind and
    // source need the room); the splitter resizes.
    auto* splitter = new QSplitter(Qt::Vertical, this);
    m_splitter = splitter;
    // New labels can change the plot's height, not its width: this settles after one more pass.
    connect(m_stack->chart(), &QChart::plotAreaChanged, this, &CostTab::fitStackLabels);
    m_grid = new ChartGrid(splitter);
    m_grid->setCharts({m_stack, m_electricity, m_utilisation});
    m_editor = new TcoEditor(splitter);
    splitter->addWidget(m_grid);
    splitter->addWidget(m_editor);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({550, 450}); // proportions
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
}

void CostTab::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange && !m_analysis.inputs.points.empty()) {
        drawStack();
        drawSweep(servingdata::SweepKind::ElectricityPrice);
        drawSweep(servingdata::SweepKind::Utilisation);
    }
    QWidget::changeEvent(event);
}

void CostTab::setAnalysis(const is::cost::CostAnalysis& analysis, const QHash<QString, QColor>& colours)
{
    m_analysis = analysis;
    m_colours = colours;
    const servingdata::CostInputs& inputs = analysis.inputs;
    const QString placeholder =
        inputs.points.empty() && inputs.error.isEmpty() ? ChartPanel::noDeploymentsText() : QString();
    for (ServingChartPanel* c : charts())
        c->setPlaceholder(placeholder);
    drawStack();
    drawSweep(servingdata::SweepKind::ElectricityPrice);
    drawSweep(servingdata::SweepKind::Utilisation);
    // Longer legends (more deployments) need taller charts: fewer a page.
    m_grid->reflow();
    giveChartsTheirRoom();
}

void CostTab::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    giveChartsTheirRoom();
}

void CostTab::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    giveChartsTheirRoom();
}

void CostTab::giveChartsTheirRoom()
{
    const QList<int> sizes = m_splitter->sizes();
    if (sizes.size() != 2 || !isVisible())
        return;
    // Below one chart and a few editable assumptions' height (a laptop's 720 lines, with the
    // docks open), the assumptions go beside the charts instead of shrinking to their header
    // under them; where the width does not hold both either, they stay below.
    const int handle = m_splitter->handleWidth();
    const int tallNeed =
        m_grid->oneChartSize(width()).height() + m_editor->heightForRows(kRowsToEdit, width()) + handle;
    const int editorWidth = m_editor->stackedMinimumWidth();
    const int chartsWidth = width() - editorWidth - handle;
    const QSize besideChart = m_grid->oneChartSize(chartsWidth);
    const bool beside =
        height() < tallNeed && besideChart.width() <= chartsWidth && besideChart.height() <= height();
    const Qt::Orientation want = beside ? Qt::Horizontal : Qt::Vertical;
    const bool turned = m_splitter->orientation() != want;
    if (turned) {
        m_editor->setStacked(beside);
        m_splitter->setOrientation(want);
    }
    if (beside) {
        // The charts their readable width, the assumptions (their columns are wide) the rest.
        const int total = width() - handle;
        if (turned || sizes[1] < editorWidth)
            m_splitter->setSizes({total - std::max(editorWidth, total - besideChart.width()),
                                  std::max(editorWidth, total - besideChart.width())});
        return;
    }
    // Below: the assumptions give up room, down to their own minimum, until one chart fits above
    // them: on a small screen the charts page rather than scroll.
    const int total = height() - handle;
    const int need = m_grid->oneChartSize(width()).height();
    const int charts = std::min(need, total - m_editor->minimumSizeHint().height());
    if (turned)
        m_splitter->setSizes({std::max(charts, total * 11 / 20), total - std::max(charts, total * 11 / 20)});
    else if (sizes[0] < charts)
        m_splitter->setSizes({charts, total - charts});
}

void CostTab::drawStack()
{
    m_stack->clearChart();
    const servingdata::CostInputs& inputs = m_analysis.inputs;
    const std::vector<HourlyCost>& breakdown = m_analysis.breakdown;
    QStringList notes;
    if (!inputs.error.isEmpty())
        notes << inputs.error;
    for (const auto& p : inputs.points) {
        if (!p.ok)
            notes << tr("%1: no cost (%2)").arg(p.name, p.why.isEmpty() ? tr("serves no tokens") : p.why);
    }

    auto* categories = new QBarCategoryAxis;
    m_stackNames.clear();
    for (const auto& p : inputs.points)
        m_stackNames << p.name;
    categories->append(chartfmt::distinctCategories(m_stackNames));
    // Room for the longest name on two lines of the smallest type fitStackLabels() takes (a name
    // too long even for a wide chart is cut in its middle), and the value axis beside the plot.
    const int pointSize = m_stack->smallFont().pointSize();
    QFont smallest = m_stack->smallFont();
    smallest.setPointSize(std::min(pointSize, kSmallestLabelPoints));
    qreal perName = 6.0 * pointSize;
    for (const QString& name : std::as_const(m_stackNames))
        perName = std::max(perName, chartfmt::textWidth(chartfmt::wrappedLabel(name, smallest, 0), smallest));
    perName = std::min(perName, 14.0 * pointSize);
    m_stack->setMinimumCellWidth(
        int(std::ceil(chartfmt::barCategoryAxisWidth(perName, int(m_stackNames.size())))) + 60);
    m_stackCategories = categories;
    auto* values = new QValueAxis;
    values->setTitleText(tr("USD per M tokens"));
    auto* series = new QStackedBarSeries;
    series->setBarWidth(0.6);
    double top = 0;
    for (const HourlyCost& h : breakdown)
        top = std::max(top, h.total());
    for (int c = 0; c < int(std::size(kComponents)); ++c) {
        auto* set = new QBarSet(componentName(c));
        set->setColor(kComponents[c].colour);
        set->setBorderColor(kComponents[c].colour.darker(130));
        for (const HourlyCost& h : breakdown)
            set->append(h.*kComponents[c].field);
        series->append(set);
    }
    QChart* chart = m_stack->chart();
    chart->addAxis(categories, Qt::AlignBottom);
    chart->addAxis(values, Qt::AlignLeft);
    chart->addSeries(series);
    series->attachAxis(categories);
    series->attachAxis(values);
    niceaxis::setValueRange(values, top > 0 ? top * 1.08 : 1.0);

    QString csv = QStringLiteral("deployment");
    for (const Component& c : kComponents)
        csv += QLatin1Char(',') + QLatin1String(c.csv);
    csv += QStringLiteral(",total_usd_per_mtok\n");
    for (size_t i = 0; i < breakdown.size(); ++i) {
        csv += chartexport::csvField(inputs.points[i].name);
        for (const Component& c : kComponents)
            csv += QLatin1Char(',') + chartexport::csvNumber(breakdown[i].*c.field);
        csv += QLatin1Char(',') + chartexport::csvNumber(breakdown[i].total()) + QLatin1Char('\n');
    }
    m_stack->setCsv(csv);
    m_stack->showNote(chartfmt::joinNotes(notes));
    m_stack->refreshFonts();
    fitStackLabels();
}

void CostTab::fitStackLabels()
{
    if (!m_stackCategories || m_stackNames.isEmpty() || !m_stack->chart()->axes().contains(m_stackCategories))
        return;
    // Qt Charts cuts a name wider than its column to "..." (chartfmt::barCategoryLabelWidth):
    // each name goes on two lines where one is too wide, in smaller type where two are (down to
    // 7 points), on three only where two lines fit no type (a short chart's axis has no height
    // for three), and is cut in the middle only where even that does not fit (both ends of a
    // name stay readable).
    const qreal width =
        chartfmt::barCategoryLabelWidth(m_stack->chart()->plotArea().width(), int(m_stackNames.size()));
    if (width <= 0)
        return;
    const QFont base = m_stack->smallFont();
    QFont font = base;
    QStringList labels;
    bool fits = false;
    for (const bool threeLines : {false, true}) {
        for (QFont f = base; f.pointSize() >= kSmallestLabelPoints; f.setPointSize(f.pointSize() - 1)) {
            labels.clear();
            fits = true;
            for (const QString& name : std::as_const(m_stackNames)) {
                QString label = chartfmt::wrappedLabel(name, f, width);
                if (threeLines && chartfmt::textWidth(label, f) > width) {
                    // A third line: the wider of the two broken again (a fourth would need more
                    // height than a short chart's axis has).
                    QStringList lines = label.split(QStringLiteral("<br>"));
                    QString& wider = *std::max_element(
                        lines.begin(), lines.end(), [&](const QString& a, const QString& b) {
                            return chartfmt::textWidth(a, f) < chartfmt::textWidth(b, f);
                        });
                    wider = chartfmt::wrappedLabel(unescaped(wider), f, width);
                    label = lines.join(QStringLiteral("<br>"));
                }
                labels << label;
                fits = fits && chartfmt::textWidth(labels.back(), f) <= width;
            }
            font = f;
            if (fits)
                break;
        }
        if (fits)
            break;
    }
    for (int i = 0; i < labels.size(); ++i)
        if (chartfmt::textWidth(labels[i], font) > width)
            labels[i] = chartfmt::middleElidedLabel(m_stackNames[i], font, width);
    labels = chartfmt::distinctCategories(labels);
    if (m_stackCategories->labelsFont() != font)
        m_stackCategories->setLabelsFont(font);
    if (labels != m_stackCategories->categories())
        m_stackCategories->setCategories(labels);
}

void CostTab::drawSweep(servingdata::SweepKind k)
{
    const bool electricity = k == servingdata::SweepKind::ElectricityPrice;
    ServingChartPanel* panel = sensitivityChart(k);
    panel->clearChart();
    auto* x = new QValueAxis;
    x->setTitleText(electricity ? is::metrics::title(u"usd_per_kwh")
                                : tr("Utilisation (% of hours serving)"));
    auto* y = new QValueAxis;
    y->setTitleText(tr("USD per M tokens"));
    QChart* chart = panel->chart();
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    const is::cost::CostSweep& sweep = m_analysis.sweep(k);
    const double scale = electricity ? 1.0 : 100.0; // utilisation is shown in percent
    QString csv = electricity ? QStringLiteral("deployment,usd_per_kwh,usd_per_mtok\n")
                              : QStringLiteral("deployment,utilisation,usd_per_mtok\n");
    double top = 0;
    for (const is::cost::CostCurve& curve : sweep.curves) {
        // The deployment's place in the document picks its fallback colour, as on the stack.
        const auto& points = m_analysis.inputs.points;
        const auto at = std::find_if(points.begin(), points.end(),
                                     [&](const servingdata::CostPoint& p) { return p.docId == curve.docId; });
        auto* line = new QLineSeries;
        line->setName(curve.name);
        QPen pen(chartfmt::deploymentColour(m_colours, curve.docId, int(at - points.begin())));
        pen.setWidthF(2);
        line->setPen(pen);
        QList<QPointF> pts;
        for (size_t j = 0; j < sweep.values.size(); ++j) {
            const double v = sweep.values[j];
            const double cost = curve.usdPerMTok[j];
            pts.append(QPointF(v * scale, cost));
            top = std::max(top, cost);
            csv += chartexport::csvField(curve.name) + QLatin1Char(',') + chartexport::csvNumber(v) +
                   QLatin1Char(',') + chartexport::csvNumber(cost) + QLatin1Char('\n');
        }
        line->replace(pts);
        chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
    const double yTop = top > 0 ? top * 1.08 : 1.0;
    niceaxis::setValueRange(y, yTop);
    // The scenario's own assumption, so the reader sees where the bars of the stack sit.
    const double current = sweep.scenarioValue;
    if (std::isfinite(current) && current > 0) {
        auto* marker = new QLineSeries;
        marker->setName(tr("Scenario assumption"));
        QPen pen(QColor(0x55, 0x55, 0x55));
        pen.setStyle(Qt::DashLine);
        marker->setPen(pen);
        marker->replace({QPointF(current * scale, 0), QPointF(current * scale, y->max())});
        chart->addSeries(marker);
        marker->attachAxis(x);
        marker->attachAxis(y);
    }
    if (electricity) {
        x->setRange(0, 0.30);
        x->setTickCount(7);
        x->setLabelFormat(QStringLiteral("%.2f"));
    } else {
        x->setRange(0, 100);
        x->setTickCount(6);
        x->setLabelFormat(QStringLiteral("%.0f"));
    }
    panel->setCsv(csv);
    panel->refreshFonts();
}

} // namespace is::gui
