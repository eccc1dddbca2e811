// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/Scenario.h"

#include <QDockWidget>

#include <functional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace is::gui {

class ScenarioDocument;
class IssueLog;
class Settings;

// The model dock: pick a model from the catalog (speculative ones show their ranges), import a
// Hugging Face config.json or a GGUF file's header, or dial a parametric model (total and active parameters,
// layers, attention, precisions). Applies to the selected deployments, or to every deployment when none is
// selected.
class ModelPanel : public QDockWidget
{
    Q_OBJECT
public:
    ModelPanel(ScenarioDocument* doc, IssueLog* issues, Settings* settings, QWidget* parent = nullptr);
    // The catalog's models: the one the targets serve where they serve one from it.
    QComboBox* catalogBox() const { return m_catalog; }

    // Sets the model of the current target (one undo step), as the panel's controls do.
    void applyModel(const ModelRef& m, const QString& what);
    bool importHfConfig(const QString& path);
    // Imports a GGUF file's header (never its tensor data) and applies the model, and the weight
    // precision its tensor types imply, to the current target as one undo step.
    bool importGguf(const QString& path);
    // Builds the parametric model from the dial controls (nullopt with a message on bad input).
    std::optional<ModelRef> parametricModel(QString* error) const;

private:
    void refresh();
    QStringList targetIds() const;
    // The precisions that come with a model: one "Change precision" step (inside the caller's
    // macro) for each deployment in `ids` that `change` alters.
    void changePrecisions(const QStringList& ids, const std::function<void(DeploymentDoc&)>& change);
    QString describe(const ModelRef& m) const;

    ScenarioDocument* m_doc;
    IssueLog* m_issues;
    Settings* m_settings;
    bool m_refreshing = false;
    QLabel* m_target = nullptr;
    QLabel* m_summary = nullptr;
    QComboBox* m_catalog = nullptr;
    QPushButton* m_import = nullptr;
    QPushButton* m_importGguf = nullptr;
    QDoubleSpinBox* m_total = nullptr;
    QDoubleSpinBox* m_active = nullptr;
    QSpinBox* m_layers = nullptr;
    QComboBox* m_attention = nullptr;
    QSpinBox* m_kvHeads = nullptr;
    QComboBox* m_weights = nullptr;
    QComboBox* m_kv = nullptr;
    QPushButton* m_applyParametric = nullptr;
};

} // namespace is::gui
