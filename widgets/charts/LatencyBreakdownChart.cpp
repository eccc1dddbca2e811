// SPDX-License-Identifier: MIT
#include "charts/LatencyBreakdownChart.h"

#include "engine/Estimate.h"

namespace is::gui {

LatencyBreakdownChart::LatencyBreakdownChart(QWidget* parent) : StackedBarsChart(parent)
{
    retranslate();
    applyFonts();
}

QString LatencyBreakdownChart::title() const
{
    return tr("One decode step by cause");
}

QString LatencyBreakdownChart::valueAxisTitle() const
{
    return tr("time per decode step (ms)");
}

std::vector<StackedBarsChart::Part> LatencyBreakdownChart::parts() const
{
    // Fixed colours per cause, so the same cause reads the same in every scenario.
    return {
        {tr("compute"), QColor(0x4e, 0x79, 0xa7), QStringLiteral("compute_ms"),
         [](const is::Estimate& e) { return e.decode.compute * 1e3; }},
        {tr("memory"), QColor(0xf2, 0x8e, 0x2b), QStringLiteral("memory_ms"),
         [](const is::Estimate& e) { return e.decode.memory * 1e3; }},
        {tr("communication"), QColor(0xe1, 0x57, 0x59), QStringLiteral("communication_ms"),
         [](const is::Estimate& e) { return e.decode.communication * 1e3; }},
        {tr("dataflow latency"), QColor(0x76, 0xb7, 0xb2), QStringLiteral("dataflow_ms"),
         [](const is::Estimate& e) { return e.decode.dataflow * 1e3; }},
        {tr("overhead"), QColor(0xba, 0xb0, 0xac), QStringLiteral("overhead_ms"),
         [](const is::Estimate& e) { return e.decode.overhead * 1e3; }},
    };
}

} // namespace is::gui
