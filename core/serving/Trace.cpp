// SPDX-License-Identifier: MIT
#include "serving/Trace.h"

#include "common/ErrorText.h"

#include <QCoreApplication>
#include <QFile>
#include <QList>

#include <cmath>

namespace is::serving {

namespace {

constexpr qint64 kMaxTraceBytes = 512LL * 1024 * 1024;

bool parseTokens(const QByteArray& field, int* out)
{
    bool ok = false;
    const qlonglong v = field.toLongLong(&ok);
    if (!ok || v < 1 || v > (1 << 30))
        return false;
    *out = static_cast<int>(v);
    return true;
}

} // namespace

std::optional<std::vector<TraceRow>> parseTraceCsv(const QByteArray& data, const QString& origin, QString* error)
{
    std::vector<TraceRow> rows;
    const QList<QByteArray> lines = data.split('\n');
    bool sawContent = false;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        const QString where = origin + QStringLiteral(":%1").arg(i + 1); // file:line
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const QList<QByteArray> fields = line.split(',');
        // A first line that does not start with a number is the header.
        if (!sawContent) {
            sawContent = true;
            bool numeric = false;
            fields.front().trimmed().toDouble(&numeric);
            if (!numeric) {
                if (fields.size() != 3) {
                    *error = errorAt(where,
                                     QCoreApplication::translate(
                                         "is::serving::Trace",
                                         "header must name 3 columns: timestamp,input_tokens,output_tokens"));
                    return std::nullopt;
                }
                continue;
            }
        }
        if (fields.size() != 3) {
            *error = errorAt(where, QCoreApplication::translate(
                                        "is::serving::Trace",
                                        "expected 3 fields (timestamp,input_tokens,output_tokens), got %1")
                                        .arg(fields.size()));
            return std::nullopt;
        }
        TraceRow r;
        bool ok = false;
        r.timestampS = fields[0].trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(r.timestampS) || r.timestampS < 0) {
            *error = errorAt(where, QCoreApplication::translate(
                                        "is::serving::Trace",
                                        "timestamp: expected a non-negative number of seconds, got '%1'")
                                        .arg(QString::fromUtf8(fields[0].trimmed())));
            return std::nullopt;
        }
        if (!rows.empty() && r.timestampS < rows.back().timestampS) {
            *error = errorAt(
                where, QCoreApplication::translate(
                           "is::serving::Trace",
                           "timestamp: %1 is earlier than the previous row's %2; sort the trace by time")
                           .arg(r.timestampS)
                           .arg(rows.back().timestampS));
            return std::nullopt;
        }
        if (!parseTokens(fields[1].trimmed(), &r.inputTokens)) {
            *error = errorAt(where, QCoreApplication::translate(
                                        "is::serving::Trace",
                                        "input_tokens: expected a whole number of at least 1, got '%1'")
                                        .arg(QString::fromUtf8(fields[1].trimmed())));
            return std::nullopt;
        }
        if (!parseTokens(fields[2].trimmed(), &r.outputTokens)) {
            *error = errorAt(where, QCoreApplication::translate(
                                        "is::serving::Trace",
                                        "output_tokens: expected a whole number of at least 1, got '%1'")
                                        .arg(QString::fromUtf8(fields[2].trimmed())));
            return std::nullopt;
        }
        rows.push_back(r);
    }
    if (rows.empty()) {
        *error = QCoreApplication::translate(
                     "is::serving::Trace",
                     "%1: empty trace: no request rows (timestamp,input_tokens,output_tokens)")
                     .arg(origin);
        return std::nullopt;
    }
    return rows;
}

std::optional<std::vector<TraceRow>> loadTraceCsv(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QCoreApplication::translate("is::serving::Trace", "%1: cannot open trace: %2")
                     .arg(path, file.errorString());
        return std::nullopt;
    }
    if (file.size() > kMaxTraceBytes) {
        *error = QCoreApplication::translate("is::serving::Trace", "%1: trace larger than 512 MiB").arg(path);
        return std::nullopt;
    }
    return parseTraceCsv(file.readAll(), path, error);
}

} // namespace is::serving
