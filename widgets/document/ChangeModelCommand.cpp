// SPDX-License-Identifier: MIT
#include "document/ChangeModelCommand.h"

#include "document/ScenarioDocument.h"

#include <QCoreApplication>

namespace is::gui {

ChangeModelCommand::ChangeModelCommand(ScenarioDocument* doc, const QString& deploymentId,
                                       const ModelRef& after, QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_deploymentId(deploymentId), m_after(after)
{
    if (deploymentId.isEmpty()) {
        m_before = doc->scenario().model;
    } else if (const DeploymentDoc* d = doc->deployment(deploymentId)) {
        m_before = d->model;
    } else {
        setObsolete(true);
    }
    setText(QCoreApplication::translate("undo", "Change model"));
}

void ChangeModelCommand::redo()
{
    apply(m_after);
}

void ChangeModelCommand::undo()
{
    apply(m_before);
}

void ChangeModelCommand::apply(const ModelRef& m)
{
    if (m_deploymentId.isEmpty()) {
        m_doc->setModel(m);
        return;
    }
    if (const DeploymentDoc* d = m_doc->deployment(m_deploymentId)) {
        DeploymentDoc changed = *d;
        changed.model = m;
        m_doc->replaceDeployment(changed);
    }
}

} // namespace is::gui
