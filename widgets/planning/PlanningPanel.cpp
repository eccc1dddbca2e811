// SPDX-License-Identifier: MIT
#include "planning/PlanningPanel.h"

#include "Names.h"
#include "Units.h"
#include "charts/ChartExport.h"
#include "charts/ChartFormat.h"
#include "charts/NiceAxis.h"
#include "document/AddDeploymentCommand.h"
#include "document/ScenarioDocument.h"
#include "engine/Engine.h"
#include "metrics/Metrics.h"
#include "planning/PlanRanking.h"
#include "planning/PlanningColumns.h"
#include "planning/PlanningJob.h"
#include "planning/ScenarioPlan.h"
#include "scenario/ScenarioEvaluation.h"
#include "serving/ServingChartPanel.h"

#include <QChart>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLogValueAxis>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QSplitter>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <utility>

namespace is::gui {

namespace {

// A configuration as the summary names it, in the user's language: "GB300 NVL72, 72 chips, TP2
// PP3 DP12, FP4, KV FP8, weights resident, EAGLE-3". The ids stay in the command line's text.
QString configText(const planning::PlanRow& row)
{
    const planning::PlanConfig& c = row.config;
    QStringList parts{QCoreApplication::translate("is::gui::PlanningPanel", "%1, %2 chips")
                          .arg(c.device->name)
                          .arg(c.unitChips),
                      c.plan.toString(), precisionsText(c), names::mode(c.mode).toLower()};
    if (c.speculative != SpeculativeMethod::None)
        parts << names::speculative(c.speculative);
    if (c.layout != planning::PoolLayout::Colocated)
        parts << planning::layoutText(row);
    return parts.join(QCoreApplication::translate("is::gui::PlanningPanel", ", "));
}

// The most feasible configurations the chart scatters (the cheapest); the frontier is always drawn.
constexpr int kMaxScatter = 600;

QDoubleSpinBox* limitBox(QWidget* parent, double max, int decimals, double value)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(0, max);
    box->setDecimals(decimals);
    box->setValue(value);
    box->setGroupSeparatorShown(true);
    return box;
}

} // namespace

PlanningPanel::PlanningPanel(ScenarioDocument* doc, QWidget* parent) : QWidget(parent), m_doc(doc)
{
    m_loadKind = new QComboBox(this);
    m_loadKind->addItems({QString(), QString()});
    m_load = limitBox(this, cost::fleetTargetLimit(cost::FleetTargetKind::Users), 0, 10000);
    m_load->setMinimum(1);
    m_ttft = limitBox(this, 600000, 0, 300);
    m_tpot = limitBox(this, 10000, 1, 50);
    m_power = limitBox(this, cost::fleetTargetLimit(cost::FleetTargetKind::PowerMW), 1, 0);
    m_capex = limitBox(this, 1e6, 0, 0);
    m_ttftLabel = new QLabel(this);
    m_tpotLabel = new QLabel(this);
    m_powerLabel = new QLabel(this);
    m_capexLabel = new QLabel(this);
    m_searchButton = new QPushButton(this);
    m_cancelButton = new QPushButton(this);
    m_cancelButton->setEnabled(false);
    m_addButton = new QPushButton(this);
    m_addButton->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // Two targets a row: the panel shares the width under the canvas with the docks, and on a
    // 1280 x 720 screen one row of six would widen the window past the screen.
    auto* targets = new QGridLayout;
    targets->addWidget(m_loadKind, 0, 0);
    targets->addWidget(m_load, 0, 1);
    const std::pair<QLabel*, QDoubleSpinBox*> limits[] = {
        {m_ttftLabel, m_ttft}, {m_tpotLabel, m_tpot}, {m_powerLabel, m_power}, {m_capexLabel, m_capex}};
    for (int i = 0; i < 4; ++i) {
        const int row = (i + 1) / 2;
        const int col = (i + 1) % 2 * 2;
        targets->addWidget(limits[i].first, row, col);
        targets->addWidget(limits[i].second, row, col + 1);
    }
    targets->setColumnStretch(4, 1);
    auto* actions = new QHBoxLayout;
    actions->addWidget(m_searchButton);
    actions->addWidget(m_cancelButton);
    actions->addWidget(m_progress, 1);
    actions->addWidget(m_addButton);

    setUpTable();
    m_chart = new ServingChartPanel(
        QStringLiteral("deployment-search-pareto"),
        [this] {
            // One output token never decodes: its points stand at their first token.
            return decodes() ? PlanningPanel::tr("Cost against per-user speed")
                             : PlanningPanel::tr("Cost against first token");
        },
        this);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_table);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    // The table's many columns ask for all the width; the chart keeps room for its title and axes
    // (at 1280 x 720, before any result, it was squeezed to a cut title).
    split->setChildrenCollapsible(false);
    m_chart->setMinimumWidth(std::max(m_chart->minimumSizeHint().width(), 300));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->addLayout(targets);
    layout->addLayout(actions);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);

    connect(m_searchButton, &QPushButton::clicked, this, &PlanningPanel::search);
    connect(m_cancelButton, &QPushButton::clicked, this, &PlanningPanel::cancel);
    connect(m_addButton, &QPushButton::clicked, this, [this] {
        const auto rows = m_table->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            addToCanvas(rows.front().row());
    });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto rows = m_table->selectionModel()->selectedRows();
        const bool can = !rows.isEmpty() && canAddToCanvas(rows.front().row());
        m_addButton->setEnabled(can);
        m_addButton->setToolTip(!rows.isEmpty() && !can
                                    ? tr("This fleet's prefill-decode ratio needs more chips than "
                                         "one deployment may have")
                                    : QString());
    });
    // Another scenario opened, or a new one: the last search was its predecessor's, of its model,
    // and its rows are not this document's to add (a Llama 3.1 70B row added to the seed benchmark
    // left every card unable to evaluate).
    connect(m_doc, &ScenarioDocument::documentReset, this, &PlanningPanel::forgetSearch);
    // Before a search the chart says what it will plot, which the workload's output length decides.
    connect(m_doc, &ScenarioDocument::workloadChanged, this, [this] {
        if (!m_result)
            drawChart();
    });
    connect(m_loadKind, &QComboBox::currentIndexChanged, this, [this](int i) {
        const auto kind = i == 1 ? cost::FleetTargetKind::RequestsPerS : cost::FleetTargetKind::Users;
        m_load->setDecimals(i == 1 ? 1 : 0);
        m_load->setMaximum(cost::fleetTargetLimit(kind));
    });
    retranslate();
}

PlanningPanel::~PlanningPanel() = default;

void PlanningPanel::setEngine(std::shared_ptr<const Engine> engine)
{
    m_engine = std::move(engine);
}

bool PlanningPanel::searching() const
{
    return m_job && m_job->running();
}

planning::PlanTargets PlanningPanel::targetsFromForm() const
{
    planning::PlanTargets t;
    t.load = {m_loadKind->currentIndex() == 1 ? cost::FleetTargetKind::RequestsPerS
                                              : cost::FleetTargetKind::Users,
              m_load->value()};
    t.ttftS = m_ttft->value() / 1000.0;
    t.tpotS = m_tpot->value() / 1000.0;
    t.powerMW = m_power->value();
    t.capexUsd = m_capex->value() * 1e6;
    return t;
}

void PlanningPanel::search()
{
    if (!m_engine)
        return;
    m_job.reset(); // cancels and waits for a running search: the newest wins
    QString error;
    auto inputs = planning::planInputsFor(m_doc->scenario(), m_engine->catalog(), &error);
    if (!inputs) {
        m_result.reset();
        m_error = error;
        fillTable();
        drawChart();
        m_summary->setText(summaryText());
        return;
    }
    m_searchingModel = inputs->modelRef;
    m_searchingModelName = inputs->model.arch.name;
    // The form's limits as given; a limit of 0 is none (the scenario's own do not apply here:
    // the form shows every target the search uses).
    m_job = std::make_unique<PlanningJob>(m_engine, std::move(*inputs), targetsFromForm());
    connect(m_job.get(), &PlanningJob::progressed, this, [this](int done, int total) {
        m_progress->setRange(0, std::max(1, total));
        m_progress->setValue(done);
    });
    connect(m_job.get(), &PlanningJob::finished, this, &PlanningPanel::finish);
    m_searchButton->setEnabled(false);
    m_cancelButton->setEnabled(true);
    m_summary->setText(tr("Searching…"));
    m_job->start();
}

void PlanningPanel::adopt(const PlanningPanel& other)
{
    m_loadKind->setCurrentIndex(other.m_loadKind->currentIndex());
    for (auto [mine, theirs] :
         {std::pair{m_load, other.m_load}, std::pair{m_ttft, other.m_ttft}, std::pair{m_tpot, other.m_tpot},
          std::pair{m_power, other.m_power}, std::pair{m_capex, other.m_capex}})
        mine->setValue(theirs->value());
    if (!other.m_result && other.m_error.isEmpty())
        return;
    m_result = other.m_result;
    m_error = other.m_error;
    m_searchedModel = other.m_searchedModel;
    m_searchedModelName = other.m_searchedModelName;
    fillTable();
    drawChart();
    m_summary->setText(summaryText());
    m_progress->setRange(0, 1);
    m_progress->setValue(m_result ? 1 : 0);
}

void PlanningPanel::forgetSearch()
{
    m_job.reset(); // cancels and waits for a running search
    m_result.reset();
    m_error.clear();
    m_searchedModel = {};
    m_searchedModelName.clear();
    m_searchButton->setEnabled(true);
    m_cancelButton->setEnabled(false);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    fillTable();
    drawChart();
    m_summary->setText(summaryText());
    m_addButton->setEnabled(false);
}

void PlanningPanel::cancel()
{
    if (m_job)
        m_job->cancel();
}

void PlanningPanel::finish()
{
    m_searchButton->setEnabled(true);
    m_cancelButton->setEnabled(false);
    m_result = m_job->result();
    m_error = m_job->error();
    m_searchedModel = m_searchingModel;
    m_searchedModelName = m_searchingModelName;
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // a new result: its ranking
    fillTable();
    drawChart();
    m_summary->setText(summaryText());
    Q_EMIT searchFinished();
}

QString PlanningPanel::summaryText() const
{
    if (!m_result)
        return m_error;
    const planning::PlanResult& r = *m_result;
    QStringList text{tr("%1: %2 configurations evaluated, %3 meet every target.")
                         .arg(names::catalogName(m_searchedModelName),
                              is::gui::units::integer(static_cast<double>(r.stats.configurations)),
                              is::gui::units::integer(r.feasibleCount))};
    if (r.cancelled)
        text << tr("Search cancelled: the ranking covers the part searched.");
    if (r.feasibleCount == 0) {
        if (!r.rows.empty())
            text << tr("Closest: %1, which misses the %2 (%3).")
                        .arg(configText(r.rows.front()), planning::bindingText(r.rows.front().binding),
                             r.rows.front().why);
        return chartfmt::joinSentences(text);
    }
    text << tr("Cheapest: %1 at $%2 per million tokens, bound by the %3.")
                .arg(configText(r.rows.front()), is::gui::units::significant(r.rows.front().usdPerMTok),
                     planning::bindingText(r.rows.front().binding));
    if (r.nextCheaper >= 0) {
        const planning::PlanRow& n = r.rows[static_cast<size_t>(r.nextCheaper)];
        text << tr("The next cheaper, %1, misses the %2 (%3).")
                    .arg(configText(n), planning::bindingText(n.binding), n.why);
    }
    return chartfmt::joinSentences(text);
}

bool PlanningPanel::decodes() const
{
    return m_result ? m_result->decodes : m_doc->scenario().workload.decodes();
}

void PlanningPanel::drawChart()
{
    m_chart->clearChart();
    m_chart->chart()->setTitle(m_chart->title());
    QString csv = QStringLiteral(
        "device,unit_chips,plan,precision,kv_precision,mode,speculative,layout,ffn_device,"
        "ffn_chips,prefill_units,decode_units,units,chips,systems,usd_per_mtok,tok_s_user,ttft_ms,"
        "tpot_ms,peak_mw,capex_usd,binding,pareto\n");
    if (!m_result || m_result->feasibleCount == 0) {
        m_chart->setCsv(csv);
        // Before the first search the plot says what fills it rather than standing empty (in the
        // plot, not in the note under it, which is red: nothing is wrong yet).
        m_chart->setPlaceholder(
            m_result    ? QString()
            : decodes() ? tr("Set the targets and press Find deployments: every configuration "
                             "that meets them appears here by its cost and per-user speed.")
                        : tr("Set the targets and press Find deployments: every configuration "
                             "that meets them appears here by its cost and time to first token."));
        m_chart->showNote(m_result ? tr("No configuration meets every target.") : QString());
        m_chart->refreshFonts();
        return;
    }
    m_chart->setPlaceholder(QString());
    auto* all = new QScatterSeries;
    all->setName(is::metrics::title(u"feasible"));
    all->setMarkerSize(7);
    auto* frontier = new QScatterSeries;
    frontier->setName(tr("Pareto frontier"));
    frontier->setMarkerSize(11);
    // One output token never decodes: its user waits for the first token, and a speed per user
    // would be the stream's request rate, read as if it were one.
    const bool decodes = m_result->decodes;
    double minCost = 1e300, maxCost = 0, minX = 1e300, maxX = 0;
    for (int i = 0; i < m_result->feasibleCount; ++i) {
        const planning::PlanRow& row = m_result->rows[static_cast<size_t>(i)];
        if (i >= kMaxScatter && !row.pareto)
            continue;
        const double x = decodes ? row.tokSUser : row.ttftS * 1000;
        (row.pareto ? frontier : all)->append(x, row.usdPerMTok);
        minCost = std::min(minCost, row.usdPerMTok);
        maxCost = std::max(maxCost, row.usdPerMTok);
        minX = std::min(minX, x);
        maxX = std::max(maxX, x);
        const planning::PlanConfig& c = row.config;
        csv += QStringList{chartexport::csvField(c.device->id),
                           QString::number(c.unitChips),
                           chartexport::csvField(c.plan.toString()),
                           precisionId(c.weights),
                           precisionId(c.kv),
                           executionModeId(c.mode),
                           speculativeMethodId(c.speculative),
                           planning::poolLayoutId(c.layout),
                           c.ffnDevice ? chartexport::csvField(c.ffnDevice->id) : QString(),
                           c.ffnDevice ? QString::number(c.ffnChips) : QString(),
                           c.layout == planning::PoolLayout::PrefillDecode ? QString::number(row.prefillUnits)
                                                                           : QString(),
                           c.layout == planning::PoolLayout::PrefillDecode ? QString::number(row.decodeUnits)
                                                                           : QString(),
                           QString::number(row.units),
                           QString::number(row.chips),
                           QString::number(row.systems),
                           chartexport::csvNumber(row.usdPerMTok),
                           decodes ? chartexport::csvNumber(row.tokSUser) : QString(),
                           chartexport::csvNumber(row.ttftS * 1000),
                           decodes ? chartexport::csvNumber(row.tpotS * 1000) : QString(),
                           chartexport::csvNumber(row.powerMW),
                           chartexport::csvNumber(row.capexUsd),
                           planning::bindingId(row.binding),
                           row.pareto ? QStringLiteral("1") : QStringLiteral("0")}
                   .join(QLatin1Char(','));
        csv += QLatin1Char('\n');
    }
    QChart* chart = m_chart->chart();
    chart->addSeries(all);
    chart->addSeries(frontier);
    // Speeds span decades too (GPU fleets at 20-200 tok/s per user, wafers at thousands): on a
    // linear axis every GPU configuration sat on its left edge, 18,000 points drawn as one or two.
    auto* x = new QLogValueAxis;
    x->setTitleText(is::metrics::axis(decodes ? is::metrics::Id::TokSUser : is::metrics::Id::TtftMs));
    niceaxis::setLogRange(x, minX, maxX);
    // Costs span decades (a wafer fleet against a GPU fleet): a log axis keeps both readable.
    auto* y = new QLogValueAxis;
    y->setTitleText(tr("$ per million tokens"));
    y->setRange(std::pow(10.0, std::floor(std::log10(minCost))),
                std::pow(10.0, std::ceil(std::log10(maxCost * 1.01))));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    m_chart->addLogAxisLabels(x);
    m_chart->addLogAxisLabels(y);
    for (QScatterSeries* s : {all, frontier}) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    m_chart->setCsv(csv);
    m_chart->showNote(QString());
    m_chart->refreshFonts();
}

bool PlanningPanel::canAddToCanvas(int row) const
{
    const planning::PlanRow* listed = listedAt(row);
    return listed && planning::deploymentDocFor(*listed, m_doc->catalog(), m_searchedModel).has_value();
}

bool PlanningPanel::addToCanvas(int row)
{
    const planning::PlanRow* listed = listedAt(row);
    if (!listed)
        return false;
    const planning::PlanConfig& c = listed->config;
    std::optional<DeploymentDoc> doc = planning::deploymentDocFor(*listed, m_doc->catalog(), m_searchedModel);
    if (!doc)
        return false;
    DeploymentDoc& d = *doc;
    d.id = m_doc->newDeploymentId(c.device->id);
    d.autoName = true;
    // To the right of the deployments already there.
    d.x = nextCanvasColumn(m_doc->scenario().deployments);
    d.color = m_doc->nextColour();
    d.name = automaticDeploymentName(m_doc->scenario(), d, m_doc->catalog());
    m_doc->undoStack()->push(new AddDeploymentCommand(m_doc, d));
    m_doc->setSelection({d.id});
    return true;
}

void PlanningPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void PlanningPanel::retranslate()
{
    m_loadKind->setItemText(0, is::metrics::title(u"users"));
    m_loadKind->setItemText(1, tr("Requests/s"));
    m_ttftLabel->setText(tr("TTFT ≤ (ms)"));
    m_tpotLabel->setText(tr("TPOT ≤ (ms)"));
    m_powerLabel->setText(tr("Power ≤ (MW)"));
    m_capexLabel->setText(tr("Capex ≤ ($M)"));
    for (QDoubleSpinBox* box : {m_ttft, m_tpot, m_power, m_capex})
        box->setSpecialValueText(tr("no limit"));
    m_searchButton->setText(tr("Find deployments"));
    m_cancelButton->setText(tr("Cancel"));
    m_addButton->setText(tr("Add to canvas"));
    m_table->setHorizontalHeaderLabels(
        {tr("Device"), tr("Unit"), tr("Units"), is::metrics::title(is::metrics::Id::Chips),
         is::metrics::title(u"systems"), tr("Precision"), tr("Mode"), tr("Speculative"), tr("Layout"),
         tr("$/M tokens"), tr("Tok/s per user"), is::metrics::axis(is::metrics::Id::TtftMs),
         is::metrics::axis(is::metrics::Id::TpotMs), tr("Peak MW"), tr("Capex ($M)"),
         tr("Binding constraint")});
    if (m_result) {
        fillTable();
        m_summary->setText(summaryText());
    }
    drawChart(); // before any search: what will fill it
}

} // namespace is::gui
