// SPDX-License-Identifier: MIT
#include "CliSupport.h"

#include "hardware/Catalog.h"

#include <algorithm>

namespace is::app {

bool ArgParser::flag(const QString& name)
{
    const qsizetype i = m_args.indexOf(name);
    if (i < 0)
        return false;
    m_args.removeAt(i);
    return true;
}

QString ArgParser::option(const QString& name, bool* present)
{
    if (present)
        *present = false;
    for (qsizetype i = 0; i < m_args.size(); ++i) {
        if (m_args[i] == name) {
            if (i + 1 >= m_args.size()) {
                m_error = m_command + QStringLiteral(": ") + name + QStringLiteral(" needs a value");
                m_args.removeAt(i);
                return {};
            }
            const QString v = m_args[i + 1];
            m_args.remove(i, 2);
            if (present)
                *present = true;
            return v;
        }
        if (m_args[i].startsWith(name + QLatin1Char('='))) {
            const QString v = m_args[i].mid(name.size() + 1);
            m_args.removeAt(i);
            if (present)
                *present = true;
            return v;
        }
    }
    return {};
}

QStringList ArgParser::positional(const char* expectedOne)
{
    for (const QString& a : m_args)
        if (a.startsWith(QLatin1String("--")) && m_error.isEmpty())
            m_error = m_command + QStringLiteral(": unknown option ") + a;
    if (expectedOne && m_error.isEmpty() && m_args.size() != 1)
        m_error = m_args.isEmpty()
                      ? QStringLiteral("%1: no %2 given").arg(m_command, QLatin1String(expectedOne))
                      : QStringLiteral("%1: expected one %2, got %3: %4")
                            .arg(m_command, QLatin1String(expectedOne), QString::number(m_args.size()),
                                 m_args.join(QLatin1Char(' ')));
    return m_args;
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
