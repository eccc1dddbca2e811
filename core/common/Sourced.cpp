// SPDX-License-Identifier: MIT
#include "common/Sourced.h"

#include <QCoreApplication>
#include <QJsonValue>

#include <array>
#include <cmath>
#include <utility>

namespace is {

namespace {
constexpr std::array<std::pair<SourceKind, const char*>, 7> kKindIds{{
    {SourceKind::Datasheet, "datasheet"},
    {SourceKind::VendorClaim, "vendor-claim"},
    {SourceKind::ThirdParty, "third-party"},
    {SourceKind::Measured, "measured"},
    {SourceKind::Calibrated, "calibrated"},
    {SourceKind::Assumed, "assumed"},
    {SourceKind::Speculation, "speculation"},
}};
} // namespace

QString sourceKindId(SourceKind kind)
{
    for (const auto& [k, id] : kKindIds)
        if (k == kind)
            return QString::fromLatin1(id);
    return QStringLiteral("assumed");
}

std::optional<SourceKind> sourceKindFromId(const QString& id)
{
    for (const auto& [k, name] : kKindIds)
        if (id == QLatin1String(name))
            return k;
    return std::nullopt;
}

Sourced Sourced::assumed(double v, const QString& source)
{
    Sourced s;
    s.value = v;
    s.source = source;
    s.kind = SourceKind::Assumed;
    return s;
}

Sourced Sourced::measured(double v, const QString& source)
{
    Sourced s = assumed(v, source);
    s.kind = SourceKind::Measured;
    return s;
}

double Sourced::at(Bound b) const
{
    if (!hasRange())
        return value;
    switch (b) {
    case Bound::Low:
        return min;
    case Bound::High:
        return max;
    case Bound::Mid:
        break;
    }
    return value;
}

Sourced Sourced::scaled(double factor) const
{
    Sourced s = *this;
    s.value *= factor;
    s.min *= factor;
    s.max *= factor;
    return s;
}

QJsonObject Sourced::toJson() const
{
    QJsonObject o{{QStringLiteral("value"), value},
                  {QStringLiteral("source"), source},
                  {QStringLiteral("kind"), sourceKindId(kind)}};
    if (hasRange()) {
        o.insert(QStringLiteral("min"), min);
        o.insert(QStringLiteral("max"), max);
    }
    return o;
}

std::optional<Sourced> parseSourced(const QJsonValue& v, const QString& field, QString* error)
{
    Sourced s;
    if (v.isDouble()) {
        s.value = v.toDouble();
        return s;
    }
    if (!v.isObject()) {
        *error = QCoreApplication::translate("is::Sourced",
                                             "%1: expected a number or {\"value\", \"source\", \"kind\"}")
                     .arg(field);
        return std::nullopt;
    }
    const QJsonObject o = v.toObject();
    const bool hasValue = o.value(QStringLiteral("value")).isDouble();
    const bool hasMin = o.value(QStringLiteral("min")).isDouble();
    const bool hasMax = o.value(QStringLiteral("max")).isDouble();
    if (!hasValue && !(hasMin && hasMax)) {
        *error = QCoreApplication::translate("is::Sourced", "%1.value: missing number").arg(field);
        return std::nullopt;
    }
    if (hasMin != hasMax) {
        *error = QCoreApplication::translate("is::Sourced", "%1: a range needs both min and max").arg(field);
        return std::nullopt;
    }
    s.min = o.value(QStringLiteral("min")).toDouble();
    s.max = o.value(QStringLiteral("max")).toDouble();
    s.value = hasValue ? o.value(QStringLiteral("value")).toDouble() : 0.5 * (s.min + s.max);
    if (!std::isfinite(s.value) || !std::isfinite(s.min) || !std::isfinite(s.max) || s.min > s.max) {
        *error = QCoreApplication::translate("is::Sourced", "%1: range min must not exceed max").arg(field);
        return std::nullopt;
    }
    if (hasMin && (s.value < s.min || s.value > s.max)) {
        *error = QCoreApplication::translate("is::Sourced", "%1.value: outside [min, max]").arg(field);
        return std::nullopt;
    }
    s.source = o.value(QStringLiteral("source")).toString();
    const QString kindId = o.value(QStringLiteral("kind")).toString(QStringLiteral("assumed"));
    const auto kind = sourceKindFromId(kindId);
    if (!kind) {
        *error = QCoreApplication::translate("is::Sourced",
                                             "%1.kind: unknown kind '%2' (datasheet, vendor-claim, "
                                             "third-party, measured, calibrated, assumed, speculation)")
                     .arg(field, kindId);
        return std::nullopt;
    }
    s.kind = *kind;
    return s;
}

QString sourceForDisplay(const QString& source)
{
    return QCoreApplication::translate("is::Sourced", source.toUtf8().constData());
}

} // namespace is
