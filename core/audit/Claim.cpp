// SPDX-License-Identifier: MIT
#include "audit/Claim.h"

#include "common/ErrorText.h"
#include "common/JsonFields.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QSet>

namespace is::audit {

namespace {

struct KindName
{
    ClaimKind kind;
    const char* id;
};
constexpr KindName kKinds[] = {{ClaimKind::Official, "official"},
                               {ClaimKind::VendorClaim, "vendor-claim"},
                               {ClaimKind::ThirdParty, "third-party"},
                               {ClaimKind::Speculation, "speculation"},
                               {ClaimKind::Unclear, "unclear"}};

const QStringList& checkTypes()
{
    static const QStringList types{
        QStringLiteral("metric"),  QStringLiteral("ratio"),         QStringLiteral("quotient"),
        QStringLiteral("catalog"), QStringLiteral("catalog-ratio"), QStringLiteral("resident"),
        QStringLiteral("context"), QStringLiteral("capacity"),      QStringLiteral("not-checkable")};
    return types;
}

// The fields each check type needs, beyond its type.
QStringList requiredFields(const QString& type)
{
    if (type == QLatin1String("metric"))
        return {QStringLiteral("scenario"), QStringLiteral("deployment"), QStringLiteral("metric")};
    if (type == QLatin1String("ratio"))
        return {QStringLiteral("scenario"), QStringLiteral("deployment"), QStringLiteral("other"),
                QStringLiteral("metric")};
    if (type == QLatin1String("quotient"))
        return {QStringLiteral("numerator"), QStringLiteral("denominator")};
    if (type == QLatin1String("catalog"))
        return {QStringLiteral("device"), QStringLiteral("field")};
    if (type == QLatin1String("catalog-ratio"))
        return {QStringLiteral("device"), QStringLiteral("field"), QStringLiteral("link")};
    if (type == QLatin1String("resident") || type == QLatin1String("capacity"))
        return {QStringLiteral("scenario"), QStringLiteral("deployment")};
    if (type == QLatin1String("context"))
        return {QStringLiteral("scenario"), QStringLiteral("deployment"), QStringLiteral("tokens")};
    return {QStringLiteral("why")};
}

CheckSpec parseCheck(JsonFields& c, QString* error)
{
    CheckSpec s;
    s.type = c.string("type", {}, true);
    if (c.ok() && !checkTypes().contains(s.type))
        c.fail("type", QCoreApplication::translate("is::audit::Claim", "unknown type '%1' (%2)")
                           .arg(s.type, checkTypes().join(QStringLiteral(", "))));
    for (const QString& f : requiredFields(s.type))
        if (c.ok() && !c.has(f.toLatin1().constData()))
            c.fail(f.toLatin1().constData(), QCoreApplication::translate("is::audit::Claim", "missing"));
    s.scenario = c.string("scenario");
    s.deployment = c.string("deployment");
    s.other = c.string("other");
    s.metric = c.string("metric");
    s.repeat = c.number("repeat", 1);
    if (c.ok() && s.repeat < 1)
        c.fail("repeat", QCoreApplication::translate("is::audit::Claim", "must be at least 1"));
    s.device = c.string("device");
    s.field = c.string("field");
    s.link = c.string("link");
    s.numerator = c.number("numerator", 0);
    s.denominator = c.number("denominator", 0);
    if (c.ok() && s.type == QLatin1String("quotient") && s.denominator == 0)
        c.fail("denominator", QCoreApplication::translate("is::audit::Claim", "must not be 0"));
    s.tokens = c.number("tokens", 0);
    s.tolerance = c.number("tolerance", 0);
    if (c.ok() && (s.tolerance < 0 || s.tolerance >= 1))
        c.fail("tolerance",
               QCoreApplication::translate("is::audit::Claim", "must be at least 0 and below 1"));
    s.why = c.string("why");
    const QJsonArray searches = c.array("search");
    for (int i = 0; i < searches.size() && c.ok(); ++i) {
        JsonFields f(searches.at(i).toObject(), c.fieldPath("search") + QStringLiteral("[%1]").arg(i), error);
        SearchSpec spec;
        spec.input = f.string("input", {}, true);
        spec.min = f.number("min", 0, true);
        spec.max = f.number("max", 0, true);
        if (f.ok() && !(spec.min > 0 && spec.max > spec.min))
            f.fail("max", QCoreApplication::translate("is::audit::Claim",
                                                      "the range must be positive and max above min"));
        s.searches.push_back(spec);
    }
    return s;
}

} // namespace

QString claimKindId(ClaimKind k)
{
    for (const KindName& n : kKinds)
        if (n.kind == k)
            return QLatin1String(n.id);
    return QStringLiteral("unclear");
}

std::optional<ClaimKind> claimKindFromId(const QString& id)
{
    for (const KindName& n : kKinds)
        if (id == QLatin1String(n.id))
            return n.kind;
    return std::nullopt;
}

std::optional<std::vector<Claim>> parseClaims(const QByteArray& json, const QString& fileName, QString* error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        *error =
            errorAt(fileName, pe.error != QJsonParseError::NoError
                                  ? pe.errorString()
                                  : QCoreApplication::translate("is::audit::Claim", "not a JSON object"));
        return std::nullopt;
    }
    QString err;
    JsonFields root(doc.object(), QString(), &err);
    root.integer("version", 1, 1, 1, true);
    const QJsonArray list = root.array("claims", true);
    std::vector<Claim> claims;
    QSet<QString> ids;
    for (int i = 0; i < list.size() && err.isEmpty(); ++i) {
        JsonFields f(list.at(i).toObject(), QStringLiteral("claims[%1]").arg(i), &err);
        Claim c;
        c.id = f.string("id", {}, true);
        if (f.ok() && ids.contains(c.id))
            f.fail("id", QCoreApplication::translate("is::audit::Claim", "'%1' appears twice").arg(c.id));
        ids.insert(c.id);
        c.seed = f.string("seed", {}, true);
        c.quoteZh = f.string("quote_zh", {}, true);
        c.quoteEn = f.string("quote_en", {}, true);
        if (auto k =
                f.choice("kind", {}, claimKindFromId,
                         QCoreApplication::translate(
                             "is::audit::Claim",
                             "unknown kind '%1' (official, vendor-claim, third-party, speculation, unclear)"),
                         true))
            c.kind = *k;
        JsonFields cl(f.object("claimed", true), f.fieldPath("claimed"), &err);
        c.claimed.metric = cl.string("metric", {}, true);
        c.claimed.value = cl.number("value", 0, true);
        c.claimed.min = cl.number("min", c.claimed.value);
        c.claimed.max = cl.number("max", c.claimed.value);
        if (cl.ok() && !(c.claimed.min <= c.claimed.value && c.claimed.value <= c.claimed.max))
            cl.fail("value", QCoreApplication::translate("is::audit::Claim", "must lie within min and max"));
        c.claimed.unit = cl.string("unit");
        c.claimed.setup = cl.string("setup", {}, true);
        const QString bound = cl.string("bound", QStringLiteral("value"));
        if (bound == QLatin1String("at-least"))
            c.claimed.bound = ClaimBound::AtLeast;
        else if (bound == QLatin1String("at-most"))
            c.claimed.bound = ClaimBound::AtMost;
        else if (bound != QLatin1String("value") && cl.ok())
            cl.fail("bound", QCoreApplication::translate("is::audit::Claim",
                                                         "unknown bound '%1' (value, at-least, at-most)")
                                 .arg(bound));
        JsonFields ck(f.object("check", true), f.fieldPath("check"), &err);
        if (err.isEmpty())
            c.check = parseCheck(ck, &err);
        claims.push_back(c);
    }
    if (!err.isEmpty()) {
        *error = errorAt(fileName, err);
        return std::nullopt;
    }
    return claims;
}

std::optional<std::vector<Claim>> loadBuiltInClaims(QString* error)
{
    const QDir dir(QStringLiteral(":/claims"));
    std::vector<Claim> all;
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly)) {
            *error = errorAt(name, f.errorString());
            return std::nullopt;
        }
        auto claims = parseClaims(f.readAll(), name, error);
        if (!claims)
            return std::nullopt;
        all.insert(all.end(), claims->begin(), claims->end());
    }
    return all;
}

} // namespace is::audit
