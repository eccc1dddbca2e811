// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;

namespace is::gui {

class LogSlider;
class ScenarioDocument;

// The presenter's compact bar: the context length over the workload panel's stops, and the model
// and device of one deployment. Every change is an undoable edit of the document (the same
// commands the panels push); the race and the big numbers follow when the new analysis arrives.
// Its controls take no keyboard focus: the presenter's keys (Space, arrows) stay the presenter's.
class PresenterBar : public QWidget
{
    Q_OBJECT
public:
    explicit PresenterBar(ScenarioDocument* doc, QWidget* parent = nullptr);

    // The deployments the model and device choices apply to (the lanes on screen).
    void setDeployments(const QStringList& ids);
    QString currentDeployment() const;
    // Left/Right: the previous or next deployment.
    void stepDeployment(int delta);
    // Up/Down: the next longer or shorter context stop (1 K, 1.5 K, 2 K, 3 K ... 2 M).
    void stepContext(int delta);
    // Picks a model or device for the current deployment (as the combo boxes do).
    void chooseModel(const QString& catalogId);
    void chooseDevice(const QString& deviceId);

    void setTextSize(int px);
    LogSlider* contextSlider() const { return m_context; }
    QComboBox* modelBox() const { return m_model; }
    QComboBox* deviceBox() const { return m_device; }

private:
    void refresh();
    void setContext(double tokens);

    ScenarioDocument* m_doc;
    QStringList m_ids;
    bool m_refreshing = false;
    QLabel* m_contextLabel = nullptr;
    QLabel* m_contextValue = nullptr;
    LogSlider* m_context = nullptr;
    QComboBox* m_deployment = nullptr;
    QComboBox* m_model = nullptr;
    QComboBox* m_device = nullptr;
};

} // namespace is::gui
