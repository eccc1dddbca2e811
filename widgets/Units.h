// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <optional>

namespace is {
struct Sourced;
}

// Display formatting shared by the studio's panels: numbers with SI prefixes and units. Only
// presentation; every value comes from core.
namespace is::gui::units {

// Token counts with binary prefixes, as context lengths are quoted: "1,000", "8K" (8,192),
// "85.4K", "1M" (1,048,576), and whole where a prefix would round a count of decimal thousands
// ("100,000", "2,000,000"): a typed count reads back as typed. The one form for entries, legends,
// notes and axis labels.
QString tokens(double n);
// Reads a token count as people type it and as tokens() writes it: "8k", "128 K", "1M", "1.5 M",
// "32768" (K and M binary thousands, either case), rounded to whole tokens. nullopt for anything
// else and for less than one token.
std::optional<double> parseTokens(const QString& text);
// "80 GB", "44 GB", "230 MB" (decimal, as datasheets quote capacities).
QString bytes(double b);
// "3.35 TB/s", "21 PB/s".
QString bandwidth(double bytesPerS);
// "989 TFLOP/s", "125 PFLOP/s".
QString flops(double perS);
// "700 W", "23 kW".
QString watts(double w);
// "$30,000", "$2.5 M", "$1.2 bn", "$1.2 tn": capex spans thousands to trillions of dollars; in
// Chinese 万美元, 亿美元 and 万亿美元.
QString dollars(double usd);
// "1.1 µs", "2.5 ms", "12.5 s"; from 1,000 s on, longDuration(): "16.7 min".
QString seconds(double s);
// A long time in the unit that reads it: "2.5 min", "3.4 h", "9.4 days", "12.3 years" (a year of
// 365.25 days), three significant digits; below a minute, seconds(). A queue's wait at an
// impossible load runs to hundreds of billions of milliseconds, which no one can read as such.
QString longDuration(double s);
// "70.6 B", "2 T" parameters.
QString params(double n);
// A number with three significant digits in the current locale.
QString number(double v, int significant = 3);
// 1.5K, 12K, 2.1M, 750, 0.31 (decimal prefixes) for axis labels and counts in tables; in
// Chinese in myriads: 1,500, 1.2万, 210万, 3亿.
QString compact(double v);
// Three significant digits in the user's locale, no exponent: 750, 12.3, 0.312, 1,234.
QString significant(double v, int digits = 3);
// A value someone typed, as typed: up to `digits` significant digits in the user's locale, no
// trailing zeros, no prefix (0.5, 2, 50, 1,500).
QString plain(double v, int digits = 6);
// A whole number (rounded) with the locale's digit grouping: 10,000.
QString integer(double v);
// What a cell shows where a quantity does not apply (a time between tokens of one-token
// requests, a value without a source): an em dash.
QString none();
// `decimals` decimals in the user's locale: 12.5, 1,234.0.
QString fixed(double v, int decimals);
// A fraction as a percentage with `decimals` decimals: "42 %".
QString percent(double fraction, int decimals = 0);
// "(datasheet: NVIDIA H100 datasheet)": a value's provenance for tooltips.
QString provenance(const is::Sourced& s);
// The value and, when the input is a range, "min–max" after it.
QString withRange(const is::Sourced& s, QString (*format)(double));

} // namespace is::gui::units
