// SPDX-License-Identifier: MIT
#include "engine/Estimate.h"

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

} // namespace is
