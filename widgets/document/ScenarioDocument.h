// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/Scenario.h"

#include <QColor>
#include <QHash>
#include <QObject>
#include <QPointF>
#include <QStringList>

#include <memory>
#include <utility>

class QUndoStack;

namespace is {
class Catalog;
}

namespace is::gui {

// The workload and how the scenario wants the batch chosen: the file's "workload" section.
using WorkloadAndGoal = std::pair<Workload, ServingGoal>;

// The scenario being edited: the source of truth the canvas, panels and charts are views of.
// Owns the is::Scenario and its undo stack. Every user edit is a QUndoCommand (document/commands)
// that calls the raw setters below, which emit one signal per kind of change. Deployment ids are
// stable across edits; views key on them.
class ScenarioDocument : public QObject
{
    Q_OBJECT
public:
    explicit ScenarioDocument(std::shared_ptr<const Catalog> catalog, QObject* parent = nullptr);
    ~ScenarioDocument() override;

    const Scenario& scenario() const { return m_scenario; }
    const Catalog& catalog() const { return *m_catalog; }
    QUndoStack* undoStack() const { return m_undo; }
    // Which edit the user is in. The undo steps of one edit merge (a slider dragged, a number typed
    // digit by digit, a deployment dragged), and an edit ends where the user finishes it: Enter or
    // focus leaving a field, the mouse released (endEditsWhenDone, the canvas). Commands note the
    // edit they were made in and merge only within it, so typing 2M and then 32K into the same
    // field is two undo steps, not one that undoes both.
    quint64 editSerial() const { return m_editSerial; }
    void endEdit() { ++m_editSerial; }

    // The file the document was loaded from or saved to; empty for an untitled document.
    QString filePath() const { return m_filePath; }
    // "gpt-5.6-sol-vs-kimi-k3.json" or the scenario's name for untitled documents.
    QString displayName() const;
    bool isModified() const;

    const DeploymentDoc* deployment(const QString& id) const;
    int indexOf(const QString& id) const;
    QStringList deploymentIds() const;
    QColor colour(const QString& id) const;
    QHash<QString, QColor> colours() const;
    // A fresh id ("h100-2": no deployment's, nor one the serving section keys settings on) and the
    // next palette colour, for a new deployment.
    QString newDeploymentId(const QString& base) const;
    QString nextColour() const;

    // Selected deployments (view state shared by canvas, inspector and model panel; not undoable).
    QStringList selection() const { return m_selection; }
    void setSelection(const QStringList& ids);

    // Replaces the whole scenario (new, open, recovery): clears the undo stack. Deployments
    // without a colour get one from the palette, so every view agrees on it from the start; so do
    // those whose colour is none. Returns what the user should hear about that: one message per
    // colour replaced.
    QStringList reset(Scenario s, const QString& filePath);
    // After reset() with recovered content: the edits are not saved anywhere yet.
    void markRecovered();
    // Recovered work of the file this document holds (after reset() with that file): one undoable
    // edit, so that undo gives back the file as last saved.
    void recover(Scenario recovered);
    // Atomic save; on success the document is clean and takes the path.
    bool save(const QString& path, QString* error);
    // Saves a copy (autosave) without changing the path or the clean state.
    bool saveCopy(const QString& path, QString* error) const;

    // Raw edits. Called by undo commands only, so that every change is undoable. A deployment
    // whose name is automatic (DeploymentDoc::autoName) takes the name of its model and device
    // here, so that every edit, its undo and its redo agree on it.
    void insertDeployment(int index, const DeploymentDoc& d);
    void removeDeployment(const QString& id);
    void replaceDeployment(const DeploymentDoc& d);
    // Canvas position only: no analysis depends on it, so it emits deploymentMoved, not changed.
    void moveDeployment(const QString& id, QPointF pos);
    void setWorkloadAndGoal(const WorkloadAndGoal& w);
    void setModel(const ModelRef& m);
    void setName(const QString& name);
    // The whole scenario at once (RecoverWorkCommand); keeps the file path and the undo stack.
    void replaceScenario(const Scenario& s);
    // The cost assumptions (the file's "cost" and "tco" sections).
    void setTco(const cost::TcoAssumptions& tco);
    // How the scenario is served (the file's "serving" section): the simulation's settings and
    // each deployment's serving runtime, which the engine's estimates follow too.
    void setServing(const serving::ServingConfig& serving);

Q_SIGNALS:
    void documentReset();
    void deploymentInserted(const QString& id);
    void deploymentRemoved(const QString& id);
    void deploymentChanged(const QString& id);
    void deploymentMoved(const QString& id);
    void workloadChanged();
    void modelChanged();
    void nameChanged();
    void servingChanged();
    // Any change the analysis depends on (everything but canvas positions).
    void changed();
    void selectionChanged();
    void filePathChanged(const QString& path);
    void modifiedChanged(bool modified);

private:
    // Gives colourless deployments, and those whose colour is none, one from the palette; a
    // message for each colour replaced.
    QStringList assignMissingColours();
    // Gives an automatically named deployment the name of its model and device; true if it changed.
    bool followAutomaticName(DeploymentDoc& d) const;

    std::shared_ptr<const Catalog> m_catalog;
    Scenario m_scenario;
    QString m_filePath;
    QStringList m_selection;
    quint64 m_editSerial = 0;
    QUndoStack* m_undo = nullptr;
};

} // namespace is::gui
