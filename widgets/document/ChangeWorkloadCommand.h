// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Workload.h"

#include <QString>
#include <QUndoCommand>

namespace is::gui {

class ScenarioDocument;

// Changes the workload and serving goal. Consecutive changes of the same field (a slider being
// dragged, a number typed digit by digit) merge into one undo step, whose text is the newest's.
class ChangeWorkloadCommand : public QUndoCommand
{
public:
    ChangeWorkloadCommand(ScenarioDocument* doc, const Workload& after, ServingGoal goal, const QString& text,
                          const QString& field, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    ScenarioDocument* m_doc;
    Workload m_before;
    ServingGoal m_goalBefore;
    Workload m_after;
    ServingGoal m_goalAfter;
    QString m_field;
};

} // namespace is::gui
