// SPDX-License-Identifier: MIT
#pragma once

namespace is::gui {

// QUndoCommand::id() values: commands with the same id may merge (mergeWith).
enum UndoCommandId {
    MoveDeploymentsId = 1,
    ChangeDeploymentId,
    ChangeWorkloadId,
};

} // namespace is::gui
