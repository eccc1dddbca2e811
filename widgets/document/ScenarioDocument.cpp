// SPDX-License-Identifier: MIT
#include "document/ScenarioDocument.h"

#include "document/RecoverWorkCommand.h"

#include "style/DeploymentColours.h"

#include "hardware/Catalog.h"
#include "scenario/ScenarioEvaluation.h"

#include <QFileInfo>
#include <QUndoStack>

#include <algorithm>

namespace is::gui {

ScenarioDocument::ScenarioDocument(std::shared_ptr<const Catalog> catalog, QObject* parent)
    : QObject(parent), m_catalog(std::move(catalog)), m_undo(new QUndoStack(this))
{
    connect(m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

ScenarioDocument::~ScenarioDocument() = default;

QString ScenarioDocument::displayName() const
{
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).fileName();
    if (!m_scenario.name.isEmpty())
        return m_scenario.name;
    return tr("Untitled");
}

bool ScenarioDocument::isModified() const
{
    return !m_undo->isClean();
}

const DeploymentDoc* ScenarioDocument::deployment(const QString& id) const
{
    for (const DeploymentDoc& d : m_scenario.deployments)
        if (d.id == id)
            return &d;
    return nullptr;
}

int ScenarioDocument::indexOf(const QString& id) const
{
    for (size_t i = 0; i < m_scenario.deployments.size(); ++i)
        if (m_scenario.deployments[i].id == id)
            return static_cast<int>(i);
    return -1;
}

QStringList ScenarioDocument::deploymentIds() const
{
    QStringList ids;
    for (const DeploymentDoc& d : m_scenario.deployments)
        ids << d.id;
    return ids;
}

QColor ScenarioDocument::colour(const QString& id) const
{
    const DeploymentDoc* d = deployment(id);
    return d ? QColor(d->color) : QColor();
}

QHash<QString, QColor> ScenarioDocument::colours() const
{
    QHash<QString, QColor> c;
    for (const DeploymentDoc& d : m_scenario.deployments)
        c.insert(d.id, QColor(d.color));
    return c;
}

QString ScenarioDocument::newDeploymentId(const QString& base) const
{
    QString stem = base.isEmpty() ? QStringLiteral("d") : base;
    // Nor an id the serving section still keys settings on (a deleted deployment's): the new
    // deployment would inherit that runtime.
    const auto& serving = m_scenario.serving.perDeployment;
    const auto taken = [&](const QString& id) { return deployment(id) || serving.count(id) > 0; };
    if (!taken(stem))
        return stem;
    for (int i = 2;; ++i) {
        const QString id = stem + QLatin1Char('-') + QString::number(i);
        if (!taken(id))
            return id;
    }
}

QString ScenarioDocument::nextColour() const
{
    QStringList used;
    for (const DeploymentDoc& d : m_scenario.deployments)
        used << d.color;
    return nextDeploymentColour(used);
}

void ScenarioDocument::setSelection(const QStringList& ids)
{
    QStringList valid;
    for (const QString& id : ids)
        if (deployment(id) && !valid.contains(id))
            valid << id;
    if (valid == m_selection)
        return;
    m_selection = valid;
    Q_EMIT selectionChanged();
}

QStringList ScenarioDocument::reset(Scenario s, const QString& filePath)
{
    m_scenario = std::move(s);
    const QStringList notes = assignMissingColours();
    m_selection.clear();
    m_undo->clear();
    m_undo->setClean();
    if (m_filePath != filePath) {
        m_filePath = filePath;
        Q_EMIT filePathChanged(m_filePath);
    }
    Q_EMIT documentReset();
    Q_EMIT selectionChanged();
    Q_EMIT modifiedChanged(false);
    Q_EMIT changed();
    return notes;
}

void ScenarioDocument::markRecovered()
{
    m_undo->resetClean();
    Q_EMIT modifiedChanged(true);
}

void ScenarioDocument::recover(Scenario recovered)
{
    m_undo->push(new RecoverWorkCommand(this, std::move(recovered)));
}

void ScenarioDocument::replaceScenario(const Scenario& s)
{
    m_scenario = s;
    assignMissingColours();
    QStringList kept;
    for (const QString& id : m_selection)
        if (deployment(id))
            kept << id;
    const bool selectionChanged = kept != m_selection;
    m_selection = kept;
    Q_EMIT documentReset();
    if (selectionChanged)
        Q_EMIT this->selectionChanged();
    Q_EMIT changed();
}

bool ScenarioDocument::save(const QString& path, QString* error)
{
    if (!saveScenarioFile(m_scenario, path, error))
        return false;
    m_scenario.baseDir = QFileInfo(path).absolutePath();
    m_undo->setClean();
    if (m_filePath != path) {
        m_filePath = path;
        Q_EMIT filePathChanged(m_filePath);
    }
    return true;
}

bool ScenarioDocument::saveCopy(const QString& path, QString* error) const
{
    return saveScenarioFile(m_scenario, path, error);
}

void ScenarioDocument::insertDeployment(int index, const DeploymentDoc& d)
{
    index = std::clamp(index, 0, static_cast<int>(m_scenario.deployments.size()));
    m_scenario.deployments.insert(m_scenario.deployments.begin() + index, d);
    followAutomaticName(m_scenario.deployments[static_cast<size_t>(index)]);
    Q_EMIT deploymentInserted(d.id);
    Q_EMIT changed();
}

bool ScenarioDocument::followAutomaticName(DeploymentDoc& d) const
{
    if (!d.autoName)
        return false;
    const QString name = automaticDeploymentName(m_scenario, d, *m_catalog);
    if (name == d.name)
        return false;
    d.name = name;
    return true;
}

void ScenarioDocument::removeDeployment(const QString& id)
{
    const int i = indexOf(id);
    if (i < 0)
        return;
    m_scenario.deployments.erase(m_scenario.deployments.begin() + i);
    if (m_selection.removeAll(id) > 0)
        Q_EMIT selectionChanged();
    Q_EMIT deploymentRemoved(id);
    Q_EMIT changed();
}

void ScenarioDocument::replaceDeployment(const DeploymentDoc& d)
{
    const int i = indexOf(d.id);
    if (i < 0)
        return;
    m_scenario.deployments[static_cast<size_t>(i)] = d;
    followAutomaticName(m_scenario.deployments[static_cast<size_t>(i)]);
    Q_EMIT deploymentChanged(d.id);
    Q_EMIT changed();
}

void ScenarioDocument::moveDeployment(const QString& id, QPointF pos)
{
    const int i = indexOf(id);
    if (i < 0)
        return;
    DeploymentDoc& d = m_scenario.deployments[static_cast<size_t>(i)];
    d.x = pos.x();
    d.y = pos.y();
    Q_EMIT deploymentMoved(id);
}

void ScenarioDocument::setWorkloadAndGoal(const WorkloadAndGoal& w)
{
    m_scenario.workload = w.first;
    m_scenario.goal = w.second;
    Q_EMIT workloadChanged();
    Q_EMIT changed();
}

void ScenarioDocument::setModel(const ModelRef& m)
{
    m_scenario.model = m;
    // Deployments that serve the scenario's model and were named after it follow it.
    QStringList renamed;
    for (DeploymentDoc& d : m_scenario.deployments)
        if (!d.model.isSet() && followAutomaticName(d))
            renamed << d.id;
    for (const QString& id : std::as_const(renamed))
        Q_EMIT deploymentChanged(id);
    Q_EMIT modelChanged();
    Q_EMIT changed();
}

void ScenarioDocument::setName(const QString& name)
{
    m_scenario.name = name;
    Q_EMIT nameChanged();
    Q_EMIT changed();
}

void ScenarioDocument::setTco(const cost::TcoAssumptions& tco)
{
    m_scenario.tco = tco;
    Q_EMIT changed();
}

void ScenarioDocument::setServing(const serving::ServingConfig& serving)
{
    m_scenario.serving = serving;
    Q_EMIT servingChanged();
    Q_EMIT changed();
}

QStringList ScenarioDocument::assignMissingColours()
{
    QStringList used;
    for (const DeploymentDoc& d : m_scenario.deployments)
        if (!d.color.isEmpty())
            used << d.color;
    QStringList notes;
    for (std::size_t i = 0; i < m_scenario.deployments.size(); ++i) {
        DeploymentDoc& d = m_scenario.deployments[i];
        if (!d.color.isEmpty() && QColor::isValidColorName(d.color))
            continue;
        const QString given = d.color;
        d.color = nextDeploymentColour(used);
        used << d.color;
        if (!given.isEmpty())
            notes << tr("deployments[%1].color: \"%2\" is not a colour (a name such as \"teal\" or "
                        "#rrggbb); \"%3\" is shown in %4")
                         .arg(i)
                         .arg(given, d.name, d.color);
    }
    return notes;
}

} // namespace is::gui
