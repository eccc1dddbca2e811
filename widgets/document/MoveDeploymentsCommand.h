// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QPointF>
#include <QString>
#include <QUndoCommand>

namespace is::gui {

class ScenarioDocument;

// Moves deployments on the canvas. The canvas pushes one per mouse move while dragging;
// consecutive moves of the same deployments in one drag merge into one undo step.
class MoveDeploymentsCommand : public QUndoCommand
{
public:
    // newPositions: deployment id -> canvas position.
    MoveDeploymentsCommand(ScenarioDocument* doc, const QHash<QString, QPointF>& newPositions,
                           QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    void apply(const QHash<QString, QPointF>& positions);

    ScenarioDocument* m_doc;
    QHash<QString, QPointF> m_before;
    QHash<QString, QPointF> m_after;
    quint64 m_edit; // ScenarioDocument::editSerial: one drag, one step
};

} // namespace is::gui
