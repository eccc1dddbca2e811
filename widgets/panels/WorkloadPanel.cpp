// SPDX-License-Identifier: MIT
#include "panels/WorkloadPanel.h"

#include "Names.h"
#include "Units.h"
#include "document/ChangeWorkloadCommand.h"
#include "document/ScenarioDocument.h"
#include "panels/LogSlider.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QUndoStack>

namespace is::gui {

WorkloadPanel::WorkloadPanel(ScenarioDocument* doc, QWidget* parent)
    : QDockWidget(tr("Workload"), parent), m_doc(doc)
{
    setObjectName(QStringLiteral("WorkloadDock"));
    auto* body = new QWidget(this);
    auto* form = new QFormLayout(body);
    form->setContentsMargins(4, 4, 4, 4);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_context = new LogSlider(1024, 2.0 * 1024 * 1024, body);
    m_context->setObjectName(QStringLiteral("contextSlider"));
    m_context->setToolTip(tr("Input (context) length per request, logarithmic from 1 K to 2 M tokens"));
    m_contextLabel = new QLabel(body);
    m_contextLabel->setMinimumWidth(
        m_contextLabel->fontMetrics().horizontalAdvance(QStringLiteral("0000 K")));
    m_contextLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    auto* contextRow = new QHBoxLayout;
    contextRow->addWidget(m_context, 1);
    contextRow->addWidget(m_contextLabel);
    form->addRow(tr("Context"), contextRow);

    m_output = new QSpinBox(body);
    m_output->setRange(1, 1 << 20);
    m_output->setSuffix(tr(" tokens"));
    m_output->setAccelerated(true);
    form->addRow(tr("Output length"), m_output);

    m_concurrency = new QSpinBox(body);
    m_concurrency->setRange(1, 1 << 24);
    m_concurrency->setAccelerated(true);
    m_concurrency->setToolTip(tr("Simultaneous requests (fixed-concurrency goal)"));
    form->addRow(tr("Concurrency"), m_concurrency);

    m_goal = new QComboBox(body);
    for (ServingGoal g :
         {ServingGoal::FixedConcurrency, ServingGoal::MaxThroughput, ServingGoal::LatencyBounded})
        m_goal->addItem(names::goal(g), static_cast<int>(g));
    form->addRow(tr("Goal"), m_goal);

    m_ttft = new QDoubleSpinBox(body);
    m_ttft->setRange(0, 600000);
    m_ttft->setDecimals(0);
    m_ttft->setSuffix(tr(" ms"));
    m_ttft->setSpecialValueText(tr("no limit"));
    m_ttft->setToolTip(tr("Time-to-first-token target (server goal)"));
    form->addRow(tr("TTFT target"), m_ttft);

    m_tpot = new QDoubleSpinBox(body);
    m_tpot->setRange(0, 10000);
    m_tpot->setDecimals(1);
    m_tpot->setSuffix(tr(" ms"));
    m_tpot->setSpecialValueText(tr("no limit"));
    m_tpot->setToolTip(tr("Time-per-output-token target (server goal)"));
    form->addRow(tr("TPOT target"), m_tpot);
    // Spin boxes size themselves for their largest value; the dock shares a narrow column.
    for (QAbstractSpinBox* b :
         std::initializer_list<QAbstractSpinBox*>{m_output, m_concurrency, m_ttft, m_tpot})
        b->setMinimumWidth(80);
    m_goal->setMinimumWidth(80);
    m_goal->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_context->setMinimumWidth(80);
    setWidget(body);

    connect(m_context, &LogSlider::logValueChanged, this, [this](double v) {
        m_contextLabel->setText(units::tokens(v));
        push(QStringLiteral("context"), tr("Set context to %1").arg(units::tokens(v)),
             [v](Workload& w) { w.inputTokens = v; });
    });
    connect(m_output, &QSpinBox::valueChanged, this, [this](int v) {
        push(QStringLiteral("output"), tr("Set output length to %1").arg(v),
             [v](Workload& w) { w.outputTokens = v; });
    });
    connect(m_concurrency, &QSpinBox::valueChanged, this, [this](int v) {
        push(QStringLiteral("concurrency"), tr("Set concurrency to %1").arg(v),
             [v](Workload& w) { w.concurrency = v; });
    });
    connect(m_ttft, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        push(QStringLiteral("ttft"), tr("Set TTFT target"), [v](Workload& w) { w.ttftLimitS = v / 1000.0; });
    });
    connect(m_tpot, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        push(QStringLiteral("tpot"), tr("Set TPOT target"), [v](Workload& w) { w.tpotLimitS = v / 1000.0; });
    });
    connect(m_goal, &QComboBox::currentIndexChanged, this, [this] {
        if (m_refreshing)
            return;
        const auto g = static_cast<ServingGoal>(m_goal->currentData().toInt());
        m_doc->undoStack()->push(new ChangeWorkloadCommand(m_doc, m_doc->scenario().workload, g,
                                                           tr("Set goal to %1").arg(m_goal->currentText()),
                                                           QString()));
    });
    connect(doc, &ScenarioDocument::workloadChanged, this, &WorkloadPanel::refresh);
    connect(doc, &ScenarioDocument::documentReset, this, &WorkloadPanel::refresh);
    refresh();
}

void WorkloadPanel::push(const QString& field, const QString& text,
                         const std::function<void(Workload&)>& edit)
{
    if (m_refreshing)
        return;
    Workload w = m_doc->scenario().workload;
    edit(w);
    m_doc->undoStack()->push(new ChangeWorkloadCommand(m_doc, w, m_doc->scenario().goal, text, field));
}

void WorkloadPanel::refresh()
{
    m_refreshing = true;
    const Scenario& s = m_doc->scenario();
    m_context->setLogValue(s.workload.inputTokens);
    m_contextLabel->setText(units::tokens(s.workload.inputTokens));
    m_output->setValue(static_cast<int>(s.workload.outputTokens));
    m_concurrency->setValue(s.workload.concurrency);
    m_goal->setCurrentIndex(m_goal->findData(static_cast<int>(s.goal)));
    m_ttft->setValue(s.workload.ttftLimitS * 1000.0);
    m_tpot->setValue(s.workload.tpotLimitS * 1000.0);
    const bool server = s.goal == ServingGoal::LatencyBounded;
    m_ttft->setEnabled(server);
    m_tpot->setEnabled(server);
    m_concurrency->setEnabled(s.goal == ServingGoal::FixedConcurrency);
    m_refreshing = false;
}

} // namespace is::gui
