// SPDX-License-Identifier: MIT
// The claim audit: each claim of the seed articles checked by the engine, the catalog or
// arithmetic, with a verdict and the physical reason for it.
#include "audit/Audit.h"

#include "audit/AuditChecks.h"
#include "audit/AuditText.h"
#include "common/ErrorText.h"
#include "common/Log.h"
#include "common/NumberText.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "hardware/DieFacts.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <cmath>

namespace is::audit {

namespace {

// A catalog field the articles quote, with the scale it is read and printed at.
struct CatalogField
{
    std::optional<Sourced> value;
    double scale = 1;
    QString unit;
};

CatalogField catalogField(const Device& d, const QString& field)
{
    const auto die = builtInDieFacts(d.id);
    if (field == QLatin1String("transistors") && die)
        return {die->transistors, 1e12,
                QCoreApplication::translate("is::audit::Audit", "trillion transistors")};
    if (field == QLatin1String("die_area_mm2") && die)
        return {die->areaMm2, 1, QCoreApplication::translate("is::audit::Audit", "mm2")};
    if (field == QLatin1String("mesh_cores"))
        return {d.meshCores, 1, QCoreApplication::translate("is::audit::Audit", "cores")};
    if (field == QLatin1String("sram_bandwidth")) {
        if (const MemoryTier* t = d.tier(MemoryTierKind::Sram))
            return {t->bandwidthBytesPerS, 1e15, QCoreApplication::translate("is::audit::Audit", "PB/s")};
    }
    return {};
}

ClaimVerdict checkCatalog(const Claim& c, const Catalog& catalog)
{
    ClaimVerdict v{c, std::nullopt, {}, Verdict::NotCheckable, {}};
    const Device* d = catalog.device(c.check.device);
    const CatalogField f = d ? catalogField(*d, c.check.field) : CatalogField{};
    if (!f.value || f.value->value <= 0) {
        v.reason = QCoreApplication::translate("is::audit::Audit", "the catalog has no %1 for device '%2'")
                       .arg(c.check.field, c.check.device);
        return v;
    }
    const double value = f.value->value / f.scale;
    v.predicted = Predicted{value, value, value, f.unit};
    const double tolerance = c.check.tolerance > 0 ? c.check.tolerance : detail::kCatalogTolerance;
    const bool consistent = detail::agrees(c.claimed, value, value, tolerance);
    v.verdict = consistent ? Verdict::Consistent : Verdict::Inconsistent;
    v.reason =
        (consistent
             ? QCoreApplication::translate(
                   "is::audit::Audit",
                   "the catalog gives %1 %2 for %3 (%4: %5); the claimed %6 agrees within %7 %")
             : QCoreApplication::translate(
                   "is::audit::Audit",
                   "the catalog gives %1 %2 for %3 (%4: %5); the claimed %6 differs by more than %7 %"))
            .arg(significantText(value), f.unit, d->name, sourceKindId(f.value->kind), f.value->source,
                 detail::claimedText(c.claimed) + QLatin1Char(' ') + f.unit,
                 significantText(tolerance * 100));
    return v;
}

// "Two orders of magnitude above NVLink": a device's on-chip figure against a link's.
ClaimVerdict checkCatalogRatio(const Claim& c, const Catalog& catalog)
{
    ClaimVerdict v{c, std::nullopt, {}, Verdict::NotCheckable, {}};
    const Device* d = catalog.device(c.check.device);
    const Link* l = catalog.link(c.check.link);
    const CatalogField f = d ? catalogField(*d, c.check.field) : CatalogField{};
    if (!f.value || f.value->value <= 0 || !l || l->bandwidthBytesPerS.value <= 0) {
        v.reason = QCoreApplication::translate("is::audit::Audit",
                                               "the catalog has no %1 for '%2' or no bandwidth for link '%3'")
                       .arg(c.check.field, c.check.device, c.check.link);
        return v;
    }
    const double ratio = f.value->value / l->bandwidthBytesPerS.value;
    v.predicted = Predicted{ratio, ratio, ratio, QStringLiteral("x")};
    const bool consistent = detail::agrees(c.claimed, ratio, ratio, 0);
    v.verdict = consistent ? Verdict::Consistent : Verdict::Inconsistent;
    v.reason =
        QCoreApplication::translate(
            "is::audit::Audit",
            "the catalog's %1 on-wafer memory bandwidth of %2 PB/s is %3 times %4's %5 GB/s per GPU and "
            "direction, %6 orders of magnitude; the claimed %7x is %8")
            .arg(d->name, significantText(f.value->value / 1e15), significantText(ratio), l->name,
                 significantText(l->bandwidthBytesPerS.value / 1e9), significantText(std::log10(ratio)),
                 detail::claimedText(c.claimed),
                 consistent ? QCoreApplication::translate("is::audit::Audit", "met")
                            : QCoreApplication::translate("is::audit::Audit", "not met"));
    return v;
}

ClaimVerdict checkQuotient(const Claim& c)
{
    ClaimVerdict v{c, std::nullopt, {}, Verdict::Inconsistent, {}};
    const double q = c.check.numerator / c.check.denominator;
    v.predicted = Predicted{q, q, q, c.claimed.unit};
    const double tolerance = c.check.tolerance > 0 ? c.check.tolerance : detail::kArithmeticTolerance;
    const bool consistent = detail::agrees(c.claimed, q, q, tolerance);
    v.verdict = consistent ? Verdict::Consistent : Verdict::Inconsistent;
    v.reason =
        QCoreApplication::translate("is::audit::Audit", "arithmetic: %1 / %2 = %3; the claimed %4 %5")
            .arg(significantText(c.check.numerator), significantText(c.check.denominator), significantText(q),
                 detail::claimedText(c.claimed),
                 consistent ? QCoreApplication::translate("is::audit::Audit",
                                                          "follows from the article's own figures")
                            : QCoreApplication::translate("is::audit::Audit",
                                                          "does not follow from the article's own figures"));
    return v;
}

ClaimVerdict notCheckable(const Claim& c)
{
    ClaimVerdict v{c, std::nullopt, {}, Verdict::NotCheckable, {}};
    if (c.check.why == QLatin1String("no-baseline"))
        v.reason = QCoreApplication::translate(
            "is::audit::Audit", "the claim names no baseline or setup the engine could reproduce");
    else
        v.reason =
            QCoreApplication::translate("is::audit::Audit", "nothing the engine models bears on this claim");
    return v;
}

} // namespace

namespace detail {

std::optional<ScenarioSet::Target> ScenarioSet::target(const QString& file, const QString& deploymentId,
                                                       QString* error)
{
    auto it = m_scenarios.find(file);
    if (it == m_scenarios.end()) {
        QString err;
        it = m_scenarios.emplace(file, loadScenarioFile(QStringLiteral(":/scenarios/") + file, &err)).first;
        m_errors[file] = err;
    }
    if (!it->second) {
        *error = m_errors[file];
        return std::nullopt;
    }
    auto resolved = resolveScenario(*it->second, m_engine.catalog(), error);
    if (!resolved)
        return std::nullopt;
    for (const ResolvedDeployment& r : *resolved)
        if (r.docId == deploymentId)
            return Target{&*it->second, r};
    *error = errorAt(file,
                     QCoreApplication::translate("is::audit::Audit", "no deployment '%1'").arg(deploymentId));
    return std::nullopt;
}

bool agrees(const ClaimedFigure& c, double low, double high, double tolerance)
{
    const double lo = low * (1 - tolerance);
    const double hi = high * (1 + tolerance);
    switch (c.bound) {
    case ClaimBound::AtLeast:
        return hi >= c.min;
    case ClaimBound::AtMost:
        return lo <= c.max;
    case ClaimBound::Value:
        break;
    }
    return hi >= c.min && lo <= c.max;
}

} // namespace detail

QString verdictId(Verdict v)
{
    switch (v) {
    case Verdict::Consistent:
        return QStringLiteral("consistent");
    case Verdict::Inconsistent:
        return QStringLiteral("inconsistent");
    case Verdict::ConsistentOnlyIf:
        return QStringLiteral("consistent-only-if");
    case Verdict::NotCheckable:
        break;
    }
    return QStringLiteral("not-checkable");
}

std::vector<ClaimVerdict> auditClaims(const std::vector<Claim>& claims, const Engine& engine)
{
    detail::ScenarioSet set(engine);
    std::vector<ClaimVerdict> out;
    out.reserve(claims.size());
    for (const Claim& c : claims) {
        const QString& type = c.check.type;
        if (type == QLatin1String("metric"))
            out.push_back(detail::checkMetric(c, set));
        else if (type == QLatin1String("ratio"))
            out.push_back(detail::checkRatio(c, set));
        else if (type == QLatin1String("resident"))
            out.push_back(detail::checkResident(c, set));
        else if (type == QLatin1String("context"))
            out.push_back(detail::checkContext(c, set));
        else if (type == QLatin1String("capacity"))
            out.push_back(detail::checkCapacity(c, set));
        else if (type == QLatin1String("catalog"))
            out.push_back(checkCatalog(c, engine.catalog()));
        else if (type == QLatin1String("catalog-ratio"))
            out.push_back(checkCatalogRatio(c, engine.catalog()));
        else if (type == QLatin1String("quotient"))
            out.push_back(checkQuotient(c));
        else
            out.push_back(notCheckable(c));
        is::log::get("audit")->debug("{}: {}", c.id.toStdString(),
                                     verdictId(out.back().verdict).toStdString());
    }
    return out;
}

QJsonObject auditToJson(const std::vector<ClaimVerdict>& verdicts)
{
    QJsonArray claims;
    for (const ClaimVerdict& v : verdicts) {
        const ClaimedFigure& f = v.claim.claimed;
        QJsonObject claimed{{QStringLiteral("metric"), f.metric}, {QStringLiteral("value"), f.value},
                            {QStringLiteral("min"), f.min},       {QStringLiteral("max"), f.max},
                            {QStringLiteral("unit"), f.unit},     {QStringLiteral("setup"), f.setup}};
        if (f.bound != ClaimBound::Value)
            claimed.insert(QStringLiteral("bound"), f.bound == ClaimBound::AtLeast
                                                        ? QStringLiteral("at-least")
                                                        : QStringLiteral("at-most"));
        QJsonValue predicted;
        if (v.predicted)
            predicted = QJsonObject{{QStringLiteral("value"), v.predicted->value},
                                    {QStringLiteral("low"), v.predicted->low},
                                    {QStringLiteral("high"), v.predicted->high},
                                    {QStringLiteral("unit"), v.predicted->unit}};
        QJsonArray conditions;
        for (const Condition& c : v.conditions) {
            QJsonObject o{{QStringLiteral("input"), c.input}};
            if (!c.lowerOpen)
                o.insert(QStringLiteral("min"), c.from);
            if (!c.upperOpen)
                o.insert(QStringLiteral("max"), c.to);
            conditions.append(o);
        }
        claims.append(QJsonObject{{QStringLiteral("id"), v.claim.id},
                                  {QStringLiteral("seed"), v.claim.seed},
                                  {QStringLiteral("quote_zh"), v.claim.quoteZh},
                                  {QStringLiteral("quote_en"), v.claim.quoteEn},
                                  {QStringLiteral("kind"), claimKindId(v.claim.kind)},
                                  {QStringLiteral("claimed"), claimed},
                                  {QStringLiteral("predicted"), predicted},
                                  {QStringLiteral("verdict"), verdictId(v.verdict)},
                                  {QStringLiteral("reason"), v.reason},
                                  {QStringLiteral("conditions"), conditions},
                                  {QStringLiteral("scenario"), v.claim.check.scenario}});
    }
    return QJsonObject{{QStringLiteral("claims"), claims}};
}

} // namespace is::audit
