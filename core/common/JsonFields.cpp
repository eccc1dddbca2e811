// SPDX-License-Identifier: MIT
#include "common/JsonFields.h"

#include "common/ErrorText.h"

#include <QCoreApplication>

#include <cmath>
#include <iterator>
#include <limits>

namespace is {

QString JsonFields::fieldPath(const char* key) const
{
    return m_path.isEmpty() ? QString::fromLatin1(key) : m_path + QLatin1Char('.') + QLatin1String(key);
}

void JsonFields::fail(const char* key, const QString& reason)
{
    if (m_error->isEmpty())
        *m_error = errorAt(fieldPath(key), reason);
}

void JsonFields::rejectUnknownKeys(const QStringList& known)
{
    for (auto it = m_obj.begin(); it != m_obj.end() && ok(); ++it)
        if (!known.contains(it.key()))
            fail(it.key().toUtf8().constData(),
                 QCoreApplication::translate("is::JsonFields", "unknown field; the known ones are %1")
                     .arg(known.join(QStringLiteral(", "))));
}

QString JsonFields::string(const char* key, const QString& fallback, bool required)
{
    const QJsonValue v = m_obj.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull()) {
        if (required)
            fail(key, QCoreApplication::translate("is::JsonFields", "missing"));
        return fallback;
    }
    if (!v.isString()) {
        fail(key, QCoreApplication::translate("is::JsonFields", "expected a string"));
        return fallback;
    }
    return v.toString();
}

double JsonFields::number(const char* key, double fallback, bool required)
{
    const QJsonValue v = m_obj.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull()) {
        if (required)
            fail(key, QCoreApplication::translate("is::JsonFields", "missing"));
        return fallback;
    }
    if (!v.isDouble() || !std::isfinite(v.toDouble())) {
        fail(key, QCoreApplication::translate("is::JsonFields", "expected a number"));
        return fallback;
    }
    return v.toDouble();
}

int JsonFields::integer(const char* key, int fallback, int min, int max, bool required)
{
    const QJsonValue v = m_obj.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull()) {
        if (required)
            fail(key, QCoreApplication::translate("is::JsonFields", "missing"));
        return fallback;
    }
    const double d = v.toDouble(std::numeric_limits<double>::quiet_NaN());
    if (!v.isDouble() || !std::isfinite(d) || d != std::floor(d)) {
        fail(key, QCoreApplication::translate("is::JsonFields", "expected a whole number"));
        return fallback;
    }
    if (d < min || d > max) {
        fail(key, QCoreApplication::translate("is::JsonFields", "must be between %1 and %2, got %3")
                      .arg(min)
                      .arg(max)
                      .arg(d));
        return fallback;
    }
    return static_cast<int>(d);
}

bool JsonFields::boolean(const char* key, bool fallback)
{
    const QJsonValue v = m_obj.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull())
        return fallback;
    if (!v.isBool()) {
        fail(key, QCoreApplication::translate("is::JsonFields", "expected true or false"));
        return fallback;
    }
    return v.toBool();
}

Sourced JsonFields::sourced(const char* key, bool required)
{
    const QJsonValue v = m_obj.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull()) {
        if (required)
            fail(key, QCoreApplication::translate("is::JsonFields", "missing"));
        return {};
    }
    QString err;
    auto s = parseSourced(v, fieldPath(key), &err);
    if (!s) {
        if (m_error->isEmpty())
            *m_error = err;
        return {};
    }
    return *s;
}

Sourced JsonFields::positiveSourced(const char* key, bool required)
{
    const bool present = has(key);
    Sourced s = sourced(key, required);
    if (ok() && present && (s.value <= 0 || (s.hasRange() && s.min <= 0)))
        fail(key, QCoreApplication::translate("is::JsonFields", "must be positive"));
    return s;
}

QJsonObject JsonFields::object(const char* key, bool required)
{
    const QJsonValue v = m_obj.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull()) {
        if (required)
            fail(key, QCoreApplication::translate("is::JsonFields", "missing"));
        return {};
    }
    if (!v.isObject()) {
        fail(key, QCoreApplication::translate("is::JsonFields", "expected an object"));
        return {};
    }
    return v.toObject();
}

QJsonArray JsonFields::array(const char* key, bool required)
{
    const QJsonValue v = m_obj.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull()) {
        if (required)
            fail(key, QCoreApplication::translate("is::JsonFields", "missing"));
        return {};
    }
    if (!v.isArray()) {
        fail(key, QCoreApplication::translate("is::JsonFields", "expected an array"));
        return {};
    }
    return v.toArray();
}

QString JsonFields::expectedAnObject(const QString& path)
{
    return QCoreApplication::translate("is::JsonFields", "%1: expected an object").arg(path);
}

QJsonObject withoutDefaults(QJsonObject o, const QJsonObject& defaults)
{
    for (auto it = o.begin(); it != o.end();)
        it = it.value() == defaults.value(it.key()) ? o.erase(it) : std::next(it);
    return o;
}

} // namespace is
