// SPDX-License-Identifier: MIT
#pragma once

#include <QTableWidgetItem>
#include <QVariant>

namespace is::gui {

// The role that holds what a cell sorts by: the number behind its text ("$1.2 bn" after
// "$300 M"), a name for a name column.
constexpr int kSortRole = Qt::UserRole + 1;

// A table cell that sorts by its key, numbers as numbers, and otherwise by its text in the
// user's language's collation.
class SortItem : public QTableWidgetItem
{
public:
    SortItem(const QString& text, const QVariant& key);
    bool operator<(const QTableWidgetItem& other) const override;
};

// A right-aligned number cell that sorts by `v`; not a number (no estimate) sorts after every
// number. Also keeps `v` under Qt::UserRole.
QTableWidgetItem* numberItem(double v, const QString& text);

} // namespace is::gui
