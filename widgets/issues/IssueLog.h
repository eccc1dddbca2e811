// SPDX-License-Identifier: MIT
#pragma once

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

namespace is::gui {

// What the Issues dock shows: the analysis' warnings (replaced on every analysis), catalog load
// warnings and messages about the user's own actions ("one device type per deployment").
// Every warning is also logged, so the console and the panel agree.
class IssueLog : public QObject
{
    Q_OBJECT
public:
    enum class Severity { Info, Warning, Error };
    enum class Origin { Analysis, Catalog, Document, Action };
    struct Issue
    {
        Severity severity = Severity::Warning;
        Origin origin = Origin::Action;
        QString text;
        QDateTime when;
    };

    explicit IssueLog(QObject* parent = nullptr);

    QList<Issue> issues() const;
    // Replaces the analysis' issues (and its error, if any).
    void setAnalysisIssues(const QStringList& issues, const QString& error);
    // Adds one message; identical consecutive messages are not repeated.
    void add(Severity severity, Origin origin, const QString& text);
    // Removes everything of one origin (a new document clears document messages).
    void clear(Origin origin);
    // Another document replaced the one edited: only the catalog's messages still apply (the
    // analysis', the document's and those about the user's actions were about the old one).
    void clearDocumentIssues();

Q_SIGNALS:
    void changed();
    // A message the user should see now (the status bar shows it).
    void announced(const QString& text);

private:
    QList<Issue> m_analysis;
    QList<Issue> m_other;
};

} // namespace is::gui
