// SPDX-License-Identifier: MIT
#include "scenario/AttentionFfnJson.h"

namespace is {

namespace {

QJsonObject memoryToJson(const MemoryBudget& m)
{
    return QJsonObject{{QStringLiteral("weights"), m.weights / 1e9},
                       {QStringLiteral("kv_cache"), m.kvCache / 1e9},
                       {QStringLiteral("activations"), m.activations / 1e9},
                       {QStringLiteral("capacity"), m.capacity / 1e9}};
}

QJsonObject poolToJson(int chips, const ParallelPlan& plan, double stepS, const MemoryBudget& memory,
                       double powerW, double capexUsd)
{
    return QJsonObject{{QStringLiteral("chips"), chips},
                       {QStringLiteral("plan"), plan.toString()},
                       {QStringLiteral("step_ms"), stepS * 1000.0},
                       {QStringLiteral("memory_gb_per_chip"), memoryToJson(memory)},
                       {QStringLiteral("power_kw"), powerW / 1000.0},
                       {QStringLiteral("capex_usd"), capexUsd}};
}

} // namespace

QJsonObject attentionFfnToJson(const AttentionFfnBreakdown& s)
{
    return QJsonObject{
        {QStringLiteral("attention"), poolToJson(s.attentionChips, s.attentionPlan, s.attentionS,
                                                 s.attentionMemory, s.attentionPowerW, s.attentionCapexUsd)},
        {QStringLiteral("ffn"),
         poolToJson(s.ffnChips, s.ffnPlan, s.ffnS, s.ffnMemory, s.ffnPowerW, s.ffnCapexUsd)},
        {QStringLiteral("link_ms"), s.linkS * 1000.0},
        {QStringLiteral("link_share"), s.linkShare},
        {QStringLiteral("link_power_kw"), s.linkPowerW / 1000.0},
        {QStringLiteral("step_ms"), s.stepS * 1000.0},
        {QStringLiteral("micro_batches"), s.microBatches}};
}

} // namespace is
