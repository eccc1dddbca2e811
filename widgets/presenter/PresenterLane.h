// SPDX-License-Identifier: MIT
#pragma once

#include "presenter/SampleText.h"
#include "presenter/TokenRace.h"

#include "scenario/ClaimedFigures.h"

#include <QColor>
#include <QFrame>

#include <vector>

class QGridLayout;
class QLabel;
class QPlainTextEdit;

namespace is {
struct DeploymentAnalysis;
}

namespace is::gui {

// One deployment in presenter mode: its name, four big numbers from the analysis (tokens/s per
// user, time to first token, $ per million tokens, power) with any published figure beside the
// prediction, and its lane of the token race: counters and the text streaming at its speed.
class PresenterLane : public QFrame
{
    Q_OBJECT
public:
    explicit PresenterLane(QWidget* parent = nullptr);

    // The deployment's analysis (never null) and the figures published for it.
    void setDeployment(const DeploymentAnalysis& d, const QColor& colour,
                       const std::vector<ClaimedFigure>& claimed);
    // What the race streams at: the analysis' predictions (nothing when it does not fit).
    const RaceLane& raceLane() const { return m_lane; }
    QString deploymentId() const { return m_id; }

    // Shows the race at race time `tS`: counters, status and the text streamed so far.
    void showRace(const RacePlan& plan, double tS);
    const RaceProgress& progress() const { return m_progress; }
    // Tokens of the sample text on screen (equal to progress().tokens once shown).
    int shownTokens() const { return m_shown; }
    QString streamedText() const;
    // The height the name, note and numbers need at the lane's width (a published figure or a
    // note adds lines). Lanes side by side are given the tallest, so that their races line up.
    int naturalHeaderHeight() const;
    void setHeaderHeight(int height);
    // Clears the streamed text (a restart, another race kind or language).
    void resetStream();

    // Pixel sizes of the big numbers and of the running text (the window scales them to its size).
    void setTextSizes(int bigPx, int textPx);

private:
    struct Metric
    {
        QLabel* value = nullptr;
        QLabel* caption = nullptr;
        QLabel* claim = nullptr;
    };
    Metric addMetric(QGridLayout* grid, int row, int column, const QString& caption);
    void setClaim(Metric& m, const QString& metric, const std::vector<ClaimedFigure>& claimed);
    QString statusText(const RacePlan& plan, double tS) const;

    QString m_id;
    RaceLane m_lane;
    RaceProgress m_progress;
    int m_shown = 0;
    int m_callTokens = 0; // tokens per call of the race on screen (agent calls start a new line)
    SampleText m_text;

    QWidget* m_header = nullptr;    // colour bar, name, note and the big numbers
    QWidget* m_colourBar = nullptr; // the deployment's colour from every chart
    QLabel* m_name = nullptr;
    QLabel* m_note = nullptr; // does not fit, misses a target
    Metric m_speed, m_ttft, m_cost, m_power;
    QLabel* m_rate = nullptr;
    QLabel* m_count = nullptr;
    QLabel* m_elapsed = nullptr;
    QList<QLabel*> m_counterCaptions;
    QLabel* m_status = nullptr;
    QPlainTextEdit* m_stream = nullptr;
};

} // namespace is::gui
