// SPDX-License-Identifier: MIT
#include "palette/HardwarePaletteModel.h"

#include "palette/HardwareGroups.h"
#include "palette/HardwareMime.h"

#include "hardware/Catalog.h"

#include <map>

namespace is::gui {

HardwarePaletteModel::HardwarePaletteModel(const Catalog& catalog, QObject* parent)
    : QStandardItemModel(parent)
{
    std::map<HardwareGroup, QStandardItem*> groups;
    auto group = [&](HardwareGroup g) {
        auto it = groups.find(g);
        if (it != groups.end())
            return it->second;
        auto* item = new QStandardItem(groupIcon(g), groupTitle(g));
        item->setFlags(Qt::ItemIsEnabled);
        item->setData(groupTitle(g), SearchTextRole);
        groups.emplace(g, item);
        return item;
    };
    for (const Device* d : catalog.devices()) {
        const int count = devicesPerDrop(catalog, *d);
        auto* item = new QStandardItem(deviceIcon(*d), d->name);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
        item->setToolTip(deviceTooltip(catalog, *d));
        item->setData(static_cast<int>(HardwarePayload::Kind::Device), PayloadKindRole);
        item->setData(d->id, IdRole);
        item->setData(count, CountRole);
        item->setData(QStringList{d->name, d->id, d->vendor, d->family}.join(QLatin1Char(' ')),
                      SearchTextRole);
        group(groupOf(*d))->appendRow(item);
    }
    for (const Link* l : catalog.links()) {
        auto* item = new QStandardItem(groupIcon(HardwareGroup::Link), l->name);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
        item->setToolTip(linkTooltip(*l));
        item->setData(static_cast<int>(HardwarePayload::Kind::Link), PayloadKindRole);
        item->setData(l->id, IdRole);
        item->setData(1, CountRole);
        item->setData(QStringList{l->name, l->id}.join(QLatin1Char(' ')), SearchTextRole);
        group(HardwareGroup::Link)->appendRow(item);
    }
    // std::map iterates in HardwareGroup order: wafer-scale, GPUs, others, CPU, links.
    for (auto& [g, item] : groups)
        appendRow(item);
}

QStringList HardwarePaletteModel::mimeTypes() const
{
    return {hardwareMimeType()};
}

QMimeData* HardwarePaletteModel::mimeData(const QModelIndexList& indexes) const
{
    for (const QModelIndex& i : indexes) {
        const QVariant kind = i.data(PayloadKindRole);
        if (!kind.isValid())
            continue;
        HardwarePayload p;
        p.kind = static_cast<HardwarePayload::Kind>(kind.toInt());
        p.id = i.data(IdRole).toString();
        p.count = i.data(CountRole).toInt();
        return makeHardwareMime(p);
    }
    return nullptr;
}

QModelIndex HardwarePaletteModel::indexOfId(const QString& id) const
{
    for (int g = 0; g < rowCount(); ++g) {
        const QModelIndex parent = index(g, 0);
        for (int r = 0; r < rowCount(parent); ++r) {
            const QModelIndex i = index(r, 0, parent);
            if (i.data(IdRole).toString() == id)
                return i;
        }
    }
    return {};
}

} // namespace is::gui
