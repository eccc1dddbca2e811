// SPDX-License-Identifier: MIT
#include "hardware/Device.h"

#include <algorithm>
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

template <typename E, size_t N> QString idOf(const std::array<std::pair<E, const char*>, N>& table, E value)
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

QString deviceClassId(DeviceClass c)
{
    return idOf(kClassIds, c);
}
std::optional<DeviceClass> deviceClassFromId(const QString& id)
{
    return fromId(kClassIds, id);
}
QString memoryTierId(MemoryTierKind k)
{
    return idOf(kTierIds, k);
}
std::optional<MemoryTierKind> memoryTierFromId(const QString& id)
{
    return fromId(kTierIds, id);
}

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

namespace {
// Ordered from narrowest to widest; a chip without a format walks towards wider ones.
constexpr std::array<Precision, 7> kWidening{Precision::INT4, Precision::FP4,  Precision::INT8,
                                             Precision::FP8,  Precision::FP16, Precision::BF16,
                                             Precision::FP32};
} // namespace

Precision Device::computePrecisionFor(Precision p, bool weightOnly) const
{
    // 4-bit weights on a chip with no 4-bit units are served by weight-only kernels (Marlin, the
    // Triton MXFP4 matmul): the weights are unpacked in registers and the multiply runs at the
    // activations' 16 bits, not at FP8, which would need an activation quantisation step that
    // these kernels do not have.
    const bool fourBit = p == Precision::FP4 || p == Precision::INT4;
    // The 16-bit format weight-only kernels multiply at, where the chip has one.
    const std::optional<Precision> sixteenBit =
        supportsNatively(Precision::BF16)   ? std::optional(Precision::BF16)
        : supportsNatively(Precision::FP16) ? std::optional(Precision::FP16)
                                            : std::nullopt;
    if (fourBit && sixteenBit && !supportsNatively(Precision::FP4) && !supportsNatively(Precision::INT4))
        return *sixteenBit;
    // On a chip with 4-bit units the 4-bit rate needs both operands in the units' format. Weights
    // that lack a 4-bit partner multiply with 8-bit activations the runtime quantises on the fly:
    // a weight-only checkpoint (no activation scales; TensorRT-LLM serves gpt-oss's MXFP4 experts
    // with MXFP8 activations through Blackwell's f8f6f4 MMA kind), and INT4 on FP4 units, which
    // E2M1 cannot hold (-8..7) but E4M3 holds exactly, so the kernel converts it in registers.
    if (fourBit && (weightOnly || !supportsNatively(p))) {
        if (supportsNatively(Precision::FP8))
            return Precision::FP8;
        // No 8-bit partner either (a chip with INT4 units but no FP8): weight-only kernels, 16 bits.
        if (sixteenBit)
            return *sixteenBit;
    }
    size_t start = 0;
    while (start < kWidening.size() && kWidening[start] != p)
        ++start;
    for (size_t i = start; i < kWidening.size(); ++i) {
        if (peakFlops.count(kWidening[i]))
            return kWidening[i];
        // fp16 and bf16 run at the same rate; so do int8 and fp8 on the chips with fp8 units
        // (Hopper, Blackwell, CDNA 3). Not the other way round: a chip with int8 units but none
        // for fp8 (A100, Groq's LPU) runs fp8 weights dequantised, at the 16-bit rate.
        if (kWidening[i] == Precision::FP16 && peakFlops.count(Precision::BF16))
            return Precision::BF16;
        if (kWidening[i] == Precision::INT8 && peakFlops.count(Precision::FP8))
            return Precision::FP8;
    }
    // A chip that only lists narrower formats: its widest entry.
    return peakFlops.empty() ? p : peakFlops.rbegin()->first;
}

double Device::peakFlopsFor(Precision p, Bound b, bool weightOnly) const
{
    const auto it = peakFlops.find(computePrecisionFor(p, weightOnly));
    return it != peakFlops.end() ? it->second.at(b) : 0.0;
}

} // namespace is
