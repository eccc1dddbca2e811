// SPDX-License-Identifier: MIT
#include "CliSupport.h"

#include "Command.h"

#include "hardware/Catalog.h"

#include <algorithm>

namespace is::app {

CommandLine::CommandLine(QString command, QString usage, QString positional, bool positionalRequired,
                         const QString& positionalHelp)
    : m_command(std::move(command)), m_usage(std::move(usage)), m_positional(std::move(positional)),
      m_positionalRequired(positionalRequired), m_parser(std::make_unique<QCommandLineParser>())
{
    // "--points=5" and "--points 5"; single-dash long options are not options ("-o" is short).
    m_parser->setSingleDashWordOptionMode(QCommandLineParser::ParseAsCompactedShortOptions);
    m_parser->setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    // Not addHelpOption(): its --help-all lists Qt's own options, which a subcommand has none of.
    m_parser->addOption(
        QCommandLineOption({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help.")));
    // The usage line names the file ("SCENARIO.json"); the table under it says what it is.
    if (!m_positional.isEmpty())
        m_parser->addPositionalArgument(QStringLiteral("FILE"),
                                        positionalHelp.isEmpty()
                                            ? QStringLiteral("The ") + m_positional + QLatin1Char('.')
                                            : positionalHelp);
}

void CommandLine::addFlag(const QString& name, const QString& description)
{
    m_parser->addOption(QCommandLineOption(name, description));
}

void CommandLine::addOption(const QStringList& names, const QString& valueName, const QString& description)
{
    m_parser->addOption(QCommandLineOption(names, description, valueName));
}

std::optional<int> CommandLine::parse(const QStringList& args, QTextStream& out, QTextStream& err)
{
    // QCommandLineParser reads the program's name first.
    if (!m_parser->parse(QStringList{QStringLiteral("inference-studio")} + args)) {
        const QStringList unknown = m_parser->unknownOptionNames();
        if (!unknown.isEmpty()) {
            const QString& name = unknown.front();
            // As typed: "--fast", "-x".
            err << m_command << ": unknown option "
                << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) << name << "\n";
        } else {
            // "Missing value after '--points'."
            err << m_command << ": " << m_parser->errorText() << "\n";
        }
        return ExitBadInput;
    }
    if (m_parser->isSet(QStringLiteral("help"))) {
        out << helpText();
        return ExitOk;
    }
    const QStringList files = m_parser->positionalArguments();
    if (m_positional.isEmpty() && !files.isEmpty()) {
        err << m_command << ": unexpected argument '" << files.front() << "'\n";
        return ExitBadInput;
    }
    const bool countOk =
        m_positional.isEmpty() || (m_positionalRequired ? files.size() == 1 : files.size() <= 1);
    if (!countOk) {
        if (files.isEmpty())
            err << m_command << ": no " << m_positional << " given\n";
        else
            err << m_command << (m_positionalRequired ? ": expected one " : ": expected at most one ")
                << m_positional << ", got " << files.size() << ": " << files.join(QLatin1Char(' ')) << "\n";
        return ExitBadInput;
    }
    return std::nullopt;
}

bool CommandLine::isSet(const QString& name) const
{
    return m_parser->isSet(name);
}

QString CommandLine::value(const QString& name) const
{
    return m_parser->value(name);
}

QString CommandLine::file() const
{
    return m_parser->positionalArguments().value(0);
}

QString CommandLine::helpText() const
{
    // QCommandLineParser's option table under the subcommand's own usage line.
    QString options = m_parser->helpText();
    options = options.mid(options.indexOf(QLatin1Char('\n')) + 1);
    return QStringLiteral("Usage: inference-studio ") % m_usage % QLatin1Char('\n') % options %
           QStringLiteral("\nExit codes: 0 success, 1 runtime failure, 2 bad input.\n");
}

void printAligned(const std::vector<QStringList>& rows, QTextStream& out)
{
    std::vector<qsizetype> widths;
    for (const QStringList& r : rows)
        for (qsizetype c = 0; c < r.size(); ++c) {
            if (static_cast<size_t>(c) >= widths.size())
                widths.push_back(0);
            widths[static_cast<size_t>(c)] = std::max(widths[static_cast<size_t>(c)], r[c].size());
        }
    for (const QStringList& r : rows) {
        for (qsizetype c = 0; c < r.size(); ++c) {
            out << r[c].leftJustified(widths[static_cast<size_t>(c)] + 2);
        }
        out << "\n";
    }
}

std::shared_ptr<const Catalog> loadCatalogReportingWarnings(QTextStream& err)
{
    QStringList warnings;
    auto catalog = Catalog::load(&warnings);
    for (const QString& w : warnings)
        err << "warning: " << w << "\n";
    return catalog;
}

std::optional<Scenario> loadScenarioToEvaluate(const QString& file, const QString& command, QTextStream& err)
{
    QString error;
    auto scenario = loadScenarioFile(file, &error);
    if (!scenario) {
        err << error << "\n";
        return std::nullopt;
    }
    if (scenario->deployments.empty()) {
        err << file << ": deployments: the scenario has none; " << command << " needs at least one\n";
        return std::nullopt;
    }
    return scenario;
}

} // namespace is::app
