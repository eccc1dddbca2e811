// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/Scenario.h"

#include <QString>
#include <QUndoCommand>

namespace is::gui {

class ScenarioDocument;

// Replaces one deployment's description (rename, count, device, links, plan, precision, ...).
// Commands with the same non-empty merge key on the same deployment fold into one undo step, so
// that spinning a count from 8 to 64 is one edit, not 56.
class ChangeDeploymentCommand : public QUndoCommand
{
public:
    ChangeDeploymentCommand(ScenarioDocument* doc, const DeploymentDoc& after, const QString& text,
                            const QString& mergeKey = {}, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    ScenarioDocument* m_doc;
    DeploymentDoc m_before;
    DeploymentDoc m_after;
    QString m_mergeKey;
    quint64 m_edit; // ScenarioDocument::editSerial when made: merges only within one edit
};

} // namespace is::gui
