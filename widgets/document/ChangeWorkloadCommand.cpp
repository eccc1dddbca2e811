// SPDX-License-Identifier: MIT
#include "document/ChangeWorkloadCommand.h"

#include "document/ScenarioDocument.h"
#include "document/UndoCommandIds.h"

namespace is::gui {

ChangeWorkloadCommand::ChangeWorkloadCommand(ScenarioDocument* doc, const Workload& after, ServingGoal goal,
                                             const QString& text, const QString& field, QUndoCommand* parent)
    : QUndoCommand(text, parent), m_doc(doc), m_before(doc->scenario().workload),
      m_goalBefore(doc->scenario().goal), m_after(after), m_goalAfter(goal), m_field(field)
{
}

void ChangeWorkloadCommand::redo()
{
    m_doc->setWorkload(m_after, m_goalAfter);
}

void ChangeWorkloadCommand::undo()
{
    m_doc->setWorkload(m_before, m_goalBefore);
}

int ChangeWorkloadCommand::id() const
{
    return ChangeWorkloadId;
}

bool ChangeWorkloadCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const ChangeWorkloadCommand*>(other);
    if (o->m_field != m_field || m_field.isEmpty())
        return false;
    m_after = o->m_after;
    m_goalAfter = o->m_goalAfter;
    // The step now ends where the newest edit does, and says so: typing 9999999 into a spin box
    // reads "Set concurrency to 9,999,999", not the first digit's "9".
    setText(o->text());
    setObsolete(m_after == m_before && m_goalAfter == m_goalBefore);
    return true;
}

} // namespace is::gui
