// SPDX-License-Identifier: MIT
#pragma once

#include <QGraphicsView>
#include <QPointer>

class QLineEdit;
class QSpinBox;

namespace is::gui {

class CanvasScene;
class ScenarioDocument;

// The canvas view: wheel zooms around the cursor, middle-button drag pans, left drag on empty
// space selects with a rubber band. Names and counts are edited in place with small editors
// laid over the item; committing one pushes an undo command.
class CanvasView : public QGraphicsView
{
    Q_OBJECT
public:
    CanvasView(CanvasScene* scene, ScenarioDocument* doc, QWidget* parent = nullptr);

    double zoom() const;
    void setZoom(double factor);

    // Opens the in-place editor over a deployment (also used by tests); returns it.
    QSpinBox* editCount(const QString& id);
    QLineEdit* editName(const QString& id);
    QWidget* activeEditor() const { return m_editor; }

public Q_SLOTS:
    void zoomIn();
    void zoomOut();
    void fitContent();

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    QRect editorGeometry(const QString& id, bool name) const;
    void closeEditor();

    CanvasScene* m_scene;
    ScenarioDocument* m_doc;
    QPointer<QWidget> m_editor;
    bool m_panning = false;
    QPoint m_panLast;
    bool m_fittedOnce = false;
};

} // namespace is::gui
