// SPDX-License-Identifier: MIT
#include "cost/RentalPresets.h"

#include "hardware/Device.h"

#include <QCoreApplication>

#include <array>

namespace is::cost {

namespace {

struct Row
{
    const char* device;
    double hyperscaler;
    double neocloud;
    double reserved;
};

// USD per chip-hour. Assumed orders of magnitude of 2025 prices, not quotes.
constexpr std::array<Row, 6> kRates{{
    {"a100-sxm-80g", 4.00, 1.50, 1.00},
    {"h100-sxm", 7.00, 2.50, 1.90},
    {"h200-sxm", 8.50, 3.50, 2.50},
    {"b200", 11.00, 5.00, 3.50},
    {"gb200", 12.00, 6.00, 4.20},
    {"mi300x", 6.00, 2.20, 1.60},
}};

constexpr double kH100PriceUsd = 27500; // the catalog's H100 price, for scaling other devices

// The one published hourly figure for a wafer: SemiAnalysis's calculator default per CS-3 system
// (an all-in ownership cost, used for every preset since Cerebras rents no chip-hours publicly).
constexpr double kCs3PerHour = 41.96;

QString presetBasis(RentalPreset p)
{
    switch (p) {
    case RentalPreset::Hyperscaler:
        return QCoreApplication::translate(
            "is::RentalPresets", "on-demand list prices at large clouds (8-GPU instance price / 8)");
    case RentalPreset::Neocloud:
        return QCoreApplication::translate("is::RentalPresets", "on-demand prices at GPU clouds (neoclouds)");
    case RentalPreset::Reserved3y:
        return QCoreApplication::translate("is::RentalPresets", "3-year reserved / committed-use prices");
    }
    return {};
}

double rateOf(const Row& r, RentalPreset p)
{
    switch (p) {
    case RentalPreset::Hyperscaler:
        return r.hyperscaler;
    case RentalPreset::Neocloud:
        return r.neocloud;
    case RentalPreset::Reserved3y:
        return r.reserved;
    }
    return r.neocloud;
}

} // namespace

Sourced rentalRate(RentalPreset preset, const Device& device)
{
    if (device.id == QLatin1String("cs-3")) {
        Sourced s;
        s.value = kCs3PerHour;
        s.kind = SourceKind::ThirdParty;
        s.source = QStringLiteral(
            "SemiAnalysis calculator default, $41.96/h per CS-3 system (tokenomics.info/cerebras); "
            "no public chip-hour rental, used for every preset");
        return s;
    }
    const Row* h100 = nullptr;
    for (const Row& r : kRates) {
        if (device.id == QLatin1String(r.device))
            return Sourced::assumed(
                rateOf(r, preset),
                QCoreApplication::translate("is::RentalPresets",
                                            "assumed: order of magnitude of 2025 %1 for %2; not a quote")
                    .arg(presetBasis(preset), device.name));
        if (QLatin1String(r.device) == QLatin1String("h100-sxm"))
            h100 = &r;
    }
    const double price = device.priceUsd.value > 0 ? device.priceUsd.value : kH100PriceUsd;
    return Sourced::assumed(
        rateOf(*h100, preset) * price / kH100PriceUsd,
        QCoreApplication::translate("is::RentalPresets",
                                    "assumed: the H100 %1 price scaled by purchase price ($%2 vs $%3)")
            .arg(presetBasis(preset), QString::number(price, 'f', 0),
                 QString::number(kH100PriceUsd, 'f', 0)));
}

} // namespace is::cost
