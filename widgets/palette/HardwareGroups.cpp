// SPDX-License-Identifier: MIT
#include "palette/HardwareGroups.h"

#include "Names.h"
#include "Units.h"

#include "hardware/Catalog.h"

#include <QCoreApplication>

namespace is::gui {

namespace {
// A single die with tens of gigabytes of SRAM is a wafer; LPU-class chips have hundreds of MB.
constexpr double kWaferSramBytes = 10e9;

QString row(const QString& label, const QString& value, const Sourced* s)
{
    QString r =
        QStringLiteral("<tr><td><b>%1</b></td><td>%2").arg(label.toHtmlEscaped(), value.toHtmlEscaped());
    if (s)
        r += QStringLiteral(" <span style='color:#777'>%1</span>").arg(units::provenance(*s).toHtmlEscaped());
    return r + QStringLiteral("</td></tr>");
}
} // namespace

HardwareGroup groupOf(const Device& d)
{
    switch (d.cls) {
    case DeviceClass::SramDataflow: {
        const MemoryTier* sram = d.tier(MemoryTierKind::Sram);
        return sram && sram->capacityBytes.value >= kWaferSramBytes ? HardwareGroup::WaferScale
                                                                    : HardwareGroup::OtherAccelerator;
    }
    case DeviceClass::HbmAccelerator:
        // GPUs are the general-purpose HBM parts; fixed-function HBM ASICs (Sohu) are "other".
        return d.vendor == QLatin1String("NVIDIA") || d.vendor == QLatin1String("AMD")
                   ? HardwareGroup::Gpu
                   : HardwareGroup::OtherAccelerator;
    case DeviceClass::Tiered:
        return HardwareGroup::OtherAccelerator;
    case DeviceClass::Cpu:
        return HardwareGroup::Cpu;
    }
    return HardwareGroup::OtherAccelerator;
}

QString groupTitle(HardwareGroup g)
{
    switch (g) {
    case HardwareGroup::WaferScale:
        return QCoreApplication::translate("palette", "Wafer-scale");
    case HardwareGroup::Gpu:
        return QCoreApplication::translate("palette", "GPUs");
    case HardwareGroup::OtherAccelerator:
        return QCoreApplication::translate("palette", "Other accelerators");
    case HardwareGroup::Cpu:
        return QCoreApplication::translate("palette", "This machine");
    case HardwareGroup::Link:
        return QCoreApplication::translate("palette", "Links");
    }
    return {};
}

QIcon groupIcon(HardwareGroup g)
{
    // Loaded once: the canvas asks for them on every analysis update.
    static const QIcon wafer(QStringLiteral(":/icons/wafer.svg"));
    static const QIcon gpu(QStringLiteral(":/icons/gpu.svg"));
    static const QIcon accelerator(QStringLiteral(":/icons/accelerator.svg"));
    static const QIcon cpu(QStringLiteral(":/icons/cpu.svg"));
    static const QIcon link(QStringLiteral(":/icons/link.svg"));
    switch (g) {
    case HardwareGroup::WaferScale:
        return wafer;
    case HardwareGroup::Gpu:
        return gpu;
    case HardwareGroup::OtherAccelerator:
        return accelerator;
    case HardwareGroup::Cpu:
        return cpu;
    case HardwareGroup::Link:
        return link;
    }
    return {};
}

QIcon deviceIcon(const Device& d)
{
    return groupIcon(groupOf(d));
}

int devicesPerDrop(const Catalog& catalog, const Device& d)
{
    if (const SystemPackaging* s = catalog.system(d.defaultSystem))
        return std::max(1, std::min(s->devicesPerSystem, 8));
    return 1;
}

QString deviceTooltip(const Catalog& catalog, const Device& d)
{
    QString html =
        QStringLiteral("<p><b>%1</b> — %2<br/>%3</p><table cellspacing='2'>")
            .arg(d.name.toHtmlEscaped(), d.vendor.toHtmlEscaped(), names::deviceClass(d.cls).toHtmlEscaped());
    auto peak = d.peakFlops.find(d.defaultPrecision);
    if (peak != d.peakFlops.end())
        html += row(QCoreApplication::translate("palette", "Peak (%1, dense)")
                        .arg(names::precision(d.defaultPrecision)),
                    units::withRange(peak->second, units::flops), &peak->second);
    for (const MemoryTier& t : d.memory) {
        const QString tier = memoryTierId(t.kind).toUpper();
        html += row(QCoreApplication::translate("palette", "%1 capacity").arg(tier),
                    units::withRange(t.capacityBytes, units::bytes), &t.capacityBytes);
        html += row(QCoreApplication::translate("palette", "%1 bandwidth").arg(tier),
                    units::withRange(t.bandwidthBytesPerS, units::bandwidth), &t.bandwidthBytesPerS);
    }
    if (d.meshCores.value > 0)
        html += row(QCoreApplication::translate("palette", "Cores"), units::number(d.meshCores.value, 4),
                    &d.meshCores);
    if (d.peakPowerW.value > 0)
        html += row(QCoreApplication::translate("palette", "Power (peak)"),
                    units::withRange(d.peakPowerW, units::watts), &d.peakPowerW);
    if (d.priceUsd.value > 0)
        html += row(QCoreApplication::translate("palette", "Price"),
                    units::withRange(d.priceUsd, units::dollars), &d.priceUsd);
    if (const SystemPackaging* s = catalog.system(d.defaultSystem))
        html += row(QCoreApplication::translate("palette", "System"),
                    QCoreApplication::translate("palette", "%1 (%n device(s))", nullptr, s->devicesPerSystem)
                        .arg(s->name),
                    nullptr);
    html += QStringLiteral("</table><p><i>%1</i></p>")
                .arg(QCoreApplication::translate("palette", "Drag onto the canvas: empty space starts a "
                                                            "deployment, a deployment grows by one system.")
                         .toHtmlEscaped());
    return html;
}

QString linkTooltip(const Link& l)
{
    QString html = QStringLiteral("<p><b>%1</b><br/>%2</p><table cellspacing='2'>")
                       .arg(l.name.toHtmlEscaped(),
                            (l.scope == LinkScope::ScaleUp
                                 ? QCoreApplication::translate("palette", "Scale-up (inside a system)")
                                 : QCoreApplication::translate("palette", "Scale-out (between systems)"))
                                .toHtmlEscaped());
    html += row(QCoreApplication::translate("palette", "Bandwidth per device"),
                units::withRange(l.bandwidthBytesPerS, units::bandwidth), &l.bandwidthBytesPerS);
    html += row(QCoreApplication::translate("palette", "Latency per hop"),
                units::withRange(l.latencyS, units::seconds), &l.latencyS);
    if (l.powerWPerPort.value > 0)
        html += row(QCoreApplication::translate("palette", "Power per port"),
                    units::withRange(l.powerWPerPort, units::watts), &l.powerWPerPort);
    html +=
        QStringLiteral("</table><p><i>%1</i></p>")
            .arg(QCoreApplication::translate(
                     "palette",
                     "Drag onto a deployment (or use the link tool) to connect its devices with this link.")
                     .toHtmlEscaped());
    return html;
}

} // namespace is::gui
