// SPDX-License-Identifier: MIT
#include "document/RemoveDeploymentsCommand.h"

#include "document/ScenarioDocument.h"

#include <QCoreApplication>

#include <algorithm>

namespace is::gui {

RemoveDeploymentsCommand::RemoveDeploymentsCommand(ScenarioDocument* doc, const QStringList& ids,
                                                   QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc)
{
    for (const QString& id : ids)
        if (const DeploymentDoc* d = doc->deployment(id))
            m_removed.emplace_back(doc->indexOf(id), *d);
    std::sort(m_removed.begin(), m_removed.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    // lupdate does not see a translate() call whose count argument is a cast.
    const int count = static_cast<int>(m_removed.size());
    if (count == 1)
        setText(QCoreApplication::translate("undo", "Delete %1").arg(m_removed.front().second.name));
    else
        setText(QCoreApplication::translate("undo", "Delete %n deployment(s)", nullptr, count));
}

void RemoveDeploymentsCommand::redo()
{
    for (const auto& [index, d] : m_removed)
        m_doc->removeDeployment(d.id);
}

void RemoveDeploymentsCommand::undo()
{
    // Ascending order: each reinsertion puts the deployment back at its original index.
    for (const auto& [index, d] : m_removed)
        m_doc->insertDeployment(index, d);
}

} // namespace is::gui
