// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QPointer>

class QAction;
class QMenu;
class QWidget;

namespace is::gui {

class IssueLog;
class ScenarioDocument;
class Settings;

// File handling for the scenario document: New, Open, Open Recent, Save, Save As, with the
// unsaved-changes prompt. Owns its actions; the main window puts them in its File menu.
class DocumentActions : public QObject
{
    Q_OBJECT
public:
    DocumentActions(ScenarioDocument* doc, Settings* settings, IssueLog* issues, QObject* parent = nullptr);

    // Dialogs are parented to this window (it changes when the language is switched).
    void setDialogParent(QWidget* w) { m_dialogParent = w; }
    void addToMenu(QMenu* fileMenu);

    // Without dialogs (tests, command line). Errors go to the Issues panel and `error`.
    bool openFile(const QString& path, QString* error = nullptr);
    bool saveTo(const QString& path, QString* error = nullptr);
    void newDocument();

    // Asks whether to save unsaved edits; false when the user cancels.
    bool maybeSave();

public Q_SLOTS:
    bool save();
    bool saveAs();
    void open();
    void fileNew();

private:
    void retranslate();
    void rebuildRecentMenu();

    ScenarioDocument* m_doc;
    Settings* m_settings;
    IssueLog* m_issues;
    QPointer<QWidget> m_dialogParent;
    QAction* m_new = nullptr;
    QAction* m_open = nullptr;
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    QPointer<QMenu> m_recentMenu;
};

} // namespace is::gui
