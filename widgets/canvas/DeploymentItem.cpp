// SPDX-License-Identifier: MIT
#include "canvas/DeploymentItem.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QPalette>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace is::gui {

namespace {
constexpr double kHeader = 24;
constexpr double kPad = 8;
constexpr double kLine = 16;
constexpr int kMaxSystemsDrawn = 8;
} // namespace

bool DeploymentView::sameLook(const DeploymentView& o) const
{
    return id == o.id && name == o.name && deviceName == o.deviceName && count == o.count &&
           autoCount == o.autoCount && devicesPerSystem == o.devicesPerSystem && scaleUp == o.scaleUp &&
           scaleOut == o.scaleOut && colour == o.colour && analysed == o.analysed && fits == o.fits &&
           chips == o.chips && summary == o.summary && missedTargets == o.missedTargets && split == o.split &&
           ffnDeviceName == o.ffnDeviceName && ffnCount == o.ffnCount &&
           ffnDevicesPerSystem == o.ffnDevicesPerSystem && ffnLink == o.ffnLink &&
           prefillReplicas == o.prefillReplicas && prefillChips == o.prefillChips;
}

DeploymentItem::DeploymentItem(const QString& id, QGraphicsItem* parent) : QGraphicsObject(parent)
{
    m_view.id = id;
    setFlag(ItemIsSelectable);
    setFlag(ItemIsFocusable);
    setAcceptHoverEvents(true);
    setCacheMode(DeviceCoordinateCache);
}

void DeploymentItem::setView(const DeploymentView& v)
{
    // A slider sweep refreshes every item on every update; repaint only what changed.
    if (v.sameLook(m_view) && !m_view.icon.isNull())
        return;
    m_view = v;
    QString tip =
        QStringLiteral("<b>%1</b><br/>%2").arg(v.name.toHtmlEscaped(), v.deviceName.toHtmlEscaped());
    if (v.split)
        tip += QStringLiteral("<br/>") + tr("Attention: %1 × %2; FFN: %3 × %4, over %5")
                                             .arg(v.deviceName, QLocale().toString(v.count), v.ffnDeviceName,
                                                  QLocale().toString(v.ffnCount), v.ffnLink)
                                             .toHtmlEscaped();
    if (!v.summary.isEmpty())
        tip += QStringLiteral("<br/>") + v.summary.toHtmlEscaped();
    if (!v.missedTargets.isEmpty())
        tip += QStringLiteral("<br/><span style=\"color:#c01c28\">%1</span>")
                   .arg(v.missedTargets.toHtmlEscaped());
    tip += QStringLiteral("<br/><i>%1</i>")
               .arg(tr("Double-click the name to rename, the count to change it.").toHtmlEscaped());
    setToolTip(tip);
    update();
}

void DeploymentItem::setDropHighlight(bool on)
{
    if (m_dropHighlight == on)
        return;
    m_dropHighlight = on;
    update();
}

QRectF DeploymentItem::nameRect() const
{
    return QRectF(kPad + 22, 2, kWidth - 2 * kPad - 22, kHeader - 4);
}

QRectF DeploymentItem::countRect() const
{
    return QRectF(kPad, kHeader + 4, kWidth - 2 * kPad, kLine);
}

QRectF DeploymentItem::summaryRect()
{
    return QRectF(kPad, kHeight - kLine - 4, kWidth - 2 * kPad, kLine);
}

QFont DeploymentItem::summaryFont(const QFont& base, const QString& text)
{
    QFont fitted = base;
    const qreal smallest = 0.8 * base.pointSizeF();
    const qreal width = summaryRect().width();
    while (fitted.pointSizeF() - 0.5 >= smallest && QFontMetricsF(fitted).horizontalAdvance(text) > width)
        fitted.setPointSizeF(fitted.pointSizeF() - 0.5);
    return fitted;
}

QRectF DeploymentItem::boundingRect() const
{
    return QRectF(-3, -3, kWidth + 6, kHeight + 6);
}

void DeploymentItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const QPalette pal = QApplication::palette();
    const QRectF card(0, 0, kWidth, kHeight);
    const bool selected = option->state & QStyle::State_Selected;
    p->setRenderHint(QPainter::Antialiasing);

    // Card and colour header.
    p->setPen(
        QPen(selected ? pal.color(QPalette::Highlight) : m_view.colour.darker(130), selected ? 3 : 1.2));
    p->setBrush(pal.color(QPalette::Base));
    p->drawRoundedRect(card, 6, 6);
    QPainterPath header;
    header.addRoundedRect(QRectF(0, 0, kWidth, kHeader), 6, 6);
    header.addRect(QRectF(0, kHeader / 2, kWidth, kHeader / 2));
    header.setFillRule(Qt::WindingFill); // the union, not the odd-even difference
    p->fillPath(header.simplified(), m_view.colour);
    if (!m_view.icon.isNull())
        m_view.icon.paint(p, QRect(int(kPad - 2), 5, 18, 18));

    QFont f = QApplication::font();
    f.setBold(true);
    p->setFont(f);
    p->setPen(Qt::white);
    const QFontMetricsF fmBold(f);
    const QRectF name = nameRect();
    p->drawText(name, Qt::AlignVCenter | Qt::AlignLeft,
                fmBold.elidedText(m_view.name, Qt::ElideRight, name.width()));

    // Device and count.
    f.setBold(false);
    p->setFont(f);
    const QFontMetricsF fm(f);
    p->setPen(pal.color(QPalette::Text));
    QString count;
    if (m_view.autoCount)
        count = m_view.chips > 0
                    ? tr("%1 × auto (%2)").arg(m_view.deviceName, QLocale().toString(m_view.chips))
                    : tr("%1 × auto").arg(m_view.deviceName);
    else
        count = tr("%1 × %2").arg(m_view.deviceName, QLocale().toString(m_view.count));
    const QRectF countArea = countRect();
    if (m_view.split) {
        // Each pool's count above its half of the drawing, elided on its own so both counts show.
        const double half = (countArea.width() - kPad) / 2;
        const QRectF left(countArea.left(), countArea.top(), half, countArea.height());
        const QRectF right(countArea.right() - half, countArea.top(), half, countArea.height());
        const QString attention =
            tr("Attn: %1 × %2").arg(QLocale().toString(m_view.count), m_view.deviceName);
        const QString ffn = tr("FFN: %1 × %2").arg(QLocale().toString(m_view.ffnCount), m_view.ffnDeviceName);
        p->drawText(left, Qt::AlignVCenter | Qt::AlignLeft, fm.elidedText(attention, Qt::ElideRight, half));
        p->drawText(right, Qt::AlignVCenter | Qt::AlignLeft, fm.elidedText(ffn, Qt::ElideRight, half));
    } else {
        // A prefill-decode deployment's prefill replicas stay in view: the device name gives way.
        const QString prefill = m_view.prefillReplicas > 0
                                    ? tr(" · prefill ×%1").arg(QLocale().toString(m_view.prefillReplicas))
                                    : QString();
        p->drawText(countArea, Qt::AlignVCenter | Qt::AlignLeft,
                    fm.elidedText(count, Qt::ElideMiddle, countArea.width() - fm.horizontalAdvance(prefill)) +
                        prefill);
    }

    // Links.
    QFont small = f;
    small.setPointSizeF(std::max(7.0, f.pointSizeF() - 1));
    p->setFont(small);
    const QFontMetricsF fmSmall(small);
    p->setPen(pal.color(QPalette::PlaceholderText));
    const QRectF up(kPad, kHeader + 4 + kLine, kWidth - 2 * kPad, kLine - 2);
    const QRectF out(kPad, kHeader + 2 + 2 * kLine, kWidth - 2 * kPad, kLine - 2);
    p->drawText(up, Qt::AlignVCenter | Qt::AlignLeft,
                fmSmall.elidedText(tr("↕ %1").arg(m_view.scaleUp), Qt::ElideRight, up.width()));
    const QString outText =
        m_view.split ? tr("⇄ %1 between the pools").arg(m_view.ffnLink) : tr("↔ %1").arg(m_view.scaleOut);
    p->drawText(out, Qt::AlignVCenter | Qt::AlignLeft,
                fmSmall.elidedText(outText, Qt::ElideRight, out.width()));

    // Chips grouped by system; a missed latency target takes a line from them.
    const bool missed = m_view.analysed && !m_view.missedTargets.isEmpty();
    const QRectF chipsArea(kPad, kHeader + 4 + 3 * kLine, kWidth - 2 * kPad,
                           kHeight - kHeader - (missed ? 5 : 4) * kLine - 12);
    if (m_view.split)
        paintSplitPools(p, chipsArea);
    else
        paintChips(p, chipsArea, m_view.autoCount ? std::max(1, m_view.chips) : std::max(1, m_view.count),
                   m_view.devicesPerSystem, m_view.colour.lighter(115), kMaxSystemsDrawn,
                   m_view.prefillChips);
    const QColor warning(0xc0, 0x1c, 0x28);
    if (missed) {
        const QRectF targets(kPad, kHeight - 2 * kLine - 4, kWidth - 2 * kPad, kLine);
        p->setFont(f);
        p->setPen(warning);
        p->drawText(targets, Qt::AlignVCenter | Qt::AlignLeft,
                    fm.elidedText(m_view.missedTargets, Qt::ElideRight, targets.width()));
    }

    // Analysis summary. Its last word is what limits the deployment ("memory bandwidth"), which
    // an ellipsis cut to "memory bandw…": the line takes a slightly smaller font before it elides.
    const QRectF summary = summaryRect();
    const QString summaryText = m_view.analysed ? m_view.summary : tr("analysing…");
    const QFont fitted = summaryFont(f, summaryText);
    p->setFont(fitted);
    p->setPen(m_view.analysed && !m_view.fits ? warning : pal.color(QPalette::Text));
    p->drawText(summary, Qt::AlignVCenter | Qt::AlignLeft,
                QFontMetricsF(fitted).elidedText(summaryText, Qt::ElideRight, summary.width()));

    if (m_dropHighlight) {
        p->setPen(QPen(pal.color(QPalette::Highlight), 2, Qt::DashLine));
        p->setBrush(Qt::NoBrush);
        p->drawRoundedRect(card.adjusted(-2, -2, 2, 2), 8, 8);
    }
}

void DeploymentItem::paintChips(QPainter* p, const QRectF& area, int devices, int perSystemIn,
                                const QColor& chip, int maxBoards, int darkChips) const
{
    devices = std::max(1, devices);
    const int perSystem = std::max(1, perSystemIn);
    const int systems = (devices + perSystem - 1) / perSystem;
    const int drawn = std::min(systems, maxBoards);
    const double gap = 6;
    p->setFont(QApplication::font());
    // The boards give the "+1995" of the systems not drawn the room it needs (a fixed 30 pixels
    // cut four digits at the card's edge).
    const QString more = systems > drawn ? tr("+%1").arg(systems - drawn) : QString();
    const double moreW = more.isEmpty() ? 0.0 : p->fontMetrics().horizontalAdvance(more) + 4.0;
    const double boxW = std::min(56.0, (area.width() - gap * drawn - moreW) / drawn);
    const double boxH = area.height();
    for (int s = 0; s < drawn; ++s) {
        const QRectF box(area.left() + s * (boxW + gap), area.top(), boxW, boxH);
        // A system: its chips on a board joined by the scale-up link (the board outline).
        p->setPen(QPen(m_view.colour.darker(120), 1));
        p->setBrush(m_view.colour.lighter(175));
        p->drawRoundedRect(box, 3, 3);
        const int chipsHere = std::min(perSystem, devices - s * perSystem);
        const int cols = chipsHere <= 1 ? 1 : chipsHere <= 4 ? 2 : chipsHere <= 9 ? 3 : 4;
        const int shown = std::min(chipsHere, cols * cols);
        const int rows = (shown + cols - 1) / cols;
        const double cw = (box.width() - 4) / cols;
        const double ch = (box.height() - 4) / std::max(rows, 1);
        p->setPen(Qt::NoPen);
        for (int c = 0; c < shown; ++c) {
            p->setBrush(s * perSystem + c < darkChips ? chip.darker(150) : chip);
            p->drawRect(QRectF(box.left() + 2 + (c % cols) * cw + 1, box.top() + 2 + (c / cols) * ch + 1,
                               cw - 2, ch - 2));
        }
        // Scale-out between systems.
        if (s + 1 < drawn) {
            p->setPen(QPen(m_view.colour.darker(140), 2));
            p->drawLine(QPointF(box.right(), box.center().y()), QPointF(box.right() + gap, box.center().y()));
        }
    }
    if (!more.isEmpty()) {
        p->setPen(QApplication::palette().color(QPalette::Text));
        p->drawText(QRectF(area.left() + drawn * (boxW + gap), area.top(), moreW, boxH),
                    Qt::AlignVCenter | Qt::AlignLeft, more);
    }
}

void DeploymentItem::paintSplitPools(QPainter* p, const QRectF& area) const
{
    // Two halves and a link between them; the FFN pool's chips are a darker shade of the colour.
    const double linkW = 18;
    const double half = (area.width() - linkW) / 2;
    const QRectF left(area.left(), area.top(), half, area.height());
    const QRectF right(area.right() - half, area.top(), half, area.height());
    constexpr int kBoardsPerPool = 2;
    paintChips(p, left, std::max(1, m_view.count), m_view.devicesPerSystem, m_view.colour.lighter(115),
               kBoardsPerPool);
    paintChips(p, right, std::max(1, m_view.ffnCount), m_view.ffnDevicesPerSystem, m_view.colour.darker(115),
               kBoardsPerPool);
    p->setPen(QPen(m_view.colour.darker(150), 3));
    const double y = area.center().y();
    const double x0 = left.right() - 2;
    const double x1 = right.left() + 2;
    p->drawLine(QPointF(x0, y), QPointF(x1, y));
    // Arrow heads both ways: activations go to the FFN pool and come back every layer.
    p->setBrush(m_view.colour.darker(150));
    p->setPen(Qt::NoPen);
    p->drawPolygon(QPolygonF({QPointF(x0, y), QPointF(x0 + 5, y - 4), QPointF(x0 + 5, y + 4)}));
    p->drawPolygon(QPolygonF({QPointF(x1, y), QPointF(x1 - 5, y - 4), QPointF(x1 - 5, y + 4)}));
}

} // namespace is::gui
