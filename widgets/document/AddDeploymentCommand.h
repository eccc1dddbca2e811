// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/Scenario.h"

#include <QUndoCommand>

namespace is::gui {

class ScenarioDocument;

// Adds a deployment at the end of the list (a device dropped on empty canvas).
class AddDeploymentCommand : public QUndoCommand
{
public:
    AddDeploymentCommand(ScenarioDocument* doc, const DeploymentDoc& d, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    ScenarioDocument* m_doc;
    DeploymentDoc m_deployment;
    int m_index = -1;
};

} // namespace is::gui
