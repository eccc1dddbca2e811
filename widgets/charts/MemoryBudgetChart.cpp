// SPDX-License-Identifier: MIT
#include "charts/MemoryBudgetChart.h"

#include "Units.h"
#include "charts/ChartFormat.h"

#include "engine/Estimate.h"

namespace is::gui {

namespace {
// Decimal gigabytes, as datasheets quote capacity.
constexpr double kGB = 1e9;
} // namespace

MemoryBudgetChart::MemoryBudgetChart(QWidget* parent) : StackedBarsChart(parent)
{
    retranslate();
    applyFonts();
}

QString MemoryBudgetChart::title() const
{
    return tr("Memory per device");
}

QString MemoryBudgetChart::valueAxisTitle() const
{
    return tr("GB on the busiest device");
}

std::vector<StackedBarsChart::Part> MemoryBudgetChart::parts() const
{
    return {
        {tr("weights"), QColor(0x4e, 0x79, 0xa7), QStringLiteral("weights_gb"),
         [](const is::Estimate& e) { return e.memory.weights / kGB; }},
        {tr("KV cache"), QColor(0xf2, 0x8e, 0x2b), QStringLiteral("kv_cache_gb"),
         [](const is::Estimate& e) { return e.memory.kvCache / kGB; }},
        {tr("activations"), QColor(0x59, 0xa1, 0x4f), QStringLiteral("activations_gb"),
         [](const is::Estimate& e) { return e.memory.activations / kGB; }},
    };
}

double MemoryBudgetChart::limit(const is::Estimate& e) const
{
    return e.memory.capacity / kGB;
}

QString MemoryBudgetChart::limitName() const
{
    return tr("capacity");
}

QString MemoryBudgetChart::noteFor(const QString& deployment, const is::Estimate& mid) const
{
    const double used = mid.memory.used();
    if (mid.memory.capacity > 0 && used > mid.memory.capacity)
        return tr("%1 needs %2 GB of %3 GB per device")
            .arg(deployment, is::gui::units::significant(used / kGB),
                 is::gui::units::significant(mid.memory.capacity / kGB));
    return StackedBarsChart::noteFor(deployment, mid);
}

} // namespace is::gui
