// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/Scenario.h"

#include <QStringList>
#include <QUndoCommand>

#include <utility>
#include <vector>

namespace is::gui {

class ScenarioDocument;

// Removes deployments, keeping copies and positions so that undo restores them exactly.
class RemoveDeploymentsCommand : public QUndoCommand
{
public:
    RemoveDeploymentsCommand(ScenarioDocument* doc, const QStringList& ids, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    ScenarioDocument* m_doc;
    std::vector<std::pair<int, DeploymentDoc>> m_removed; // ascending index
};

} // namespace is::gui
