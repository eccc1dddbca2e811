// SPDX-License-Identifier: MIT
#include "engine/Estimate.h"

#include <QCoreApplication>

namespace is {

QString bottleneckId(Bottleneck b)
{
    switch (b) {
    case Bottleneck::Compute:
        return QStringLiteral("compute");
    case Bottleneck::MemoryBandwidth:
        return QStringLiteral("memory-bandwidth");
    case Bottleneck::Communication:
        return QStringLiteral("communication");
    case Bottleneck::DataflowLatency:
        return QStringLiteral("dataflow-latency");
    case Bottleneck::Overhead:
        return QStringLiteral("fixed-overheads");
    case Bottleneck::Capacity:
        return QStringLiteral("capacity");
    case Bottleneck::WeightStreaming:
        return QStringLiteral("weight-streaming");
    }
    return {};
}

void refuseBeyondContextWindow(Estimate& e, const Workload& w, int maxContext)
{
    if (maxContext <= 0 || w.inputTokens + w.outputTokens <= maxContext)
        return;
    e.fits = false;
    e.beyondContextWindow = true;
    e.why = QCoreApplication::translate(
                "is::Engine", "%L1 prompt + %L2 output tokens exceed the model's %L3-token context window")
                .arg(w.inputTokens, 0, 'f', 0)
                .arg(w.outputTokens, 0, 'f', 0)
                .arg(maxContext);
}

QString kvPlacementId(KvPlacement p)
{
    switch (p) {
    case KvPlacement::OnChip:
        return QStringLiteral("on-chip");
    case KvPlacement::AddedChips:
        return QStringLiteral("added-chips");
    case KvPlacement::SpilledExternal:
        return QStringLiteral("spilled-external");
    }
    return {};
}

QString memoryShortfall(double totalBytes, double perChipBytes, double capacityPerChip, int chips)
{
    // Two texts, not "%n chip(s)": the engine's messages are read untranslated on the command line.
    if (chips == 1)
        return QCoreApplication::translate("is::Engine",
                                           "needs %L1 GB in all: %L2 GB on its one chip, which has %L3 GB")
            .arg(totalBytes / 1e9, 0, 'f', 1)
            .arg(perChipBytes / 1e9, 0, 'f', 1)
            .arg(capacityPerChip / 1e9, 0, 'f', 1);
    return QCoreApplication::translate("is::Engine",
                                       "needs %L1 GB in all: %L2 GB per chip on %L3 chips, each has %L4 GB")
        .arg(totalBytes / 1e9, 0, 'f', 1)
        .arg(perChipBytes / 1e9, 0, 'f', 1)
        .arg(chips)
        .arg(capacityPerChip / 1e9, 0, 'f', 1);
}

QString residentMemoryShortfall(double totalBytes, int batch, const ParallelPlan& plan, double perChipBytes,
                                double capacityPerChip, int chips)
{
    if (chips == 1)
        return QCoreApplication::translate("is::Engine", "needs %L1 GB in all (weights and KV cache at batch "
                                                         "%L2): %L3 GB on its one chip, which has %L4 GB")
            .arg(totalBytes / 1e9, 0, 'f', 1)
            .arg(batch)
            .arg(perChipBytes / 1e9, 0, 'f', 1)
            .arg(capacityPerChip / 1e9, 0, 'f', 1);
    if (plan.dp <= 1)
        return QCoreApplication::translate("is::Engine",
                                           "needs %L1 GB in all (weights and KV cache at batch %L2): %L3 GB "
                                           "per chip on %L4 chips, each has %L5 GB")
            .arg(totalBytes / 1e9, 0, 'f', 1)
            .arg(batch)
            .arg(perChipBytes / 1e9, 0, 'f', 1)
            .arg(chips)
            .arg(capacityPerChip / 1e9, 0, 'f', 1);
    const QString text =
        plan.ep > 1
            ? QCoreApplication::translate(
                  "is::Engine", "needs %L1 GB in all (weights and KV cache at batch %L2); laid out as %3, "
                                "whose %L4 replicas share the experts and each hold their own copy of the "
                                "other weights, that is %L5 GB per chip on %L6 chips, each has %L7 GB")
            : QCoreApplication::translate(
                  "is::Engine", "needs %L1 GB in all (weights and KV cache at batch %L2); laid out as %3, "
                                "whose %L4 replicas each hold their own copy of the weights, that is "
                                "%L5 GB per chip on %L6 chips, each has %L7 GB");
    return text.arg(totalBytes / 1e9, 0, 'f', 1)
        .arg(batch)
        .arg(plan.toString())
        .arg(plan.dp)
        .arg(perChipBytes / 1e9, 0, 'f', 1)
        .arg(chips)
        .arg(capacityPerChip / 1e9, 0, 'f', 1);
}

QString smallestFittingCount(int minChips, int searchLimit, int beyondLimit)
{
    if (minChips > 0)
        return QCoreApplication::translate("is::Engine", "the smallest count that fits is %L1").arg(minChips);
    if (beyondLimit > searchLimit)
        return QCoreApplication::translate("is::Engine", "no count up to %L1 fits (it would take %L2)")
            .arg(searchLimit)
            .arg(beyondLimit);
    return QCoreApplication::translate("is::Engine", "no count up to %L1 fits").arg(searchLimit);
}

int servingReplicas(const Estimate& e)
{
    return e.mode == QLatin1String("weight-streaming") ? 1 : std::max(1, e.plan.dp);
}

bool meetsLimits(const Estimate& e, const Workload& w)
{
    // MLPerf's server scenario bounds the 99th percentiles; other published limits the means.
    const double ttft = w.p99Limits ? e.ttftP99S : e.ttftS;
    const double tpot = w.p99Limits ? e.tpotP99S : e.tpotS;
    return (w.ttftLimitS <= 0 || ttft <= w.ttftLimitS) &&
           (w.tpotLimitInForce() <= 0 || tpot <= w.tpotLimitInForce());
}

} // namespace is
