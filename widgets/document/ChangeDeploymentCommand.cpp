// SPDX-License-Identifier: MIT
#include "document/ChangeDeploymentCommand.h"

#include "document/ScenarioDocument.h"
#include "document/UndoCommandIds.h"

namespace is::gui {

ChangeDeploymentCommand::ChangeDeploymentCommand(ScenarioDocument* doc, const DeploymentDoc& after,
                                                 const QString& text, const QString& mergeKey,
                                                 QUndoCommand* parent)
    : QUndoCommand(text, parent), m_doc(doc), m_after(after), m_mergeKey(mergeKey), m_edit(doc->editSerial())
{
    if (const DeploymentDoc* d = doc->deployment(after.id))
        m_before = *d;
    else
        setObsolete(true);
}

void ChangeDeploymentCommand::redo()
{
    m_doc->replaceDeployment(m_after);
}

void ChangeDeploymentCommand::undo()
{
    m_doc->replaceDeployment(m_before);
}

int ChangeDeploymentCommand::id() const
{
    return m_mergeKey.isEmpty() ? -1 : ChangeDeploymentId;
}

bool ChangeDeploymentCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const ChangeDeploymentCommand*>(other);
    if (o->m_mergeKey != m_mergeKey || o->m_after.id != m_after.id || o->m_edit != m_edit)
        return false;
    m_after = o->m_after;
    setObsolete(m_after == m_before);
    return true;
}

} // namespace is::gui
