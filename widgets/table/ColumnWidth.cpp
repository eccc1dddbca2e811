// SPDX-License-Identifier: MIT
#include "table/ColumnWidth.h"

#include <QFontMetrics>
#include <QHeaderView>
#include <QTableWidget>

#include <algorithm>

namespace is::gui {

int columnContentWidth(const QTableWidget* table, int column)
{
    constexpr int kCellPadding = 16;
    int widest = table->horizontalHeader()->sectionSizeHint(column);
    for (int r = 0; r < table->rowCount(); ++r)
        if (const QTableWidgetItem* item = table->item(r, column))
            widest =
                std::max(widest, QFontMetrics(item->font()).horizontalAdvance(item->text()) + kCellPadding);
    return widest;
}

} // namespace is::gui
