// SPDX-License-Identifier: MIT
#include "cost/TcoAssumptionText.h"

#include "Units.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace is::gui::tco {

namespace {
constexpr AssumptionInfo kAssumptions[] = {
    {"amortisation_years", QT_TRANSLATE_NOOP("TcoEditor", "Amortisation period"), nullptr,
     QT_TRANSLATE_NOOP("TcoEditor", "years"), false},
    {"cost_of_capital", QT_TRANSLATE_NOOP("TcoEditor", "Cost of capital"), nullptr,
     QT_TRANSLATE_NOOP("TcoEditor", "% per year"), true},
    {"usd_per_kwh", QT_TRANSLATE_NOOP("TcoEditor", "Electricity price"), nullptr,
     QT_TRANSLATE_NOOP("TcoEditor", "USD/kWh"), false},
    {"pue", QT_TRANSLATE_NOOP("TcoEditor", "PUE (facility power / IT power)"), nullptr,
     QT_TRANSLATE_NOOP("TcoEditor", "ratio"), false},
    {"maintenance_per_year", QT_TRANSLATE_NOOP("TcoEditor", "Maintenance"), nullptr,
     QT_TRANSLATE_NOOP("TcoEditor", "% of capex per year"), true},
    {"space_usd_per_kw_month", QT_TRANSLATE_NOOP("TcoEditor", "Data-centre space"), nullptr,
     QT_TRANSLATE_NOOP("TcoEditor", "USD per kW-month"), false},
    {"network_capex_fraction", QT_TRANSLATE_NOOP("TcoEditor", "Scale-out network (multi-system deployments)"),
     nullptr, QT_TRANSLATE_NOOP("TcoEditor", "% of hardware capex"), true},
    {"system_share_usd", QT_TRANSLATE_NOOP("TcoEditor", "System share (chassis, network, MemoryX/SwarmX)"),
     QT_TRANSLATE_NOOP("TcoEditor", "System share"), QT_TRANSLATE_NOOP("TcoEditor", "USD per system"), false},
    {"usd_per_chip_hour", QT_TRANSLATE_NOOP("TcoEditor", "Rental price, every deployment"),
     QT_TRANSLATE_NOOP("TcoEditor", "Rental price"), QT_TRANSLATE_NOOP("TcoEditor", "USD per chip-hour"),
     false},
    {"utilisation", QT_TRANSLATE_NOOP("TcoEditor", "Utilisation (hours serving paying load)"), nullptr,
     QT_TRANSLATE_NOOP("TcoEditor", "% of hours"), true},
    {"max_utilisation", QT_TRANSLATE_NOOP("TcoEditor", "Fleet sizing: highest planned utilisation"), nullptr,
     QT_TRANSLATE_NOOP("TcoEditor", "% of capacity"), true},
    {"capex_usd_per_chip", nullptr, QT_TRANSLATE_NOOP("TcoEditor", "Capex per chip"),
     QT_TRANSLATE_NOOP("TcoEditor", "USD per chip"), false},
};

} // namespace

const AssumptionInfo* assumptionInfo(const QString& key)
{
    for (const AssumptionInfo& a : kAssumptions)
        if (key == QLatin1String(a.key))
            return &a;
    return nullptr;
}

QString translated(const char* text)
{
    // Marked above in the "TcoEditor" context, not the editor class's own (is::gui::TcoEditor).
    return QCoreApplication::translate("TcoEditor", text);
}

QString formatNumber(double v)
{
    if (!std::isfinite(v))
        return is::gui::units::none();
    // Ten significant digits: what was typed comes back unchanged, 0.07 x 100 reads 7.
    return is::gui::units::plain(v, 10);
}

std::optional<double> parseNumber(QString text)
{
    text = text.trimmed();
    if (text.endsWith(QLatin1Char('%')))
        text.chop(1);
    if (text.startsWith(QLatin1Char('$')))
        text.remove(0, 1);
    text = text.trimmed();
    if (text.isEmpty())
        return std::nullopt;
    bool ok = false;
    double v = QLocale().toDouble(text, &ok);
    if (!ok)
        v = QLocale::c().toDouble(text, &ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

} // namespace is::gui::tco
