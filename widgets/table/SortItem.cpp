// SPDX-License-Identifier: MIT
#include "table/SortItem.h"

#include <cmath>
#include <limits>

namespace is::gui {

SortItem::SortItem(const QString& text, const QVariant& key) : QTableWidgetItem(text)
{
    setData(kSortRole, key);
}

bool SortItem::operator<(const QTableWidgetItem& other) const
{
    const QVariant a = data(kSortRole), b = other.data(kSortRole);
    if (a.typeId() == QMetaType::Double && b.typeId() == QMetaType::Double)
        return a.toDouble() < b.toDouble();
    return QString::localeAwareCompare(text(), other.text()) < 0;
}

QTableWidgetItem* numberItem(double v, const QString& text)
{
    auto* item = new SortItem(text, std::isfinite(v) ? v : std::numeric_limits<double>::max());
    item->setData(Qt::UserRole, v);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace is::gui
