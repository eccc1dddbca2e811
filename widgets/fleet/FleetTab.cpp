// SPDX-License-Identifier: MIT
#include "fleet/FleetTab.h"

#include "TargetsText.h"
#include "Units.h"
#include "analysis/FleetSizing.h"
#include "charts/ChartExport.h"
#include "charts/ChartFormat.h"
#include "charts/NiceAxis.h"
#include "engine/Engine.h"
#include "metrics/Metrics.h"
#include "serving/ServingChartPanel.h"
#include "table/SortItem.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <QScopeGuard>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace is::gui {

using is::cost::FleetRow;
using is::cost::FleetTargetKind;

namespace {

enum Column { ColName, ColSystems, ColChips, ColCapex, ColMW, ColCost, ColTokS, ColUsers, ColCount };

FleetTargetKind kindAt(int i)
{
    return i == 1   ? FleetTargetKind::RequestsPerS
           : i == 2 ? FleetTargetKind::PowerMW
                    : FleetTargetKind::Users;
}

// Whether a row is feasible (on its name cell): an infeasible row spans its "why" across the
// number columns, and spans do not move with the rows when the table sorts.
constexpr int kFeasibleRole = Qt::UserRole + 2;

} // namespace

FleetTab::FleetTab(QWidget* parent) : QWidget(parent)
{
    m_kind = new QComboBox(this);
    m_kind->addItems({QString(), QString(), QString()});
    m_value = new QDoubleSpinBox(this);
    m_value->setGroupSeparatorShown(true);
    m_value->setKeyboardTracking(false);
    showTargetKind(0);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_kind);
    controls->addWidget(m_value);
    controls->addWidget(m_summary, 1);

    m_table = new QTableWidget(0, ColCount, this);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    // Every column as wide as its contents, the names too: a stretched name column took what the
    // numbers left, 27 px at 700, and wrapped "GPT-5.6 Sol on CS-3" into rows of one line's height
    // ("GPT-5.6 Sol"). Where the columns need more than the width, the table scrolls.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    // Click a column to sort by it; no order until then (the scenario's).
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSortIndicatorShown(true);
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    connect(m_table->model(), &QAbstractItemModel::layoutChanged, this, &FleetTab::spanInfeasibleRows);

    m_chart = new ServingChartPanel(
        QStringLiteral("fleet-size"), [] { return FleetTab::tr("Fleet per deployment"); }, this);
    m_chartMetric = new QComboBox(m_chart);
    m_chartMetric->addItems({QString(), QString()});
    m_chart->addControl(m_chartMetric);

    auto* split = new QSplitter(Qt::Vertical, this);
    m_split = split;
    split->addWidget(m_table);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 4);
    // A table of a few deployments needs a few rows; the chart takes the rest.
    split->setSizes({160, 640});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->addLayout(controls);
    layout->addWidget(split, 1);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this](int i) {
        showTargetKind(i);
        recompute();
    });
    connect(m_value, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_lastValue[std::clamp(m_kind->currentIndex(), 0, 2)] = v;
        recompute();
    });
    connect(m_chartMetric, &QComboBox::currentIndexChanged, this, [this] { drawChart(); });
    retranslate();
}

FleetTab::~FleetTab() = default;

void FleetTab::showTargetKind(int kind)
{
    // Users are whole; requests/s and megawatts take a decimal. The upper ends are sizeFleet's.
    static constexpr int kDecimals[3] = {0, 1, 1};
    static constexpr double kMin[3] = {1, 0.1, 0.1};
    const int i = std::clamp(kind, 0, 2);
    const QSignalBlocker block(m_value);
    m_value->setDecimals(kDecimals[i]);
    m_value->setRange(kMin[i], is::cost::fleetTargetLimit(kindAt(i)));
    m_value->setValue(m_lastValue[i]);
}

void FleetTab::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    giveTableItsRows();
}

void FleetTab::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    giveTableItsRows();
}

void FleetTab::giveTableItsRows()
{
    // Every deployment's row where the chart keeps its readable minimum (a 1280 x 720 screen
    // showed one row of two); the rest of the room goes to the chart. A table already taller
    // (the user moved the splitter) stays so.
    const QList<int> sizes = m_split->sizes();
    if (sizes.size() != 2 || !isVisible())
        return;
    int need = m_table->horizontalHeader()->height() + 2 * m_table->frameWidth();
    for (int r = 0; r < m_table->rowCount(); ++r)
        need += m_table->rowHeight(r);
    int columns = 0;
    for (int c = 0; c < m_table->columnCount(); ++c)
        columns += m_table->columnWidth(c);
    if (columns > m_table->viewport()->width())
        need += m_table->horizontalScrollBar()->sizeHint().height();
    const int total = sizes[0] + sizes[1];
    // The chart's own minimum with the note it shows, not a grid cell's (minimumCellSize), which
    // keeps room for a note the chart may not show: that reserve left a Chinese table at 1280 x
    // 720 one and a half rows. A note that appears later takes its lines from the table again,
    // else it is drawn over the chart's axis.
    const int most = std::max(0, total - m_chart->minimumHeightAt(m_split->width()));
    const int table = std::min(need, most);
    if (sizes[0] < table)
        m_split->setSizes({table, total - table});
    else if (sizes[0] > most)
        m_split->setSizes({most, total - most});
}

void FleetTab::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void FleetTab::retranslate()
{
    {
        const QSignalBlocker a(m_kind), b(m_chartMetric);
        m_kind->setItemText(0, is::metrics::title(u"users"));
        m_kind->setItemText(1, is::metrics::title(u"rps"));
        m_kind->setItemText(2, tr("Power budget (MW)"));
        m_chartMetric->setItemText(0, is::metrics::title(u"systems"));
        m_chartMetric->setItemText(1, is::metrics::title(u"facility_mw"));
    }
    m_table->setHorizontalHeaderLabels(
        {tr("Deployment"), is::metrics::title(u"systems"), is::metrics::title(is::metrics::Id::Chips),
         tr("Capex (USD)"), tr("Power (MW)"), tr("USD / M tokens"), tr("Output tok/s"), tr("Users")});
    fillTable();
    drawChart();
}

void FleetTab::setScenario(const is::Scenario& s, std::shared_ptr<const is::Engine> engine,
                           const QHash<QString, QColor>& colours)
{
    m_scenario = s;
    m_engine = std::move(engine);
    m_colours = colours;
    m_chart->setPlaceholder(s.deployments.empty() ? ChartPanel::noDeploymentsText() : QString());
    recompute();
}

void FleetTab::setTarget(FleetTargetKind kind, double value)
{
    const int i = kind == FleetTargetKind::RequestsPerS ? 1 : kind == FleetTargetKind::PowerMW ? 2 : 0;
    m_lastValue[i] = value;
    {
        const QSignalBlocker a(m_kind), b(m_value);
        m_kind->setCurrentIndex(i);
        m_value->setValue(value);
    }
    recompute();
}

void FleetTab::adopt(const FleetTab& other)
{
    std::copy(std::begin(other.m_lastValue), std::end(other.m_lastValue), std::begin(m_lastValue));
    {
        const QSignalBlocker a(m_kind), b(m_value), c(m_chartMetric);
        m_kind->setCurrentIndex(other.m_kind->currentIndex());
        m_value->setValue(other.m_value->value());
        m_chartMetric->setCurrentIndex(other.m_chartMetric->currentIndex());
    }
    recompute();
}

void FleetTab::recompute()
{
    if (!m_scenario || !m_engine) {
        m_jobs.cancelAll();
        m_result.reset();
        m_error.clear();
        fillTable();
        drawChart();
        return;
    }
    // Sized by core (what `inference-studio fleet` prints) on a worker: the GUI thread neither
    // evaluates nor waits. The table keeps the last figures until the newest arrive; the job owns
    // copies of what it reads, since the scenario may change while it runs.
    struct Outcome
    {
        std::optional<is::cost::FleetResult> result;
        QString error;
    };
    const is::cost::FleetTarget target{kindAt(m_kind->currentIndex()), m_value->value()};
    m_jobs.submit(
        [scenario = *m_scenario, engine = m_engine, target](is::JobContext&) {
            Outcome o;
            o.result = is::cost::analyseFleet(scenario, *engine, target, &o.error);
            return o;
        },
        [this](Outcome o) {
            m_result = std::move(o.result);
            m_error = m_result ? QString() : o.error;
            fillTable();
            drawChart();
        });
}

bool FleetTab::waitForIdle(int timeoutMs)
{
    return m_jobs.waitForIdle(timeoutMs);
}

QString FleetTab::summaryToolTip() const
{
    return m_summary->toolTip();
}

QString FleetTab::summaryText() const
{
    return m_summary->text();
}

void FleetTab::spanInfeasibleRows()
{
    m_table->clearSpans();
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const QTableWidgetItem* name = m_table->item(r, ColName);
        if (name && !name->data(kFeasibleRole).toBool())
            m_table->setSpan(r, ColSystems, 1, ColCount - ColSystems);
    }
}

void FleetTab::fillTable()
{
    // Filled unsorted (a sorting table moves rows while they are filled), sorted once full.
    m_table->setSortingEnabled(false);
    const auto sortAgain = qScopeGuard([this] {
        m_table->setSortingEnabled(true);
        spanInfeasibleRows();
        giveTableItsRows();
    });
    m_table->clearSpans();
    m_table->setRowCount(0);
    if (!m_result) {
        m_summary->setText(m_error);
        m_summary->setToolTip(QString());
        return;
    }
    const auto& slo = m_result->slo;
    // 0: the scenario states no target of that kind; assumed targets say so, so a reader knows
    // the fleet was sized against numbers nobody chose.
    const QString origin = slo.assumed() ? tr("assumed for interactive chat: the scenario states none")
                                         : tr("from the scenario");
    // How the fleet is used, which the costs per token follow: a load target fills each unit up to
    // the sizing headroom, around the clock; a power budget serves the TCO's share of hours.
    // It is the summary's tooltip: beside the controls even a short sentence took a third line in
    // Chinese, and with it the table's second row at 1280x720. The fleet command prints it.
    const bool budget = m_result->target.kind == is::cost::FleetTargetKind::PowerMW;
    m_summary->setText(
        tr("Latency targets: %1, %2 (%3)").arg(targets::ttft(slo.ttftS), targets::tpot(slo.tpotS), origin));
    m_summary->setToolTip(
        budget
            ? tr("Tokens/s and users are what the units the budget buys carry at %1 % of their capacity, "
                 "as a load target sizes them. Costs count the capacity serving paying load %2 % of hours, "
                 "as the cost assumptions' utilisation says; idle hours draw idle power.")
                  .arg(is::gui::units::plain(m_result->maxUtilisation * 100),
                       is::gui::units::plain(m_result->utilisation * 100))
            : tr("Each deployment is sized to carry at most %1 % of its capacity (the cost assumptions' "
                 "maximum utilisation), and the load is served around the clock: $/M tokens is the "
                 "fleet's cost over this load's tokens, where the comparison's cost at full load "
                 "serves the utilisation's share of hours.")
                  .arg(is::gui::units::plain(m_result->maxUtilisation * 100)));
    m_table->setRowCount(int(m_result->rows.size()));
    for (int r = 0; r < int(m_result->rows.size()); ++r) {
        const FleetRow& f = m_result->rows[size_t(r)];
        auto* name = new SortItem(f.name, f.name);
        name->setData(Qt::UserRole, f.docId);
        name->setData(kFeasibleRole, f.feasible);
        name->setForeground(chartfmt::deploymentColour(m_colours, f.docId, r).darker(110));
        if (!f.feasible) {
            name->setToolTip(f.why);
            m_table->setItem(r, ColName, name);
            // After every feasible row, whichever column sorts.
            auto* why =
                new SortItem(tr("Not feasible: %1").arg(f.why), std::numeric_limits<double>::infinity());
            why->setToolTip(f.why);
            m_table->setItem(r, ColSystems, why);
            continue;
        }
        // The unit the fleet is made of and the serving point it is sized at, on every cell of
        // the row: the table had room for the fleet's totals only, and "532 wafers" did not say
        // they were 7 units of 76, each serving 2,072 users.
        QString unit =
            m_scenario && !m_scenario->workload.decodes()
                ? tr("Units: %1 of %2 chips each; at full load a unit serves %3 users, first token in %4 ms.")
                      .arg(is::gui::units::integer(double(f.units)), is::gui::units::integer(f.unitChips),
                           is::gui::units::integer(f.unitUsers), is::gui::units::integer(f.ttftS * 1000))
                : tr("Units: %1 of %2 chips each; at full load a unit serves %3 users at %4 tokens/s each, "
                     "first token in %5 ms.")
                      .arg(is::gui::units::integer(double(f.units)), is::gui::units::integer(f.unitChips),
                           is::gui::units::integer(f.unitUsers), is::gui::units::significant(f.tokSUser),
                           is::gui::units::integer(f.ttftS * 1000));
        // Each unit carries only up to the sizing headroom, a power budget's as a load target's:
        // 2,365 users per unit did not explain two units for 2,365 users.
        unit += QLatin1Char('\n') + tr("The fleet gives each unit at most %1 % of that load.")
                                        .arg(is::gui::units::plain(m_result->maxUtilisation * 100));
        name->setToolTip(unit);
        m_table->setItem(r, ColName, name);
        m_table->setItem(r, ColSystems,
                         numberItem(double(f.systems), is::gui::units::integer(double(f.systems))));
        m_table->setItem(r, ColChips, numberItem(double(f.chips), is::gui::units::integer(double(f.chips))));
        m_table->setItem(r, ColCapex, numberItem(f.capexUsd, is::gui::units::dollars(f.capexUsd)));
        m_table->setItem(
            r, ColMW,
            numberItem(f.facilityMW, is::gui::units::significant(chartfmt::finiteOr(f.facilityMW))));
        m_table->setItem(r, ColCost,
                         numberItem(f.costs.usdPerMTok,
                                    is::gui::units::significant(chartfmt::finiteOr(f.costs.usdPerMTok))));
        m_table->setItem(r, ColTokS, numberItem(f.tokS, is::gui::units::compact(chartfmt::finiteOr(f.tokS))));
        m_table->setItem(r, ColUsers,
                         numberItem(f.users, is::gui::units::compact(chartfmt::finiteOr(f.users))));
        for (int c = ColSystems; c < ColCount; ++c)
            m_table->item(r, c)->setToolTip(unit);
        // The column is the average draw at the load; a power budget binds the peak, which a
        // budget of 750 MW beside a column of 384 MW left unsaid.
        m_table->item(r, ColMW)->setToolTip(unit + QLatin1Char('\n') +
                                            tr("Average facility power at this load; at peak the fleet draws "
                                               "%1 MW, which a power budget binds.")
                                                .arg(is::gui::units::significant(f.peakMW)));
    }
}

QString FleetTab::targetText() const
{
    const double v = m_value->value();
    // Users and requests read as the table's counts do ("1M", "100万"), not as "1,000,000".
    const QString count = v >= 1e4 ? is::gui::units::compact(v) : is::gui::units::fixed(v, v < 10 ? 1 : 0);
    const QString value = is::gui::units::fixed(v, v < 10 ? 1 : 0);
    switch (m_kind->currentIndex()) {
    case 1:
        return tr("%1 requests/s").arg(count);
    case 2:
        return tr("%1 MW power budget").arg(value);
    default:
        return tr("%1 concurrent users").arg(count);
    }
}

void FleetTab::drawChart()
{
    m_chart->clearChart();
    const bool mw = m_chartMetric->currentIndex() == 1;
    auto* categories = new QBarCategoryAxis;
    auto* values = new QValueAxis;
    values->setTitleText(is::metrics::title(mw ? u"facility_mw" : u"systems"));
    auto* bars = new QBarSeries;
    bars->setBarWidth(0.6);
    bars->setLabelsVisible(true);
    bars->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    QString csv = QStringLiteral(
        "deployment,feasible,systems,chips,capex_usd,facility_mw,usd_per_mtok,tok_s,users,why\n");
    QStringList notes;
    QStringList infeasible;
    double top = 0;
    if (m_result) {
        categories->append(targetText());
        for (size_t i = 0; i < m_result->rows.size(); ++i) {
            const FleetRow& f = m_result->rows[i];
            const QColor colour = chartfmt::deploymentColour(m_colours, f.docId, int(i));
            auto* set = new QBarSet(f.name);
            set->setColor(colour);
            set->setBorderColor(colour.darker(130));
            set->setLabelColor(QColor(0x30, 0x30, 0x30));
            const double v =
                f.feasible ? std::max(0.0, chartfmt::finiteOr(mw ? f.facilityMW : double(f.systems))) : 0.0;
            set->append(v);
            top = std::max(top, v);
            bars->append(set);
            // The table spans each reason across its row; the chart names the deployments only,
            // so that a long reason per deployment does not take the chart's room (1280 x 720).
            if (!f.feasible)
                infeasible << f.name;
            csv +=
                chartexport::csvField(f.name) +
                (f.feasible ? QStringLiteral(",true,") : QStringLiteral(",false,")) +
                chartexport::csvNumber(double(f.systems)) + QLatin1Char(',') +
                chartexport::csvNumber(double(f.chips)) + QLatin1Char(',') +
                chartexport::csvNumber(f.capexUsd) + QLatin1Char(',') + chartexport::csvNumber(f.facilityMW) +
                QLatin1Char(',') + chartexport::csvNumber(f.costs.usdPerMTok) + QLatin1Char(',') +
                chartexport::csvNumber(f.tokS) + QLatin1Char(',') + chartexport::csvNumber(f.users) +
                QLatin1Char(',') + chartexport::csvField(f.feasible ? QString() : f.why) + QLatin1Char('\n');
        }
        if (!infeasible.isEmpty())
            notes << tr("Not feasible, drawn at 0 (the table says why): %1")
                         .arg(infeasible.join(tr(", ", "list separator")));
    } else if (!m_error.isEmpty()) {
        notes << m_error;
    }
    QChart* c = m_chart->chart();
    c->addAxis(categories, Qt::AlignBottom);
    c->addAxis(values, Qt::AlignLeft);
    c->addSeries(bars);
    bars->attachAxis(categories);
    bars->attachAxis(values);
    niceaxis::setValueRange(values, top > 0 ? top * 1.12 : 1.0);
    bars->setLabelsPrecision(chartfmt::barLabelPrecision(top));
    m_chart->setCsv(csv);
    m_chart->showNote(chartfmt::joinNotes(notes));
    m_chart->refreshFonts();
    giveTableItsRows();
}

} // namespace is::gui
