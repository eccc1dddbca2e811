// SPDX-License-Identifier: MIT
#include "engine/ThisMachine.h"

#include "engine/Engine.h"
#include "hardware/Catalog.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace is {

QString thisMachineId()
{
    return QStringLiteral("this-machine");
}

Device thisMachineDevice(const MachineProbes& p)
{
    Device d;
    d.id = thisMachineId();
    d.name = QCoreApplication::translate("is::ThisMachine", "This machine (%1 threads)").arg(p.threads);
    d.vendor = QStringLiteral("probed");
    d.family = thisMachineId();
    d.cls = DeviceClass::Cpu;
    d.defaultPrecision = Precision::FP32;
    d.peakFlops[Precision::FP32] = Sourced::measured(p.peakFlops, QStringLiteral("FMA probe, all threads"));
    if (p.cacheBytes > 0 && p.cacheBandwidth > 0) {
        MemoryTier llc;
        llc.kind = MemoryTierKind::Sram;
        llc.capacityBytes = Sourced::measured(p.cacheBytes, QStringLiteral("last-level cache size (sysfs)"));
        llc.bandwidthBytesPerS = Sourced::measured(
            p.cacheBandwidth, QStringLiteral("decode kernel streaming from the last-level cache"));
        d.memory.push_back(llc);
    }
    MemoryTier ddr;
    ddr.kind = MemoryTierKind::Ddr;
    ddr.capacityBytes = Sourced::measured(p.memoryBytes, QStringLiteral("physical memory"));
    ddr.bandwidthBytesPerS =
        Sourced::measured(p.memoryBandwidth, QStringLiteral("decode kernel streaming from DRAM"));
    d.memory.push_back(ddr);
    return d;
}

std::shared_ptr<const Catalog> thisMachineCatalog(const MachineProbes& p)
{
    const QString why = QStringLiteral("probed on this machine");
    QJsonObject fam;
    // The bandwidths are what the decode kernel achieved, so no further fraction applies.
    fam[QStringLiteral("memory_efficiency")] =
        Sourced::measured(1.0, why + QStringLiteral(": bandwidths are achieved rates")).toJson();
    if (p.gemmFlops > 0 && p.peakFlops > 0) {
        const double eff = std::clamp(p.gemmFlops / p.peakFlops, 0.01, 1.0);
        fam[QStringLiteral("compute_efficiency")] =
            Sourced::measured(eff, why + QStringLiteral(": prefill kernel / FMA peak")).toJson();
        // rows / (rows + half) at one row is the matrix-vector kernel's share of the GEMM rate.
        if (p.matvecFlops > 0)
            fam[QStringLiteral("gemm_half_rows")] =
                Sourced::measured(std::max(0.0, eff * p.peakFlops / p.matvecFlops - 1.0),
                                  why + QStringLiteral(": matrix-vector vs matrix-matrix kernel rates"))
                    .toJson();
    } else {
        fam[QStringLiteral("compute_efficiency")] =
            Sourced::assumed(0.5, QStringLiteral("CPU matrix products without a kernel probe")).toJson();
    }
    if (!fam.contains(QStringLiteral("gemm_half_rows")))
        fam[QStringLiteral("gemm_half_rows")] =
            Sourced::assumed(4.0, QStringLiteral("CPU register tiles fill with a few rows")).toJson();
    fam[QStringLiteral("kernel_overhead_s")] =
        Sourced::measured(
            p.kernelOverheadS,
            why + QStringLiteral(": a fork-join of the thread pool, activations handed between cores"))
            .toJson();
    fam[QStringLiteral("step_overhead_s")] =
        Sourced::assumed(0.0, QStringLiteral("sampling in-process takes microseconds")).toJson();
    fam[QStringLiteral("request_overhead_s")] =
        Sourced::assumed(0.0, QStringLiteral("no server in front of the executor")).toJson();
    fam[QStringLiteral("max_usable_memory")] =
        Sourced::assumed(0.9, QStringLiteral("operating system and other processes")).toJson();
    // cache_usable: not probed, so the default family's assumption applies (inherited).
    QJsonObject families;
    families[thisMachineId()] = fam;
    QJsonObject root;
    root[QStringLiteral("version")] = 1;
    root[QStringLiteral("families")] = families;
    root[QStringLiteral("device_families")] = QJsonArray{QJsonObject{
        {QStringLiteral("id"), thisMachineId()},
        {QStringLiteral("name"), QCoreApplication::translate("is::ThisMachine", "This machine")}}};

    auto catalog = std::make_shared<Catalog>();
    QString error;
    // Built from numbers in range by construction; a failure is a programming error.
    const bool ok =
        catalog->loadJson(QJsonDocument(root).toJson(QJsonDocument::Compact), thisMachineId(), &error);
    Q_ASSERT_X(ok, "thisMachineCatalog", qPrintable(error));
    Q_UNUSED(ok);
    catalog->addDevice(thisMachineDevice(p));
    return catalog;
}

std::optional<Estimate> estimateThisMachine(const MachineProbes& p, const ModelDesc& m, Precision weights,
                                            Precision kv, Precision activations, double prompt, double gen,
                                            QString* error)
{
    const auto catalog = thisMachineCatalog(p);
    Engine engine(catalog);
    Deployment d;
    d.name = thisMachineId();
    d.device = catalog->device(thisMachineId());
    d.chips = 1;
    d.plan = ParallelPlan{};
    d.weightPrecision = weights;
    d.kvPrecision = kv;
    d.activationPrecision = activations;
    Workload w;
    w.inputTokens = std::max(1.0, prompt);
    w.outputTokens = std::max(1.0, gen);
    w.concurrency = 1;
    return engine.estimate(d, m, w, ServingGoal::FixedConcurrency, CostAssumptions{}, error);
}

} // namespace is
