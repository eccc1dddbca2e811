// SPDX-License-Identifier: MIT
#pragma once

namespace is::gui {

// QUndoCommand::id() values: commands with the same id may merge (mergeWith).
enum UndoCommandId {
    MoveDeploymentsId = 1,
    ChangeDeploymentId,
    ChangeValueId, // ChangeValueCommand<T>: merges only with the same setter and merge key
};

} // namespace is::gui
