// SPDX-License-Identifier: MIT
#pragma once

#include <QDockWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace is {
class Catalog;
}

namespace is::gui {

class HardwarePaletteModel;

// The hardware palette dock: devices and links by class, searchable, draggable onto the canvas.
class HardwarePalette : public QDockWidget
{
    Q_OBJECT
public:
    explicit HardwarePalette(const Catalog& catalog, QWidget* parent = nullptr);

    HardwarePaletteModel* model() const { return m_model; }
    QTreeView* view() const { return m_view; }
    void setFilter(const QString& text);

private:
    HardwarePaletteModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTreeView* m_view = nullptr;
    QLineEdit* m_search = nullptr;
};

} // namespace is::gui
