// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/Scenario.h"

#include <QString>
#include <QStringList>
#include <QTextStream>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace is {
class Catalog;
}

namespace is::app {

// A tiny argument reader for subcommands: flags, options with values, positionals. Unknown
// options are errors, so a typo never silently changes what runs.
class ArgParser
{
public:
    ArgParser(QString command, QStringList args) : m_command(std::move(command)), m_args(std::move(args)) {}
    bool flag(const QString& name);
    // The value after `name`; `present` tells whether the option was given.
    QString option(const QString& name, bool* present = nullptr);
    // Remaining arguments; anything left that starts with "--" is an error, and so is any count
    // but one when `expectedOne` names the one expected ("scenario file").
    QStringList positional(const char* expectedOne = nullptr);
    bool ok() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }

private:
    QString m_command;
    QStringList m_args;
    QString m_error;
};

// Prints rows of cells with columns padded to their widest cell.
void printAligned(const std::vector<QStringList>& rows, QTextStream& out);

// The built-in catalog plus the user's files; a user file that cannot be read is skipped and
// reported on `err` as a warning, as every subcommand does.
std::shared_ptr<const Catalog> loadCatalogReportingWarnings(QTextStream& err);

// Loads a scenario for a subcommand that evaluates its deployments. A file that cannot be read, or
// one without a deployment (the format allows it: a document still being built), is reported on
// `err` as one line naming the file and the field; the command then exits with ExitBadInput.
std::optional<Scenario> loadScenarioToEvaluate(const QString& file, const QString& command, QTextStream& err);

// One metric of a comparison table: a label and how to read it from one column's item.
template <typename Item> struct MetricRow
{
    const char* label;
    std::function<QString(const Item&)> value;
};

// A comparison table with one column per item (a deployment) and one line per metric. Where
// `shown(item, row)` is false the cell reads "-" (a deployment that could not be evaluated).
template <typename Item, typename NameOf, typename Shown>
std::vector<QStringList> metricTable(const std::vector<Item>& items, NameOf nameOf,
                                     const std::vector<MetricRow<Item>>& rows, Shown shown)
{
    QStringList header{QString()};
    for (const Item& item : items)
        header << nameOf(item);
    std::vector<QStringList> table{header};
    for (const MetricRow<Item>& row : rows) {
        QStringList line{QString::fromLatin1(row.label)};
        for (const Item& item : items)
            line << (shown(item, row) ? row.value(item) : QStringLiteral("-"));
        table.push_back(line);
    }
    return table;
}

} // namespace is::app
