// SPDX-License-Identifier: MIT
#include "document/MoveDeploymentsCommand.h"

#include "document/ScenarioDocument.h"
#include "document/UndoCommandIds.h"

#include <QCoreApplication>
#include <QStringList>

namespace is::gui {

MoveDeploymentsCommand::MoveDeploymentsCommand(ScenarioDocument* doc,
                                               const QHash<QString, QPointF>& newPositions,
                                               QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_after(newPositions), m_edit(doc->editSerial())
{
    for (auto it = newPositions.cbegin(); it != newPositions.cend(); ++it)
        if (const DeploymentDoc* d = doc->deployment(it.key()))
            m_before.insert(it.key(), QPointF(d->x, d->y));
    // lupdate does not see a translate() call whose count argument is a cast.
    const int count = static_cast<int>(m_after.size());
    setText(QCoreApplication::translate("undo", "Move %n deployment(s)", nullptr, count));
}

void MoveDeploymentsCommand::redo()
{
    apply(m_after);
}

void MoveDeploymentsCommand::undo()
{
    apply(m_before);
}

int MoveDeploymentsCommand::id() const
{
    return MoveDeploymentsId;
}

bool MoveDeploymentsCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const MoveDeploymentsCommand*>(other);
    QStringList mine = m_after.keys();
    QStringList theirs = o->m_after.keys();
    mine.sort();
    theirs.sort();
    if (mine != theirs || o->m_edit != m_edit)
        return false;
    m_after = o->m_after;
    setObsolete(m_after == m_before);
    return true;
}

void MoveDeploymentsCommand::apply(const QHash<QString, QPointF>& positions)
{
    for (auto it = positions.cbegin(); it != positions.cend(); ++it)
        m_doc->moveDeployment(it.key(), it.value());
}

} // namespace is::gui
