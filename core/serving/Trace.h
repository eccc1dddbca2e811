// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace is::serving {

// One request of a recorded trace.
struct TraceRow
{
    double timestampS = 0; // arrival, seconds from the start of the trace
    int inputTokens = 1;
    int outputTokens = 1;
};

// Parses a trace CSV: `timestamp,input_tokens,output_tokens` per line, an optional header line,
// blank lines and `#` comments ignored. Timestamps are seconds, finite, non-negative and
// non-decreasing; token counts whole and at least 1. Errors read "ORIGIN:LINE: what is wrong";
// a trace without rows is an error too.
std::optional<std::vector<TraceRow>> parseTraceCsv(const QByteArray& data, const QString& origin, QString* error);
// Reads and parses a file; errors start with the file name.
std::optional<std::vector<TraceRow>> loadTraceCsv(const QString& path, QString* error);

} // namespace is::serving
