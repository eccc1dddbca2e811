// SPDX-License-Identifier: MIT
#include "document/AddDeploymentCommand.h"

#include "document/ScenarioDocument.h"

#include <QCoreApplication>

namespace is::gui {

AddDeploymentCommand::AddDeploymentCommand(ScenarioDocument* doc, const DeploymentDoc& d,
                                           QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_deployment(d)
{
    setText(QCoreApplication::translate("undo", "Add deployment %1").arg(d.name));
}

void AddDeploymentCommand::redo()
{
    if (m_index < 0)
        m_index = static_cast<int>(m_doc->scenario().deployments.size());
    m_doc->insertDeployment(m_index, m_deployment);
}

void AddDeploymentCommand::undo()
{
    m_doc->removeDeployment(m_deployment.id);
}

} // namespace is::gui
