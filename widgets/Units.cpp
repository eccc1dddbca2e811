// SPDX-License-Identifier: MIT
#include "Units.h"

#include "Names.h"

#include "common/NumberText.h"
#include "common/Sourced.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace is::gui::units {

namespace {

// A double's significant decimal digits: no cap on the decimals short of them.
constexpr int kDoubleDigits = 17;

// Scales v by the largest prefix not above it and appends the unit.
QString prefixed(double v, const char* const* prefixes, int count, double step, const QString& unit)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    int i = 0;
    double x = v;
    while (i + 1 < count && std::abs(x) >= step) {
        x /= step;
        ++i;
    }
    return number(x) + QLatin1Char(' ') + QLatin1String(prefixes[i]) + unit;
}

// Up to `digits` significant digits without trailing zeros.
QString trimmed(double v, int digits)
{
    return is::withoutTrailingZeros(QString::number(v, 'f', is::decimalsForSignificant(v, digits)));
}

// Chinese counts in myriads (万, 亿), not in thousands and millions.
bool countsInMyriads()
{
    return QLocale().language() == QLocale::Chinese;
}

} // namespace

QString number(double v, int significant)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    const QLocale locale;
    return withoutTrailingZeros(
        locale.toString(v, 'f', is::decimalsForSignificant(v, significant, kDoubleDigits)),
        locale.decimalPoint().at(0));
}

std::optional<double> parseTokens(const QString& text);

QString tokens(double n)
{
    if (!std::isfinite(n))
        return QStringLiteral("–");
    const double a = std::fabs(n);
    QString binary;
    if (a >= 1024.0 * 1024.0)
        binary = number(n / (1024.0 * 1024.0), 3) + QLatin1Char('M');
    else if (a >= 1024.0)
        binary = number(n / 1024.0, 3) + QLatin1Char('K');
    else
        return number(n, 4);
    // A count of whole decimal thousands that a binary prefix would round is written whole: people
    // type those (a typed 2,000,000 read back as "1.91M", 100,000 as "97.7K"). Other counts, such
    // as where an engine curve changes regime, keep the compact form.
    if (std::fmod(a, 1000.0) == 0.0 && parseTokens(binary) != a)
        return integer(n);
    return binary;
}

std::optional<double> parseTokens(const QString& text)
{
    QString t = text.trimmed();
    double unit = 1;
    if (t.endsWith(QLatin1Char('k'), Qt::CaseInsensitive))
        unit = 1024.0;
    else if (t.endsWith(QLatin1Char('m'), Qt::CaseInsensitive))
        unit = 1024.0 * 1024.0;
    if (unit > 1)
        t = t.chopped(1).trimmed();
    bool ok = false;
    double v = QLocale().toDouble(t, &ok);
    if (!ok)
        v = QLocale::c().toDouble(t, &ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    v = std::round(v * unit);
    if (v < 1 || !std::isfinite(v))
        return std::nullopt;
    return v;
}

QString bytes(double b)
{
    static const char* const p[] = {"", "K", "M", "G", "T", "P"};
    return prefixed(b, p, 6, 1000.0, QStringLiteral("B"));
}

QString bandwidth(double bytesPerS)
{
    static const char* const p[] = {"", "K", "M", "G", "T", "P", "E"};
    return prefixed(bytesPerS, p, 7, 1000.0, QStringLiteral("B/s"));
}

QString flops(double perS)
{
    static const char* const p[] = {"", "K", "M", "G", "T", "P", "E"};
    return prefixed(perS, p, 7, 1000.0, QStringLiteral("FLOP/s"));
}

QString watts(double w)
{
    static const char* const p[] = {"", "k", "M", "G"};
    return prefixed(w, p, 4, 1000.0, QStringLiteral("W"));
}

QString dollars(double usd)
{
    if (!std::isfinite(usd))
        return QStringLiteral("–");
    // Chinese counts large sums in 万 (10^4) and 亿 (10^8), not thousands and millions: $12 bn
    // reads 120亿美元 there, the magnitude written onto the number as 640万 is.
    if (countsInMyriads()) {
        if (std::abs(usd) >= 1e12)
            return QCoreApplication::translate("units", "%1 trillion USD", "Chinese 万亿美元")
                .arg(number(usd / 1e12));
        if (std::abs(usd) >= 1e8)
            return QCoreApplication::translate("units", "%1 hundred million USD", "Chinese 亿美元")
                .arg(number(usd / 1e8));
        if (std::abs(usd) >= 1e6)
            return QCoreApplication::translate("units", "%1 ten thousand USD", "Chinese 万美元")
                .arg(number(usd / 1e4));
    }
    if (std::abs(usd) >= 1e12)
        return QStringLiteral("$") + number(usd / 1e12) + QStringLiteral(" tn");
    if (std::abs(usd) >= 1e9)
        return QStringLiteral("$") + number(usd / 1e9) + QStringLiteral(" bn");
    if (std::abs(usd) >= 1e6)
        return QStringLiteral("$") + number(usd / 1e6) + QStringLiteral(" M");
    return QStringLiteral("$") + QLocale().toString(usd, 'f', usd < 100 ? 2 : 0);
}

QString seconds(double s)
{
    if (!std::isfinite(s))
        return QStringLiteral("–");
    if (s >= 1000.0) // past three digits of seconds, minutes, hours, days or years read better
        return longDuration(s);
    // Translated as the longer durations are: the Chinese studio reads 毫秒 and 秒 everywhere.
    if (s >= 1.0)
        return QCoreApplication::translate("units", "%1 s").arg(number(s));
    if (s >= 1e-3)
        return QCoreApplication::translate("units", "%1 ms").arg(number(s * 1e3));
    return QCoreApplication::translate("units", "%1 µs").arg(number(s * 1e6));
}

QString longDuration(double s)
{
    if (!std::isfinite(s))
        return QStringLiteral("–");
    constexpr double kMinute = 60, kHour = 3600, kDay = 86400, kYear = 365.25 * kDay;
    if (s >= kYear)
        return QCoreApplication::translate("units", "%1 years").arg(number(s / kYear));
    if (s >= kDay)
        return QCoreApplication::translate("units", "%1 days").arg(number(s / kDay));
    if (s >= kHour)
        return QCoreApplication::translate("units", "%1 h").arg(number(s / kHour));
    if (s >= kMinute)
        return QCoreApplication::translate("units", "%1 min").arg(number(s / kMinute));
    return seconds(s);
}

QString params(double n)
{
    if (n >= 1e12)
        return number(n / 1e12) + QStringLiteral(" T");
    if (n >= 1e9)
        return number(n / 1e9) + QStringLiteral(" B");
    return number(n / 1e6) + QStringLiteral(" M");
}

QString provenance(const is::Sourced& s)
{
    const QString kind = names::sourceKind(s.kind);
    if (s.source.isEmpty())
        return QCoreApplication::translate("units", "(%1)").arg(kind);
    return QCoreApplication::translate("units", "(%1: %2)").arg(kind, s.source);
}

QString withRange(const is::Sourced& s, QString (*format)(double))
{
    if (!s.hasRange())
        return format(s.value);
    return QCoreApplication::translate("units", "%1 (range %2–%3)")
        .arg(format(s.value), format(s.min), format(s.max));
}

QString compact(double v)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    // The suffix follows the value as it prints, three significant digits: 999.96 reads "1K", not
    // "1000".
    const double given = v;
    if (v != 0) {
        const double scale = std::pow(10.0, 2 - std::floor(std::log10(std::fabs(v))));
        if (std::isfinite(scale)) // not for values so small that the scale overflows
            v = std::round(v * scale) / scale;
    }
    const double a = std::fabs(v);
    // Chinese counts in myriads: 1.5万 (15,000), 210万 (2.1 million), 3亿 (300 million), 1.2万亿;
    // "K" and "M" read as foreign there, and 万 is what a reader says aloud.
    if (countsInMyriads()) {
        const QChar wan(0x4E07), yi(0x4EBF);
        // Grouped as the locale groups, as the sums in 万美元 are: 1,210万 beside 1,566万美元.
        if (a >= 1e12)
            return number(v / 1e12, 3) + wan + yi;
        if (a >= 1e8)
            return number(v / 1e8, 3) + yi;
        if (a >= 1e4)
            return number(v / 1e4, 3) + wan;
        // 6,400 beside 8,690万美元; whole, as below a myriad a Chinese count is: "2,300" for
        // 2,304 read as exact where the English "2.3K" reads as rounded.
        if (a >= 1e3)
            return QLocale().toString(std::round(given), 'f', 0);
        return trimmed(v, 3);
    }
    if (a >= 1e12)
        return trimmed(v / 1e12, 3) + QLatin1Char('T');
    if (a >= 1e9) // billions as business figures write them ("$134 bn" beside "1.21B tok/s"), not "G"
        return trimmed(v / 1e9, 3) + QLatin1Char('B');
    if (a >= 1e6)
        return trimmed(v / 1e6, 3) + QLatin1Char('M');
    if (a >= 1e3)
        return trimmed(v / 1e3, 3) + QLatin1Char('K');
    return trimmed(v, 3);
}

QString significant(double v, int digits)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    return QLocale().toString(v, 'f', is::decimalsForSignificant(v, digits));
}

QString plain(double v, int digits)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    return QLocale().toString(v, 'g', digits);
}

QString none()
{
    return QStringLiteral("—");
}

QString integer(double v)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    return QLocale().toString(static_cast<qlonglong>(std::llround(v)));
}

QString fixed(double v, int decimals)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    return QLocale().toString(v, 'f', decimals);
}

QString percent(double fraction, int decimals)
{
    return fixed(100.0 * fraction, decimals) + QStringLiteral(" %");
}

} // namespace is::gui::units
