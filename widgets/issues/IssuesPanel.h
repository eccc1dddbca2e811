// SPDX-License-Identifier: MIT
#pragma once

#include <QDockWidget>

class QListWidget;

namespace is::gui {

class IssueLog;

// The Issues dock: analysis warnings ("Kimi K3 does not fit on 8 H100 at 1 M context: needs 40"),
// catalog load warnings and messages about the user's own edits.
class IssuesPanel : public QDockWidget
{
    Q_OBJECT
public:
    explicit IssuesPanel(IssueLog* log, QWidget* parent = nullptr);
    QListWidget* list() const { return m_list; }

private:
    void refresh();

    IssueLog* m_log;
    QListWidget* m_list = nullptr;
};

} // namespace is::gui
