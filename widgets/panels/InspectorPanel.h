// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/Scenario.h"

#include <QDockWidget>

#include <functional>
#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;

namespace is {
struct ScenarioAnalysis;
}

namespace is::gui {

class ScenarioDocument;

// The inspector dock: every field of the selected deployment (name, colour, device, count or
// automatic, parallelism automatic or manual TP/PP/EP/DP, weight and KV precision, execution mode,
// speculative decoding, scale-up and scale-out links) and what the engine chose for it.
class InspectorPanel : public QDockWidget
{
    Q_OBJECT
public:
    explicit InspectorPanel(ScenarioDocument* doc, QWidget* parent = nullptr);

    void setAnalysis(std::shared_ptr<const ScenarioAnalysis> analysis);
    QSpinBox* countSpin() const { return m_count; }

private:
    void onSelectionChanged();
    void refresh();
    void refreshResult();
    void edit(const QString& field, const QString& text, const std::function<void(DeploymentDoc&)>& change);
    void editPlan();
    QWidget* buildDeploymentPage();

    ScenarioDocument* m_doc;
    std::shared_ptr<const ScenarioAnalysis> m_analysis;
    QString m_id;
    bool m_refreshing = false;

    QStackedWidget* m_stack = nullptr;
    QLabel* m_emptyLabel = nullptr;
    QLineEdit* m_name = nullptr;
    QPushButton* m_colour = nullptr;
    QComboBox* m_device = nullptr;
    QSpinBox* m_count = nullptr;
    QCheckBox* m_autoPlan = nullptr;
    QSpinBox* m_tp = nullptr;
    QSpinBox* m_pp = nullptr;
    QSpinBox* m_ep = nullptr;
    QSpinBox* m_dp = nullptr;
    QLabel* m_planNote = nullptr;
    QComboBox* m_weights = nullptr;
    QComboBox* m_kv = nullptr;
    QComboBox* m_mode = nullptr;
    QComboBox* m_speculative = nullptr;
    QComboBox* m_scaleUp = nullptr;
    QComboBox* m_scaleOut = nullptr;
    QLabel* m_model = nullptr;
    QLabel* m_result = nullptr;
};

} // namespace is::gui
