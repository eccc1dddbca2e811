// SPDX-License-Identifier: MIT
#include "palette/HardwarePalette.h"

#include "palette/HardwarePaletteModel.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace is::gui {

HardwarePalette::HardwarePalette(const Catalog& catalog, QWidget* parent)
    : QDockWidget(tr("Hardware"), parent)
{
    setObjectName(QStringLiteral("HardwarePaletteDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);

    m_search = new QLineEdit(body);
    m_search->setPlaceholderText(tr("Search devices and links…"));
    m_search->setClearButtonEnabled(true);
    layout->addWidget(m_search);

    m_model = new HardwarePaletteModel(catalog, this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterRole(HardwarePaletteModel::SearchTextRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    // A matching device keeps its group visible; a matching group shows all its members.
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setAutoAcceptChildRows(true);

    m_view = new QTreeView(body);
    m_view->setModel(m_proxy);
    m_view->setHeaderHidden(true);
    m_view->setDragEnabled(true);
    m_view->setDragDropMode(QAbstractItemView::DragOnly);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setIconSize(QSize(20, 20));
    m_view->setUniformRowHeights(true);
    m_view->expandAll();
    layout->addWidget(m_view);

    connect(m_search, &QLineEdit::textChanged, this, &HardwarePalette::setFilter);
    setWidget(body);
}

void HardwarePalette::setFilter(const QString& text)
{
    m_proxy->setFilterFixedString(text.trimmed());
    m_view->expandAll();
}

} // namespace is::gui
