// SPDX-License-Identifier: MIT
#include "presenter/PresenterLane.h"

#include "Names.h"
#include "Units.h"

#include "analysis/ScenarioAnalysis.h"

#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextCursor>
#include <QVBoxLayout>

#include <algorithm>

namespace is::gui {

namespace {
QLabel* makeLabel(QWidget* parent, const QString& objectName, bool wrap)
{
    auto* l = new QLabel(parent);
    l->setObjectName(objectName);
    l->setWordWrap(wrap);
    l->setTextFormat(Qt::PlainText);
    return l;
}

// A published figure in the unit of its metric ("750 tok/s", "45 ms").
QString claimedValue(const ClaimedFigure& c)
{
    const double v = c.value.value;
    if (c.metric == QLatin1String("tok_s_user"))
        return PresenterLane::tr("%1 tok/s").arg(units::number(v));
    if (c.metric == QLatin1String("ttft_ms"))
        return units::seconds(v / 1000.0);
    if (c.metric == QLatin1String("usd_per_mtok"))
        return units::dollars(v);
    if (c.metric == QLatin1String("power_kw"))
        return units::watts(v * 1000.0);
    return units::number(v);
}
} // namespace

PresenterLane::PresenterLane(QWidget* parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("PresenterLane"));
    setFrameShape(QFrame::NoFrame);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(12, 8, 12, 8);
    column->setSpacing(6);

    // Name, note and numbers: a block whose height PresenterWindow evens out across the lanes.
    m_header = new QWidget(this);
    auto* header = new QVBoxLayout(m_header);
    header->setContentsMargins(0, 0, 0, 0);
    header->setSpacing(6);
    column->addWidget(m_header);
    m_colourBar = new QWidget(this);
    m_colourBar->setFixedHeight(8);
    m_colourBar->setAutoFillBackground(true);
    header->addWidget(m_colourBar);
    m_name = makeLabel(this, QStringLiteral("laneName"), true);
    header->addWidget(m_name);
    m_note = makeLabel(this, QStringLiteral("laneNote"), true);
    m_note->hide();
    header->addWidget(m_note);

    auto* numbers = new QGridLayout;
    numbers->setHorizontalSpacing(16);
    numbers->setVerticalSpacing(2);
    m_speed = addMetric(numbers, 0, 0, tr("tokens/s per user"));
    m_ttft = addMetric(numbers, 0, 1, tr("time to first token"));
    m_cost = addMetric(numbers, 3, 0, tr("$ per million tokens"));
    m_power = addMetric(numbers, 3, 1, tr("power, with PUE"));
    numbers->setColumnStretch(0, 1);
    numbers->setColumnStretch(1, 1);
    header->addLayout(numbers);
    header->addStretch(1);

    // The race: three counters side by side, the lane's status, then the streaming text.
    auto* counters = new QGridLayout;
    counters->setHorizontalSpacing(16);
    counters->setVerticalSpacing(0);
    m_rate = makeLabel(this, QStringLiteral("raceRate"), false);
    m_count = makeLabel(this, QStringLiteral("raceTokens"), false);
    m_elapsed = makeLabel(this, QStringLiteral("raceElapsed"), false);
    const QString captions[] = {tr("tok/s now"), tr("tokens"), tr("elapsed")};
    QLabel* values[] = {m_rate, m_count, m_elapsed};
    for (int i = 0; i < 3; ++i) {
        counters->addWidget(values[i], 0, i);
        QLabel* caption = makeLabel(this, QStringLiteral("raceCaption"), true);
        caption->setText(captions[i]);
        counters->addWidget(caption, 1, i);
        counters->setColumnStretch(i, 1);
        m_counterCaptions << caption;
    }
    column->addSpacing(4);
    column->addLayout(counters);
    m_status = makeLabel(this, QStringLiteral("raceStatus"), true);
    column->addWidget(m_status);

    m_stream = new QPlainTextEdit(this);
    m_stream->setObjectName(QStringLiteral("raceText"));
    m_stream->setReadOnly(true);
    m_stream->setFocusPolicy(Qt::NoFocus);
    m_stream->setFrameShape(QFrame::NoFrame);
    m_stream->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_stream->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_stream->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_stream->setTextInteractionFlags(Qt::NoTextInteraction);
    // Only the newest lines are ever on screen; an endless race keeps memory bounded.
    m_stream->document()->setMaximumBlockCount(200);
    column->addWidget(m_stream, 1);
    setTextSizes(48, 20);
}

int PresenterLane::naturalHeaderHeight() const
{
    const QLayout* l = m_header->layout();
    return l->hasHeightForWidth() ? l->totalHeightForWidth(m_header->width()) : l->totalSizeHint().height();
}

void PresenterLane::setHeaderHeight(int height)
{
    m_header->setMinimumHeight(height);
}

PresenterLane::Metric PresenterLane::addMetric(QGridLayout* grid, int row, int column, const QString& caption)
{
    Metric m;
    m.value = makeLabel(this, QStringLiteral("bigNumber"), false);
    m.caption = makeLabel(this, QStringLiteral("bigCaption"), true);
    m.caption->setText(caption);
    m.claim = makeLabel(this, QStringLiteral("claimed"), true);
    m.claim->hide();
    grid->addWidget(m.value, row, column);
    grid->addWidget(m.caption, row + 1, column);
    grid->addWidget(m.claim, row + 2, column);
    return m;
}

void PresenterLane::setTextSizes(int bigPx, int textPx)
{
    auto sized = [](QWidget* w, int px, bool bold) {
        QFont f = w->font();
        f.setPixelSize(std::max(8, px));
        f.setBold(bold);
        w->setFont(f);
    };
    sized(m_name, textPx * 3 / 2, true);
    sized(m_note, textPx, false);
    for (Metric* m : {&m_speed, &m_ttft, &m_cost, &m_power}) {
        sized(m->value, bigPx, true);
        sized(m->caption, textPx, false);
        sized(m->claim, textPx, true);
    }
    for (QLabel* l : {m_rate, m_count, m_elapsed})
        sized(l, textPx * 3 / 2, true);
    for (QLabel* l : m_counterCaptions)
        sized(l, textPx * 4 / 5, false);
    sized(m_status, textPx, false);
    sized(m_stream, textPx, false);
}

void PresenterLane::setDeployment(const DeploymentAnalysis& d, const QColor& colour,
                                  const std::vector<ClaimedFigure>& claimed)
{
    m_id = d.docId;
    m_name->setText(d.name);
    // The deployment's colour from every chart, as a bar over the lane (a palette, not a style
    // sheet: a style sheet would cut the lane off the presenter's light or dark palette).
    QPalette bar = m_colourBar->palette();
    bar.setColor(QPalette::Window, colour);
    m_colourBar->setPalette(bar);
    const Estimate& e = d.estimate.mid;
    // An agent's first call finds nothing cached; its later calls reuse the growing prefix.
    m_lane = e.fits ? RaceLane{e.ttftS, e.tokSUser, e.reuse.active() ? e.reuse.ttftColdS : -1.0} : RaceLane{};
    const QString none = QStringLiteral("–");
    m_speed.value->setText(e.fits ? units::number(e.tokSUser) : none);
    m_ttft.value->setText(e.fits ? units::seconds(e.ttftS) : none);
    m_cost.value->setText(e.fits ? units::dollars(e.usdPerMTok) : none);
    m_power.value->setText(e.fits ? units::watts(e.facilityPowerW) : none);
    QString note;
    if (!e.fits)
        note = tr("Does not fit: no race for this deployment");
    else if (!d.missedTargets.empty())
        note = names::missedTargets(d.missedTargets);
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    setClaim(m_speed, QStringLiteral("tok_s_user"), claimed);
    setClaim(m_ttft, QStringLiteral("ttft_ms"), claimed);
    setClaim(m_cost, QStringLiteral("usd_per_mtok"), claimed);
    setClaim(m_power, QStringLiteral("power_kw"), claimed);
}

void PresenterLane::setClaim(Metric& m, const QString& metric, const std::vector<ClaimedFigure>& claimed)
{
    const auto it = std::find_if(claimed.begin(), claimed.end(),
                                 [&](const ClaimedFigure& c) { return c.metric == metric; });
    if (it == claimed.end()) {
        m.claim->hide();
        m.claim->clear();
        return;
    }
    m.claim->setText(tr("published: %1 (%2)").arg(claimedValue(*it), names::sourceKind(it->value.kind)));
    m.claim->setToolTip(sourceForDisplay(it->value.source));
    m.claim->show();
}

void PresenterLane::resetStream()
{
    m_stream->clear();
    m_shown = 0;
}

QString PresenterLane::streamedText() const
{
    return m_stream->toPlainText();
}

void PresenterLane::showRace(const RacePlan& plan, double tS)
{
    m_progress = raceProgressAt(m_lane, plan, tS);
    if (m_progress.tokens < m_shown || plan.tokensPerCall != m_callTokens) {
        resetStream();
        m_callTokens = plan.tokensPerCall;
    }
    if (m_progress.tokens > m_shown) {
        QString add;
        for (int i = m_shown; i < m_progress.tokens; ++i) {
            // Each tool call of an agent answers on a line of its own, without the space before
            // the word it starts with.
            if (plan.calls > 1 && i > 0 && i % plan.tokensPerCall == 0)
                add += QLatin1Char('\n') + m_text.token(i).trimmed();
            else
                add += m_text.token(i);
        }
        QTextCursor end(m_stream->document());
        end.movePosition(QTextCursor::End);
        end.insertText(add);
        m_stream->verticalScrollBar()->setValue(m_stream->verticalScrollBar()->maximum());
        m_shown = m_progress.tokens;
    }
    const double rate = m_progress.streamingS > 0 ? m_progress.tokens / m_progress.streamingS : 0.0;
    m_rate->setText(m_lane.runs() ? units::number(rate) : QStringLiteral("–"));
    m_count->setText(units::integer(m_progress.tokens));
    const double shownTime = m_progress.finished ? m_progress.finishS : std::max(0.0, tS);
    m_elapsed->setText(tr("%1 s").arg(units::fixed(shownTime, 1)));
    m_status->setText(statusText(plan, tS));
}

QString PresenterLane::statusText(const RacePlan& plan, double tS) const
{
    if (!m_lane.runs())
        return tr("No race: the deployment does not fit");
    const RaceProgress& p = m_progress;
    if (plan.kind == RaceKind::Voice && (tS >= m_lane.ttftS || p.finished)) {
        const QString ttft = units::seconds(m_lane.ttftS);
        return m_lane.ttftS <= kVoiceTtftThresholdS
                   ? tr("First token after %1: within the 100 ms a voice agent needs").arg(ttft)
                   : tr("First token after %1: over the 100 ms a voice agent needs").arg(ttft);
    }
    if (plan.kind == RaceKind::Agent) {
        // The first call waits longer when the later ones find their prefix cached.
        const double waitingS = m_lane.firstCallTtftS >= 0
                                    ? m_lane.firstCallTtftS + (plan.calls - 1) * m_lane.ttftS
                                    : plan.calls * m_lane.ttftS;
        if (p.finished)
            return tr("%1 calls done in %2, %3 of it waiting for first tokens")
                .arg(plan.calls)
                .arg(units::seconds(p.finishS), units::seconds(waitingS));
        return p.waiting
                   ? tr("Call %1 of %2: waiting for its first token").arg(p.callsStarted).arg(plan.calls)
                   : tr("Call %1 of %2: streaming").arg(p.callsStarted).arg(plan.calls);
    }
    if (p.finished)
        return tr("Done in %1").arg(units::seconds(p.finishS));
    if (p.waiting)
        return tr("Waiting for the first token…");
    return tr("Streaming");
}

} // namespace is::gui
