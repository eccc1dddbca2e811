// SPDX-License-Identifier: MIT
#include "panels/ModelPanel.h"

#include "FileDialogs.h"
#include "Names.h"
#include "Units.h"
#include "controls/ElidingComboBox.h"
#include "document/ChangeDeploymentCommand.h"
#include "document/ChangeModelCommand.h"
#include "document/ScenarioDocument.h"
#include "issues/IssueLog.h"
#include "settings/Settings.h"

#include "hardware/Catalog.h"
#include "model/GgufImport.h"
#include "model/HfConfigImport.h"
#include "model/ModelMath.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace is::gui {

namespace {

// A speculative catalog model says so in its name ("GPT-5.6 Sol (speculative)"): its kind would
// say it a second time.
bool kindIsInName(const ModelEntry& e)
{
    return e.arch.kind == SourceKind::Speculation && e.arch.name.endsWith(QLatin1String("(speculative)"));
}

QString rangeText(const Sourced& s, QString (*format)(double))
{
    if (s.hasRange())
        return QStringLiteral("%1–%2").arg(format(s.min), format(s.max));
    return format(s.value);
}
QString integer(double v)
{
    return QString::number(static_cast<long long>(v));
}
} // namespace

ModelPanel::ModelPanel(ScenarioDocument* doc, IssueLog* issues, Settings* settings, QWidget* parent)
    : QDockWidget(tr("Model"), parent), m_doc(doc), m_issues(issues), m_settings(settings)
{
    setObjectName(QStringLiteral("ModelDock"));
    auto* body = new QWidget;
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(6, 6, 6, 6);

    m_target = new QLabel(body);
    m_target->setWordWrap(true);
    layout->addWidget(m_target);
    m_summary = new QLabel(body);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    layout->addWidget(m_summary);

    m_catalog = new ElidingComboBox(body);
    m_catalog->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_catalog->setMinimumContentsLength(16);
    std::vector<const ModelEntry*> models = doc->catalog().models();
    std::sort(models.begin(), models.end(),
              [](const ModelEntry* a, const ModelEntry* b) { return a->arch.name < b->arch.name; });
    m_catalog->addItem(tr("Choose from the catalog…"), QString());
    for (const ModelEntry* m : models) {
        QString label = names::catalogName(m->arch.name);
        if (m->parametric)
            label = kindIsInName(*m) ? tr("%1 — %2 params")
                                           .arg(names::catalogName(m->arch.name),
                                                rangeText(m->parametric->totalParams, units::params))
                                     : tr("%1 — %2 params (%3)")
                                           .arg(names::catalogName(m->arch.name),
                                                rangeText(m->parametric->totalParams, units::params),
                                                names::sourceKind(m->arch.kind));
        m_catalog->addItem(label, m->arch.id);
    }
    m_catalog->setToolTip(tr("Models from the catalog; speculative ones show their parameter ranges"));
    layout->addWidget(m_catalog);
    m_import = new QPushButton(tr("Import config.json…"), body);
    m_import->setToolTip(
        tr("Import a Hugging Face config.json (llama, mixtral, qwen, deepseek, gpt-oss, llama4, kimi)"));
    m_importGguf = new QPushButton(tr("Import GGUF…"), body);
    m_importGguf->setObjectName(QStringLiteral("ImportGgufButton"));
    m_importGguf->setToolTip(tr("Import the architecture from a GGUF file's header (llama.cpp models); "
                                "the tensor data is not read, so large files import instantly"));
    // One above the other: side by side they would not fit the dock column, least of all in Chinese.
    layout->addWidget(m_import);
    layout->addWidget(m_importGguf);

    auto* dial = new QGroupBox(tr("Parametric model"), body);
    auto* form = new QFormLayout(dial);
    form->setContentsMargins(4, 4, 4, 4);
    m_total = new QDoubleSpinBox(dial);
    m_total->setRange(0.1, 100000);
    m_total->setDecimals(1);
    m_total->setSuffix(tr(" B"));
    m_total->setValue(400);
    form->addRow(tr("Total params"), m_total);
    m_active = new QDoubleSpinBox(dial);
    m_active->setRange(0.1, 100000);
    m_active->setDecimals(1);
    m_active->setSuffix(tr(" B"));
    m_active->setValue(20);
    form->addRow(tr("Active params"), m_active);
    m_layers = new QSpinBox(dial);
    m_layers->setRange(1, 1000);
    m_layers->setValue(64);
    form->addRow(tr("Layers"), m_layers);
    m_attention = new ElidingComboBox(dial);
    for (AttentionKind k : {AttentionKind::GQA, AttentionKind::MHA, AttentionKind::MQA, AttentionKind::MLA})
        m_attention->addItem(names::attention(k), attentionKindId(k));
    form->addRow(tr("Attention"), m_attention);
    m_kvHeads = new QSpinBox(dial);
    m_kvHeads->setRange(1, 1024);
    m_kvHeads->setValue(8);
    form->addRow(tr("KV heads"), m_kvHeads);
    m_weights = new ElidingComboBox(dial);
    m_kv = new ElidingComboBox(dial);
    m_weights->addItem(tr("Device default"), QString());
    m_kv->addItem(tr("Like weights"), QString());
    for (Precision p : {Precision::BF16, Precision::FP8, Precision::FP4, Precision::INT8, Precision::INT4}) {
        m_weights->addItem(names::precision(p), precisionId(p));
        m_kv->addItem(names::precision(p), precisionId(p));
    }
    form->addRow(tr("Weights"), m_weights);
    form->addRow(tr("KV cache"), m_kv);
    m_applyParametric = new QPushButton(tr("Use this model"), dial);
    form->addRow(QString(), m_applyParametric);
    layout->addWidget(dial);
    layout->addStretch(1);
    for (QAbstractSpinBox* b :
         std::initializer_list<QAbstractSpinBox*>{m_total, m_active, m_layers, m_kvHeads})
        b->setMinimumWidth(64);
    for (QComboBox* c : {m_attention, m_weights, m_kv}) {
        c->setMinimumWidth(64);
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    }
    m_catalog->setMinimumContentsLength(10);
    // Scrolls rather than forcing its height on the dock column it shares.
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(body);
    setWidget(scroll);

    connect(m_catalog, &QComboBox::activated, this, [this](int index) {
        const QString id = m_catalog->itemData(index).toString();
        if (id.isEmpty())
            return;
        ModelRef r;
        r.catalogId = id;
        applyModel(r, m_catalog->itemText(index));
    });
    connect(m_import, &QPushButton::clicked, this, [this] {
        const QString path =
            filedialogs::openFileName(this, tr("Import Hugging Face config.json"),
                                      m_settings->importDirectory(), tr("Model configuration (*.json)"));
        if (path.isEmpty())
            return;
        m_settings->setImportDirectory(QFileInfo(path).absolutePath());
        importHfConfig(path);
    });
    connect(m_importGguf, &QPushButton::clicked, this, [this] {
        const QString path =
            filedialogs::openFileName(this, tr("Import GGUF model header"), m_settings->importDirectory(),
                                      tr("GGUF models (*.gguf);;All files (*)"));
        if (path.isEmpty())
            return;
        m_settings->setImportDirectory(QFileInfo(path).absolutePath());
        importGguf(path);
    });
    connect(m_applyParametric, &QPushButton::clicked, this, [this] {
        QString error;
        const auto m = parametricModel(&error);
        if (!m) {
            m_issues->add(IssueLog::Severity::Warning, IssueLog::Origin::Action, error);
            return;
        }
        const auto weights = precisionFromId(m_weights->currentData().toString());
        const auto kv = precisionFromId(m_kv->currentData().toString());
        m_doc->undoStack()->beginMacro(tr("Use parametric model"));
        applyModel(*m, m->inlineModel->arch.name);
        // The precisions belong to the deployments that serve the model.
        changePrecisions(targetIds(), [&](DeploymentDoc& d) {
            d.weights = weights;
            d.kv = kv;
        });
        m_doc->undoStack()->endMacro();
    });
    connect(doc, &ScenarioDocument::selectionChanged, this, &ModelPanel::refresh);
    connect(doc, &ScenarioDocument::modelChanged, this, &ModelPanel::refresh);
    connect(doc, &ScenarioDocument::deploymentChanged, this, &ModelPanel::refresh);
    connect(doc, &ScenarioDocument::deploymentInserted, this, &ModelPanel::refresh);
    connect(doc, &ScenarioDocument::deploymentRemoved, this, &ModelPanel::refresh);
    connect(doc, &ScenarioDocument::documentReset, this, &ModelPanel::refresh);
    refresh();
}

QStringList ModelPanel::targetIds() const
{
    const QStringList sel = m_doc->selection();
    return sel.isEmpty() ? m_doc->deploymentIds() : sel;
}

void ModelPanel::changePrecisions(const QStringList& ids, const std::function<void(DeploymentDoc&)>& change)
{
    for (const QString& id : ids) {
        if (const DeploymentDoc* d = m_doc->deployment(id)) {
            DeploymentDoc changed = *d;
            change(changed);
            if (!(changed == *d))
                m_doc->undoStack()->push(new ChangeDeploymentCommand(m_doc, changed, tr("Change precision")));
        }
    }
}

void ModelPanel::applyModel(const ModelRef& m, const QString& what)
{
    const QStringList sel = m_doc->selection();
    QUndoStack* undo = m_doc->undoStack();
    undo->beginMacro(tr("Use model %1").arg(what));
    if (sel.isEmpty()) {
        // Every deployment: the scenario's model, and no deployment keeps its own.
        undo->push(new ChangeModelCommand(m_doc, QString(), m));
        for (const QString& id : m_doc->deploymentIds())
            if (const DeploymentDoc* d = m_doc->deployment(id); d && d->model.isSet())
                undo->push(new ChangeModelCommand(m_doc, id, ModelRef{}));
    } else {
        for (const QString& id : sel)
            undo->push(new ChangeModelCommand(m_doc, id, m));
    }
    undo->endMacro();
}

bool ModelPanel::importHfConfig(const QString& path)
{
    QString error;
    const auto entry = is::importHfConfigFile(path, &error);
    if (!entry) {
        m_issues->add(IssueLog::Severity::Error, IssueLog::Origin::Action, error);
        return false;
    }
    ModelRef r;
    r.inlineModel = *entry;
    // The description goes into the scenario, so the file keeps working without the config.
    applyModel(r, entry->arch.name.isEmpty() ? QFileInfo(path).fileName() : entry->arch.name);
    m_issues->add(IssueLog::Severity::Info, IssueLog::Origin::Action,
                  tr("Imported %1 from %2").arg(entry->arch.name, QFileInfo(path).fileName()));
    return true;
}

bool ModelPanel::importGguf(const QString& path)
{
    QString error;
    const auto imported = is::importGgufFile(path, &error);
    if (!imported) {
        m_issues->add(IssueLog::Severity::Error, IssueLog::Origin::Action, error);
        return false;
    }
    const ModelEntry& entry = imported->entry;
    ModelRef r;
    r.inlineModel = entry;
    const QString name = entry.arch.name.isEmpty() ? QFileInfo(path).fileName() : entry.arch.name;
    // The description goes into the scenario, so the file keeps working without the GGUF.
    QUndoStack* undo = m_doc->undoStack();
    undo->beginMacro(tr("Import GGUF %1").arg(name));
    const QStringList targets = targetIds();
    applyModel(r, name);
    // The weights' precision is the file's: the deployments that serve it take it.
    if (imported->weights)
        changePrecisions(targets, [&](DeploymentDoc& d) { d.weights = imported->weights; });
    undo->endMacro();
    const QString weights = imported->weights
                                ? tr("%1 weights (%2, %3 bits per weight)")
                                      .arg(names::precision(*imported->weights), imported->dominantType,
                                           units::fixed(imported->bitsPerWeight, 2))
                                : tr("weights of unknown precision");
    m_issues->add(IssueLog::Severity::Info, IssueLog::Origin::Action,
                  tr("Imported %1 (%2) from %3: %4 parameters, %5 active, %6")
                      .arg(name, imported->architecture, QFileInfo(path).fileName(),
                           units::params(imported->exactParams), units::params(imported->exactActiveParams),
                           weights));
    return true;
}

std::optional<ModelRef> ModelPanel::parametricModel(QString* error) const
{
    const double total = m_total->value() * 1e9;
    const double active = m_active->value() * 1e9;
    const QString name = tr("Parametric %1 / %2 active").arg(units::params(total), units::params(active));
    const QString source = tr("dialled in the studio");
    QJsonObject spec{{QStringLiteral("total_params"), total},
                     {QStringLiteral("active_params"), active},
                     {QStringLiteral("layers"), m_layers->value()},
                     {QStringLiteral("attention"), m_attention->currentData().toString()},
                     {QStringLiteral("kv_heads"), m_kvHeads->value()}};
    QJsonObject obj{{QStringLiteral("id"), QStringLiteral("parametric")},
                    {QStringLiteral("name"), name},
                    {QStringLiteral("source"), source},
                    {QStringLiteral("kind"), QStringLiteral("assumed")},
                    {QStringLiteral("parametric"), spec}};
    QString err;
    auto entry = parseModelEntry(obj, QStringLiteral("parametric"), &err);
    if (!entry) {
        *error = tr("Parametric model: %1").arg(err);
        return std::nullopt;
    }
    ModelRef r;
    r.inlineModel = *entry;
    return r;
}

QString ModelPanel::describe(const ModelRef& ref) const
{
    const ModelEntry* e = nullptr;
    if (ref.inlineModel)
        e = &*ref.inlineModel;
    else if (!ref.catalogId.isEmpty())
        e = m_doc->catalog().model(ref.catalogId);
    if (!e)
        return ref.configPath.isEmpty() ? tr("(no model)") : ref.configPath.toHtmlEscaped();
    const bool kindInName = kindIsInName(*e);
    QString html = QStringLiteral("<b>%1</b>").arg(names::catalogName(e->arch.name).toHtmlEscaped());
    if (!kindInName)
        html += QStringLiteral(" <span style='color:#777'>(%1)</span>")
                    .arg(names::sourceKind(e->arch.kind).toHtmlEscaped());
    html += QStringLiteral("<br/>");
    if (e->parametric) {
        const ParametricSpec& p = *e->parametric;
        html += tr("%1 params, %2 active, %3 layers, %4")
                    .arg(rangeText(p.totalParams, units::params), rangeText(p.activeParams, units::params),
                         rangeText(p.layers, integer), names::attention(p.attention))
                    .toHtmlEscaped();
        if (e->hasRange())
            html += QStringLiteral("<br/><i>%1</i>").arg(tr("A range: charts show bands.").toHtmlEscaped());
    } else {
        const ParamBreakdown b = paramBreakdown(e->arch);
        html += tr("%1 params, %2 active, %3 layers, %4")
                    .arg(units::params(b.total()), units::params(b.active()), QString::number(e->arch.layers),
                         names::attention(e->arch.attention))
                    .toHtmlEscaped();
    }
    return html;
}

void ModelPanel::refresh()
{
    const QStringList sel = m_doc->selection();
    if (sel.isEmpty())
        m_target->setText(tr("Applies to every deployment (select deployments to change only theirs)."));
    else if (sel.size() == 1)
        m_target->setText(tr("Applies to %1.").arg(m_doc->deployment(sel.front())->name));
    else
        m_target->setText(tr("Applies to %n selected deployments.", nullptr, static_cast<int>(sel.size())));

    QStringList parts;
    QStringList catalogIds; // of the models the targets serve, once each ("" for one not from it)
    for (const QString& id : targetIds()) {
        const DeploymentDoc* d = m_doc->deployment(id);
        const ModelRef& ref = d && d->model.isSet() ? d->model : m_doc->scenario().model;
        const QString text = describe(ref);
        if (!parts.contains(text))
            parts << text;
        if (!catalogIds.contains(ref.catalogId))
            catalogIds << ref.catalogId;
    }
    if (parts.isEmpty()) {
        parts << describe(m_doc->scenario().model);
        catalogIds << m_doc->scenario().model.catalogId;
    }
    m_summary->setText(parts.join(QStringLiteral("<hr/>")));
    // The catalog model the targets serve, where they serve one; the prompt where they serve
    // several or one that is not the catalog's (an imported config.json).
    const int shown = catalogIds.size() == 1 && !catalogIds.front().isEmpty()
                          ? m_catalog->findData(catalogIds.front())
                          : -1;
    m_catalog->setCurrentIndex(std::max(0, shown));
}

} // namespace is::gui
