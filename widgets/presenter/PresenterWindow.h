// SPDX-License-Identifier: MIT
#pragma once

#include "presenter/TokenRace.h"

#include <QColor>
#include <QHash>
#include <QList>
#include <QTimer>
#include <QWidget>

#include <memory>

class QHBoxLayout;
class QLabel;

namespace is {
struct ScenarioAnalysis;
}

namespace is::gui {

class PresenterBar;
class PresenterLane;
class RaceClock;
class ScenarioDocument;

// Presenter mode: the open scenario's deployments (up to four) side by side in large type, full
// screen, with a live token race between them. It draws the analyses the studio already computes
// off the GUI thread (setAnalysis); it evaluates nothing itself. Keys: Space start/pause, R
// restart, 1/2/3 race kind, Up/Down context, Left/Right deployment, T light/dark, Ctrl+Z/Ctrl+Y
// undo/redo, Esc or F5 leave.
class PresenterWindow : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kMaxLanes = 4;

    // `clock`: where race time comes from (tests inject a manual one); null: the steady clock.
    explicit PresenterWindow(ScenarioDocument* doc, std::shared_ptr<const RaceClock> clock = nullptr,
                             QWidget* parent = nullptr);
    ~PresenterWindow() override;

    void setAnalysis(std::shared_ptr<const ScenarioAnalysis> analysis, const QHash<QString, QColor>& colours);
    // Full screen, race reset to zero.
    void enter();
    void leave();

    TokenRace& race() { return m_race; }
    RaceKind raceKind() const { return m_plan.kind; }
    void setRaceKind(RaceKind kind);
    const RacePlan& racePlan() const { return m_plan; }
    // Shows the race at the clock's time (the frame timer calls it while the race runs).
    void refresh();

    bool dark() const { return m_dark; }
    void setDark(bool dark);

    QList<PresenterLane*> lanes() const { return m_lanes; }
    PresenterBar* bar() const { return m_bar; }

Q_SIGNALS:
    void left();

protected:
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void rebuildLanes();
    void updatePlan();
    void updateCaption();
    void applySizes();
    // Gives every lane's name and numbers the height of the tallest, so the races line up.
    void alignLanes();
    void retranslate();
    int agentCalls() const;

    ScenarioDocument* m_doc;
    std::shared_ptr<const RaceClock> m_clock;
    TokenRace m_race;
    RacePlan m_plan;
    std::shared_ptr<const ScenarioAnalysis> m_analysis;
    QHash<QString, QColor> m_colours;
    bool m_dark = true;
    QTimer m_frame;

    QLabel* m_title = nullptr;
    QLabel* m_caption = nullptr;
    QLabel* m_empty = nullptr;
    QHBoxLayout* m_laneRow = nullptr;
    QList<PresenterLane*> m_lanes;
    PresenterBar* m_bar = nullptr;
    QLabel* m_keys = nullptr;
};

} // namespace is::gui
