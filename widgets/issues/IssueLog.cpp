// SPDX-License-Identifier: MIT
#include "issues/IssueLog.h"

#include "common/Log.h"

namespace is::gui {

IssueLog::IssueLog(QObject* parent) : QObject(parent) {}

QList<IssueLog::Issue> IssueLog::issues() const
{
    // The user's own messages first: they answer what was just done.
    QList<Issue> all = m_other;
    all << m_analysis;
    return all;
}

void IssueLog::setAnalysisIssues(const QStringList& issues, const QString& error)
{
    QList<Issue> next;
    const QDateTime now = QDateTime::currentDateTime();
    if (!error.isEmpty())
        next.append({Severity::Error, Origin::Analysis, error, now});
    for (const QString& text : issues)
        next.append({Severity::Warning, Origin::Analysis, text, now});
    auto sameTexts = [](const QList<Issue>& a, const QList<Issue>& b) {
        if (a.size() != b.size())
            return false;
        for (qsizetype i = 0; i < a.size(); ++i)
            if (a[i].text != b[i].text || a[i].severity != b[i].severity)
                return false;
        return true;
    };
    if (sameTexts(next, m_analysis))
        return;
    // Only new warnings are logged: a slider sweep must not flood the console.
    for (const Issue& i : next) {
        bool known = false;
        for (const Issue& old : m_analysis)
            known = known || old.text == i.text;
        if (!known)
            is::log::get("gui")->info("issue: {}", i.text.toStdString());
    }
    m_analysis = next;
    Q_EMIT changed();
}

void IssueLog::add(Severity severity, Origin origin, const QString& text)
{
    if (!m_other.isEmpty() && m_other.front().text == text && m_other.front().origin == origin) {
        Q_EMIT announced(text);
        return;
    }
    auto log = is::log::get("gui");
    if (severity == Severity::Error)
        log->error("{}", text.toStdString());
    else if (severity == Severity::Warning)
        log->warn("{}", text.toStdString());
    else
        log->info("{}", text.toStdString());
    m_other.prepend({severity, origin, text, QDateTime::currentDateTime()});
    // Old action messages stop being useful; keep the panel short.
    while (m_other.size() > 50)
        m_other.removeLast();
    Q_EMIT changed();
    Q_EMIT announced(text);
}

void IssueLog::clear(Origin origin)
{
    const qsizetype before = m_other.size();
    m_other.removeIf([origin](const Issue& i) { return i.origin == origin; });
    if (m_other.size() != before)
        Q_EMIT changed();
}

void IssueLog::clearDocumentIssues()
{
    const qsizetype before = m_other.size() + m_analysis.size();
    m_analysis.clear();
    m_other.removeIf([](const Issue& i) { return i.origin != Origin::Catalog; });
    if (m_other.size() != before)
        Q_EMIT changed();
}

} // namespace is::gui
