// SPDX-License-Identifier: MIT
#include "canvas/CanvasPanel.h"

#include "canvas/CanvasScene.h"
#include "canvas/CanvasView.h"
#include "document/RemoveDeploymentsCommand.h"
#include "document/ScenarioDocument.h"

#include "hardware/Catalog.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

namespace is::gui {

CanvasPanel::CanvasPanel(ScenarioDocument* doc, IssueLog* issues, QWidget* parent)
    : QWidget(parent), m_doc(doc)
{
    setObjectName(QStringLiteral("CanvasPanel"));
    m_scene = new CanvasScene(doc, issues, this);
    m_view = new CanvasView(m_scene, doc, this);

    m_toolBar = new QToolBar(tr("Canvas"), this);
    m_toolBar->setIconSize(QSize(16, 16));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);

    m_linkTool = m_toolBar->addAction(tr("Link tool"));
    m_linkTool->setCheckable(true);
    m_linkTool->setToolTip(tr("Click deployments to connect their devices with the chosen link"));
    m_linkChoice = new QComboBox(this);
    m_linkChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (const Link* l : doc->catalog().links())
        m_linkChoice->addItem(l->name, l->id);
    m_linkChoice->setEnabled(false);
    m_toolBar->addWidget(m_linkChoice);
    m_toolBar->addSeparator();
    QAction* zoomIn = m_toolBar->addAction(tr("Zoom in"), m_view, &CanvasView::zoomIn);
    zoomIn->setShortcut(QKeySequence::ZoomIn);
    QAction* zoomOut = m_toolBar->addAction(tr("Zoom out"), m_view, &CanvasView::zoomOut);
    zoomOut->setShortcut(QKeySequence::ZoomOut);
    m_toolBar->addAction(tr("Fit"), m_view, &CanvasView::fitContent);
    auto* hint = new QLabel(tr("Drag hardware here · wheel zooms · middle button pans"), this);
    hint->setEnabled(false);
    hint->setContentsMargins(12, 0, 0, 0);
    m_toolBar->addWidget(hint);

    m_delete = new QAction(tr("Delete"), this);
    m_delete->setShortcuts({QKeySequence::Delete, QKeySequence(Qt::Key_Backspace)});
    m_delete->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_delete, &QAction::triggered, this, &CanvasPanel::deleteSelection);
    m_rename = new QAction(tr("Rename"), this);
    m_rename->setShortcut(Qt::Key_F2);
    m_rename->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_rename, &QAction::triggered, this, &CanvasPanel::renameSelection);
    m_editCount = new QAction(tr("Edit count"), this);
    connect(m_editCount, &QAction::triggered, this, &CanvasPanel::editSelectionCount);
    m_selectAll = new QAction(tr("Select all"), this);
    m_selectAll->setShortcut(QKeySequence::SelectAll);
    m_selectAll->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_selectAll, &QAction::triggered, this, &CanvasPanel::selectAll);
    addActions({m_delete, m_rename, m_selectAll});
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_view->addActions({m_rename, m_editCount, m_delete});

    connect(m_linkTool, &QAction::toggled, this, &CanvasPanel::updateLinkTool);
    connect(m_linkChoice, &QComboBox::currentIndexChanged, this, &CanvasPanel::updateLinkTool);
    connect(doc, &ScenarioDocument::selectionChanged, this, &CanvasPanel::updateActions);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_toolBar);
    layout->addWidget(m_view);
    updateActions();
}

QList<QAction*> CanvasPanel::editActions() const
{
    return {m_rename, m_editCount, m_delete, m_selectAll};
}

void CanvasPanel::updateActions()
{
    const int n = static_cast<int>(m_doc->selection().size());
    m_delete->setEnabled(n > 0);
    m_rename->setEnabled(n == 1);
    m_editCount->setEnabled(n == 1);
}

void CanvasPanel::updateLinkTool()
{
    m_linkChoice->setEnabled(m_linkTool->isChecked());
    m_scene->setLinkTool(m_linkTool->isChecked() ? m_linkChoice->currentData().toString() : QString());
    m_view->setDragMode(m_linkTool->isChecked() ? QGraphicsView::NoDrag : QGraphicsView::RubberBandDrag);
    m_view->viewport()->setCursor(m_linkTool->isChecked() ? Qt::CrossCursor : Qt::ArrowCursor);
}

void CanvasPanel::deleteSelection()
{
    const QStringList ids = m_doc->selection();
    if (ids.isEmpty())
        return;
    m_doc->undoStack()->push(new RemoveDeploymentsCommand(m_doc, ids));
}

void CanvasPanel::renameSelection()
{
    if (m_doc->selection().size() == 1)
        m_view->editName(m_doc->selection().front());
}

void CanvasPanel::editSelectionCount()
{
    if (m_doc->selection().size() == 1)
        m_view->editCount(m_doc->selection().front());
}

void CanvasPanel::selectAll()
{
    m_doc->setSelection(m_doc->deploymentIds());
}

} // namespace is::gui
