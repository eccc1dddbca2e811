// SPDX-License-Identifier: MIT
#pragma once

#include "document/ChangeValueCommand.h"
#include "document/ScenarioDocument.h"

namespace is::gui {

// Changes the scenario's cost assumptions: one undo step per edit, which every view (the engine's
// estimates, the Cost and Fleet views) reads from the same cost::TcoAssumptions.
inline QUndoCommand* changeCostCommand(ScenarioDocument* doc, const cost::TcoAssumptions& after,
                                       const QString& text)
{
    return new ChangeValueCommand<cost::TcoAssumptions>(doc, &ScenarioDocument::setTco, doc->scenario().tco,
                                                        after, text);
}

} // namespace is::gui
