// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/Scenario.h"

#include <QUndoCommand>

namespace is::gui {

class ScenarioDocument;

// Recovered work, as one edit on top of the file it belonged to: undoing it gives back the file
// as last saved, redoing it the work the crashed session had not saved.
class RecoverWorkCommand : public QUndoCommand
{
public:
    RecoverWorkCommand(ScenarioDocument* doc, Scenario recovered, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    ScenarioDocument* m_doc;
    Scenario m_saved;
    Scenario m_recovered;
};

} // namespace is::gui
