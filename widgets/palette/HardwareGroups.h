// SPDX-License-Identifier: MIT
#pragma once

#include <QIcon>
#include <QString>

namespace is {
struct Device;
struct Link;
class Catalog;
} // namespace is

namespace is::gui {

// The palette's groups, in display order.
enum class HardwareGroup { WaferScale, Gpu, OtherAccelerator, Cpu, Link };

HardwareGroup groupOf(const Device& d);
QString groupTitle(HardwareGroup g);
QIcon groupIcon(HardwareGroup g);
QIcon deviceIcon(const Device& d);

// How many devices one drop adds: one system's worth (an HGX node is 8 GPUs, a CS-3 is one wafer).
int devicesPerDrop(const Catalog& catalog, const Device& d);

// Rich-text tooltips: the key numbers with their source and kind.
QString deviceTooltip(const Catalog& catalog, const Device& d);
QString linkTooltip(const Link& l);

} // namespace is::gui
