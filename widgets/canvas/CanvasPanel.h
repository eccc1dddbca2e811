// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QWidget>

class QAction;
class QComboBox;
class QToolBar;

namespace is {
struct ScenarioAnalysis;
}

namespace is::gui {

class CanvasScene;
class CanvasView;
class IssueLog;
class ScenarioDocument;

// The canvas with its own tool bar and actions (select / link tool, zoom, rename, delete).
// The main window places it; the actions belong here.
class CanvasPanel : public QWidget
{
    Q_OBJECT
public:
    CanvasPanel(ScenarioDocument* doc, IssueLog* issues, QWidget* parent = nullptr);

    CanvasScene* scene() const { return m_scene; }
    CanvasView* view() const { return m_view; }
    // Actions for the Edit menu.
    QList<QAction*> editActions() const;

public Q_SLOTS:
    void deleteSelection();
    void renameSelection();
    void editSelectionCount();
    void selectAll();

private:
    void updateActions();
    void updateLinkTool();

    ScenarioDocument* m_doc;
    CanvasScene* m_scene = nullptr;
    CanvasView* m_view = nullptr;
    QToolBar* m_toolBar = nullptr;
    QAction* m_linkTool = nullptr;
    QComboBox* m_linkChoice = nullptr;
    QAction* m_delete = nullptr;
    QAction* m_rename = nullptr;
    QAction* m_editCount = nullptr;
    QAction* m_selectAll = nullptr;
};

} // namespace is::gui
