// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/Scenario.h"

#include <QString>
#include <QUndoCommand>

namespace is::gui {

class ScenarioDocument;

// Sets the model of one deployment (deploymentId) or the scenario-level model (empty id), which
// every deployment without its own model serves.
class ChangeModelCommand : public QUndoCommand
{
public:
    ChangeModelCommand(ScenarioDocument* doc, const QString& deploymentId, const ModelRef& after,
                       QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    void apply(const ModelRef& m);

    ScenarioDocument* m_doc;
    QString m_deploymentId;
    ModelRef m_before;
    ModelRef m_after;
};

} // namespace is::gui
