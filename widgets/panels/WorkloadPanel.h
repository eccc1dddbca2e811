// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Workload.h"

#include <QDockWidget>

#include <functional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace is::gui {

class LogSlider;
class ScenarioDocument;

// The workload dock: context length typed ("128K") or on a log slider (1 K to 2 M, round stops),
// output length, concurrency, serving goal and latency targets (in every goal: the table and the
// canvas mark a deployment that misses one, the charts draw them). Every change is an undo
// command (slider moves and digits typed in a row merge) and the analysis reruns at once.
class WorkloadPanel : public QDockWidget
{
    Q_OBJECT
public:
    explicit WorkloadPanel(ScenarioDocument* doc, QWidget* parent = nullptr);

    LogSlider* contextSlider() const { return m_context; }
    // The typed context length, and the message shown under it when its text is refused.
    QLineEdit* contextEdit() const { return m_contextEdit; }
    QLabel* contextMessage() const { return m_contextMessage; }

private:
    void refresh();
    void push(const QString& field, const QString& text, const std::function<void(Workload&)>& edit);
    void setContext(double tokens);
    void contextTyped();

    ScenarioDocument* m_doc;
    LogSlider* m_context = nullptr;
    QLineEdit* m_contextEdit = nullptr;
    QLabel* m_contextMessage = nullptr;
    QSpinBox* m_output = nullptr;
    QSpinBox* m_concurrency = nullptr;
    QComboBox* m_goal = nullptr;
    QDoubleSpinBox* m_ttft = nullptr;
    QDoubleSpinBox* m_tpot = nullptr;
    QDoubleSpinBox* m_prefixHit = nullptr; // share of the prompt already cached, percent
    QSpinBox* m_idleSessions = nullptr;    // sessions between turns whose KV cache is kept
    bool m_refreshing = false;
};

} // namespace is::gui
