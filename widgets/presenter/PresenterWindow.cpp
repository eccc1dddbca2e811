// SPDX-License-Identifier: MIT
#include "presenter/PresenterWindow.h"

#include "Units.h"
#include "document/ScenarioDocument.h"
#include "presenter/PresenterBar.h"
#include "presenter/PresenterLane.h"
#include "presenter/RaceClock.h"

#include "analysis/ScenarioAnalysis.h"
#include "scenario/ClaimedFigures.h"

#include <QCloseEvent>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QScreen>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace is::gui {

namespace {
// Type sized for the back of a room: at 1920 x 1080 running text is 26 px and the big numbers up
// to 72 px; everything scales with the smaller of the two ratios to that screen (a 1280 x 720
// projector gets two thirds), never below what a laptop screen reads comfortably.
constexpr double kReferenceWidth = 1920;
constexpr double kReferenceHeight = 1080;
constexpr int kTextPx = 26;
constexpr int kBigPx = 72;
constexpr int kMinTextPx = 14;
// Frames of the race per second while it runs.
constexpr int kFrameMs = 33;

QPalette presenterPalette(bool dark)
{
    const QColor background = dark ? QColor(0x10, 0x14, 0x18) : QColor(0xff, 0xff, 0xff);
    const QColor text = dark ? QColor(0xf2, 0xf4, 0xf6) : QColor(0x12, 0x14, 0x18);
    const QColor control = dark ? QColor(0x24, 0x2a, 0x31) : QColor(0xee, 0xf0, 0xf3);
    QPalette p;
    for (auto role : {QPalette::Window, QPalette::Base, QPalette::AlternateBase})
        p.setColor(role, background);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::BrightText})
        p.setColor(role, text);
    p.setColor(QPalette::Button, control);
    p.setColor(QPalette::Highlight, dark ? QColor(0x3d, 0x7e, 0xd6) : QColor(0x1f, 0x5f, 0xbf));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, control);
    p.setColor(QPalette::ToolTipText, text);
    return p;
}
} // namespace

PresenterWindow::PresenterWindow(ScenarioDocument* doc, std::shared_ptr<const RaceClock> clock,
                                 QWidget* parent)
    : QWidget(parent, Qt::Window), m_doc(doc),
      m_clock(clock ? std::move(clock) : std::make_shared<SteadyRaceClock>()), m_race(m_clock)
{
    setObjectName(QStringLiteral("PresenterWindow"));
    setFocusPolicy(Qt::StrongFocus);
    setAutoFillBackground(true);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(16, 12, 16, 8);
    column->setSpacing(8);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("presenterTitle"));
    m_title->setWordWrap(true);
    column->addWidget(m_title);
    m_caption = new QLabel(this);
    m_caption->setObjectName(QStringLiteral("presenterRace"));
    m_caption->setWordWrap(true);
    column->addWidget(m_caption);
    m_empty = new QLabel(this);
    m_empty->setWordWrap(true);
    m_empty->hide();
    column->addWidget(m_empty);
    m_laneRow = new QHBoxLayout;
    m_laneRow->setSpacing(24);
    column->addLayout(m_laneRow, 1);
    m_bar = new PresenterBar(doc, this);
    column->addWidget(m_bar);
    m_keys = new QLabel(this);
    m_keys->setObjectName(QStringLiteral("presenterKeys"));
    m_keys->setWordWrap(true);
    column->addWidget(m_keys);

    m_frame.setInterval(kFrameMs);
    connect(&m_frame, &QTimer::timeout, this, &PresenterWindow::refresh);
    connect(doc, &ScenarioDocument::nameChanged, this, &PresenterWindow::updateCaption);
    connect(doc, &ScenarioDocument::documentReset, this, &PresenterWindow::updateCaption);
    setDark(true);
    retranslate();
    applySizes();
}

PresenterWindow::~PresenterWindow() = default;

void PresenterWindow::retranslate()
{
    setWindowTitle(tr("Presenter — Inference Studio"));
    m_keys->setText(tr("Space start/pause · R restart · 1 answer · 2 agent · 3 voice · ↑↓ context · "
                       "←→ deployment · T light/dark · Ctrl+Z undo · Esc leave"));
    m_empty->setText(tr("Nothing to race: the scenario has no deployment that could be analysed."));
    updateCaption();
}

void PresenterWindow::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

int PresenterWindow::agentCalls() const
{
    // The serving section's agent (scenarios/README.md) when the scenario has one, else seed 002's ten.
    const int calls = m_doc->scenario().serving.agent.calls;
    return calls > 0 ? calls : kDefaultAgentCalls;
}

void PresenterWindow::setAnalysis(std::shared_ptr<const ScenarioAnalysis> analysis,
                                  const QHash<QString, QColor>& colours)
{
    m_analysis = std::move(analysis);
    m_colours = colours;
    rebuildLanes();
}

void PresenterWindow::rebuildLanes()
{
    const int n = m_analysis ? std::min<int>(kMaxLanes, int(m_analysis->deployments.size())) : 0;
    while (m_lanes.size() > n)
        delete m_lanes.takeLast();
    while (m_lanes.size() < n) {
        auto* lane = new PresenterLane(this);
        m_laneRow->addWidget(lane, 1);
        m_lanes << lane;
    }
    bool predictionsChanged = false;
    QStringList ids;
    for (int i = 0; i < n; ++i) {
        const DeploymentAnalysis& d = m_analysis->deployments[size_t(i)];
        const RaceLane before = m_lanes[i]->raceLane();
        const QString idBefore = m_lanes[i]->deploymentId();
        m_lanes[i]->setDeployment(d, m_colours.value(d.docId, QColor(Qt::gray)),
                                  claimedFigures(m_doc->scenario(), d.docId));
        const RaceLane& after = m_lanes[i]->raceLane();
        predictionsChanged = predictionsChanged || idBefore != d.docId || before.ttftS != after.ttftS ||
                             before.tokSUser != after.tokSUser;
        ids << d.docId;
    }
    m_empty->setVisible(n == 0);
    m_bar->setDeployments(ids);
    const RacePlan before = m_plan;
    updatePlan();
    // New predictions (another context, model or device): the race starts again with them, as it
    // was (running or not), so that every lane's tokens follow its new speed from zero.
    if (predictionsChanged || before.totalTokens() != m_plan.totalTokens()) {
        const bool wasRunning = m_race.running();
        m_race.restart();
        for (PresenterLane* lane : std::as_const(m_lanes))
            lane->resetStream();
        if (wasRunning)
            m_race.start();
    }
    applySizes();
    refresh();
}

void PresenterWindow::updatePlan()
{
    const int output = m_analysis ? int(std::lround(m_analysis->workload.outputTokens)) : 1;
    m_plan = racePlanFor(m_plan.kind, output, agentCalls());
    updateCaption();
}

void PresenterWindow::setRaceKind(RaceKind kind)
{
    m_plan.kind = kind;
    updatePlan();
    m_race.restart();
    for (PresenterLane* lane : std::as_const(m_lanes))
        lane->resetStream();
    refresh();
}

void PresenterWindow::updateCaption()
{
    const Scenario& s = m_doc->scenario();
    QString title = s.name.isEmpty() ? m_doc->displayName() : s.name;
    if (m_analysis && m_analysis->deployments.size() > size_t(kMaxLanes))
        title +=
            QLatin1Char(' ') +
            tr("(the first %1 of %2 deployments)").arg(kMaxLanes).arg(int(m_analysis->deployments.size()));
    m_title->setText(title);
    QString race;
    switch (m_plan.kind) {
    case RaceKind::LongAnswer:
        race = tr("Race 1: one answer of %1 tokens at a context of %2")
                   .arg(units::integer(m_plan.tokensPerCall), units::tokens(s.workload.inputTokens));
        break;
    case RaceKind::Agent:
        race = tr("Race 2: an agent making %1 serial tool calls of %2 tokens; each call waits for its "
                  "first token again")
                   .arg(m_plan.calls)
                   .arg(m_plan.tokensPerCall);
        break;
    case RaceKind::Voice:
        race = tr("Race 3: a voice turn of %1 tokens; a voice agent needs its first token within 100 ms")
                   .arg(m_plan.tokensPerCall);
        break;
    }
    const QString state = m_race.running()        ? tr("running")
                          : m_race.elapsedS() > 0 ? tr("paused: Space continues")
                                                  : tr("Space starts the race");
    m_caption->setText(race + QStringLiteral(" — ") + state);
}

void PresenterWindow::refresh()
{
    const double t = m_race.elapsedS();
    for (PresenterLane* lane : std::as_const(m_lanes))
        lane->showRace(m_plan, t);
    updateCaption();
    // Nothing moves once every lane has finished: the frames stop until the next start.
    const bool allDone = std::all_of(m_lanes.begin(), m_lanes.end(), [](const PresenterLane* l) {
        return l->progress().finished || !l->raceLane().runs();
    });
    if (m_race.running() && !allDone && isVisible())
        m_frame.start();
    else
        m_frame.stop();
}

void PresenterWindow::setDark(bool dark)
{
    m_dark = dark;
    setPalette(presenterPalette(dark));
}

void PresenterWindow::enter()
{
    m_race.restart();
    for (PresenterLane* lane : std::as_const(m_lanes))
        lane->resetStream();
    // The whole screen the studio is on, also where no window manager honours full screen.
    if (QScreen* s = parentWidget() ? parentWidget()->screen() : screen())
        setGeometry(s->geometry());
    showFullScreen();
    raise();
    activateWindow();
    setFocus();
    refresh();
}

void PresenterWindow::leave()
{
    m_race.pause();
    m_frame.stop();
    hide();
    Q_EMIT left();
}

void PresenterWindow::closeEvent(QCloseEvent* event)
{
    m_race.pause();
    m_frame.stop();
    QWidget::closeEvent(event);
    Q_EMIT left();
}

void PresenterWindow::alignLanes()
{
    for (PresenterLane* lane : std::as_const(m_lanes))
        lane->setHeaderHeight(0);
    if (QLayout* l = layout())
        l->activate(); // the lanes' widths at this window size, which their text wraps to
    int tallest = 0;
    for (PresenterLane* lane : std::as_const(m_lanes))
        tallest = std::max(tallest, lane->naturalHeaderHeight());
    for (PresenterLane* lane : std::as_const(m_lanes))
        lane->setHeaderHeight(tallest);
}

void PresenterWindow::applySizes()
{
    const double scale = std::min(width() / kReferenceWidth, height() / kReferenceHeight);
    const int textPx = std::max(kMinTextPx, int(std::lround(kTextPx * scale)));
    // Two numbers side by side in a lane: each gets half its width, which "$1,765" must fill at most.
    const int lanes = std::max<int>(1, int(m_lanes.size()));
    const double laneWidth = double(width()) / lanes;
    const int bigPx = std::max(textPx, int(std::lround(std::min(kBigPx * scale, laneWidth / 10.0))));
    for (PresenterLane* lane : std::as_const(m_lanes))
        lane->setTextSizes(bigPx, textPx);
    QFont title = font();
    title.setPixelSize(textPx * 3 / 2);
    title.setBold(true);
    m_title->setFont(title);
    QFont text = font();
    text.setPixelSize(textPx);
    m_caption->setFont(text);
    m_empty->setFont(text);
    m_bar->setTextSize(textPx * 4 / 5);
    text.setPixelSize(std::max(12, textPx * 2 / 3));
    m_keys->setFont(text);
    alignLanes();
}

void PresenterWindow::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    applySizes();
}

bool PresenterWindow::event(QEvent* event)
{
    // The presenter's keys are the presenter's: the studio's F5 (which would open it again) and
    // any other shortcut of the same key do not take them.
    if (event->type() == QEvent::ShortcutOverride) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        for (int own : {int(Qt::Key_Escape), int(Qt::Key_F5), int(Qt::Key_Space), int(Qt::Key_R),
                        int(Qt::Key_1), int(Qt::Key_2), int(Qt::Key_3), int(Qt::Key_Up), int(Qt::Key_Down),
                        int(Qt::Key_Left), int(Qt::Key_Right), int(Qt::Key_T)})
            if (key == own && !(static_cast<QKeyEvent*>(event)->modifiers() & Qt::ControlModifier)) {
                event->accept();
                return true;
            }
    }
    return QWidget::event(event);
}

void PresenterWindow::keyPressEvent(QKeyEvent* event)
{
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    switch (event->key()) {
    case Qt::Key_Escape:
    case Qt::Key_F5:
        leave();
        return;
    case Qt::Key_Space:
        m_race.toggle();
        refresh();
        return;
    case Qt::Key_R:
        m_race.restart();
        for (PresenterLane* lane : std::as_const(m_lanes))
            lane->resetStream();
        refresh();
        return;
    case Qt::Key_1:
        setRaceKind(RaceKind::LongAnswer);
        return;
    case Qt::Key_2:
        setRaceKind(RaceKind::Agent);
        return;
    case Qt::Key_3:
        setRaceKind(RaceKind::Voice);
        return;
    case Qt::Key_Up:
        m_bar->stepContext(+1);
        return;
    case Qt::Key_Down:
        m_bar->stepContext(-1);
        return;
    case Qt::Key_Left:
        m_bar->stepDeployment(-1);
        return;
    case Qt::Key_Right:
        m_bar->stepDeployment(+1);
        return;
    case Qt::Key_T:
        setDark(!m_dark);
        return;
    case Qt::Key_Z:
        if (ctrl) {
            if (event->modifiers() & Qt::ShiftModifier)
                m_doc->undoStack()->redo();
            else
                m_doc->undoStack()->undo();
            return;
        }
        break;
    case Qt::Key_Y:
        if (ctrl) {
            m_doc->undoStack()->redo();
            return;
        }
        break;
    default:
        break;
    }
    QWidget::keyPressEvent(event);
}

} // namespace is::gui
