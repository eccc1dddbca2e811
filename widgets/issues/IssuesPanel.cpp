// SPDX-License-Identifier: MIT
#include "issues/IssuesPanel.h"

#include "issues/IssueLog.h"

#include <QApplication>
#include <QListWidget>
#include <QStyle>

#include <algorithm>

namespace is::gui {

IssuesPanel::IssuesPanel(IssueLog* log, QWidget* parent) : QDockWidget(tr("Issues"), parent), m_log(log)
{
    setObjectName(QStringLiteral("IssuesDock"));
    m_list = new QListWidget(this);
    m_list->setWordWrap(true);
    m_list->setAlternatingRowColors(true);
    m_list->setTextElideMode(Qt::ElideNone);
    m_list->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    setWidget(m_list);
    connect(log, &IssueLog::changed, this, &IssuesPanel::refresh);
    refresh();
}

void IssuesPanel::refresh()
{
    m_list->clear();
    QStyle* style = QApplication::style();
    const QList<IssueLog::Issue> issues = m_log->issues();
    for (const IssueLog::Issue& i : issues) {
        QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
        if (i.severity == IssueLog::Severity::Warning)
            icon = QStyle::SP_MessageBoxWarning;
        else if (i.severity == IssueLog::Severity::Error)
            icon = QStyle::SP_MessageBoxCritical;
        auto* item = new QListWidgetItem(style->standardIcon(icon), i.text, m_list);
        item->setToolTip(i.text);
    }
    if (issues.isEmpty()) {
        auto* item = new QListWidgetItem(tr("No issues: every deployment fits and evaluates."), m_list);
        item->setFlags(Qt::NoItemFlags);
    }
    // The count on the tab is of what needs attention: a confirmation ("Saved x.json") is
    // listed, not counted.
    const auto needAttention = std::count_if(issues.begin(), issues.end(), [](const IssueLog::Issue& i) {
        return i.severity != IssueLog::Severity::Info;
    });
    setWindowTitle(needAttention == 0 ? tr("Issues") : tr("Issues (%1)").arg(needAttention));
}

} // namespace is::gui
