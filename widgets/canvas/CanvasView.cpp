// SPDX-License-Identifier: MIT
#include "canvas/CanvasView.h"

#include "canvas/CanvasScene.h"
#include "canvas/DeploymentItem.h"
#include "document/ChangeDeploymentCommand.h"
#include "document/ScenarioDocument.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QScrollBar>
#include <QSpinBox>
#include <QUndoStack>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace is::gui {

namespace {
constexpr double kMinZoom = 0.2;
constexpr double kMaxZoom = 4.0;

// Escape cancels an in-place editor instead of committing it.
class EscapeFilter : public QObject
{
public:
    using QObject::QObject;
    bool cancelled = false;

protected:
    bool eventFilter(QObject* o, QEvent* e) override
    {
        if (e->type() == QEvent::KeyPress && static_cast<QKeyEvent*>(e)->key() == Qt::Key_Escape) {
            cancelled = true;
            static_cast<QWidget*>(o)->close();
            return true;
        }
        return false;
    }
};
} // namespace

CanvasView::CanvasView(CanvasScene* scene, ScenarioDocument* doc, QWidget* parent)
    : QGraphicsView(scene, parent), m_scene(scene), m_doc(doc)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::RubberBandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setAcceptDrops(true);
    setMinimumHeight(120);
    connect(scene, &CanvasScene::editCountRequested, this, &CanvasView::editCount);
    connect(scene, &CanvasScene::editNameRequested, this, &CanvasView::editName);
    // An editor over a deployment that goes away (undo, delete) goes with it.
    connect(doc, &ScenarioDocument::deploymentRemoved, this, [this] { closeEditor(); });
    connect(doc, &ScenarioDocument::documentReset, this, [this] {
        closeEditor();
        m_fittedOnce = false;
        if (isVisible())
            fitContent();
    });
}

double CanvasView::zoom() const
{
    return transform().m11();
}

void CanvasView::setZoom(double factor)
{
    factor = std::clamp(factor, kMinZoom, kMaxZoom);
    QTransform t;
    t.scale(factor, factor);
    setTransform(t);
    closeEditor();
}

void CanvasView::zoomIn()
{
    setZoom(zoom() * 1.25);
}

void CanvasView::zoomOut()
{
    setZoom(zoom() / 1.25);
}

void CanvasView::fitContent()
{
    const QRectF content = m_scene->contentRect();
    setSceneRect(content.adjusted(-2000, -2000, 2000, 2000));
    // Fit, but never magnify past 1:1: cards are designed at that size.
    const double sx = viewport()->width() / content.width();
    const double sy = viewport()->height() / content.height();
    setZoom(std::min({1.0, sx, sy}));
    centerOn(content.center());
}

void CanvasView::showEvent(QShowEvent* event)
{
    QGraphicsView::showEvent(event);
    if (!m_fittedOnce) {
        m_fittedOnce = true;
        fitContent();
    }
}

void CanvasView::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    const double target = std::clamp(zoom() * std::pow(1.15, steps), kMinZoom, kMaxZoom);
    const double f = target / zoom();
    scale(f, f);
    closeEditor();
    event->accept();
}

void CanvasView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::MiddleButton) {
        m_panning = true;
        m_panLast = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void CanvasView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_panning) {
        const QPoint p = event->position().toPoint();
        const QPoint d = p - m_panLast;
        m_panLast = p;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void CanvasView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning && event->button() == Qt::MiddleButton) {
        m_panning = false;
        viewport()->unsetCursor();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

QRect CanvasView::editorGeometry(const QString& id, bool name) const
{
    DeploymentItem* it = m_scene->item(id);
    if (!it)
        return {};
    const QRectF local = name ? it->nameRect() : it->countRect();
    const QRect r = mapFromScene(it->mapToScene(local)).boundingRect();
    return r.adjusted(-2, -3, 2, 3);
}

void CanvasView::closeEditor()
{
    if (m_editor) {
        QWidget* e = m_editor;
        m_editor = nullptr;
        e->hide();
        e->deleteLater();
    }
}

QSpinBox* CanvasView::editCount(const QString& id)
{
    const DeploymentDoc* d = m_doc->deployment(id);
    if (!d)
        return nullptr;
    closeEditor();
    auto* spin = new QSpinBox(viewport());
    spin->setRange(0, 1 << 20);
    spin->setSpecialValueText(tr("auto"));
    spin->setPrefix(tr("count: "));
    spin->setValue(d->autoCount ? 0 : d->count);
    spin->setGeometry(editorGeometry(id, false));
    spin->setAccelerated(true);
    auto* esc = new EscapeFilter(spin);
    spin->installEventFilter(esc);
    connect(spin, &QSpinBox::editingFinished, this, [this, spin, esc, id] {
        if (m_editor != spin)
            return;
        if (!esc->cancelled) {
            if (const DeploymentDoc* cur = m_doc->deployment(id)) {
                DeploymentDoc changed = *cur;
                changed.autoCount = spin->value() == 0;
                changed.count = changed.autoCount ? 0 : spin->value();
                if (changed.plan && (changed.autoCount || changed.plan->chips() != changed.count))
                    changed.plan.reset();
                if (!(changed == *cur))
                    m_doc->undoStack()->push(new ChangeDeploymentCommand(
                        m_doc, changed, tr("Set count of %1 to %2").arg(cur->name, spin->text())));
            }
        }
        closeEditor();
    });
    m_editor = spin;
    spin->show();
    spin->setFocus(Qt::OtherFocusReason);
    spin->selectAll();
    return spin;
}

QLineEdit* CanvasView::editName(const QString& id)
{
    const DeploymentDoc* d = m_doc->deployment(id);
    if (!d)
        return nullptr;
    closeEditor();
    auto* edit = new QLineEdit(d->name, viewport());
    edit->setGeometry(editorGeometry(id, true));
    auto* esc = new EscapeFilter(edit);
    edit->installEventFilter(esc);
    connect(edit, &QLineEdit::editingFinished, this, [this, edit, esc, id] {
        if (m_editor != edit)
            return;
        const QString name = edit->text().trimmed();
        if (!esc->cancelled && !name.isEmpty()) {
            if (const DeploymentDoc* cur = m_doc->deployment(id); cur && cur->name != name) {
                DeploymentDoc changed = *cur;
                changed.name = name;
                changed.autoName = false; // the user's name stays
                m_doc->undoStack()->push(
                    new ChangeDeploymentCommand(m_doc, changed, tr("Rename %1 to %2").arg(cur->name, name)));
            }
        }
        closeEditor();
    });
    m_editor = edit;
    edit->show();
    edit->setFocus(Qt::OtherFocusReason);
    edit->selectAll();
    return edit;
}

} // namespace is::gui
