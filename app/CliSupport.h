// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/Scenario.h"

#include <QCommandLineParser>
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

// A subcommand's command line, read by QCommandLineParser: its options are declared first, then
// parse() reads the arguments. Unknown options are errors, so a typo never silently changes
// what runs; --help prints the subcommand's own usage and options.
class CommandLine
{
public:
    // `usage` is the subcommand's usage line ("estimate SCENARIO.json [--json]"); `positional`
    // names the one file it takes ("scenario file"), `positionalRequired` whether it must be given.
    // `positionalHelp` says more about it in --help.
    CommandLine(QString command, QString usage, QString positional, bool positionalRequired = true,
                const QString& positionalHelp = QString());
    void addFlag(const QString& name, const QString& description);
    // `names` without dashes: {"o", "output"}.
    void addOption(const QStringList& names, const QString& valueName, const QString& description);

    // Reads the arguments after the subcommand's name. Returns an exit code when the command must
    // stop here: ExitOk after --help (printed on `out`), ExitBadInput after a usage error (one line
    // on `err`, "estimate: unknown option --fast").
    std::optional<int> parse(const QStringList& args, QTextStream& out, QTextStream& err);

    bool isSet(const QString& name) const;
    QString value(const QString& name) const;
    // The file given, empty when none (only where it is optional).
    QString file() const;
    QString helpText() const;

private:
    QString m_command;
    QString m_usage;
    QString m_positional;
    bool m_positionalRequired = true;
    std::unique_ptr<QCommandLineParser> m_parser;
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
    MetricRow(const char* label, std::function<QString(const Item&)> value)
        : label(QString::fromUtf8(label)), value(std::move(value))
    {
    }
    // A metric's title from the table (metrics/Metrics.h).
    MetricRow(QString label, std::function<QString(const Item&)> value)
        : label(std::move(label)), value(std::move(value))
    {
    }
    QString label;
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
        QStringList line{row.label};
        for (const Item& item : items)
            line << (shown(item, row) ? row.value(item) : QStringLiteral("-"));
        table.push_back(line);
    }
    return table;
}

} // namespace is::app
