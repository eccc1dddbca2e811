// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>
#include <QTextStream>

#include <vector>

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
    // Remaining arguments; anything left that starts with "--" is an error.
    QStringList positional();
    bool ok() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }

private:
    QString m_command;
    QStringList m_args;
    QString m_error;
};

// Prints rows of cells with columns padded to their widest cell.
void printAligned(const std::vector<QStringList>& rows, QTextStream& out);

} // namespace is::app
