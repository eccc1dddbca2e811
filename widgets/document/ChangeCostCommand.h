// SPDX-License-Identifier: MIT
#pragma once

#include "engine/CostAssumptions.h"

#include <QJsonObject>
#include <QString>
#include <QUndoCommand>

namespace is::gui {

class ScenarioDocument;

// Changes the scenario's cost assumptions: its "cost" section (amortisation, electricity, PUE,
// which the engine's estimates use) and its "tco" section (the full cost model of the Cost and
// Fleet views) together, so that every view agrees on them. Each edit is one undo step.
class ChangeCostCommand : public QUndoCommand
{
public:
    ChangeCostCommand(ScenarioDocument* doc, const CostAssumptions& cost, const QJsonObject& tco, const QString& text,
                      QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    ScenarioDocument* m_doc;
    CostAssumptions m_costBefore;
    QJsonObject m_tcoBefore;
    CostAssumptions m_costAfter;
    QJsonObject m_tcoAfter;
};

} // namespace is::gui
