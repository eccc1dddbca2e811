// SPDX-License-Identifier: MIT
#pragma once

#include "document/ChangeValueCommand.h"
#include "document/ScenarioDocument.h"

namespace is::gui {

// Changes how the scenario is served (its "serving" section): one undo step per edit; edits with
// the same non-empty merge key fold into one (the steps of a spin box).
inline QUndoCommand* changeServingCommand(ScenarioDocument* doc, const serving::ServingConfig& after,
                                          const QString& text, const QString& mergeKey = {})
{
    return new ChangeValueCommand<serving::ServingConfig>(doc, &ScenarioDocument::setServing,
                                                          doc->scenario().serving, after, text, mergeKey);
}

} // namespace is::gui
