// SPDX-License-Identifier: MIT
#pragma once
// The fixture of the tst_gui_* suites: one studio for the whole suite (StudioFixture.h's, on the
// default scenario, analysed), driven through its widgets as a user would: drops from the
// palette onto the canvas, and waits for the newest edit's analysis.
#include "StudioFixture.h"
#include "analysis/AnalysisRunner.h"
#include "analysis/ScenarioAnalysis.h"
#include "canvas/CanvasPanel.h"
#include "canvas/CanvasScene.h"
#include "canvas/CanvasView.h"
#include "canvas/DeploymentItem.h"
#include "charts/ChartPanel.h"
#include "charts/ChartsView.h"
#include "document/ScenarioDocument.h"
#include "mainwindow/MainWindow.h"
#include "mainwindow/Studio.h"
#include "palette/HardwarePalette.h"
#include "palette/HardwarePaletteModel.h"

#include <QApplication>
#include <QDragEnterEvent>
#include <QMimeData>
#include <QObject>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

namespace is::test {

class StudioSuite : public QObject
{
    Q_OBJECT

protected:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<gui::Studio> m_studio;

    gui::ScenarioDocument* doc() const { return m_studio->document(); }
    gui::MainWindow* window() const { return m_studio->window(); }
    gui::CanvasView* view() const { return window()->canvas()->view(); }

    // Waits until the newest edit has been analysed and the charts hold it.
    std::shared_ptr<const ScenarioAnalysis> settle()
    {
        if (!m_studio->runner()->waitForIdle(30000))
            return nullptr;
        window()->charts()->flush();
        return m_studio->runner()->latest();
    }

    // Sends a drag-enter, drag-move and drop of `mime` to the canvas at a scene position, as a
    // drag from the palette would.
    bool dropAt(QMimeData* mime, QPointF scenePos)
    {
        view()->centerOn(scenePos);
        const QPoint p = view()->mapFromScene(scenePos);
        QWidget* vp = view()->viewport();
        QDragEnterEvent enter(p, Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(vp, &enter);
        if (!enter.isAccepted())
            return false;
        QDragMoveEvent move(p, Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(vp, &move);
        if (!move.isAccepted())
            return false;
        QDropEvent drop(QPointF(p), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(vp, &drop);
        return drop.isAccepted();
    }

    std::unique_ptr<QMimeData> paletteMime(const QString& id)
    {
        gui::HardwarePaletteModel* model = window()->hardwarePalette()->model();
        const QModelIndex i = model->indexOfId(id);
        if (!i.isValid())
            return nullptr;
        return std::unique_ptr<QMimeData>(model->mimeData({i}));
    }

    QPointF emptySpot() const
    {
        const QRectF content = window()->canvas()->scene()->contentRect();
        return QPointF(content.center().x(), content.bottom() + gui::DeploymentItem::kHeight);
    }

    QStringList chartsCsv() const
    {
        QStringList csv;
        for (gui::ChartPanel* c : window()->charts()->charts())
            csv << c->toCsv();
        return csv;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        startStudio(m_studio, *m_dir);
        if (QTest::currentTestFailed())
            return;
        const auto a = m_studio->analyseNow();
        QVERIFY(a);
        QVERIFY2(a->error.isEmpty(), qPrintable(a->error));
        QCOMPARE(a->deployments.size(), size_t(2));
    }

    void cleanupTestCase() { m_studio.reset(); }
};

} // namespace is::test
