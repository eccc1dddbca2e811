// SPDX-License-Identifier: MIT
#pragma once

#include "document/ChangeValueCommand.h"
#include "document/ScenarioDocument.h"

namespace is::gui {

// Changes the workload and serving goal. Consecutive changes of the same `field` merge into one
// undo step (ChangeValueCommand).
inline QUndoCommand* changeWorkloadCommand(ScenarioDocument* doc, const Workload& after, ServingGoal goal,
                                           const QString& text, const QString& field)
{
    const Scenario& s = doc->scenario();
    return new ChangeValueCommand<WorkloadAndGoal>(doc, &ScenarioDocument::setWorkloadAndGoal,
                                                   {s.workload, s.goal}, {after, goal}, text, field);
}

} // namespace is::gui
