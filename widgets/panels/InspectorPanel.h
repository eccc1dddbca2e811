// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/Scenario.h"

#include <QDockWidget>

#include <array>
#include <functional>
#include <memory>

class QCheckBox;
class QGroupBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;

namespace is {
struct DeploymentAnalysis;
struct ScenarioAnalysis;
} // namespace is

namespace is::gui {

class ScenarioDocument;

// The inspector dock: every field of the selected deployment (name, colour, device, count or
// automatic, parallelism automatic or manual TP/PP/EP/DP, weight and KV precision, execution mode,
// speculative decoding, scale-up and scale-out links), the FFN pool of an attention-FFN split
// deployment (device, count, the link between the pools, micro-batches), its serving runtime (batch
// limit, KV cache admission, attention-DP prefill; the scenario's serving section) and what the engine chose.
class InspectorPanel : public QDockWidget
{
    Q_OBJECT
public:
    explicit InspectorPanel(ScenarioDocument* doc, QWidget* parent = nullptr);

    void setAnalysis(std::shared_ptr<const ScenarioAnalysis> analysis);
    QSpinBox* countSpin() const { return m_count; }
    QCheckBox* automaticPlanBox() const { return m_autoPlan; }
    // The plan the parallelism fields show, and those fields (TP, PP, EP, DP).
    ParallelPlan shownPlan() const;
    std::array<QSpinBox*, 4> planSpins() const { return {m_tp, m_pp, m_ep, m_dp}; }
    QComboBox* weightsBox() const { return m_weights; }
    QGroupBox* ffnPoolBox() const { return m_ffnBox; }
    QSpinBox* ffnCountSpin() const { return m_ffnCount; }
    QComboBox* ffnDeviceBox() const { return m_ffnDevice; }
    QSpinBox* maxBatchSpin() const { return m_maxBatch; }
    QComboBox* admissionBox() const { return m_admission; }
    QComboBox* attentionDpPrefillBox() const { return m_dpPrefill; }
    // What the engine chose and predicted for the selected deployment, and what that is worth.
    QLabel* resultLabel() const { return m_result; }

private:
    void onSelectionChanged();
    void refresh();
    void refreshResult();
    void refreshDefaultWeights();
    // The parallelism fields: the deployment's own plan, or while automatic (greyed) the plan the
    // last analysis chose; a dataflow device's pipeline is never set by hand.
    void refreshPlan();
    // The plan the last analysis chose for the selected deployment (TP1 when there is none).
    ParallelPlan analysedPlan() const;
    static QString expertsAndRest(Precision experts, Precision rest);
    static QString accuracyText(const DeploymentAnalysis& a);
    void edit(const QString& field, const QString& text, const std::function<void(DeploymentDoc&)>& change);
    // Changes this deployment's serving runtime (the scenario's serving section), one undo step.
    void editRuntime(const QString& field, const QString& text,
                     const std::function<void(serving::SchedulerSpec&)>& change);
    void editPlan();
    // Selects the item holding `v`, else the first (the "default" entry).
    static void selectData(QComboBox* c, const QVariant& v);
    QWidget* buildDeploymentPage();
    QGroupBox* buildFfnPoolBox(QWidget* page);
    // A first FFN pool for `d`: another class of device (wafers for GPU attention), its count.
    FfnPoolDoc defaultFfnPool(const DeploymentDoc& d) const;
    void refreshFfnPool(const DeploymentDoc& d);

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
    QSpinBox* m_prefillReplicas = nullptr; // 0: colocated
    QSpinBox* m_maxBatch = nullptr;        // 0: memory decides
    QComboBox* m_admission = nullptr;
    QComboBox* m_dpPrefill = nullptr;
    QComboBox* m_scaleUp = nullptr;
    QComboBox* m_scaleOut = nullptr;
    QGroupBox* m_ffnBox = nullptr;
    QWidget* m_ffnFields = nullptr;
    QComboBox* m_ffnDevice = nullptr;
    QSpinBox* m_ffnCount = nullptr;
    QComboBox* m_ffnLink = nullptr;
    QSpinBox* m_ffnMicroBatches = nullptr;
    QLabel* m_model = nullptr;
    QLabel* m_result = nullptr;
};

} // namespace is::gui
