// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Workload.h"

#include <QDockWidget>

#include <functional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace is::gui {

class LogSlider;
class ScenarioDocument;

// The workload dock: context length on a log slider (1 K to 2 M), output length, concurrency,
// serving goal and latency targets. Every change is an undo command (slider moves merge) and the
// analysis reruns at once.
class WorkloadPanel : public QDockWidget
{
    Q_OBJECT
public:
    explicit WorkloadPanel(ScenarioDocument* doc, QWidget* parent = nullptr);

    LogSlider* contextSlider() const { return m_context; }

private:
    void refresh();
    void push(const QString& field, const QString& text, const std::function<void(Workload&)>& edit);

    ScenarioDocument* m_doc;
    LogSlider* m_context = nullptr;
    QLabel* m_contextLabel = nullptr;
    QSpinBox* m_output = nullptr;
    QSpinBox* m_concurrency = nullptr;
    QComboBox* m_goal = nullptr;
    QDoubleSpinBox* m_ttft = nullptr;
    QDoubleSpinBox* m_tpot = nullptr;
    bool m_refreshing = false;
};

} // namespace is::gui
