// SPDX-License-Identifier: MIT
#include "report/CatalogCitations.h"

#include "cost/TcoAssumptions.h"
#include "cost/TcoFields.h"
#include "hardware/Catalog.h"
#include "model/ModelMath.h"

#include <QCoreApplication>
#include <QSet>

namespace is {

namespace {

class CitationList
{
public:
    // False when `key` was cited already (a device two deployments share is cited once).
    bool begin(const QString& key)
    {
        if (m_keys.contains(key))
            return false;
        m_keys.insert(key);
        return true;
    }
    void add(const QString& subject, const QString& field, CitationUnit unit, const Sourced& value)
    {
        m_out.push_back({subject, field, unit, value});
    }
    std::vector<CatalogCitation> take() { return std::move(m_out); }

private:
    QSet<QString> m_keys;
    std::vector<CatalogCitation> m_out;
};

void citeDevice(CitationList& out, const Device& d)
{
    for (const auto& [precision, flops] : d.peakFlops)
        out.add(d.name,
                QCoreApplication::translate("is::CatalogCitations", "peak FLOP/s (%1)")
                    .arg(precisionId(precision)),
                CitationUnit::FlopsPerS, flops);
    for (const MemoryTier& t : d.memory) {
        const QString tier = memoryTierId(t.kind);
        out.add(d.name, QCoreApplication::translate("is::CatalogCitations", "memory capacity (%1)").arg(tier),
                CitationUnit::Bytes, t.capacityBytes);
        out.add(d.name,
                QCoreApplication::translate("is::CatalogCitations", "memory bandwidth (%1)").arg(tier),
                CitationUnit::BytesPerS, t.bandwidthBytesPerS);
    }
    if (d.meshCores.value > 0)
        out.add(d.name, QCoreApplication::translate("is::CatalogCitations", "cores in the mesh"),
                CitationUnit::Count, d.meshCores);
    if (d.clockHz.value > 0)
        out.add(d.name, QCoreApplication::translate("is::CatalogCitations", "clock"), CitationUnit::Hertz,
                d.clockHz);
    out.add(d.name, QCoreApplication::translate("is::CatalogCitations", "idle power"), CitationUnit::Watts,
            d.idlePowerW);
    out.add(d.name, QCoreApplication::translate("is::CatalogCitations", "peak power"), CitationUnit::Watts,
            d.peakPowerW);
    if (d.priceUsd.value > 0)
        out.add(d.name, QCoreApplication::translate("is::CatalogCitations", "price"), CitationUnit::Usd,
                d.priceUsd);
}

void citeModel(CitationList& out, const ModelEntry& m)
{
    const QString name = m.arch.name.isEmpty() ? m.arch.id : m.arch.name;
    if (m.parametric) {
        out.add(name, QCoreApplication::translate("is::CatalogCitations", "total parameters"),
                CitationUnit::Parameters, m.parametric->totalParams);
        out.add(name, QCoreApplication::translate("is::CatalogCitations", "active parameters per token"),
                CitationUnit::Parameters, m.parametric->activeParams);
        out.add(name, QCoreApplication::translate("is::CatalogCitations", "layers"), CitationUnit::Count,
                m.parametric->layers);
        return;
    }
    // A fixed architecture is one published config; its parameter counts follow from it.
    const ModelDesc desc = m.resolve();
    const ParamBreakdown p = paramBreakdown(desc);
    Sourced total;
    total.value = p.total();
    total.source = m.arch.source;
    total.kind = m.arch.kind;
    out.add(name,
            QCoreApplication::translate("is::CatalogCitations", "total parameters (from the architecture)"),
            CitationUnit::Parameters, total);
    Sourced layers = total;
    layers.value = desc.layers;
    out.add(name, QCoreApplication::translate("is::CatalogCitations", "layers"), CitationUnit::Count, layers);
}

} // namespace

std::vector<CatalogCitation> catalogCitations(const std::vector<ResolvedDeployment>& deployments,
                                              const Catalog& catalog, const cost::TcoAssumptions* tco)
{
    CitationList out;
    for (const ResolvedDeployment& r : deployments) {
        const Deployment& d = r.deployment;
        if (out.begin(QStringLiteral("model:") + r.model.arch.id))
            citeModel(out, r.model);
        if (d.device && out.begin(QStringLiteral("device:") + d.device->id))
            citeDevice(out, *d.device);
        if (d.system && out.begin(QStringLiteral("system:") + d.system->id)) {
            out.add(d.system->name,
                    QCoreApplication::translate("is::CatalogCitations", "host power per system"),
                    CitationUnit::Watts, d.system->hostPowerW);
            out.add(d.system->name, QCoreApplication::translate("is::CatalogCitations", "price per system"),
                    CitationUnit::Usd, d.system->priceUsd);
        }
        for (const Link* link : {d.scaleUp, d.scaleOut}) {
            if (!link || !out.begin(QStringLiteral("link:") + link->id))
                continue;
            out.add(link->name,
                    QCoreApplication::translate("is::CatalogCitations", "bandwidth per device and direction"),
                    CitationUnit::BytesPerS, link->bandwidthBytesPerS);
            out.add(link->name, QCoreApplication::translate("is::CatalogCitations", "latency per hop"),
                    CitationUnit::Seconds, link->latencyS);
        }
        if (!d.device)
            continue;
        const QString family = d.device->family;
        if (!out.begin(QStringLiteral("calibration:") + family + QLatin1Char('@') + d.softwareDate))
            continue;
        const FamilyCalibration& c = catalog.calibration().family(family, d.softwareDate);
        const QString subject =
            QCoreApplication::translate("is::CatalogCitations", "calibration: %1")
                .arg(family.isEmpty() ? QStringLiteral("default") : catalog.familyName(family));
        for (const auto& [key, member] : familyCalibrationFields())
            out.add(subject, QString::fromLatin1(key),
                    QString::fromLatin1(key).endsWith(QLatin1String("_s")) ? CitationUnit::Seconds
                                                                           : CitationUnit::Count,
                    c.*member);
    }
    if (tco) {
        for (const cost::TcoField& f : cost::tcoFields()) {
            if (!f.scenarioWide())
                continue;
            if (const Sourced* v = f.get(*tco))
                out.add(QCoreApplication::translate("is::CatalogCitations", "cost assumptions"), f.name(),
                        CitationUnit::Count, *v);
        }
    }
    return out.take();
}

} // namespace is
