// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace is {

// How trustworthy a catalog number is. Shown next to every number in the studio.
enum class SourceKind { Datasheet, VendorClaim, ThirdParty, Measured, Calibrated, Assumed, Speculation };

QString sourceKindId(SourceKind kind);
std::optional<SourceKind> sourceKindFromId(const QString& id);

// Which point of a range an evaluation uses: the midpoint for point estimates, the ends for bands.
enum class Bound { Low, Mid, High };

// A number with its provenance and an optional range. The value is the point estimate;
// when only a range is published the value is its midpoint.
struct Sourced
{
    double value = 0.0;
    double min = 0.0;
    double max = 0.0;
    QString source;
    SourceKind kind = SourceKind::Assumed;

    static Sourced assumed(double v, const QString& source = {});
    static Sourced measured(double v, const QString& source);
    bool hasRange() const { return min < max; }
    double at(Bound b) const;
    Sourced scaled(double factor) const;
    QJsonObject toJson() const;
    bool operator==(const Sourced&) const = default;
};

// Parses `{"value": 3.35e12, "min": ..., "max": ..., "source": "...", "kind": "datasheet"}`
// or a bare number (kind "assumed"). On error returns std::nullopt and fills `error`
// with the offending field (relative to `field`).
std::optional<Sourced> parseSourced(const QJsonValue& v, const QString& field, QString* error);

// A source as the interface shows it. The studio's own default assumptions (their texts marked
// QT_TRANSLATE_NOOP("is::Sourced", ...)) read in the user's language; catalog citations and
// whatever a user or a scenario wrote read as written. Stored and saved texts stay as they are.
QString sourceForDisplay(const QString& source);

} // namespace is
