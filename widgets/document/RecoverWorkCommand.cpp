// SPDX-License-Identifier: MIT
#include "document/RecoverWorkCommand.h"

#include "document/ScenarioDocument.h"

#include <QCoreApplication>

namespace is::gui {

RecoverWorkCommand::RecoverWorkCommand(ScenarioDocument* doc, Scenario recovered, QUndoCommand* parent)
    : QUndoCommand(QCoreApplication::translate("undo", "Recover unsaved work"), parent), m_doc(doc),
      m_saved(doc->scenario()), m_recovered(std::move(recovered))
{
}

void RecoverWorkCommand::redo()
{
    m_doc->replaceScenario(m_recovered);
}

void RecoverWorkCommand::undo()
{
    m_doc->replaceScenario(m_saved);
}

} // namespace is::gui
