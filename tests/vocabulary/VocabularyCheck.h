// SPDX-License-Identifier: MIT
#pragma once
// The rule both vocabulary suites apply to an output: a number is written under a key of the
// metrics table (metrics/Metrics.h), an old name it still answers to, a key with one of the
// table's parts ("ttft_ms_p99", "tok_s_user_low"), a part nested under a key ({"ttft_ms":
// {"p99": ...}}) or a part, or a member of a group the table names ("memory_gb_per_chip": {"weights": ...}).
#include "metrics/Metrics.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace is::testing {

inline bool isPart(const QString& key)
{
    for (const char* p : metrics::parts())
        if (key == QLatin1String(p))
            return true;
    return false;
}

// A flat key: a metric's, or a metric's with a part as suffix.
inline bool isVocabularyKey(const QString& key)
{
    if (metrics::byKey(key))
        return true;
    for (const char* p : metrics::parts()) {
        const QString suffix = QLatin1Char('_') + QLatin1String(p);
        if (key.endsWith(suffix) && metrics::byKey(key.chopped(suffix.size())))
            return true;
    }
    return false;
}

// Every numeric value under `value` whose key is not in the vocabulary, as "path.key".
inline void unknownNumericKeys(const QJsonValue& value, const QString& path, const QString& parent,
                               QStringList* unknown)
{
    if (value.isArray()) {
        for (const QJsonValue v : value.toArray())
            unknownNumericKeys(v, path, parent, unknown);
        return;
    }
    if (!value.isObject())
        return;
    const metrics::Metric* group = metrics::byKey(parent);
    const QJsonObject o = value.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it->isDouble()) {
            // A part under a metric ({"ttft_ms": {"p99": ..}}) or under a part ({"target": {"value": ..}}).
            const bool partOf = isPart(it.key()) && (group || isPart(parent));
            const bool known = isVocabularyKey(it.key()) || partOf || (group && group->group);
            if (!known)
                unknown->append(path + QLatin1Char('.') + it.key());
        }
        unknownNumericKeys(*it, path + QLatin1Char('.') + it.key(), it.key(), unknown);
    }
}

} // namespace is::testing
