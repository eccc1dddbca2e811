// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QGraphicsObject>
#include <QIcon>
#include <QString>

namespace is::gui {

// What a deployment item shows; the scene fills it from the document and the latest analysis.
struct DeploymentView
{
    QString id;
    QString name;
    QString deviceName;
    QIcon icon;
    int count = 1;
    bool autoCount = false;
    int devicesPerSystem = 1;
    QString scaleUp; // link names; "(default)" marks the system's own
    QString scaleOut;
    QColor colour;
    // The FFN pool of an attention-FFN split deployment (the fields above are its attention pool).
    bool split = false;
    QString ffnDeviceName;
    int ffnCount = 0;
    int ffnDevicesPerSystem = 1;
    QString ffnLink;         // the link between the pools
    int prefillReplicas = 0; // prefill-decode: replicas that only prefill (0: colocated)
    int prefillChips = 0;    // and their chips, drawn darker (from the analysis's plan)
    // From the analysis (empty until one arrives).
    bool analysed = false;
    bool fits = true;
    int chips = 0;
    QString summary;       // "750 tok/s per user · dataflow latency"
    QString missedTargets; // "misses TTFT target 500 ms: 1.23 s"; empty when it meets them

    // Everything drawn (the icon follows from the device).
    bool sameLook(const DeploymentView& o) const;
};

// One deployment on the canvas: a card in the deployment's colour with its devices drawn as
// systems of chips joined by their links; a split deployment draws its two pools side by side,
// joined by the link between them. Purely a view: positions and every field come from
// the document; the scene turns mouse gestures into undo commands.
class DeploymentItem : public QGraphicsObject
{
    Q_OBJECT
public:
    static constexpr double kWidth = 250;
    static constexpr double kHeight = 150;
    enum { Type = UserType + 1 };

    explicit DeploymentItem(const QString& id, QGraphicsItem* parent = nullptr);

    int type() const override { return Type; }
    QString id() const { return m_view.id; }
    void setView(const DeploymentView& v);
    const DeploymentView& view() const { return m_view; }
    // Highlight while a compatible device or link is dragged over it.
    void setDropHighlight(bool on);

    // Where the in-place editors go (item coordinates).
    QRectF nameRect() const;
    QRectF countRect() const;
    // The summary line at the card's foot, and the font it is drawn in: `base` made up to a fifth
    // smaller where the text needs it to fit, before an ellipsis cuts it.
    static QRectF summaryRect();
    static QFont summaryFont(const QFont& base, const QString& text);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    // `devices` chips, `perSystem` to a board, as boards in `area` (at most `maxBoards`, then "+n");
    // the first `darkChips` a darker shade (a prefill-decode deployment's prefill replicas).
    void paintChips(QPainter* p, const QRectF& area, int devices, int perSystem, const QColor& chip,
                    int maxBoards, int darkChips = 0) const;
    // Attention pool left, FFN pool right, the link between them in the middle.
    void paintSplitPools(QPainter* p, const QRectF& area) const;

    DeploymentView m_view;
    bool m_dropHighlight = false;
};

} // namespace is::gui
