// SPDX-License-Identifier: MIT
#include "document/ChangeCostCommand.h"

#include "document/ScenarioDocument.h"

namespace is::gui {

ChangeCostCommand::ChangeCostCommand(ScenarioDocument* doc, const CostAssumptions& cost, const QJsonObject& tco,
                                     const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent), m_doc(doc), m_costBefore(doc->scenario().cost),
      m_tcoBefore(doc->scenario().extensions.value(QStringLiteral("tco")).toObject()), m_costAfter(cost),
      m_tcoAfter(tco)
{
}

void ChangeCostCommand::redo()
{
    m_doc->setCost(m_costAfter, m_tcoAfter);
}

void ChangeCostCommand::undo()
{
    m_doc->setCost(m_costBefore, m_tcoBefore);
}

} // namespace is::gui
