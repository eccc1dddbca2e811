// SPDX-License-Identifier: MIT
#include "cost/TcoEditor.h"

#include "controls/ElidingComboBox.h"
#include "cost/TcoAssumptionText.h"

#include "Names.h"
#include "Units.h"
#include "cost/CostModel.h"
#include "cost/TcoEditing.h"
#include "cost/TcoFields.h"
#include "document/ChangeCostCommand.h"
#include "document/ScenarioDocument.h"
#include "scenario/Scenario.h"

#include <QComboBox>
#include <QEvent>
#include <QFont>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollBar>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace is::gui {

using is::cost::Pricing;
using is::cost::RentalPreset;
using Use = is::cost::TcoPricingUse;

using is::gui::tco::AssumptionInfo;
using is::gui::tco::assumptionInfo;
using is::gui::tco::formatNumber;
using is::gui::tco::parseNumber;
using is::gui::tco::translated;

TcoEditor::TcoEditor(QWidget* parent) : QWidget(parent)
{
    m_pricingLabel = new QLabel(this);
    m_pricing = new ElidingComboBox(this);
    m_pricing->addItem(QString(), QStringLiteral("capex"));
    m_pricing->addItem(QString(), QStringLiteral("rental"));
    m_presetLabel = new QLabel(this);
    m_preset = new ElidingComboBox(this);
    for (RentalPreset p : {RentalPreset::Hyperscaler, RentalPreset::Neocloud, RentalPreset::Reserved3y})
        m_preset->addItem(QString(), is::cost::rentalPresetId(p));
    m_presetNote = new QLabel(this);
    m_presetNote->setWordWrap(true);
    QFont small = m_presetNote->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_presetNote->setFont(small);

    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(SourceColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setMinimumSectionSize(40);

    m_detail = new QLabel(this);
    m_detail->setWordWrap(true);
    m_detail->setTextFormat(Qt::PlainText);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->hide();

    // The combo boxes show as much of a long choice as the row has room for (the whole in their
    // list): the editor must not widen the Cost tab beyond a laptop's centre column.
    for (QComboBox* box : {m_pricing, m_preset}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    }
    m_choose = new QGridLayout;
    auto* choose = m_choose;
    arrangeChoices();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(choose);
    layout->addWidget(m_presetNote);
    layout->addWidget(m_message);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_detail);

    connect(m_table, &QTableWidget::itemChanged, this, &TcoEditor::onItemChanged);
    connect(m_table, &QTableWidget::currentCellChanged, this, &TcoEditor::showDetail);
    connect(m_pricing, &QComboBox::currentIndexChanged, this, &TcoEditor::onPricingChosen);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &TcoEditor::onPricingChosen);
    retranslate();
}

TcoEditor::~TcoEditor() = default;

void TcoEditor::setDocument(is::gui::ScenarioDocument* doc)
{
    m_doc = doc;
    rebuild();
}

is::gui::ScenarioDocument* TcoEditor::document() const
{
    return m_doc;
}

void TcoEditor::setScenario(const is::Scenario& s, const is::gui::servingdata::CostInputs& inputs)
{
    m_tco = s.tco;
    m_inputs = inputs;
    // Inside an edit of the table the item being edited must outlive the signal: rebuild after.
    if (m_inEdit) {
        if (!m_rebuildQueued) {
            m_rebuildQueued = true;
            QTimer::singleShot(0, this, [this] {
                m_rebuildQueued = false;
                rebuild();
            });
        }
        return;
    }
    rebuild();
}

QString TcoEditor::message() const
{
    return m_messageText;
}

void TcoEditor::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void TcoEditor::retranslate()
{
    m_pricingLabel->setText(tr("Pricing"));
    m_presetLabel->setText(tr("Rental preset"));
    m_pricing->setItemText(0, tr("Own the hardware (capital, energy, maintenance, space)"));
    m_pricing->setItemText(1, tr("Rent by the chip-hour"));
    m_preset->setItemText(0, tr("Hyperscaler, on demand"));
    m_preset->setItemText(1, tr("Neocloud, on demand"));
    m_preset->setItemText(2, tr("3-year reserved"));
    m_table->setHorizontalHeaderLabels(
        {tr("Assumption"), tr("Value"), tr("Unit"), tr("Kind"), tr("Source"), QString()});
    rebuild();
}

QString TcoEditor::label(const Row& r) const
{
    const AssumptionInfo* a = assumptionInfo(r.key);
    if (!a)
        return r.key;
    const char* text = !r.deploymentId.isEmpty() && a->deploymentLabel ? a->deploymentLabel : a->label;
    return text ? translated(text) : r.key;
}

QString TcoEditor::unit(const Row& r) const
{
    const AssumptionInfo* a = assumptionInfo(r.key);
    return a ? translated(a->unit) : QString();
}

QString TcoEditor::rangeMessage(const Row& r) const
{
    const QString what = label(r);
    const is::cost::TcoField* field = is::cost::tcoField(r.key);
    if (!field)
        return {};
    switch (field->check) {
    case is::cost::TcoCheck::Positive:
        return tr("%1 must be above 0.").arg(what);
    case is::cost::TcoCheck::NonNegative:
        return tr("%1 cannot be negative.").arg(what);
    case is::cost::TcoCheck::Fraction:
        return tr("%1 must be above 0 % and at most 100 %.").arg(what);
    case is::cost::TcoCheck::AtLeastOne:
        return tr("%1 must be at least 1 (1: no facility overhead).").arg(what);
    }
    return {};
}

QString TcoEditor::deploymentName(const QString& id) const
{
    for (const auto& p : m_inputs.points)
        if (p.docId == id)
            return p.name;
    return id;
}

int TcoEditor::rowOf(const QString& deploymentId, const QString& key) const
{
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].deploymentId == deploymentId && m_rows[i].key == key)
            return static_cast<int>(i);
    return -1;
}

void TcoEditor::showMessage(const QString& text, bool error)
{
    m_messageText = text;
    m_messageIsError = error;
    QString shown = text;
    if (shown.isEmpty() && !m_inputs.error.isEmpty())
        shown = tr("Cannot cost this scenario: %1").arg(m_inputs.error);
    m_message->setText(shown);
    m_message->setStyleSheet(error || !m_inputs.error.isEmpty() ? QStringLiteral("color: #b00020;")
                                                                : QString());
    m_message->setVisible(!shown.isEmpty());
}

void TcoEditor::addHeading(const QString& text)
{
    const int r = m_table->rowCount();
    m_table->insertRow(r);
    auto* item = new QTableWidgetItem(text);
    QFont f = item->font();
    f.setBold(true);
    item->setFont(f);
    item->setFlags(Qt::ItemIsEnabled);
    item->setBackground(palette().alternateBase());
    m_table->setItem(r, 0, item);
    m_table->setSpan(r, 0, 1, ColumnCount);
    m_rows.push_back(Row{});
}

void TcoEditor::addRow(Row row, const is::Sourced* value, const is::Sourced* fallback, bool overridden)
{
    const int r = m_table->rowCount();
    m_table->insertRow(r);
    const double scale = row.percent ? 100.0 : 1.0;
    row.hasValue = value != nullptr;
    row.shown = value ? value->value * scale : 0.0;

    const bool renting = m_inputs.tco.pricing == Pricing::Rental;
    const bool inactive =
        (row.applies == Use::Owning && renting) || (row.applies == Use::Renting && !renting);
    const QString inactiveWhy =
        row.applies == Use::Owning
            ? tr("Not used while renting: the chip-hour price covers energy, space and upkeep.")
            : tr("Used only when renting by the chip-hour.");

    auto* name = new QTableWidgetItem(label(row));
    auto* val = new QTableWidgetItem(value ? formatNumber(row.shown) : tr("from the preset"));
    auto* unitItem = new QTableWidgetItem(unit(row));
    QString kind = is::gui::units::none();
    QString source = value ? is::sourceForDisplay(value->source) : tr("Each deployment's rental price below");
    if (value) {
        if (is::cost::isUserSet(*value)) {
            kind = tr("user-set");
            source = fallback ? tr("typed in the studio; default %1 %2 (%3: %4)")
                                    .arg(formatNumber(fallback->value * scale), unit(row),
                                         is::gui::names::sourceKind(fallback->kind),
                                         is::sourceForDisplay(fallback->source))
                              : tr("typed in the studio");
        } else {
            kind = is::gui::names::sourceKind(value->kind);
        }
        if (value->hasRange())
            val->setToolTip(
                tr("Range %1 to %2").arg(formatNumber(value->min * scale), formatNumber(value->max * scale)));
    }
    if (source.isEmpty())
        source = is::gui::units::none();
    auto* kindItem = new QTableWidgetItem(kind);
    auto* sourceItem = new QTableWidgetItem(source);
    sourceItem->setToolTip(source);

    const bool editable = m_doc != nullptr;
    for (QTableWidgetItem* item : {name, val, unitItem, kindItem, sourceItem}) {
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        if (inactive) {
            item->setForeground(palette().brush(QPalette::Disabled, QPalette::Text));
            item->setToolTip(item == sourceItem ? source : inactiveWhy);
        }
    }
    if (editable)
        val->setFlags(val->flags() | Qt::ItemIsEditable);
    else
        val->setToolTip(tr("Open the scenario in the studio to edit its assumptions."));
    val->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (overridden) {
        QFont f = val->font();
        f.setBold(true);
        val->setFont(f);
    }
    m_table->setItem(r, NameColumn, name);
    m_table->setItem(r, ValueColumn, val);
    m_table->setItem(r, UnitColumn, unitItem);
    m_table->setItem(r, KindColumn, kindItem);
    m_table->setItem(r, SourceColumn, sourceItem);

    auto* resetButton = new QToolButton(m_table);
    resetButton->setText(tr("Reset"));
    resetButton->setAutoRaise(true);
    resetButton->setEnabled(editable && overridden);
    if (fallback)
        resetButton->setToolTip(tr("Back to the default: %1 %2 (%3)")
                                    .arg(formatNumber(fallback->value * scale), unit(row),
                                         is::gui::names::sourceKind(fallback->kind)));
    else
        resetButton->setToolTip(tr("Back to the default"));
    const QString dep = row.deploymentId;
    const QString key = row.key;
    connect(resetButton, &QToolButton::clicked, this, [this, dep, key] {
        // The button is destroyed by the rebuild that follows the edit: finish its signal first.
        QTimer::singleShot(0, this, [this, dep, key] { this->reset(dep, key); });
    });
    m_table->setCellWidget(r, ResetColumn, resetButton);
    m_rows.push_back(row);
}

void TcoEditor::rebuild()
{
    const QSignalBlocker blockTable(m_table);
    const bool wasFilling = m_filling;
    m_filling = true;
    const int scroll = m_table->verticalScrollBar()->value();
    const int current = m_table->currentRow(); // rows keep their order across rebuilds
    m_table->clearContents();
    m_table->setRowCount(0);
    m_table->clearSpans();
    m_rows.clear();

    const is::cost::TcoAssumptions& t = m_inputs.tco;
    {
        const QSignalBlocker b1(m_pricing);
        const QSignalBlocker b2(m_preset);
        m_pricing->setCurrentIndex(t.pricing == Pricing::Rental ? 1 : 0);
        m_preset->setCurrentIndex(m_preset->findData(is::cost::rentalPresetId(t.preset)));
        m_pricing->setEnabled(m_doc != nullptr);
        m_preset->setEnabled(m_doc != nullptr && t.pricing == Pricing::Rental);
    }
    // What the rental prices are only where they are used: the line is room the table needs.
    const QString editing = tr("Double-click a value to edit it; what you type is saved in the scenario.");
    m_presetNote->setText(t.pricing == Pricing::Rental
                              ? tr("Rental prices are assumed 2025 orders of magnitude, not quotes; the CS-3 "
                                   "rate is SemiAnalysis's per-system figure.") +
                                    QLatin1Char(' ') + editing
                              : editing);

    addHeading(tr("Scenario-wide"));
    for (const is::cost::TcoField& field : is::cost::tcoFields()) {
        if (!field.scenarioWide())
            continue;
        Row row;
        row.key = field.name();
        const AssumptionInfo* a = assumptionInfo(row.key);
        row.percent = a && a->percent;
        row.applies = field.use;
        const auto fallback = is::cost::defaultAssumption(row.key);
        addRow(row, is::cost::assumptionField(t, row.key), fallback ? &*fallback : nullptr,
               is::cost::isOverridden(m_tco, QString(), row.key));
    }

    for (const is::gui::servingdata::CostPoint& p : m_inputs.points) {
        addHeading(p.name);
        const is::cost::DeploymentPriceAssumptions prices =
            is::cost::deploymentPriceAssumptions(p.resolved.deployment, p.docId, t);

        const std::pair<const char*, const is::cost::DeploymentPriceAssumptions::Entry*> perDeployment[] = {
            {"capex_usd_per_chip", &prices.capexPerChip},
            {"system_share_usd", &prices.systemShareUsd},
            {"usd_per_chip_hour", &prices.rentalPerChipHour}};
        for (const auto& [key, entry] : perDeployment) {
            Row row;
            row.deploymentId = p.docId;
            row.key = QLatin1String(key);
            row.applies = is::cost::tcoField(row.key)->use;
            addRow(row, &entry->value, &entry->fallback, is::cost::isOverridden(m_tco, p.docId, row.key));
        }
    }
    if (current >= 0 && current < m_table->rowCount())
        m_table->setCurrentCell(current, ValueColumn);
    m_table->verticalScrollBar()->setValue(scroll);
    m_filling = wasFilling;
    showMessage(m_messageText, m_messageIsError);
    showDetail();
    fitNameColumn();
}

void TcoEditor::showDetail()
{
    const int r = m_table->currentRow();
    if (r < 0 || r >= int(m_rows.size()) || m_rows[size_t(r)].key.isEmpty()) {
        m_detail->clear();
        m_detail->hide();
        return;
    }
    auto text = [&](int column) {
        return m_table->item(r, column) ? m_table->item(r, column)->text() : QString();
    };
    // Name, value and unit, kind, and the source in full.
    m_detail->setText(text(NameColumn) + QStringLiteral(": ") + text(ValueColumn) + QLatin1Char(' ') +
                      text(UnitColumn) + QStringLiteral(" · ") + text(KindColumn) + QStringLiteral(" · ") +
                      text(SourceColumn));
    m_detail->show();
}

void TcoEditor::onItemChanged(QTableWidgetItem* item)
{
    if (m_filling || item->column() != ValueColumn || item->row() < 0 || item->row() >= int(m_rows.size()))
        return;
    const Row row = m_rows[size_t(item->row())];
    if (row.key.isEmpty())
        return;
    m_inEdit = true;
    const bool ok = edit(row.deploymentId, row.key, item->text());
    m_inEdit = false;
    if (!ok) {
        // Rejected: the cell shows the value in effect again (the message says why).
        m_filling = true;
        item->setText(row.hasValue ? formatNumber(row.shown) : tr("from the preset"));
        m_filling = false;
    }
}

bool TcoEditor::edit(const QString& deploymentId, const QString& key, const QString& text)
{
    const int r = rowOf(deploymentId, key);
    if (r < 0)
        return false;
    const Row row = m_rows[size_t(r)];
    if (!m_doc) {
        showMessage(tr("Open the scenario in the studio to edit its assumptions."), true);
        return false;
    }
    const auto typed = parseNumber(text);
    if (!typed) {
        showMessage(tr("%1: “%2” is not a number.").arg(label(row), text.trimmed()), true);
        return false;
    }
    const double v = row.percent ? *typed / 100.0 : *typed;
    const is::cost::TcoField* field = is::cost::tcoField(key);
    if (!field)
        return false;
    if (!is::cost::satisfies(field->check, v)) {
        showMessage(rangeMessage(row), true);
        return false;
    }
    // Against the document as it is now, not the table: the table is rebuilt when the newest cost
    // analysis arrives, and an edit typed before that must not be taken for "no change".
    const is::cost::TcoAssumptions& now = m_doc->scenario().tco;
    const QString what = deploymentId.isEmpty()
                             ? tr("Change %1").arg(label(row))
                             : tr("Change %1 of %2").arg(label(row), deploymentName(deploymentId));
    QString error;
    const auto next = is::cost::withAssumption(now, deploymentId, key, is::cost::userSet(v), &error);
    if (!next) {
        showMessage(tr("Cannot change %1: %2").arg(label(row), error), true);
        return false;
    }
    if (*next == now) {
        showMessage(QString(), false);
        return true; // the value is already set to this
    }
    return apply(*next, what);
}

void TcoEditor::reset(const QString& deploymentId, const QString& key)
{
    const int r = rowOf(deploymentId, key);
    if (r < 0 || !m_doc)
        return;
    const Row row = m_rows[size_t(r)];
    const is::cost::TcoAssumptions& now = m_doc->scenario().tco;
    if (!is::cost::isOverridden(now, deploymentId, key))
        return;
    const QString what = deploymentId.isEmpty()
                             ? tr("Reset %1").arg(label(row))
                             : tr("Reset %1 of %2").arg(label(row), deploymentName(deploymentId));
    QString error;
    const auto next = is::cost::withAssumption(now, deploymentId, key, std::nullopt, &error);
    if (!next) {
        showMessage(tr("Cannot reset %1: %2").arg(label(row), error), true);
        return;
    }
    apply(*next, what);
}

void TcoEditor::onPricingChosen()
{
    if (m_filling)
        return;
    if (!m_doc) {
        rebuild();
        return;
    }
    const Pricing pricing =
        m_pricing->currentData().toString() == QLatin1String("rental") ? Pricing::Rental : Pricing::Capex;
    const RentalPreset preset =
        is::cost::rentalPresetFromId(m_preset->currentData().toString()).value_or(RentalPreset::Neocloud);
    if (pricing == m_inputs.tco.pricing && preset == m_inputs.tco.preset)
        return;
    m_inEdit = true;
    apply(is::cost::withPricing(m_doc->scenario().tco, pricing, preset),
          pricing == m_inputs.tco.pricing ? tr("Change rental preset") : tr("Change pricing"));
    m_inEdit = false;
}

bool TcoEditor::apply(const is::cost::TcoAssumptions& t, const QString& text)
{
    if (!m_doc)
        return false;
    showMessage(QString(), false);
    m_doc->undoStack()->push(changeCostCommand(m_doc, t, text));
    return true;
}

} // namespace is::gui
