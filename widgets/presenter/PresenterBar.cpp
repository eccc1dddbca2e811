// SPDX-License-Identifier: MIT
#include "presenter/PresenterBar.h"

#include "Names.h"
#include "Units.h"
#include "controls/LogSlider.h"
#include "document/ChangeDeploymentCommand.h"
#include "document/ChangeModelCommand.h"
#include "document/ChangeWorkloadCommand.h"
#include "document/ScenarioDocument.h"

#include "hardware/Catalog.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QUndoStack>

#include <algorithm>

namespace is::gui {

namespace {
// The same range as the workload panel's context slider.
constexpr double kMinContext = 1024;
constexpr double kMaxContext = 2.0 * 1024 * 1024;

void selectData(QComboBox* box, const QString& data)
{
    const int i = box->findData(data);
    if (i >= 0)
        box->setCurrentIndex(i);
}
} // namespace

PresenterBar::PresenterBar(ScenarioDocument* doc, QWidget* parent) : QWidget(parent), m_doc(doc)
{
    setObjectName(QStringLiteral("PresenterBar"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(12, 4, 12, 4);
    row->setSpacing(10);
    m_contextLabel = new QLabel(tr("Context"), this);
    m_contextValue = new QLabel(this);
    m_contextValue->setObjectName(QStringLiteral("presenterContext"));
    m_context = new LogSlider(kMinContext, kMaxContext, this);
    m_context->setObjectName(QStringLiteral("presenterContextSlider"));
    m_context->setToolTip(tr("Context length (Up and Down keys)"));
    m_deployment = new QComboBox(this);
    m_deployment->setObjectName(QStringLiteral("presenterDeployment"));
    m_deployment->setToolTip(tr("The deployment the model and device apply to (Left and Right keys)"));
    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("presenterModel"));
    m_model->setToolTip(tr("Model of this deployment"));
    for (const ModelEntry* m : doc->catalog().models())
        m_model->addItem(names::catalogName(m->arch.name), m->arch.id);
    m_device = new QComboBox(this);
    m_device->setObjectName(QStringLiteral("presenterDevice"));
    m_device->setToolTip(tr("Device of this deployment"));
    for (const Device* d : doc->catalog().devices())
        m_device->addItem(d->name, d->id);
    for (QComboBox* box : {m_deployment, m_model, m_device}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(10);
    }
    // Mouse only: the presenter's keys must reach the presenter, not a focused control.
    for (QWidget* w : std::initializer_list<QWidget*>{m_context, m_deployment, m_model, m_device})
        w->setFocusPolicy(Qt::NoFocus);
    row->addWidget(m_contextLabel);
    row->addWidget(m_contextValue);
    row->addWidget(m_context, 2);
    row->addSpacing(12);
    row->addWidget(m_deployment, 2);
    row->addWidget(m_model, 2);
    row->addWidget(m_device, 2);

    connect(m_context, &LogSlider::logValueChanged, this, &PresenterBar::setContext);
    connect(m_deployment, &QComboBox::currentIndexChanged, this, &PresenterBar::refresh);
    connect(m_model, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_refreshing)
            chooseModel(m_model->currentData().toString());
    });
    connect(m_device, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_refreshing)
            chooseDevice(m_device->currentData().toString());
    });
    connect(doc, &ScenarioDocument::changed, this, &PresenterBar::refresh);
    connect(doc, &ScenarioDocument::documentReset, this, &PresenterBar::refresh);
    refresh();
}

void PresenterBar::setTextSize(int px)
{
    QFont f = font();
    f.setPixelSize(std::max(8, px));
    setFont(f);
}

void PresenterBar::setDeployments(const QStringList& ids)
{
    if (ids == m_ids)
        return;
    const QString current = currentDeployment();
    m_ids = ids;
    m_refreshing = true;
    m_deployment->clear();
    for (const QString& id : ids)
        if (const DeploymentDoc* d = m_doc->deployment(id))
            m_deployment->addItem(d->name, id);
    selectData(m_deployment, current);
    m_refreshing = false;
    refresh();
}

QString PresenterBar::currentDeployment() const
{
    return m_deployment->currentData().toString();
}

void PresenterBar::stepDeployment(int delta)
{
    if (m_deployment->count() == 0)
        return;
    const int n = m_deployment->count();
    m_deployment->setCurrentIndex(((m_deployment->currentIndex() + delta) % n + n) % n);
}

void PresenterBar::stepContext(int delta)
{
    const int to = std::clamp(m_context->positionOf(m_doc->scenario().workload.inputTokens) + delta, 0,
                              m_context->maximum());
    setContext(m_context->valueAt(to));
}

void PresenterBar::setContext(double tokens)
{
    if (m_refreshing)
        return;
    Workload w = m_doc->scenario().workload;
    w.inputTokens = tokens;
    if (w == m_doc->scenario().workload)
        return;
    // The workload panel's command and field: consecutive context steps merge into one undo step.
    m_doc->undoStack()->push(changeWorkloadCommand(m_doc, w, m_doc->scenario().goal,
                                                   tr("Set context to %1").arg(units::tokens(tokens)),
                                                   QStringLiteral("context")));
}

void PresenterBar::chooseModel(const QString& catalogId)
{
    const DeploymentDoc* d = m_doc->deployment(currentDeployment());
    if (!d || catalogId.isEmpty() || !m_doc->catalog().model(catalogId))
        return;
    const ModelRef current = d->model.isSet() ? d->model : m_doc->scenario().model;
    ModelRef m;
    m.catalogId = catalogId;
    if (current == m)
        return;
    m_doc->undoStack()->push(new ChangeModelCommand(m_doc, d->id, m));
}

void PresenterBar::chooseDevice(const QString& deviceId)
{
    const DeploymentDoc* d = m_doc->deployment(currentDeployment());
    if (!d || deviceId.isEmpty() || d->device == deviceId || !m_doc->catalog().device(deviceId))
        return;
    DeploymentDoc changed = *d;
    changed.device = deviceId;
    changed.system.clear(); // the old device's system does not hold the new one
    m_doc->undoStack()->push(new ChangeDeploymentCommand(
        m_doc, changed, tr("Change device to %1").arg(m_doc->catalog().device(deviceId)->name)));
}

void PresenterBar::refresh()
{
    m_refreshing = true;
    const Scenario& s = m_doc->scenario();
    m_context->setLogValue(s.workload.inputTokens);
    m_contextValue->setText(units::tokens(s.workload.inputTokens));
    for (int i = 0; i < m_deployment->count(); ++i)
        if (const DeploymentDoc* d = m_doc->deployment(m_deployment->itemData(i).toString()))
            m_deployment->setItemText(i, d->name);
    if (const DeploymentDoc* d = m_doc->deployment(currentDeployment())) {
        const ModelRef& m = d->model.isSet() ? d->model : s.model;
        // An imported or inline model is not in the list: the box shows no catalog entry.
        if (m_model->findData(m.catalogId) >= 0)
            selectData(m_model, m.catalogId);
        else
            m_model->setCurrentIndex(-1);
        selectData(m_device, d->device);
    }
    m_refreshing = false;
}

} // namespace is::gui
