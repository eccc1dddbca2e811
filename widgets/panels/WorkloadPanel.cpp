// SPDX-License-Identifier: MIT
#include "panels/WorkloadPanel.h"

#include "Names.h"
#include "Units.h"
#include "controls/ElidingComboBox.h"
#include "controls/LimitSpinBox.h"
#include "controls/LogSlider.h"
#include "document/ChangeWorkloadCommand.h"
#include "document/EditEnd.h"
#include "document/ScenarioDocument.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
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

    // The context length: typed with its unit, or slid over round stops on its own full-width row
    // (the dock is narrow; beside the entry the slider had 86 pixels for 1K to 2M).
    m_contextEdit = new QLineEdit(body);
    m_contextEdit->setObjectName(QStringLiteral("contextEdit"));
    m_contextEdit->setToolTip(
        tr("Input (context) length per request: type a number of tokens with K or M (8k, 128K, 1M)"));
    m_contextEdit->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    form->addRow(tr("Context"), m_contextEdit);
    m_context = new LogSlider(1024, 2.0 * 1024 * 1024, body);
    m_context->setObjectName(QStringLiteral("contextSlider"));
    m_context->setToolTip(tr("Input (context) length per request, logarithmic from 1K to 2M tokens, in steps "
                             "of powers of two and half way between (1K, 1.5K, 2K, 3K, 4K …)"));
    form->addRow(m_context);
    m_contextMessage = new QLabel(body);
    m_contextMessage->setObjectName(QStringLiteral("contextMessage"));
    m_contextMessage->setWordWrap(true);
    m_contextMessage->setStyleSheet(QStringLiteral("color: #c01c28;"));
    m_contextMessage->setVisible(false);
    form->addRow(m_contextMessage);

    m_output = new QSpinBox(body);
    m_output->setObjectName(QStringLiteral("outputLength"));
    m_output->setRange(1, 1 << 20);
    // "1 token", "2 tokens": the unit follows the number, whoever sets it (the box starts at 1).
    const auto outputUnit = [this](int v) { m_output->setSuffix(v == 1 ? tr(" token") : tr(" tokens")); };
    outputUnit(m_output->value());
    connect(m_output, &QSpinBox::valueChanged, m_output, outputUnit);
    m_output->setAccelerated(true);
    form->addRow(tr("Output length"), m_output);

    m_concurrency = new QSpinBox(body);
    m_concurrency->setObjectName(QStringLiteral("concurrency"));
    m_concurrency->setRange(1, 1 << 24);
    m_concurrency->setAccelerated(true);
    m_concurrency->setToolTip(tr("Simultaneous requests (fixed-concurrency goal)"));
    form->addRow(tr("Concurrency"), m_concurrency);

    m_goal = new ElidingComboBox(body);
    m_goal->setObjectName(QStringLiteral("goal"));
    for (ServingGoal g :
         {ServingGoal::FixedConcurrency, ServingGoal::MaxThroughput, ServingGoal::LatencyBounded})
        m_goal->addItem(names::goal(g), static_cast<int>(g));
    form->addRow(tr("Goal"), m_goal);

    m_ttft = new LimitSpinBox(body);
    m_ttft->setObjectName(QStringLiteral("ttftTarget"));
    m_ttft->setRange(0, 600000);
    m_ttft->setDecimals(0);
    m_ttft->setSuffix(tr(" ms"));
    m_ttft->setSpecialValueText(tr("no limit"));
    m_ttft->setToolTip(
        tr("Time-to-first-token target: the server goal picks the largest batch that meets it; "
           "in every goal a deployment that misses it is marked"));
    form->addRow(tr("TTFT target"), m_ttft);

    m_tpot = new LimitSpinBox(body);
    m_tpot->setObjectName(QStringLiteral("tpotTarget"));
    m_tpot->setRange(0, 10000);
    m_tpot->setDecimals(1);
    m_tpot->setSuffix(tr(" ms"));
    m_tpot->setSpecialValueText(tr("no limit"));
    m_tpot->setToolTip(tr("Time-per-output-token target (a speed of 1000 / TPOT tokens/s per user): the "
                          "server goal picks the largest batch that meets it; in every goal a deployment "
                          "that misses it is marked"));
    form->addRow(tr("TPOT target"), m_tpot);

    m_prefixHit = new QDoubleSpinBox(body);
    m_prefixHit->setObjectName(QStringLiteral("prefixHitRate"));
    m_prefixHit->setRange(0, 100);
    m_prefixHit->setDecimals(0);
    m_prefixHit->setSuffix(tr(" %"));
    m_prefixHit->setSpecialValueText(tr("none"));
    m_prefixHit->setToolTip(tr("Share of each prompt whose KV cache is already held from an earlier turn "
                               "(agents and chats resend their history): prefill skips it"));
    form->addRow(tr("Prefix cached"), m_prefixHit);

    m_idleSessions = new QSpinBox(body);
    m_idleSessions->setObjectName(QStringLiteral("idleSessions"));
    m_idleSessions->setRange(0, 1 << 24);
    m_idleSessions->setAccelerated(true);
    m_idleSessions->setToolTip(tr("Sessions waiting between turns (on a tool or the user) whose KV cache is "
                                  "kept: beyond free device memory it waits in host DRAM, SSD or MemoryX and "
                                  "is read back at that tier's bandwidth"));
    form->addRow(tr("Idle sessions"), m_idleSessions);
    // Spin boxes size themselves for their largest value; the dock shares a narrow column.
    for (QAbstractSpinBox* b : std::initializer_list<QAbstractSpinBox*>{m_output, m_concurrency, m_ttft,
                                                                        m_tpot, m_prefixHit, m_idleSessions})
        b->setMinimumWidth(80);
    m_goal->setMinimumWidth(80);
    m_goal->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_context->setMinimumWidth(80);
    m_contextEdit->setMinimumWidth(80);
    setWidget(body);

    connect(m_context, &LogSlider::logValueChanged, this, &WorkloadPanel::setContext);
    connect(m_contextEdit, &QLineEdit::editingFinished, this, &WorkloadPanel::contextTyped);
    // Typing again takes the refusal away; the text is judged when it is entered.
    connect(m_contextEdit, &QLineEdit::textEdited, m_contextMessage, &QWidget::hide);
    connect(m_output, &QSpinBox::valueChanged, this, [this](int v) {
        push(QStringLiteral("output"), tr("Set output length to %L1").arg(v),
             [v](Workload& w) { w.outputTokens = v; });
    });
    connect(m_concurrency, &QSpinBox::valueChanged, this, [this](int v) {
        push(QStringLiteral("concurrency"), tr("Set concurrency to %L1").arg(v),
             [v](Workload& w) { w.concurrency = v; });
    });
    connect(m_ttft, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        push(QStringLiteral("ttft"),
             v > 0 ? tr("Set TTFT target to %1").arg(units::seconds(v / 1000.0)) : tr("Remove TTFT target"),
             [v](Workload& w) { w.ttftLimitS = v / 1000.0; });
    });
    connect(m_tpot, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        push(QStringLiteral("tpot"),
             v > 0 ? tr("Set TPOT target to %1").arg(units::seconds(v / 1000.0)) : tr("Remove TPOT target"),
             [v](Workload& w) { w.tpotLimitS = v / 1000.0; });
    });
    connect(m_prefixHit, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        push(QStringLiteral("prefixHit"), tr("Set cached prefix to %L1 %").arg(units::fixed(v, 0)),
             [v](Workload& w) { w.prefixHitRate = v / 100.0; });
    });
    connect(m_idleSessions, &QSpinBox::valueChanged, this, [this](int v) {
        push(QStringLiteral("idleSessions"), tr("Set idle sessions to %L1").arg(v),
             [v](Workload& w) { w.idleSessions = v; });
    });
    connect(m_goal, &QComboBox::currentIndexChanged, this, [this] {
        if (m_refreshing)
            return;
        const auto g = static_cast<ServingGoal>(m_goal->currentData().toInt());
        m_doc->undoStack()->push(changeWorkloadCommand(m_doc, m_doc->scenario().workload, g,
                                                       tr("Set goal to %1").arg(m_goal->currentText()),
                                                       QString()));
    });
    endEditsWhenDone(doc, body);
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
    if (w == m_doc->scenario().workload)
        return;
    m_doc->undoStack()->push(changeWorkloadCommand(m_doc, w, m_doc->scenario().goal, text, field));
}

void WorkloadPanel::setContext(double tokens)
{
    // One formatter for the entry and the undo text: both read what the document holds.
    m_contextEdit->setText(units::tokens(tokens));
    m_contextMessage->hide();
    push(QStringLiteral("context"), tr("Set context to %1").arg(units::tokens(tokens)),
         [tokens](Workload& w) { w.inputTokens = tokens; });
}

void WorkloadPanel::contextTyped()
{
    // Leaving the entry unchanged is no edit (its text is rounded to three digits).
    if (!m_contextEdit->isModified())
        return;
    m_contextEdit->setModified(false);
    constexpr double kMax = 2.0 * 1024 * 1024;
    const std::optional<double> tokens = units::parseTokens(m_contextEdit->text());
    if (!tokens || *tokens > kMax) {
        // Refused: the text stays for correcting, the document keeps its context.
        m_contextMessage->setText(
            tokens ? tr("%1 is longer than the longest context studied here (%2).")
                         .arg(units::tokens(*tokens), units::tokens(kMax))
                   : tr("“%1” is not a context length: type a number of tokens, optionally with K or M "
                        "(8k, 128K, 1M).")
                         .arg(m_contextEdit->text().trimmed()));
        m_contextMessage->show();
        m_contextEdit->selectAll();
        return;
    }
    m_context->setLogValue(*tokens);
    setContext(*tokens);
}

void WorkloadPanel::refresh()
{
    m_refreshing = true;
    const Scenario& s = m_doc->scenario();
    m_context->setLogValue(s.workload.inputTokens);
    m_contextEdit->setText(units::tokens(s.workload.inputTokens));
    m_contextEdit->setModified(false);
    // The entry shows the document's context again: a refused text's message no longer applies.
    m_contextMessage->hide();
    m_output->setValue(static_cast<int>(s.workload.outputTokens));
    m_concurrency->setValue(s.workload.concurrency);
    m_goal->setCurrentIndex(m_goal->findData(static_cast<int>(s.goal)));
    m_ttft->setValue(s.workload.ttftLimitS * 1000.0);
    m_tpot->setValue(s.workload.tpotLimitS * 1000.0);
    m_prefixHit->setValue(s.workload.prefixHitRate * 100.0);
    m_idleSessions->setValue(s.workload.idleSessions);
    m_concurrency->setEnabled(s.goal == ServingGoal::FixedConcurrency);
    m_refreshing = false;
}

} // namespace is::gui
