// SPDX-License-Identifier: MIT
// TcoEditor's layout: the pricing choices beside each other above the table, or stacked in a
// column beside the charts (CostTab turns its splitter where the tab is short), and the heights
// and widths CostTab weighs to choose.
#include "cost/TcoEditor.h"

#include "table/ColumnWidth.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QScrollBar>
#include <QTableWidget>

#include <algorithm>

namespace is::gui {

namespace {

// The table's and the combo boxes' least widths, side by side above the table and stacked in a
// column beside the charts.
constexpr int kTableWidth = 320;
constexpr int kStackedTableWidth = 180;
constexpr int kBoxCharacters = 12;
constexpr int kStackedBoxCharacters = 8;

} // namespace

void TcoEditor::setStacked(bool stacked)
{
    if (stacked == m_stacked)
        return;
    m_stacked = stacked;
    arrangeChoices();
    fitNameColumn();
}

void TcoEditor::arrangeChoices()
{
    // Stacked, the editor is a column beside the charts: narrower boxes and table, which show
    // the name, value and unit and scroll to the kind and source.
    m_table->setMinimumWidth(m_stacked ? kStackedTableWidth : kTableWidth);
    for (QComboBox* box : {m_pricing, m_preset})
        box->setMinimumContentsLength(m_stacked ? kStackedBoxCharacters : kBoxCharacters);
    for (QWidget* w : {static_cast<QWidget*>(m_pricingLabel), static_cast<QWidget*>(m_pricing),
                       static_cast<QWidget*>(m_presetLabel), static_cast<QWidget*>(m_preset)})
        m_choose->removeWidget(w);
    if (m_stacked) {
        // Each label above its box: the column is as narrow as the longest of them.
        m_choose->addWidget(m_pricingLabel, 0, 0);
        m_choose->addWidget(m_pricing, 1, 0);
        m_choose->addWidget(m_presetLabel, 2, 0);
        m_choose->addWidget(m_preset, 3, 0);
    } else {
        m_choose->addWidget(m_pricingLabel, 0, 0);
        m_choose->addWidget(m_pricing, 0, 1);
        m_choose->addWidget(m_presetLabel, 0, 2);
        m_choose->addWidget(m_preset, 0, 3);
    }
    m_choose->setColumnStretch(0, m_stacked ? 1 : 0);
    m_choose->setColumnStretch(1, m_stacked ? 0 : 2);
    m_choose->setColumnStretch(3, m_stacked ? 0 : 1);
}

int TcoEditor::stackedMinimumWidth() const
{
    const QMargins margins = layout()->contentsMargins();
    const int labels = std::max(m_pricingLabel->sizeHint().width(), m_presetLabel->sizeHint().width());
    // A box's frame and arrow beside its text, which Qt sizes in widths of 'X'.
    const int x = m_pricing->fontMetrics().horizontalAdvance(QLatin1Char('X'));
    int boxes = 0;
    for (const QComboBox* box : {m_pricing, m_preset})
        boxes = std::max(boxes, box->minimumSizeHint().width() +
                                    (kStackedBoxCharacters - box->minimumContentsLength()) * x);
    return margins.left() + margins.right() + std::max({kStackedTableWidth, labels, boxes});
}

int TcoEditor::heightForRows(int rows, int width) const
{
    const QMargins margins = layout()->contentsMargins();
    const int spacing = layout()->spacing();
    const int inner = std::max(1, width - margins.left() - margins.right());
    int h = margins.top() + margins.bottom() + m_pricing->sizeHint().height() + spacing;
    if (m_stacked)
        h += m_pricing->sizeHint().height() + m_pricingLabel->sizeHint().height() +
             m_presetLabel->sizeHint().height() + 3 * m_choose->verticalSpacing();
    for (const QLabel* label : {m_presetNote, m_message, m_detail}) {
        if (!label->isHidden() && !label->text().isEmpty())
            h += label->heightForWidth(inner) + spacing;
    }
    h += m_table->horizontalHeader()->sizeHint().height() +
         rows * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth() +
         m_table->horizontalScrollBar()->sizeHint().height();
    return h;
}

void TcoEditor::fitNameColumn()
{
    QHeaderView* header = m_table->horizontalHeader();
    if (!m_stacked) {
        header->setSectionResizeMode(NameColumn, QHeaderView::ResizeToContents);
        return;
    }
    // In a column beside the charts the names give up room (elided; the line under the table
    // has the selected one whole) so that the value and its unit show without scrolling.
    header->setSectionResizeMode(NameColumn, QHeaderView::Interactive);
    header->resizeSection(
        NameColumn, std::min(columnContentWidth(m_table, NameColumn), m_table->viewport()->width() * 9 / 20));
}

void TcoEditor::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitNameColumn();
}

} // namespace is::gui
