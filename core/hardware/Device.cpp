// SPDX-License-Identifier: MIT
#include "hardware/Device.h"

#include <array>

namespace is {

namespace {
constexpr std::array<std::pair<DeviceClass, const char*>, 4> kClassIds{{
    {DeviceClass::HbmAccelerator, "hbm"},
    {DeviceClass::SramDataflow, "sram-dataflow"},
    {DeviceClass::Tiered, "tiered"},
    {DeviceClass::Cpu, "cpu"},
}};
constexpr std::array<std::pair<MemoryTierKind, const char*>, 4> kTierIds{{
    {MemoryTierKind::Sram, "sram"},
    {MemoryTierKind::Hbm, "hbm"},
    {MemoryTierKind::Ddr, "ddr"},
    {MemoryTierKind::External, "external"},
}};

template <typename E, size_t N>
QString idOf(const std::array<std::pair<E, const char*>, N>& table, E value)
{
    for (const auto& [e, id] : table)
        if (e == value)
            return QString::fromLatin1(id);
    return {};
}

template <typename E, size_t N>
std::optional<E> fromId(const std::array<std::pair<E, const char*>, N>& table, const QString& id)
{
    for (const auto& [e, name] : table)
        if (id == QLatin1String(name))
            return e;
    return std::nullopt;
}
} // namespace

QString deviceClassId(DeviceClass c) { return idOf(kClassIds, c); }
std::optional<DeviceClass> deviceClassFromId(const QString& id) { return fromId(kClassIds, id); }
QString memoryTierId(MemoryTierKind k) { return idOf(kTierIds, k); }
std::optional<MemoryTierKind> memoryTierFromId(const QString& id) { return fromId(kTierIds, id); }

const MemoryTier* Device::tier(MemoryTierKind kind) const
{
    for (const auto& t : memory)
        if (t.kind == kind)
            return &t;
    return nullptr;
}

const MemoryTier* Device::primaryTier() const
{
    switch (cls) {
    case DeviceClass::SramDataflow:
        return tier(MemoryTierKind::Sram);
    case DeviceClass::Cpu:
        if (auto t = tier(MemoryTierKind::Ddr))
            return t;
        break;
    case DeviceClass::HbmAccelerator:
    case DeviceClass::Tiered:
        if (auto t = tier(MemoryTierKind::Hbm))
            return t;
        break;
    }
    return memory.empty() ? nullptr : &memory.front();
}

double Device::peakFlopsFor(Precision p, Bound b) const
{
    // Ordered from narrowest to widest; walk towards wider formats until the chip has one.
    static constexpr std::array<Precision, 7> kWidening{Precision::INT4, Precision::FP4,  Precision::INT8,
                                                         Precision::FP8,  Precision::FP16, Precision::BF16,
                                                         Precision::FP32};
    size_t start = 0;
    while (start < kWidening.size() && kWidening[start] != p)
        ++start;
    for (size_t i = start; i < kWidening.size(); ++i) {
        auto it = peakFlops.find(kWidening[i]);
        if (it != peakFlops.end())
            return it->second.at(b);
        // fp16 and bf16 run at the same rate; so do int8 and fp8 on the chips with fp8 units
        // (Hopper, Blackwell, CDNA 3). Not the other way round: a chip with int8 units but none
        // for fp8 (A100, Groq's LPU) runs fp8 weights dequantised, at the 16-bit rate.
        if (kWidening[i] == Precision::FP16)
            if (auto bf = peakFlops.find(Precision::BF16); bf != peakFlops.end())
                return bf->second.at(b);
        if (kWidening[i] == Precision::INT8)
            if (auto f8 = peakFlops.find(Precision::FP8); f8 != peakFlops.end())
                return f8->second.at(b);
    }
    // A chip that only lists narrower formats: use its widest entry.
    return peakFlops.empty() ? 0.0 : peakFlops.rbegin()->second.at(b);
}

} // namespace is
