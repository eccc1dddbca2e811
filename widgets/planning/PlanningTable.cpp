// SPDX-License-Identifier: MIT
// The Find panel's ranked table: its columns and cells, sorting by a column's head, and which
// ranked row a table row shows.
#include "planning/PlanningPanel.h"

#include "Names.h"
#include "Units.h"
#include "planning/PlanRanking.h"
#include "planning/PlanningColumns.h"
#include "table/ColumnWidth.h"
#include "table/SortItem.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QHeaderView>
#include <QPushButton>
#include <QTableWidget>

#include <algorithm>
#include <limits>

namespace is::gui {

namespace {

// The device column's widest, in widths of a Latin 'n'.
constexpr int kDeviceColumnLetters = 24;
// On a row's first cell: the row's place in the ranked list, which sorting the table by a column
// does not change.
constexpr int kListedRole = Qt::UserRole + 2;

QTableWidgetItem* textCell(const QString& text)
{
    return new SortItem(text, text);
}

} // namespace

QString precisionsText(const planning::PlanConfig& c)
{
    return QCoreApplication::translate("is::gui::PlanningPanel", "%1, KV %2")
        .arg(names::precision(c.weights), names::precision(c.kv));
}

void PlanningPanel::setUpTable()
{
    m_table = new QTableWidget(0, ColCount, this);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ColDevice, QHeaderView::Interactive);
    m_table->setTextElideMode(Qt::ElideRight);
    // A click on a column's head sorts by it, a second click the other way; a new search shows
    // the ranking again, no column marked (QTableWidget's own sorting would also re-sort a new
    // result by the old column, and cannot return to the ranking). The indicator is on from the
    // start, on no column, so that the first click sorts and the heads keep their widths.
    QHeaderView* header = m_table->horizontalHeader();
    header->setSectionsClickable(true);
    header->setSortIndicatorShown(true);
    header->setSortIndicator(-1, Qt::AscendingOrder);
    connect(header, &QHeaderView::sortIndicatorChanged, this, [this](int column, Qt::SortOrder order) {
        if (column >= 0)
            m_table->sortItems(column, order);
    });
}

void PlanningPanel::fillTable()
{
    m_listed = m_result ? planning::listedRows(*m_result) : std::vector<const planning::PlanRow*>{};
    m_table->setRowCount(static_cast<int>(m_listed.size()));
    for (int i = 0; i < static_cast<int>(m_listed.size()); ++i) {
        const planning::PlanRow& row = *m_listed[static_cast<size_t>(i)];
        const planning::PlanConfig& c = row.config;
        const QString speculative =
            c.speculative == SpeculativeMethod::None ? tr("none") : names::speculative(c.speculative);
        const QString binding = row.feasible ? planning::bindingText(row.binding)
                                             : tr("misses the %1").arg(planning::bindingText(row.binding));
        const QString cells[ColCount] = {
            c.device->name,
            // An attention-FFN unit is both pools: "72 chips" beside "FFN on 150 x CS-3" read as
            // if the wafers came free.
            c.layout == planning::PoolLayout::AttentionFfn
                ? tr("%1 + %2 chips, %3").arg(c.unitChips).arg(c.ffnChips).arg(c.plan.toString())
                : tr("%1 chips, %2").arg(c.unitChips).arg(c.plan.toString()),
            is::gui::units::integer(static_cast<double>(row.units)),
            is::gui::units::integer(static_cast<double>(row.chips)),
            is::gui::units::integer(static_cast<double>(row.systems)), precisionsText(c),
            c.mode == ExecutionMode::WeightStreaming ? tr("weight streaming") : tr("resident"), speculative,
            planning::layoutText(row), is::gui::units::significant(row.usdPerMTok),
            m_result->decodes ? is::gui::units::significant(row.tokSUser) : is::gui::units::none(),
            is::gui::units::fixed(row.ttftS * 1000, 0),
            m_result->decodes ? is::gui::units::significant(row.tpotS * 1000) : is::gui::units::none(),
            is::gui::units::significant(row.powerMW), is::gui::units::significant(row.capexUsd / 1e6),
            row.pareto ? tr("%1 (Pareto)").arg(binding) : binding};
        // What a column sorts by where its cells are numbers (a unit by its chips); the others
        // sort by their text.
        constexpr double kText = -1;
        const double keys[ColCount] = {
            kText,
            static_cast<double>(c.unitChips +
                                (c.layout == planning::PoolLayout::AttentionFfn ? c.ffnChips : 0)),
            static_cast<double>(row.units),
            static_cast<double>(row.chips),
            static_cast<double>(row.systems),
            kText,
            kText,
            kText,
            kText,
            row.usdPerMTok,
            m_result->decodes ? row.tokSUser : std::numeric_limits<double>::quiet_NaN(),
            row.ttftS,
            m_result->decodes ? row.tpotS : std::numeric_limits<double>::quiet_NaN(),
            row.powerMW,
            row.capexUsd,
            kText};
        for (int col = 0; col < ColCount; ++col) {
            QTableWidgetItem* item =
                keys[col] == kText ? textCell(cells[col]) : numberItem(keys[col], cells[col]);
            if (col == ColUnit)
                item->setTextAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            if (col == ColTpot && !m_result->decodes)
                item->setToolTip(tr("One output token: there is no time between tokens."));
            else if (col == ColSpeed && !m_result->decodes)
                item->setToolTip(tr("One output token: its user waits for the first token alone; see TTFT."));
            else if (!row.feasible)
                item->setToolTip(row.why);
            else if (col == ColDevice)
                item->setToolTip(c.device->name);
            m_table->setItem(i, col, item);
        }
        m_table->item(i, 0)->setData(kListedRole, i);
    }
    // Sorted by a column before (a language switch refills the table): sorted so again.
    const QHeaderView* header = m_table->horizontalHeader();
    if (header->sortIndicatorSection() >= 0)
        m_table->sortItems(header->sortIndicatorSection(), header->sortIndicatorOrder());
    fitDeviceColumn();
    m_addButton->setEnabled(false);
}

void PlanningPanel::fitDeviceColumn()
{
    // A device's whole name ("NVIDIA GB300 (Blackwell Ultra GPU in NVL72, 1,400 W)") pushed the
    // chips, cost and speed off a laptop's table: the column takes the longest name up to about
    // 24 characters, the rest elided, the whole name in the tooltip.
    // In Latin letters: a CJK font's average character is twice as wide, and the column took
    // 290 of a 320-pixel table in Chinese.
    const int cap = kDeviceColumnLetters * QFontMetrics(m_table->font()).horizontalAdvance(QLatin1Char('n'));
    m_table->horizontalHeader()->resizeSection(ColDevice,
                                               std::min(columnContentWidth(m_table, ColDevice), cap));
}

const planning::PlanRow* PlanningPanel::listedAt(int row) const
{
    const QTableWidgetItem* first = row >= 0 && row < m_table->rowCount() ? m_table->item(row, 0) : nullptr;
    const int listed = first ? first->data(kListedRole).toInt() : -1;
    return listed >= 0 && listed < static_cast<int>(m_listed.size()) ? m_listed[static_cast<size_t>(listed)]
                                                                     : nullptr;
}

} // namespace is::gui
