// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/Scenario.h"

#include <QGraphicsScene>
#include <QHash>
#include <QPointF>
#include <QPointer>

#include <memory>
#include <optional>

namespace is {
struct ScenarioAnalysis;
}

namespace is::gui {

class DeploymentItem;
class IssueLog;
class ScenarioDocument;
struct HardwarePayload;

// The canvas scene: a view of the scenario document. One DeploymentItem per deployment, keyed
// by the document's stable ids and kept in step through the document's signals. Gestures become
// undo commands: a device dropped on empty space starts a deployment, on a deployment joins it;
// a link dropped on a deployment (or applied with the link tool) sets its link; dragging items
// moves them (consecutive moves merge).
class CanvasScene : public QGraphicsScene
{
    Q_OBJECT
public:
    CanvasScene(ScenarioDocument* doc, IssueLog* issues, QObject* parent = nullptr);
    ~CanvasScene() override;

    DeploymentItem* item(const QString& id) const { return m_items.value(id); }
    QList<DeploymentItem*> deploymentItems() const;
    DeploymentItem* deploymentAt(const QPointF& scenePos) const;

    // Per-deployment summaries (speed, chips, fits) from the newest analysis.
    void setAnalysis(std::shared_ptr<const ScenarioAnalysis> analysis);

    // The link tool: while a link id is set, clicking a deployment connects it with that link.
    void setLinkTool(const QString& linkId);
    QString linkTool() const { return m_linkTool; }

    // The drop logic itself, for the view's drop events and for tests.
    bool dropHardware(const HardwarePayload& p, const QPointF& scenePos);
    bool applyLink(const QString& deploymentId, const QString& linkId);

    // The bounding rectangle of all deployments with a margin (fit-to-view).
    QRectF contentRect() const;

Q_SIGNALS:
    // The user asked to edit a deployment's count in place (double-click on the count).
    void editCountRequested(const QString& id);
    void editNameRequested(const QString& id);

protected:
    void dragEnterEvent(QGraphicsSceneDragDropEvent* event) override;
    void dragMoveEvent(QGraphicsSceneDragDropEvent* event) override;
    void dragLeaveEvent(QGraphicsSceneDragDropEvent* event) override;
    void dropEvent(QGraphicsSceneDragDropEvent* event) override;
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;
    void drawBackground(QPainter* painter, const QRectF& rect) override;

private:
    void rebuild();
    void addItemFor(const QString& id);
    void refreshItem(const QString& id);
    void syncSelectionFromDocument();
    void syncSelectionToDocument();
    void setHighlight(DeploymentItem* item);
    ModelRef defaultModelFor() const;

    ScenarioDocument* m_doc;
    IssueLog* m_issues;
    QHash<QString, DeploymentItem*> m_items;
    std::shared_ptr<const ScenarioAnalysis> m_analysis;
    QString m_linkTool;
    QPointer<DeploymentItem> m_highlight;
    bool m_syncingSelection = false;
    // An item drag in progress: where it started and where each selected deployment was.
    std::optional<QPointF> m_dragStart;
    QHash<QString, QPointF> m_dragOrigins;
    bool m_dragMoved = false;
};

} // namespace is::gui
