// SPDX-License-Identifier: MIT
#include "panels/InspectorPanel.h"

#include "Names.h"
#include "Units.h"
#include "controls/ElidingComboBox.h"
#include "document/ChangeDeploymentCommand.h"
#include "document/ChangeServingCommand.h"
#include "document/EditEnd.h"
#include "document/ScenarioDocument.h"
#include "style/DeploymentColours.h"

#include "analysis/ScenarioAnalysis.h"
#include "engine/WeightFormatText.h"
#include "hardware/Catalog.h"
#include "metrics/Metrics.h"

#include <QCheckBox>
#include <QColorDialog>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStackedWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace is::gui {

namespace {
const Precision kPrecisions[] = {Precision::FP32, Precision::BF16, Precision::FP16, Precision::FP8,
                                 Precision::INT8, Precision::FP4,  Precision::INT4};

void fillPrecisions(QComboBox* c, const QString& defaultText)
{
    c->addItem(defaultText, QString());
    for (Precision p : kPrecisions)
        c->addItem(names::precision(p), precisionId(p));
}

QString modelLabel(const ScenarioDocument& doc, const ModelRef& own)
{
    const ModelRef& m = own.isSet() ? own : doc.scenario().model;
    if (m.inlineModel)
        return m.inlineModel->arch.name.isEmpty() ? m.inlineModel->arch.id : m.inlineModel->arch.name;
    if (!m.configPath.isEmpty())
        return m.configPath;
    if (const ModelEntry* e = doc.catalog().model(m.catalogId))
        return names::catalogName(e->arch.name);
    return m.catalogId;
}
} // namespace

void InspectorPanel::selectData(QComboBox* c, const QVariant& v)
{
    const int i = c->findData(v);
    c->setCurrentIndex(i < 0 ? 0 : i);
}

InspectorPanel::InspectorPanel(ScenarioDocument* doc, QWidget* parent)
    : QDockWidget(tr("Inspector"), parent), m_doc(doc)
{
    setObjectName(QStringLiteral("InspectorDock"));
    m_stack = new QStackedWidget(this);
    m_emptyLabel = new QLabel(m_stack);
    m_emptyLabel->setAlignment(Qt::AlignCenter);
    m_emptyLabel->setWordWrap(true);
    m_emptyLabel->setMargin(12);
    m_stack->addWidget(m_emptyLabel);
    auto* scroll = new QScrollArea(m_stack);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(buildDeploymentPage());
    m_stack->addWidget(scroll);
    setWidget(m_stack);
    endEditsWhenDone(doc, m_stack);

    connect(doc, &ScenarioDocument::selectionChanged, this, &InspectorPanel::onSelectionChanged);
    connect(doc, &ScenarioDocument::deploymentChanged, this, [this](const QString& id) {
        if (id == m_id)
            refresh();
    });
    connect(doc, &ScenarioDocument::modelChanged, this, &InspectorPanel::refresh);
    connect(doc, &ScenarioDocument::servingChanged, this, &InspectorPanel::refresh);
    connect(doc, &ScenarioDocument::documentReset, this, &InspectorPanel::onSelectionChanged);
    onSelectionChanged();
}

QWidget* InspectorPanel::buildDeploymentPage()
{
    auto* page = new QWidget;
    auto* form = new QFormLayout(page);
    form->setContentsMargins(6, 6, 6, 6);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);

    m_name = new QLineEdit(page);
    form->addRow(tr("Name"), m_name);
    m_colour = new QPushButton(page);
    m_colour->setToolTip(tr("The colour of this deployment in every chart and table"));
    form->addRow(tr("Colour"), m_colour);
    m_device = new ElidingComboBox(page);
    for (const Device* d : m_doc->catalog().devices())
        m_device->addItem(d->name, d->id);
    form->addRow(tr("Device"), m_device);
    m_count = new QSpinBox(page);
    m_count->setRange(0, 1 << 20);
    m_count->setSpecialValueText(tr("auto (smallest that fits)"));
    m_count->setAccelerated(true);
    // Typed counts apply on Enter or leaving the field: typing "16" would otherwise pass
    // through a count of 1, which is fewer chips than a manual plan and drops the plan.
    m_count->setKeyboardTracking(false);
    form->addRow(tr("Count"), m_count);

    m_autoPlan = new QCheckBox(tr("Automatic"), page);
    form->addRow(tr("Parallelism"), m_autoPlan);
    auto* planGrid = new QGridLayout;
    planGrid->setContentsMargins(0, 0, 0, 0);
    auto planSpin = [&](const QString& label, int col, const QString& tip) {
        auto* s = new QSpinBox(page);
        s->setRange(1, 1 << 16);
        s->setToolTip(tip);
        planGrid->addWidget(new QLabel(label, page), 0, col * 2);
        planGrid->addWidget(s, 0, col * 2 + 1);
        return s;
    };
    m_tp = planSpin(tr("TP"), 0, tr("Tensor parallel degree"));
    m_pp = planSpin(tr("PP"), 1, tr("Pipeline parallel degree"));
    m_ep = new QSpinBox(page);
    m_ep->setRange(1, 1 << 16);
    m_ep->setToolTip(tr("Expert parallel degree (within TP × DP)"));
    m_dp = new QSpinBox(page);
    m_dp->setRange(1, 1 << 16);
    m_dp->setToolTip(tr("Data parallel replicas"));
    planGrid->addWidget(new QLabel(tr("EP"), page), 1, 0);
    planGrid->addWidget(m_ep, 1, 1);
    planGrid->addWidget(new QLabel(tr("DP"), page), 1, 2);
    planGrid->addWidget(m_dp, 1, 3);
    form->addRow(QString(), planGrid);
    m_planNote = new QLabel(page);
    m_planNote->setWordWrap(true);
    m_planNote->setStyleSheet(QStringLiteral("color:#c01c28"));
    m_planNote->hide();
    form->addRow(QString(), m_planNote);

    m_weights = new ElidingComboBox(page);
    fillPrecisions(m_weights, tr("Default"));
    m_weights->setToolTip(tr("Default: the device's usual serving precision, or the format the model's "
                             "weights were published in where that is narrower (DeepSeek-R1 in FP8)"));
    form->addRow(tr("Weights"), m_weights);
    m_kv = new ElidingComboBox(page);
    fillPrecisions(m_kv, tr("Like weights (≥ FP8)"));
    m_kv->setToolTip(tr("Like weights: the format of the attention weights that write the cache, never "
                        "below FP8; a release that quantises only its experts (gpt-oss) keeps a "
                        "16-bit cache"));
    form->addRow(tr("KV cache"), m_kv);
    m_mode = new ElidingComboBox(page);
    for (ExecutionMode m : {ExecutionMode::Auto, ExecutionMode::Resident, ExecutionMode::WeightStreaming})
        m_mode->addItem(names::mode(m), static_cast<int>(m));
    form->addRow(tr("Mode"), m_mode);
    m_speculative = new ElidingComboBox(page);
    for (SpeculativeMethod m : {SpeculativeMethod::None, SpeculativeMethod::Draft, SpeculativeMethod::Medusa,
                                SpeculativeMethod::Eagle3, SpeculativeMethod::Mtp})
        m_speculative->addItem(names::speculative(m), static_cast<int>(m));
    form->addRow(tr("Speculative"), m_speculative);
    m_prefillReplicas = new QSpinBox(page);
    m_prefillReplicas->setRange(0, kMaxDeploymentCount);
    m_prefillReplicas->setSpecialValueText(tr("none (colocated)"));
    m_prefillReplicas->setToolTip(tr("Prefill-decode disaggregation: this many of the plan's replicas only "
                                     "prefill prompts and hand the KV cache over the scale-out link to the "
                                     "others, which only decode (GPU and tiered devices)"));
    form->addRow(tr("Prefill replicas"), m_prefillReplicas);
    // The serving runtime (the scenario's serving.scheduler for this deployment): the estimate
    // and the request simulation both follow it.
    m_maxBatch = new QSpinBox(page);
    m_maxBatch->setRange(0, 1 << 20);
    m_maxBatch->setSpecialValueText(tr("memory decides"));
    m_maxBatch->setAccelerated(true);
    m_maxBatch->setToolTip(tr("The serving runtime runs at most this many sequences at once on each "
                              "replica (vLLM max_num_seqs, TensorRT-LLM max_batch_size per attention-DP "
                              "rank); more streams queue"));
    form->addRow(tr("Max batch per replica"), m_maxBatch);
    m_admission = new ElidingComboBox(page);
    for (KvAdmission a : {KvAdmission::OnDemand, KvAdmission::ReserveFull})
        m_admission->addItem(names::kvAdmission(a), static_cast<int>(a));
    m_admission->setToolTip(tr("On demand: the KV cache holds each running sequence at the length it has "
                               "reached, so more run at once and a full cache preempts. Whole length: a "
                               "request starts only when its prompt and every output token fit"));
    form->addRow(tr("KV cache admission"), m_admission);
    m_dpPrefill = new ElidingComboBox(page);
    for (AttentionDpPrefill a : {AttentionDpPrefill::Aligned, AttentionDpPrefill::Independent})
        m_dpPrefill->addItem(names::attentionDpPrefill(a), static_cast<int>(a));
    m_dpPrefill->setToolTip(tr("MoE models with attention data parallelism: the ranks that share the "
                               "experts wait for each other at every MoE layer. All ranks together: "
                               "prompts are prefilled on every rank in the same steps (TensorRT-LLM "
                               "attention_dp_config.enable_balance). Each rank on its own: a rank's "
                               "prefill holds the other ranks' decoding"));
    form->addRow(tr("Attention-DP prefill"), m_dpPrefill);
    m_scaleUp = new ElidingComboBox(page);
    m_scaleOut = new ElidingComboBox(page);
    m_scaleUp->addItem(tr("System default"), QString());
    m_scaleOut->addItem(tr("System default"), QString());
    for (const Link* l : m_doc->catalog().links())
        (l->scope == LinkScope::ScaleUp ? m_scaleUp : m_scaleOut)->addItem(l->name, l->id);
    form->addRow(tr("Scale-up link"), m_scaleUp);
    form->addRow(tr("Scale-out link"), m_scaleOut);
    m_ffnBox = buildFfnPoolBox(page);
    form->addRow(m_ffnBox);
    m_model = new QLabel(page);
    m_model->setWordWrap(true);
    m_model->setToolTip(tr("Change it in the Model panel"));
    form->addRow(tr("Model"), m_model);
    // Long catalog names must not widen the dock: combos elide, spin boxes stay compact.
    for (QComboBox* c : {m_device, m_weights, m_kv, m_mode, m_speculative, m_admission, m_dpPrefill,
                         m_scaleUp, m_scaleOut, m_ffnDevice, m_ffnLink}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(10);
    }
    for (QSpinBox* s : {m_tp, m_pp, m_ep, m_dp})
        s->setMinimumWidth(48);
    m_count->setMinimumWidth(80);
    m_prefillReplicas->setMinimumWidth(80);
    m_maxBatch->setMinimumWidth(80);
    m_ffnCount->setMinimumWidth(80);
    m_result = new QLabel(page);
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::RichText);
    m_result->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    form->addRow(tr("Engine"), m_result);

    connect(m_name, &QLineEdit::editingFinished, this, [this] {
        const QString name = m_name->text().trimmed();
        const DeploymentDoc* current = m_doc->deployment(m_id);
        if (name.isEmpty() || !current || current->name == name) // leaving it unchanged renames nothing
            return;
        edit(QString(), tr("Rename to %1").arg(name), [name](DeploymentDoc& d) {
            d.name = name;
            d.autoName = false; // the user's name stays
        });
    });
    connect(m_colour, &QPushButton::clicked, this, [this] {
        const DeploymentDoc* d = m_doc->deployment(m_id);
        if (!d)
            return;
        const QColor c = QColorDialog::getColor(QColor(d->color), this, tr("Deployment colour"));
        if (c.isValid())
            edit(QString(), tr("Change colour"), [c](DeploymentDoc& dd) { dd.color = c.name(); });
    });
    connect(m_device, &QComboBox::currentIndexChanged, this, [this] {
        const QString dev = m_device->currentData().toString();
        const Device* device = m_doc->catalog().device(dev);
        const bool splits = device && splitsPrefillFromDecode(*device);
        const bool dataflow = device && device->cls == DeviceClass::SramDataflow;
        edit(QString(), tr("Change device to %1").arg(m_device->currentText()),
             [dev, splits, dataflow](DeploymentDoc& d) {
                 d.device = dev;
                 d.system.clear(); // the old device's system does not hold the new one
                 if (dataflow)
                     d.plan.reset(); // a GPU layout is not a wafer's: automatic until one is given
                 if (!splits)
                     d.prefillReplicas = 0; // a wafer or LPU pipeline serves every stream alike
             });
    });
    connect(m_count, &QSpinBox::valueChanged, this, [this](int v) {
        edit(QStringLiteral("count"), tr("Change count"), [v](DeploymentDoc& d) {
            d.autoCount = v == 0;
            d.count = v;
            if (d.plan && (d.autoCount || d.plan->chips() > d.count))
                d.plan.reset(); // a plan may leave chips idle, not use more than there are
        });
    });
    connect(m_autoPlan, &QCheckBox::toggled, this, [this](bool automatic) {
        if (m_refreshing)
            return;
        if (automatic) {
            edit(QString(), tr("Automatic parallelism"), [](DeploymentDoc& d) { d.plan.reset(); });
            return;
        }
        // Start the manual plan from what the engine chose, which is valid by construction (it
        // may leave some of the count's chips idle, as the engine chose to).
        const ParallelPlan p = analysedPlan();
        edit(QString(), tr("Manual parallelism"), [p](DeploymentDoc& d) { d.plan = p; });
    });
    for (QSpinBox* s : {m_tp, m_pp, m_ep, m_dp})
        connect(s, &QSpinBox::valueChanged, this, &InspectorPanel::editPlan);
    auto precisionEdit = [this](QComboBox* c, bool weights) {
        connect(c, &QComboBox::currentIndexChanged, this, [this, c, weights] {
            const auto p = precisionFromId(c->currentData().toString());
            edit(QString(), weights ? tr("Change weight precision") : tr("Change KV-cache precision"),
                 [p, weights](DeploymentDoc& d) { (weights ? d.weights : d.kv) = p; });
        });
    };
    precisionEdit(m_weights, true);
    precisionEdit(m_kv, false);
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        const auto m = static_cast<ExecutionMode>(m_mode->currentData().toInt());
        edit(QString(), tr("Change execution mode"), [m](DeploymentDoc& d) { d.mode = m; });
    });
    connect(m_speculative, &QComboBox::currentIndexChanged, this, [this] {
        const auto m = static_cast<SpeculativeMethod>(m_speculative->currentData().toInt());
        edit(QString(), tr("Change speculative decoding"), [m](DeploymentDoc& d) { d.speculative = m; });
    });
    connect(m_prefillReplicas, &QSpinBox::valueChanged, this, [this](int v) {
        edit(QStringLiteral("prefillReplicas"), tr("Change prefill replicas"),
             [v](DeploymentDoc& d) { d.prefillReplicas = v; });
    });
    connect(m_maxBatch, &QSpinBox::valueChanged, this, [this](int v) {
        editRuntime(QStringLiteral("maxBatch"),
                    v > 0 ? tr("Limit the batch to %L1 per replica").arg(v)
                          : tr("Let memory decide the batch"),
                    [v](serving::SchedulerSpec& s) { s.maxSeqs = v; });
    });
    connect(m_admission, &QComboBox::currentIndexChanged, this, [this] {
        const auto a = static_cast<KvAdmission>(m_admission->currentData().toInt());
        editRuntime(QString(), tr("Change KV cache admission"),
                    [a](serving::SchedulerSpec& s) { s.kvAdmission = a; });
    });
    connect(m_dpPrefill, &QComboBox::currentIndexChanged, this, [this] {
        const auto a = static_cast<AttentionDpPrefill>(m_dpPrefill->currentData().toInt());
        editRuntime(QString(), tr("Change attention-DP prefill"),
                    [a](serving::SchedulerSpec& s) { s.attentionDpPrefill = a; });
    });
    connect(m_scaleUp, &QComboBox::currentIndexChanged, this, [this] {
        const QString id = m_scaleUp->currentData().toString();
        edit(QString(), tr("Change scale-up link"), [id](DeploymentDoc& d) { d.scaleUpLink = id; });
    });
    connect(m_scaleOut, &QComboBox::currentIndexChanged, this, [this] {
        const QString id = m_scaleOut->currentData().toString();
        edit(QString(), tr("Change scale-out link"), [id](DeploymentDoc& d) { d.scaleOutLink = id; });
    });
    return page;
}

void InspectorPanel::edit(const QString& field, const QString& text,
                          const std::function<void(DeploymentDoc&)>& change)
{
    if (m_refreshing)
        return;
    const DeploymentDoc* d = m_doc->deployment(m_id);
    if (!d)
        return;
    DeploymentDoc changed = *d;
    change(changed);
    if (changed == *d)
        return;
    m_doc->undoStack()->push(new ChangeDeploymentCommand(m_doc, changed, text, field));
}

void InspectorPanel::editRuntime(const QString& field, const QString& text,
                                 const std::function<void(serving::SchedulerSpec&)>& change)
{
    if (m_refreshing || !m_doc->deployment(m_id))
        return;
    serving::ServingConfig after = m_doc->scenario().serving;
    serving::DeploymentServing mine = after.forDeployment(m_id);
    change(mine.scheduler);
    if (mine == after.forDeployment(m_id))
        return;
    // Settings like the scenario's defaults need no entry of their own.
    if (mine == after.defaults)
        after.perDeployment.erase(m_id);
    else
        after.perDeployment[m_id] = mine;
    m_doc->undoStack()->push(
        changeServingCommand(m_doc, after, text, field.isEmpty() ? QString() : m_id + field));
}

void InspectorPanel::onSelectionChanged()
{
    const QStringList sel = m_doc->selection();
    if (sel.size() == 1) {
        m_id = sel.front();
        setWindowTitle(tr("Inspector"));
    } else {
        m_id.clear();
        m_emptyLabel->setText(sel.isEmpty()
                                  ? tr("Select a deployment on the canvas to edit it.")
                                  : tr("%n deployments selected.", nullptr, static_cast<int>(sel.size())));
    }
    refresh();
}

void InspectorPanel::refresh()
{
    const DeploymentDoc* d = m_doc->deployment(m_id);
    if (!d) {
        m_stack->setCurrentIndex(0);
        if (m_doc->selection().isEmpty())
            m_emptyLabel->setText(tr("Select a deployment on the canvas to edit it."));
        return;
    }
    m_refreshing = true;
    m_stack->setCurrentIndex(1);
    if (!m_name->hasFocus())
        m_name->setText(d->name);
    m_colour->setText(d->color);
    m_colour->setStyleSheet(
        QStringLiteral("QPushButton{background:%1;color:white;font-weight:bold}").arg(d->color));
    selectData(m_device, d->device);
    m_count->setValue(d->autoCount ? 0 : d->count);
    refreshPlan();
    m_planNote->hide();
    refreshDefaultWeights();
    selectData(m_weights, d->weights ? precisionId(*d->weights) : QString());
    selectData(m_kv, d->kv ? precisionId(*d->kv) : QString());
    selectData(m_mode, static_cast<int>(d->mode));
    selectData(m_speculative, static_cast<int>(d->speculative));
    m_prefillReplicas->setValue(d->prefillReplicas);
    const Device* device = m_doc->catalog().device(d->device);
    m_prefillReplicas->setEnabled((device && splitsPrefillFromDecode(*device) && !d->ffnPool) ||
                                  d->prefillReplicas > 0);
    const serving::SchedulerSpec& runtime = m_doc->scenario().serving.forDeployment(m_id).scheduler;
    m_maxBatch->setValue(runtime.maxSeqs);
    selectData(m_admission, static_cast<int>(runtime.kvAdmission));
    selectData(m_dpPrefill, static_cast<int>(runtime.attentionDpPrefill));
    selectData(m_scaleUp, d->scaleUpLink);
    selectData(m_scaleOut, d->scaleOutLink);
    refreshFfnPool(*d);
    m_model->setText(modelLabel(*m_doc, d->model) +
                     (d->model.isSet() ? QString() : QLatin1Char(' ') + tr("(scenario model)")));
    m_refreshing = false;
    refreshResult();
}

void InspectorPanel::setAnalysis(std::shared_ptr<const ScenarioAnalysis> analysis)
{
    m_analysis = std::move(analysis);
    refreshPlan();
    refreshDefaultWeights();
    refreshResult();
}

// "Default" says what it resolved to in the last analysis (the device's usual precision, or the
// checkpoint's published format where narrower), while the deployment leaves the choice open.
void InspectorPanel::refreshDefaultWeights()
{
    const DeploymentDoc* d = m_doc->deployment(m_id);
    QString text = tr("Default");
    QString tip;
    if (d && !d->weights && m_analysis)
        for (const DeploymentAnalysis& a : m_analysis->deployments) {
            if (a.docId != m_id || !a.weights)
                continue;
            // An experts-only release (gpt-oss) names the experts' format; the rest is in the tip
            // and in the result below, which would not fit the box.
            text = a.nonExpertWeights ? tr("Default (%1 experts)").arg(names::precision(*a.weights))
                                      : tr("Default (%1)").arg(names::precision(*a.weights));
            if (a.nonExpertWeights)
                tip = expertsAndRest(*a.weights, *a.nonExpertWeights);
        }
    m_weights->setItemText(0, text);
    m_weights->setItemData(0, tip, Qt::ToolTipRole);
}

QString InspectorPanel::expertsAndRest(Precision experts, Precision rest)
{
    return expertsAndRestText(names::precision(experts), names::precision(rest));
}

// What the figures above are worth: the family's error on published results left out of its fit.
QString InspectorPanel::accuracyText(const DeploymentAnalysis& a)
{
    switch (a.accuracy.basis) {
    case FamilyAccuracy::Basis::CrossValidated: {
        const ValidationSummary& s = a.accuracy.crossValidated;
        return tr("%1 median on %2's published results left out of its fit (%3 of %4 within 2x)")
            .arg(units::percent(s.medianApe, 1), a.familyName)
            .arg(s.within2x)
            .arg(s.evaluated);
    }
    case FamilyAccuracy::Basis::OwnCalibration:
        return tr("not cross-validated: %1 runs on your own calibration").arg(a.familyName);
    case FamilyAccuracy::Basis::NoMeasurements:
        break;
    }
    return tr("unchecked: no published results of %1 ship with the studio").arg(a.familyName);
}

void InspectorPanel::refreshResult()
{
    if (!m_result || m_id.isEmpty())
        return;
    QString html;
    if (m_analysis) {
        for (const DeploymentAnalysis& a : m_analysis->deployments) {
            if (a.docId != m_id)
                continue;
            const Estimate& e = a.estimate.mid;
            auto line = [&html](const QString& k, const QString& v) {
                html += QStringLiteral("%1: <b>%2</b><br/>").arg(k.toHtmlEscaped(), v.toHtmlEscaped());
            };
            if (!e.fits)
                html += QStringLiteral("<span style='color:#c01c28'>%1</span><br/>")
                            .arg((e.why.isEmpty() ? tr("Does not fit") : tr("Does not fit: %1").arg(e.why))
                                     .toHtmlEscaped());
            line(is::metrics::title(is::metrics::Id::Chips), QString::number(e.chips));
            line(tr("Plan"), e.plan.toString());
            line(tr("Batch"), QString::number(e.batch));
            line(tr("Mode"), names::execution(e));
            if (e.prefillReplicas > 0)
                line(tr("Prefill-decode"),
                     tr("%1 replicas prefill, %2 decode; a prompt waits %3 for a prefill replica, "
                        "its KV cache %4 to reach a decode replica")
                         .arg(e.prefillReplicas)
                         .arg(e.decodeReplicas())
                         .arg(units::seconds(e.queueingS), units::seconds(e.kvHandoverS)));
            line(tr("Bottleneck"), names::bottleneck(e.bottleneck));
            // An experts-only release (gpt-oss) keeps its other weights at 16 bits: say so, since
            // the precision chosen above names the experts' format only.
            if (a.weights && a.nonExpertWeights)
                line(tr("Weights"), expertsAndRest(*a.weights, *a.nonExpertWeights));
            if (e.split) {
                // Two pools: each one's plan and memory, and what the link between them costs.
                const AttentionFfnBreakdown& sp = *e.split;
                line(tr("Attention pool"),
                     tr("%1, %2 of %3 per device")
                         .arg(sp.attentionPlan.toString(), units::bytes(sp.attentionMemory.used()),
                              units::bytes(sp.attentionMemory.capacity)));
                line(tr("FFN pool"), tr("%1, %2 of %3 per device")
                                         .arg(sp.ffnPlan.toString(), units::bytes(sp.ffnMemory.used()),
                                              units::bytes(sp.ffnMemory.capacity)));
                line(tr("Link between pools"),
                     tr("%1 % of the step, %2 micro-batches")
                         .arg(units::number(100.0 * sp.linkShare), QString::number(sp.microBatches)));
            } else {
                line(tr("Memory per device"),
                     tr("%1 of %2").arg(units::bytes(e.memory.used()), units::bytes(e.memory.capacity)));
            }
            line(tr("Per user"), tr("%1 tok/s").arg(units::number(e.tokSUser)));
            line(tr("TTFT"), units::seconds(e.ttftS));
            line(tr("Engine error"), accuracyText(a));
        }
    }
    m_result->setText(html.isEmpty() ? tr("(waiting for the analysis)") : html);
}

} // namespace is::gui
