// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace is {

// Reads typed fields from a JSON object and records the first error as "path.field: reason",
// so every parser reports bad input the same way. Once an error is recorded, reads return
// defaults and the caller checks ok() at the end.
class JsonFields
{
public:
    JsonFields(const QJsonObject& obj, QString path, QString* error)
        : m_obj(obj), m_path(std::move(path)), m_error(error)
    {
    }

    bool ok() const { return m_error->isEmpty(); }
    bool has(const char* key) const { return m_obj.contains(QLatin1String(key)); }
    QString fieldPath(const char* key) const;
    void fail(const char* key, const QString& reason);
    // Fails the first key of the object that is not in `known`, naming the keys it knows: a
    // misspelt field would otherwise be ignored without a word and its value never used.
    void rejectUnknownKeys(const QStringList& known);

    QString string(const char* key, const QString& fallback = {}, bool required = false);
    double number(const char* key, double fallback, bool required = false);
    // Integers must be whole and within [min, max].
    int integer(const char* key, int fallback, int min, int max, bool required = false);
    bool boolean(const char* key, bool fallback);
    Sourced sourced(const char* key, bool required = true);
    // Positive sourced number (capacity, bandwidth...): rejects zero and negatives.
    Sourced positiveSourced(const char* key, bool required = true);
    QJsonObject object(const char* key, bool required = false);
    QJsonArray array(const char* key, bool required = false);
    // The value of the id at `key` (`fallback` when absent), through `fromId`; an id it does not
    // know fails the field with `unknown` (a translated message; %1, if present, is the id) and
    // gives nothing.
    template <class FromId>
    auto choice(const char* key, const QString& fallback, FromId&& fromId, const QString& unknown,
                bool required = false) -> decltype(fromId(QString()))
    {
        const QString id = string(key, fallback, required);
        auto value = fromId(id);
        if (!value && ok())
            fail(key, unknown.contains(QLatin1String("%1")) ? unknown.arg(id) : unknown);
        return value;
    }
    // Calls f(name, fields) for each member of the object `key` (a map from ids to objects, such
    // as per-deployment settings), the member's fields reporting errors under "path.key.name".
    // Stops at the first error, including a member that is not an object.
    template <class F> void forEachObject(const char* key, F&& f)
    {
        const QJsonObject members = object(key);
        for (auto it = members.begin(); it != members.end() && ok(); ++it) {
            const QString memberPath = fieldPath(key) + QLatin1Char('.') + it.key();
            if (!it.value().isObject()) {
                *m_error = expectedAnObject(memberPath);
                return;
            }
            JsonFields member(it.value().toObject(), memberPath, m_error);
            f(it.key(), member);
        }
    }
    const QJsonObject& raw() const { return m_obj; }
    const QString& path() const { return m_path; }

private:
    static QString expectedAnObject(const QString& path);

    QJsonObject m_obj;
    QString m_path;
    QString* m_error;
};

// The keys of `o` whose value differs from the same key's in `defaults` (a whole sub-object counts
// as one value): what a file states beyond the defaults.
QJsonObject withoutDefaults(QJsonObject o, const QJsonObject& defaults);

} // namespace is
