// SPDX-License-Identifier: MIT
#pragma once

#include <QStandardItemModel>

namespace is {
class Catalog;
}

namespace is::gui {

// The catalog's devices and links grouped by class, as a tree of items that drag as
// HardwarePayload MIME data. Group rows are not draggable.
class HardwarePaletteModel : public QStandardItemModel
{
    Q_OBJECT
public:
    enum Role { PayloadKindRole = Qt::UserRole + 1, IdRole, CountRole, SearchTextRole };

    explicit HardwarePaletteModel(const Catalog& catalog, QObject* parent = nullptr);

    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    Qt::DropActions supportedDragActions() const override { return Qt::CopyAction; }
    // The item for a device or link id (tests drive drags with it).
    QModelIndex indexOfId(const QString& id) const;
};

} // namespace is::gui
