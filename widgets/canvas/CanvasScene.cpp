// SPDX-License-Identifier: MIT
#include "canvas/CanvasScene.h"

#include "Names.h"
#include "Units.h"
#include "canvas/DeploymentItem.h"
#include "document/AddDeploymentCommand.h"
#include "document/ChangeDeploymentCommand.h"
#include "document/MoveDeploymentsCommand.h"
#include "document/ScenarioDocument.h"
#include "engine/Deployment.h"
#include "issues/IssueLog.h"
#include "palette/HardwareGroups.h"
#include "palette/HardwareMime.h"

#include "analysis/ScenarioAnalysis.h"
#include "engine/Deployment.h"
#include "hardware/Catalog.h"
#include "scenario/ScenarioEvaluation.h"

#include <QApplication>
#include <QGraphicsSceneDragDropEvent>
#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QPalette>
#include <QUndoStack>

#include <cmath>
#include <utility>

namespace is::gui {

namespace {
constexpr double kGrid = 20;

QPointF snap(QPointF p)
{
    return QPointF(std::round(p.x() / 10) * 10, std::round(p.y() / 10) * 10);
}

QString linkName(const Catalog& c, const QString& id)
{
    const Link* l = c.link(id);
    return l ? l->name : id;
}
} // namespace

CanvasScene::CanvasScene(ScenarioDocument* doc, IssueLog* issues, QObject* parent)
    : QGraphicsScene(parent), m_doc(doc), m_issues(issues)
{
    setItemIndexMethod(QGraphicsScene::NoIndex); // a handful of items
    connect(doc, &ScenarioDocument::documentReset, this, &CanvasScene::rebuild);
    connect(doc, &ScenarioDocument::deploymentInserted, this, &CanvasScene::addItemFor);
    connect(doc, &ScenarioDocument::deploymentRemoved, this, [this](const QString& id) {
        if (DeploymentItem* it = m_items.take(id)) {
            m_dragOrigins.remove(id);
            delete it;
        }
    });
    connect(doc, &ScenarioDocument::deploymentChanged, this, &CanvasScene::refreshItem);
    connect(doc, &ScenarioDocument::modelChanged, this, [this] {
        for (const QString& id : m_items.keys())
            refreshItem(id);
    });
    connect(doc, &ScenarioDocument::deploymentMoved, this, [this](const QString& id) {
        if (DeploymentItem* it = m_items.value(id))
            if (const DeploymentDoc* d = m_doc->deployment(id))
                it->setPos(d->x, d->y);
    });
    connect(doc, &ScenarioDocument::selectionChanged, this, &CanvasScene::syncSelectionFromDocument);
    connect(this, &QGraphicsScene::selectionChanged, this, &CanvasScene::syncSelectionToDocument);
    rebuild();
}

CanvasScene::~CanvasScene()
{
    // Items die with the scene: the selection they drop on the way out is not an edit.
    blockSignals(true);
    clear();
    m_items.clear();
}

QList<DeploymentItem*> CanvasScene::deploymentItems() const
{
    QList<DeploymentItem*> list;
    for (const QString& id : m_doc->deploymentIds())
        if (DeploymentItem* it = m_items.value(id))
            list << it;
    return list;
}

DeploymentItem* CanvasScene::deploymentAt(const QPointF& scenePos) const
{
    for (QGraphicsItem* it : items(scenePos)) {
        for (QGraphicsItem* p = it; p; p = p->parentItem())
            if (p->type() == DeploymentItem::Type)
                return static_cast<DeploymentItem*>(p);
    }
    return nullptr;
}

void CanvasScene::rebuild()
{
    m_dragStart.reset();
    m_dragOrigins.clear();
    // Deleting a selected item emits selectionChanged: m_items must not hold deleted items while
    // that runs (syncSelectionToDocument walks them), and the document's selection is not the
    // old scene's to change; the new items take it from the document.
    const QHash<QString, DeploymentItem*> old = std::exchange(m_items, {});
    m_syncingSelection = true;
    for (DeploymentItem* it : old)
        delete it;
    m_syncingSelection = false;
    for (const QString& id : m_doc->deploymentIds())
        addItemFor(id);
    syncSelectionFromDocument();
}

void CanvasScene::addItemFor(const QString& id)
{
    if (m_items.contains(id))
        return;
    auto* it = new DeploymentItem(id);
    addItem(it);
    m_items.insert(id, it);
    refreshItem(id);
}

void CanvasScene::refreshItem(const QString& id)
{
    DeploymentItem* it = m_items.value(id);
    const DeploymentDoc* d = m_doc->deployment(id);
    if (!it || !d)
        return;
    const Catalog& cat = m_doc->catalog();
    const Device* dev = cat.device(d->device);
    const SystemPackaging* sys = cat.systemFor(dev, d->system);
    DeploymentView v;
    v.id = id;
    v.name = d->name;
    v.deviceName = dev ? dev->name : d->device;
    v.icon = dev ? deviceIcon(*dev) : QIcon();
    v.count = d->count;
    v.autoCount = d->autoCount;
    v.devicesPerSystem = sys ? sys->devicesPerSystem : 1;
    auto linkLabel = [&](const QString& chosen, const QString& fallback) {
        if (!chosen.isEmpty())
            return linkName(cat, chosen);
        if (fallback.isEmpty())
            return tr("none");
        return tr("%1 (default)").arg(linkName(cat, fallback));
    };
    // The same defaults the engine resolves (the system's link, else the device's own).
    const QString upDefault = dev ? defaultScaleUpLink(*dev, sys) : QString();
    const QString outDefault = dev ? defaultScaleOutLink(*dev, sys) : QString();
    v.scaleUp = linkLabel(d->scaleUpLink, upDefault);
    v.scaleOut = linkLabel(d->scaleOutLink, outDefault);
    v.colour = QColor(d->color);
    v.prefillReplicas = d->prefillReplicas;
    if (d->ffnPool) {
        const Device* ffnDev = cat.device(d->ffnPool->device);
        const SystemPackaging* ffnSys = cat.systemFor(ffnDev, d->ffnPool->system);
        v.split = true;
        v.ffnDeviceName = ffnDev ? ffnDev->name : d->ffnPool->device;
        v.ffnCount = d->ffnPool->count;
        v.ffnDevicesPerSystem = ffnSys ? ffnSys->devicesPerSystem : 1;
        v.ffnLink = linkName(cat, d->ffnPool->link);
    }
    if (m_analysis) {
        for (const DeploymentAnalysis& a : m_analysis->deployments) {
            if (a.docId != id)
                continue;
            const Estimate& e = a.estimate.mid;
            v.analysed = true;
            v.fits = e.fits;
            v.chips = e.chips;
            v.prefillChips = e.prefillChips();
            v.missedTargets = names::missedTargets(a.missedTargets);
            // One output token: a request ends with its first token, so the card gives the time
            // to it (a per-user token speed was one token per request cycle: "8.52 tok/s").
            if (e.fits && !m_analysis->workload.decodes())
                v.summary = tr("first token in %1 · %2")
                                .arg(units::seconds(e.ttftS), names::bottleneck(e.bottleneck));
            else if (e.fits)
                v.summary = tr("%1 tok/s per user · %2")
                                .arg(units::number(e.tokSUser), names::bottleneck(e.bottleneck));
            else if (e.beyondContextWindow)
                v.summary = tr("does not fit: beyond the model's context window");
            else if (e.minChips > e.chips)
                v.summary = tr("does not fit: needs %L1 chips").arg(e.minChips);
            else if (e.minChips > 0)
                // Enough chips, laid out so that a part holds too little (two wafer pipelines of
                // two for a model that needs four): "needs 4 chips" on a card of four said nothing.
                v.summary = tr("does not fit as %1 (see Issues)").arg(e.plan.toString());
            else
                v.summary = tr("does not fit");
        }
        if (!v.analysed && !m_analysis->error.isEmpty()) {
            v.analysed = true;
            v.fits = false;
            v.summary = tr("cannot be evaluated (see Issues)");
        }
    }
    it->setView(v);
    it->setPos(d->x, d->y);
}

void CanvasScene::setAnalysis(std::shared_ptr<const ScenarioAnalysis> analysis)
{
    m_analysis = std::move(analysis);
    for (const QString& id : m_items.keys())
        refreshItem(id);
}

void CanvasScene::setLinkTool(const QString& linkId)
{
    m_linkTool = linkId;
}

QRectF CanvasScene::contentRect() const
{
    QRectF r;
    for (DeploymentItem* it : std::as_const(m_items))
        r = r.united(it->sceneBoundingRect());
    if (r.isNull())
        r = QRectF(0, 0, DeploymentItem::kWidth, DeploymentItem::kHeight);
    return r.adjusted(-40, -30, 40, 30);
}

ModelRef CanvasScene::defaultModelFor() const
{
    // A new deployment serves what the user is looking at: the scenario's model when there is
    // one (the deployment then inherits it), else the selected or first deployment's model.
    const Scenario& s = m_doc->scenario();
    if (s.model.isSet())
        return {};
    for (const QString& id : m_doc->selection())
        if (const DeploymentDoc* d = m_doc->deployment(id); d && d->model.isSet())
            return d->model;
    for (const DeploymentDoc& d : s.deployments)
        if (d.model.isSet())
            return d.model;
    const auto models = m_doc->catalog().models();
    ModelRef r;
    if (!models.empty())
        r.catalogId = models.front()->arch.id;
    return r;
}

bool CanvasScene::dropHardware(const HardwarePayload& p, const QPointF& scenePos)
{
    const Catalog& cat = m_doc->catalog();
    DeploymentItem* target = deploymentAt(scenePos);
    if (p.kind == HardwarePayload::Kind::Link) {
        if (!cat.link(p.id))
            return false;
        if (!target) {
            m_issues->add(IssueLog::Severity::Info, IssueLog::Origin::Action,
                          tr("Drop a link onto a deployment to connect its devices with it."));
            return false;
        }
        return applyLink(target->id(), p.id);
    }

    const Device* dev = cat.device(p.id);
    if (!dev)
        return false;
    if (!target) {
        DeploymentDoc d;
        d.id = m_doc->newDeploymentId(dev->id);
        // Named after its model and device by the document (and renamed when they change), until
        // the user names it.
        d.autoName = true;
        d.device = dev->id;
        // The smallest count that fits (whole systems for GPUs): a fixed count of one system
        // often does not fit. Fixing the count (or dropping more devices on it) makes it manual;
        // `count` is what the inspector's spin box starts from then.
        d.autoCount = true;
        d.count = p.count;
        const QPointF topLeft =
            snap(scenePos - QPointF(DeploymentItem::kWidth / 2, DeploymentItem::kHeight / 2));
        d.x = topLeft.x();
        d.y = topLeft.y();
        d.color = m_doc->nextColour();
        d.model = defaultModelFor();
        d.name = automaticDeploymentName(m_doc->scenario(), d, cat);
        m_doc->undoStack()->push(new AddDeploymentCommand(m_doc, d));
        m_doc->setSelection({d.id});
        return true;
    }

    const DeploymentDoc* d = m_doc->deployment(target->id());
    if (!d)
        return false;
    if (d->device != dev->id) {
        const Device* have = cat.device(d->device);
        m_issues->add(
            IssueLog::Severity::Warning, IssueLog::Origin::Action,
            tr("%1 runs on %2; a deployment has one device type. Drop %3 on empty canvas to start a new "
               "deployment.")
                .arg(d->name, have ? have->name : d->device, dev->name));
        return false;
    }
    DeploymentDoc grown = *d;
    int current = d->count;
    if (d->autoCount) {
        // Growing an automatic count fixes it at what the engine chose, plus the new devices.
        current = target->view().chips;
        grown.autoCount = false;
    }
    grown.count = current + p.count;
    if (grown.plan && grown.plan->chips() != grown.count)
        grown.plan.reset(); // a manual plan no longer covers the devices; back to automatic
    m_doc->undoStack()->push(new ChangeDeploymentCommand(
        m_doc, grown, tr("Add %1 × %2 to %3").arg(p.count).arg(dev->name, d->name)));
    m_doc->setSelection({d->id});
    return true;
}

bool CanvasScene::applyLink(const QString& deploymentId, const QString& linkId)
{
    const Link* l = m_doc->catalog().link(linkId);
    const DeploymentDoc* d = m_doc->deployment(deploymentId);
    if (!l || !d)
        return false;
    DeploymentDoc linked = *d;
    if (l->scope == LinkScope::ScaleUp)
        linked.scaleUpLink = l->id;
    else
        linked.scaleOutLink = l->id;
    if (linked == *d)
        return true;
    m_doc->undoStack()->push(
        new ChangeDeploymentCommand(m_doc, linked, tr("Connect %1 with %2").arg(d->name, l->name)));
    return true;
}

void CanvasScene::setHighlight(DeploymentItem* item)
{
    if (m_highlight == item)
        return;
    if (m_highlight)
        m_highlight->setDropHighlight(false);
    m_highlight = item;
    if (m_highlight)
        m_highlight->setDropHighlight(true);
}

void CanvasScene::dragEnterEvent(QGraphicsSceneDragDropEvent* event)
{
    // Events start out accepted; reject anything that is not our payload here, not at drop.
    event->ignore();
    if (readHardwareMime(event->mimeData())) {
        event->setDropAction(Qt::CopyAction);
        event->accept();
    }
}

void CanvasScene::dragMoveEvent(QGraphicsSceneDragDropEvent* event)
{
    // QGraphicsScene's own dragMoveEvent accepts only over items that accept drops; empty canvas
    // is a valid target here, so decide ourselves.
    const auto p = readHardwareMime(event->mimeData());
    if (!p) {
        event->ignore();
        return;
    }
    DeploymentItem* target = deploymentAt(event->scenePos());
    // A link needs a deployment under it. A device is accepted anywhere: over a deployment of
    // another device type the drop explains the one-device-type rule instead of failing silently.
    const bool ok = p->kind == HardwarePayload::Kind::Device || target != nullptr;
    setHighlight(target);
    event->setDropAction(Qt::CopyAction);
    event->setAccepted(ok);
}

void CanvasScene::dragLeaveEvent(QGraphicsSceneDragDropEvent* event)
{
    setHighlight(nullptr);
    event->accept();
}

void CanvasScene::dropEvent(QGraphicsSceneDragDropEvent* event)
{
    setHighlight(nullptr);
    const auto p = readHardwareMime(event->mimeData());
    if (!p) {
        event->ignore();
        return;
    }
    dropHardware(*p, event->scenePos());
    event->setDropAction(Qt::CopyAction);
    event->accept();
}

void CanvasScene::mousePressEvent(QGraphicsSceneMouseEvent* event)
{
    DeploymentItem* hit = event->button() == Qt::LeftButton ? deploymentAt(event->scenePos()) : nullptr;
    if (hit && !m_linkTool.isEmpty()) {
        applyLink(hit->id(), m_linkTool);
        event->accept();
        return;
    }
    QGraphicsScene::mousePressEvent(event);
    m_dragStart.reset();
    m_dragOrigins.clear();
    m_dragMoved = false;
    if (hit && hit->isSelected()) {
        m_dragStart = event->scenePos();
        for (QGraphicsItem* it : selectedItems())
            if (it->type() == DeploymentItem::Type)
                m_dragOrigins.insert(static_cast<DeploymentItem*>(it)->id(), it->pos());
    }
}

void CanvasScene::mouseMoveEvent(QGraphicsSceneMouseEvent* event)
{
    if (!m_dragStart || !(event->buttons() & Qt::LeftButton)) {
        QGraphicsScene::mouseMoveEvent(event);
        return;
    }
    const QPointF delta = event->scenePos() - *m_dragStart;
    // A click with a little jitter is not a move.
    if (!m_dragMoved && delta.manhattanLength() < QApplication::startDragDistance())
        return;
    m_dragMoved = true;
    QHash<QString, QPointF> positions;
    for (auto it = m_dragOrigins.cbegin(); it != m_dragOrigins.cend(); ++it)
        positions.insert(it.key(), snap(it.value() + delta));
    m_doc->undoStack()->push(new MoveDeploymentsCommand(m_doc, positions));
    event->accept();
}

void CanvasScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event)
{
    if (m_dragMoved)
        m_doc->endEdit(); // the next drag of the same deployments is an undo step of its own
    m_dragStart.reset();
    m_dragOrigins.clear();
    QGraphicsScene::mouseReleaseEvent(event);
}

void CanvasScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event)
{
    if (DeploymentItem* hit = deploymentAt(event->scenePos())) {
        const QPointF local = hit->mapFromScene(event->scenePos());
        if (hit->nameRect().adjusted(-24, -4, 0, 4).contains(local))
            Q_EMIT editNameRequested(hit->id());
        else
            Q_EMIT editCountRequested(hit->id());
        event->accept();
        return;
    }
    QGraphicsScene::mouseDoubleClickEvent(event);
}

void CanvasScene::drawBackground(QPainter* painter, const QRectF& rect)
{
    const QPalette pal = QApplication::palette();
    painter->fillRect(rect, pal.color(QPalette::Window).lighter(103));
    // A dot grid: shows that the canvas is a surface to drop onto, and the snap spacing.
    painter->setPen(QPen(pal.color(QPalette::Mid), 1.5));
    const double left = std::floor(rect.left() / kGrid) * kGrid;
    const double top = std::floor(rect.top() / kGrid) * kGrid;
    QVector<QPointF> dots;
    for (double x = left; x < rect.right(); x += kGrid)
        for (double y = top; y < rect.bottom(); y += kGrid)
            dots << QPointF(x, y);
    if (dots.size() < 40000)
        painter->drawPoints(dots.constData(), static_cast<int>(dots.size()));
}

void CanvasScene::syncSelectionFromDocument()
{
    m_syncingSelection = true;
    const QStringList sel = m_doc->selection();
    for (auto it = m_items.cbegin(); it != m_items.cend(); ++it)
        it.value()->setSelected(sel.contains(it.key()));
    m_syncingSelection = false;
}

void CanvasScene::syncSelectionToDocument()
{
    if (m_syncingSelection)
        return;
    QStringList ids;
    for (DeploymentItem* it : deploymentItems())
        if (it->isSelected())
            ids << it->id();
    m_doc->setSelection(ids);
}

} // namespace is::gui
