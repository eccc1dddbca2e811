// SPDX-License-Identifier: MIT
// The studio through its widgets: every test drives the real window on the offscreen platform.
#include "FileDialogs.h"
#include "StudioFixture.h"
#include "Units.h"
#include "canvas/CanvasPanel.h"
#include "canvas/CanvasScene.h"
#include "canvas/CanvasView.h"
#include "canvas/DeploymentItem.h"
#include "charts/ChartPanel.h"
#include "charts/ChartsView.h"
#include "document/AnalysisRunner.h"
#include "document/Autosave.h"
#include "document/ChangeModelCommand.h"
#include "document/IssueLog.h"
#include "document/MoveDeploymentsCommand.h"
#include "document/ScenarioDocument.h"
#include "mainwindow/DocumentActions.h"
#include "mainwindow/MainWindow.h"
#include "mainwindow/Studio.h"
#include "palette/HardwareMime.h"
#include "palette/HardwarePalette.h"
#include "palette/HardwarePaletteModel.h"
#include "panels/InspectorPanel.h"
#include "panels/LogSlider.h"
#include "panels/ModelPanel.h"
#include "panels/WorkloadPanel.h"
#include "serving/TcoEditor.h"
#include "settings/LanguageManager.h"
#include "settings/Settings.h"
#include "table/ComparisonModel.h"
#include "table/ComparisonTable.h"

#include "../core/GgufTestWriter.h"

#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "model/ModelMath.h"
#include "scenario/ScenarioAnalysis.h"
#include "scenario/ScenarioEvaluation.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QColor>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QFile>
#include <QFileInfo>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLogValueAxis>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSet>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>
#include <QValueAxis>
#include <QWheelEvent>
#include <QXmlStreamReader>

#include <functional>
#include <memory>

using namespace is;
using namespace is::gui;

// (context, source, comment) of every message in a .ts file.
QSet<QString> tsKeys(const QString& path, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": cannot open");
        return {};
    }
    QXmlStreamReader xml(&f);
    QSet<QString> keys;
    QString context;
    QString source;
    QString comment;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            if (xml.name() == QLatin1String("name"))
                context = xml.readElementText();
            else if (xml.name() == QLatin1String("message"))
                source.clear(), comment.clear();
            else if (xml.name() == QLatin1String("source"))
                source = xml.readElementText();
            else if (xml.name() == QLatin1String("comment"))
                comment = xml.readElementText();
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            keys.insert(context + QLatin1Char('|') + source + QLatin1Char('|') + comment);
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return keys;
}

class TestGui : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Studio> m_studio;

    ScenarioDocument* doc() const { return m_studio->document(); }
    MainWindow* window() const { return m_studio->window(); }
    CanvasView* view() const { return window()->canvas()->view(); }

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
        HardwarePaletteModel* model = window()->hardwarePalette()->model();
        const QModelIndex i = model->indexOfId(id);
        if (!i.isValid())
            return nullptr;
        return std::unique_ptr<QMimeData>(model->mimeData({i}));
    }

    QPointF emptySpot() const
    {
        const QRectF content = window()->canvas()->scene()->contentRect();
        return QPointF(content.center().x(), content.bottom() + DeploymentItem::kHeight);
    }

    QStringList chartsCsv() const
    {
        QStringList csv;
        for (ChartPanel* c : window()->charts()->charts())
            csv << c->toCsv();
        return csv;
    }

private Q_SLOTS:
    // The studio's own Cost view edits the open document (not a read-only copy).
    void costViewEditsTheDocument()
    {
        auto* editor = window()->findChild<TcoEditor*>();
        QVERIFY(editor);
        const double before = doc()->scenario().cost.usdPerKWh.value;
        const int index = doc()->undoStack()->index();
        QVERIFY2(editor->edit(QString(), QStringLiteral("usd_per_kwh"), QStringLiteral("0.16")),
                 qPrintable(editor->message()));
        QCOMPARE(doc()->scenario().cost.usdPerKWh.value, 0.16);
        QVERIFY(doc()->isModified());
        QCOMPARE(doc()->undoStack()->index(), index + 1);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->scenario().cost.usdPerKWh.value, before);
        // A bad value is refused and changes nothing.
        QVERIFY(!editor->edit(QString(), QStringLiteral("usd_per_kwh"), QStringLiteral("-1")));
        QCOMPARE(doc()->scenario().cost.usdPerKWh.value, before);
        QCOMPARE(doc()->undoStack()->index(), index);
    }

    void initTestCase()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        test::startStudio(m_studio, *m_dir);
        if (QTest::currentTestFailed())
            return;
        const auto a = m_studio->analyseNow();
        QVERIFY(a);
        QVERIFY2(a->error.isEmpty(), qPrintable(a->error));
        QCOMPARE(a->deployments.size(), size_t(2));
    }

    void cleanupTestCase() { m_studio.reset(); }

    void paletteModelIsSound()
    {
        HardwarePaletteModel* model = window()->hardwarePalette()->model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(model->indexOfId(QStringLiteral("cs-3")).isValid());
        QVERIFY(model->indexOfId(QStringLiteral("nvlink4")).isValid());
        // Groups: wafer-scale, GPUs, other accelerators, links.
        QVERIFY(model->rowCount() >= 4);
        auto mime = paletteMime(QStringLiteral("h100-sxm"));
        QVERIFY(mime);
        const auto payload = readHardwareMime(mime.get());
        QVERIFY(payload);
        QCOMPARE(payload->id, QStringLiteral("h100-sxm"));
        QCOMPARE(payload->count, 8); // one HGX node
        QVERIFY(!model->index(0, 0).data(Qt::ToolTipRole).isValid() ||
                model->index(0, 0).flags().testFlag(Qt::ItemIsDragEnabled) == false);
        QVERIFY(model->data(model->indexOfId(QStringLiteral("h100-sxm")), Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("datasheet")));
    }

    void comparisonTableFitsItsDock()
    {
        QVERIFY(settle());
        QTableView* v = window()->table()->view();
        QVERIFY(v->isVisible());
        QVERIFY(v->model()->columnCount() > 0);
        int content = v->verticalHeader()->width() + 2 * v->frameWidth();
        for (int c = 0; c < v->model()->columnCount(); ++c)
            content += v->columnWidth(c);
        // Runs before the drop tests: the default scenario's two deployments fit the dock at the
        // default window size (values and names wrap instead of scrolling sideways).
        const QString sizes = QStringLiteral("%1 deployments, %2 > %3")
                                  .arg(doc()->scenario().deployments.size())
                                  .arg(content)
                                  .arg(v->width());
        if (doc()->scenario().deployments.size() <= 2)
            QVERIFY2(content <= v->width(), qPrintable(sizes));
        QVERIFY(!v->horizontalScrollBar()->isVisible() || doc()->scenario().deployments.size() > 2);
        // Every column is at least as wide as its widest unbreakable value.
        for (int c = 0; c < v->model()->columnCount(); ++c)
            QVERIFY(v->columnWidth(c) >= v->fontMetrics().horizontalAdvance(QStringLiteral("0.00x")));
    }

    void paletteSearchFilters()
    {
        HardwarePalette* p = window()->hardwarePalette();
        p->setFilter(QStringLiteral("InfiniBand"));
        const QAbstractItemModel* shown = p->view()->model();
        int leaves = 0;
        for (int g = 0; g < shown->rowCount(); ++g)
            leaves += shown->rowCount(shown->index(g, 0));
        QVERIFY(leaves >= 2);
        QVERIFY(leaves < 6);
        p->setFilter(QString());
    }

    void dropDeviceOnEmptyCanvasStartsDeployment()
    {
        const int before = static_cast<int>(doc()->scenario().deployments.size());
        auto mime = paletteMime(QStringLiteral("h200-sxm"));
        QVERIFY(dropAt(mime.get(), emptySpot()));
        QCOMPARE(static_cast<int>(doc()->scenario().deployments.size()), before + 1);
        const DeploymentDoc& d = doc()->scenario().deployments.back();
        QCOMPARE(d.device, QStringLiteral("h200-sxm"));
        // It starts at "auto", the smallest count that fits (8 fixed often did not), named after
        // its model and device, not the catalog's long device name.
        QVERIFY(d.autoCount);
        QVERIFY(d.autoName);
        QCOMPARE(d.name, automaticDeploymentName(doc()->scenario(), d, doc()->catalog()));
        QVERIFY2(d.name.endsWith(QStringLiteral(" on H200 SXM 141GB")), qPrintable(d.name));
        QVERIFY(!d.color.isEmpty());
        QVERIFY(d.model.isSet() || doc()->scenario().model.isSet());
        // Its colour is new: one colour per deployment.
        for (size_t i = 0; i + 1 < doc()->scenario().deployments.size(); ++i)
            QVERIFY(doc()->scenario().deployments[i].color != d.color);
        QVERIFY(window()->canvas()->scene()->item(d.id));
        const auto a = settle();
        QVERIFY(a);
        QCOMPARE(static_cast<int>(a->deployments.size()), before + 1);
        QCOMPARE(a->deployments.back().docId, d.id);
        const Estimate& e = a->deployments.back().estimate.mid;
        QVERIFY2(e.fits, qPrintable(e.why));
        QVERIFY(e.chips > 0 && e.chips % 8 == 0); // whole HGX H200 nodes
    }

    // A name the studio made follows the deployment's model (and device) until the user renames
    // it ("GPT-5.6 Sol on CS-3" stayed while it ran Llama 70B); undo restores both.
    void automaticNameFollowsTheModelUntilRenamed()
    {
        const QString id = doc()->scenario().deployments.back().id;
        const DeploymentDoc before = *doc()->deployment(id);
        QVERIFY(before.autoName);
        ModelRef llama;
        llama.catalogId = QStringLiteral("llama-3.1-70b");
        doc()->undoStack()->push(new ChangeModelCommand(doc(), id, llama));
        QCOMPARE(doc()->deployment(id)->name, QStringLiteral("Llama 3.1 70B on H200 SXM 141GB"));
        QCOMPARE(window()->canvas()->scene()->item(id)->view().name, doc()->deployment(id)->name);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->deployment(id)->name, before.name);

        QLineEdit* edit = view()->editName(id);
        QVERIFY(edit);
        edit->setText(QStringLiteral("Our H200s"));
        QTest::keyClick(edit, Qt::Key_Return);
        QVERIFY(!doc()->deployment(id)->autoName);
        doc()->undoStack()->push(new ChangeModelCommand(doc(), id, llama));
        QCOMPARE(doc()->deployment(id)->name, QStringLiteral("Our H200s"));
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QCOMPARE(*doc()->deployment(id), before);
        QVERIFY(settle());
    }

    void dropDeviceOnDeploymentJoinsIt()
    {
        const DeploymentDoc d = doc()->scenario().deployments.back();
        DeploymentItem* item = window()->canvas()->scene()->item(d.id);
        QVERIFY(item);
        const QPointF centre = item->sceneBoundingRect().center();
        const int deployments = static_cast<int>(doc()->scenario().deployments.size());

        // Joining an automatic count fixes it at what the engine chose, plus the new node.
        QVERIFY(d.autoCount);
        const int chosen = item->view().chips;
        QVERIFY(chosen > 0);
        auto same = paletteMime(QStringLiteral("h200-sxm"));
        QVERIFY(dropAt(same.get(), centre));
        QCOMPARE(static_cast<int>(doc()->scenario().deployments.size()), deployments);
        QVERIFY(!doc()->deployment(d.id)->autoCount);
        QCOMPARE(doc()->deployment(d.id)->count, chosen + 8);

        // Another device type does not join; the Issues panel says why.
        auto other = paletteMime(QStringLiteral("mi300x"));
        dropAt(other.get(), centre);
        QCOMPARE(static_cast<int>(doc()->scenario().deployments.size()), deployments);
        QCOMPARE(doc()->deployment(d.id)->device, QStringLiteral("h200-sxm"));
        QVERIFY(m_studio->issues()->issues().front().text.contains(QStringLiteral("one device type")));

        // A link dropped on it sets the deployment's scale-out link.
        auto link = paletteMime(QStringLiteral("ib-xdr"));
        QVERIFY(dropAt(link.get(), centre));
        QCOMPARE(doc()->deployment(d.id)->scaleOutLink, QStringLiteral("ib-xdr"));
    }

    void rejectsForeignDrops()
    {
        QMimeData text;
        text.setText(QStringLiteral("h100-sxm"));
        const int deployments = static_cast<int>(doc()->scenario().deployments.size());
        QVERIFY(!dropAt(&text, emptySpot()));
        QCOMPARE(static_cast<int>(doc()->scenario().deployments.size()), deployments);
    }

    void editCountInPlaceWithUndoRedo()
    {
        const QString id = doc()->scenario().deployments.back().id;
        const int before = doc()->deployment(id)->count;
        QSpinBox* spin = view()->editCount(id);
        QVERIFY(spin);
        QVERIFY(spin->isVisible());
        spin->setValue(24);
        QTest::keyClick(spin, Qt::Key_Return);
        QCOMPARE(doc()->deployment(id)->count, 24);
        QVERIFY(!view()->activeEditor());
        QVERIFY(settle());

        doc()->undoStack()->undo();
        QCOMPARE(doc()->deployment(id)->count, before);
        doc()->undoStack()->redo();
        QCOMPARE(doc()->deployment(id)->count, 24);

        // The inspector shows the selected deployment's count and edits it too.
        doc()->setSelection({id});
        QCOMPARE(window()->inspector()->countSpin()->value(), 24);
        window()->inspector()->countSpin()->setValue(32);
        QCOMPARE(doc()->deployment(id)->count, 32);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->deployment(id)->count, 24);
    }

    void inspectorSplitsAttentionAndFfn()
    {
        const QString id = doc()->scenario().deployments.back().id;
        doc()->setSelection({id});
        InspectorPanel* inspector = window()->inspector();
        QVERIFY(!doc()->deployment(id)->ffnPool);
        QVERIFY(!inspector->ffnPoolBox()->isChecked());
        const int undoBefore = doc()->undoStack()->index();

        // Checking the box is one undoable edit that adds a pool of another class of device
        // (wafers for GPU attention), and the canvas draws both pools.
        inspector->ffnPoolBox()->setChecked(true);
        const DeploymentDoc* d = doc()->deployment(id);
        QVERIFY(d->ffnPool);
        QCOMPARE(doc()->undoStack()->index(), undoBefore + 1);
        const Device* attention = doc()->catalog().device(d->device);
        const Device* ffn = doc()->catalog().device(d->ffnPool->device);
        QVERIFY(attention && ffn);
        if (attention->cls == DeviceClass::HbmAccelerator)
            QCOMPARE(ffn->cls, DeviceClass::SramDataflow);
        QVERIFY(!d->autoCount);
        QVERIFY(doc()->catalog().link(d->ffnPool->link));
        DeploymentItem* item = window()->canvas()->scene()->item(id);
        QVERIFY(item->view().split);
        QCOMPARE(item->view().ffnCount, d->ffnPool->count);
        QCOMPARE(item->view().ffnDeviceName, ffn->name);

        // The pool's fields edit it, each undoable; the document is the one truth.
        inspector->ffnCountSpin()->setValue(40);
        QCOMPARE(doc()->deployment(id)->ffnPool->count, 40);
        QCOMPARE(item->view().ffnCount, 40);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->deployment(id)->ffnPool->count, d->ffnPool->count);
        QCOMPARE(inspector->ffnCountSpin()->value(), doc()->deployment(id)->ffnPool->count);

        // The analysis evaluates the split: its estimate carries the two pools' breakdown.
        const auto analysis = settle();
        QVERIFY(analysis);
        bool evaluated = false;
        for (const DeploymentAnalysis& a : analysis->deployments)
            if (a.docId == id)
                evaluated = a.estimate.mid.split.has_value();
        QVERIFY(evaluated);

        // Unchecking removes the pool; undo brings it back, undo again gives the plain deployment.
        inspector->ffnPoolBox()->setChecked(false);
        QVERIFY(!doc()->deployment(id)->ffnPool);
        QVERIFY(!item->view().split);
        doc()->undoStack()->undo();
        QVERIFY(doc()->deployment(id)->ffnPool);
        QVERIFY(inspector->ffnPoolBox()->isChecked());
        doc()->undoStack()->undo();
        QVERIFY(!doc()->deployment(id)->ffnPool);
        QCOMPARE(doc()->undoStack()->index(), undoBefore);
        QVERIFY(settle());
    }

    void wheelOverThePanelsScrollsThem()
    {
        // A wheel turned over the inspector while the pointer crosses a combo box scrolls the
        // inspector; it changes nothing until the combo has been clicked or tabbed to.
        const QString id = doc()->scenario().deployments.back().id;
        doc()->setSelection({id});
        const QString device = doc()->deployment(id)->device;
        const int undoBefore = doc()->undoStack()->index();
        QComboBox* combo = window()->inspector()->findChild<QComboBox*>();
        QVERIFY(combo);
        const auto wheel = [combo] {
            const QPointF at(combo->width() / 2.0, combo->height() / 2.0);
            QWheelEvent e(at, combo->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
            QApplication::sendEvent(combo, &e);
        };
        combo->clearFocus();
        // The pointer enters the combo on its way: a wheel does not focus it from then on.
        QEnterEvent enter(QPointF(1, 1), QPointF(1, 1), combo->mapToGlobal(QPointF(1, 1)));
        QApplication::sendEvent(combo, &enter);
        QCOMPARE(combo->focusPolicy(), Qt::StrongFocus);
        wheel();
        QCOMPARE(doc()->deployment(id)->device, device);
        QCOMPARE(doc()->undoStack()->index(), undoBefore);
        // Focused, it takes the wheel as any combo does, as one undoable edit.
        combo->setFocus();
        if (combo->hasFocus() && combo->currentIndex() + 1 < combo->count()) { // offscreen may refuse focus
            wheel();                                                           // down: the next device
            QCOMPARE(doc()->undoStack()->index(), undoBefore + 1);
            QVERIFY(doc()->deployment(id)->device != device);
            doc()->undoStack()->undo();
        }
        QCOMPARE(doc()->deployment(id)->device, device);
        QVERIFY(settle());
    }

    void renameInPlace()
    {
        const QString id = doc()->scenario().deployments.back().id;
        QLineEdit* edit = view()->editName(id);
        QVERIFY(edit);
        edit->setText(QStringLiteral("Big H200 pool"));
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(doc()->deployment(id)->name, QStringLiteral("Big H200 pool"));
        QVERIFY(settle());
    }

    void consecutiveMovesMerge()
    {
        const QString id = doc()->scenario().deployments.front().id;
        const QPointF start(doc()->deployment(id)->x, doc()->deployment(id)->y);
        const int index = doc()->undoStack()->index();
        for (int i = 1; i <= 5; ++i)
            doc()->undoStack()->push(new MoveDeploymentsCommand(doc(), {{id, start + QPointF(10 * i, 0)}}));
        QCOMPARE(doc()->undoStack()->index(), index + 1);
        QCOMPARE(doc()->deployment(id)->x, start.x() + 50);
        QCOMPARE(window()->canvas()->scene()->item(id)->pos(), start + QPointF(50, 0));
        doc()->undoStack()->undo();
        QCOMPARE(QPointF(doc()->deployment(id)->x, doc()->deployment(id)->y), start);
    }

    void modelDockImportsConfigAndDialsParametric()
    {
        const QString path = m_dir->filePath(QStringLiteral("config.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"model_type": "llama", "hidden_size": 4096, "intermediate_size": 14336,
                    "num_attention_heads": 32, "num_key_value_heads": 8, "num_hidden_layers": 32,
                    "vocab_size": 128256, "max_position_embeddings": 131072, "tie_word_embeddings": false})");
        f.close();
        const QString id = doc()->scenario().deployments.back().id;
        doc()->setSelection({id});
        const int undoIndex = doc()->undoStack()->index();
        QVERIFY(window()->model()->importHfConfig(path));
        QVERIFY(doc()->deployment(id)->model.inlineModel.has_value());
        QCOMPARE(doc()->deployment(id)->model.inlineModel->arch.layers, 32);
        QCOMPARE(doc()->undoStack()->index(), undoIndex + 1);
        auto a = settle();
        QVERIFY(a);
        QVERIFY2(a->error.isEmpty(), qPrintable(a->error));

        // A bad file explains itself in the Issues panel and changes nothing.
        QVERIFY(!window()->model()->importHfConfig(m_dir->filePath(QStringLiteral("missing.json"))));
        QCOMPARE(doc()->undoStack()->index(), undoIndex + 1);

        QString error;
        const auto parametric = window()->model()->parametricModel(&error);
        QVERIFY2(parametric, qPrintable(error));
        QVERIFY(parametric->inlineModel->parametric.has_value());
        window()->model()->applyModel(*parametric, QStringLiteral("parametric"));
        QVERIFY(doc()->deployment(id)->model.inlineModel->parametric.has_value());
        a = settle();
        QVERIFY(a);
        QVERIFY2(a->error.isEmpty(), qPrintable(a->error));
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QVERIFY(!doc()->deployment(id)->model.inlineModel.has_value());
        doc()->setSelection({});
    }

    void modelDockImportsGgufHeader()
    {
        auto* button = window()->model()->findChild<QPushButton*>(QStringLiteral("ImportGgufButton"));
        QVERIFY(button);
        const QString path = m_dir->filePath(QStringLiteral("tiny-llama.gguf"));
        const auto w = is::test::GgufTestWriter::llama(64, 2, 4, 2, 128, 100, is::test::GgufTestWriter::Q8_0);
        QVERIFY(w.write(path));
        const QString id = doc()->scenario().deployments.back().id;
        doc()->setSelection({id});
        const std::optional<Precision> weightsBefore = doc()->deployment(id)->weights;
        const int undoIndex = doc()->undoStack()->index();

        // Through the button: the chooser asks for a GGUF file, the user picks one, it is imported.
        bool asked = false;
        is::gui::filedialogs::setAnswerForTests([&](is::gui::filedialogs::Purpose purpose,
                                                    const QString& caption, const QString&) {
            asked =
                purpose == is::gui::filedialogs::Purpose::Open && caption.contains(QStringLiteral("GGUF"));
            return path;
        });
        button->click();
        is::gui::filedialogs::setAnswerForTests(nullptr);
        QVERIFY(asked);
        QVERIFY(doc()->deployment(id)->model.inlineModel.has_value());
        QCOMPARE(doc()->deployment(id)->model.inlineModel->arch.name, QStringLiteral("Test Llama"));
        QCOMPARE(doc()->undoStack()->index(), undoIndex + 1);
        doc()->undoStack()->undo();
        QVERIFY(!doc()->deployment(id)->model.inlineModel.has_value());

        // And directly, as the dialog's answer is handled.
        QVERIFY(window()->model()->importGguf(path));
        {
            const auto& m = doc()->deployment(id)->model.inlineModel;
            QVERIFY(m.has_value());
            QCOMPARE(m->arch.layers, 2);
            QCOMPARE(m->arch.kvHeads, 2);
            // Exactly the parameters the tensors hold, derived again from the architecture.
            QCOMPARE(paramBreakdown(m->arch).total(), static_cast<double>(w.parameters()));
        }
        // Q8_0 tensors: the deployment serves 8-bit weights; model and precision are one undo step.
        QCOMPARE(doc()->deployment(id)->weights, std::optional<Precision>(Precision::INT8));
        QCOMPARE(doc()->undoStack()->index(), undoIndex + 1);
        auto a = settle();
        QVERIFY(a);
        QVERIFY2(a->error.isEmpty(), qPrintable(a->error));

        // A truncated file explains itself (file and field) in the Issues panel and changes nothing.
        const QString cut = m_dir->filePath(QStringLiteral("cut.gguf"));
        {
            QFile f(cut);
            QVERIFY(f.open(QIODevice::WriteOnly));
            const QByteArray bytes = w.build();
            f.write(bytes.left(bytes.size() / 2));
        }
        QVERIFY(!window()->model()->importGguf(cut));
        QCOMPARE(doc()->undoStack()->index(), undoIndex + 1);
        bool reported = false;
        for (const IssueLog::Issue& i : m_studio->issues()->issues())
            reported |=
                i.severity == IssueLog::Severity::Error && i.text.startsWith(cut + QStringLiteral(": "));
        QVERIFY(reported);

        doc()->undoStack()->undo();
        QVERIFY(!doc()->deployment(id)->model.inlineModel.has_value());
        QCOMPARE(doc()->deployment(id)->weights, weightsBefore);
        doc()->setSelection({});
    }

    void exportsReportToStatusBarAndIssues()
    {
        const QString saved = QStringLiteral("Saved speed-vs-context.png");
        Q_EMIT window()->charts()->exported(saved, true);
        QCOMPARE(window()->statusBar()->currentMessage(), saved);
        Q_EMIT window()->table()->exported(QStringLiteral("Saved comparison.csv"), true);
        QCOMPARE(window()->statusBar()->currentMessage(), QStringLiteral("Saved comparison.csv"));

        const QString failure = m_dir->filePath(QStringLiteral("no/such/dir/chart.pdf: cannot write"));
        Q_EMIT window()->charts()->exported(failure, false);
        bool inIssues = false;
        for (const IssueLog::Issue& i : m_studio->issues()->issues())
            inIssues |= i.severity == IssueLog::Severity::Error && i.text == failure;
        QVERIFY(inIssues);
        auto* box = window()->findChild<QMessageBox*>(QStringLiteral("ExportErrorBox"));
        QVERIFY(box);
        QVERIFY(box->isVisible());
        QCOMPARE(box->text(), failure);
        box->close();
        QTRY_VERIFY(!window()->findChild<QMessageBox*>(QStringLiteral("ExportErrorBox")));
    }

    // Chart and table exports open in the folder of the last export, and the studio keeps it.
    void exportsRememberTheirFolder()
    {
        Settings* settings = m_studio->settings();
        QCOMPARE(Settings(m_dir->filePath(QStringLiteral("fresh.ini"))).exportDirectory(),
                 QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation));
        const QString before = settings->exportDirectory();
        const QString first = m_dir->filePath(QStringLiteral("exports/first"));
        const QString second = m_dir->filePath(QStringLiteral("exports/second"));
        QVERIFY(QDir().mkpath(first) && QDir().mkpath(second));

        ChartPanel* chart = window()->charts()->chart(QStringLiteral("latency"));
        QVERIFY(chart);
        QAction* chartCsv = nullptr;
        for (QAction* a : chart->exportActions())
            if (a->objectName() == QLatin1String("export-csv"))
                chartCsv = a;
        QAction* tableCsv = nullptr;
        for (QAction* a : window()->table()->actions())
            if (a->text() == ComparisonTable::tr("Export table as CSV…"))
                tableCsv = a;
        QVERIFY(chartCsv && tableCsv);

        QStringList proposed;
        QString answer;
        filedialogs::setAnswerForTests([&](filedialogs::Purpose purpose, const QString&, const QString& p) {
            proposed << (purpose == filedialogs::Purpose::Save ? p : QStringLiteral("<open>"));
            return answer;
        });
        const auto restore = qScopeGuard([] { filedialogs::setAnswerForTests(nullptr); });
        // A chart exported into one folder...
        answer = first + QStringLiteral("/latency.csv");
        chartCsv->trigger();
        QVERIFY(QFileInfo::exists(answer));
        QCOMPARE(settings->exportDirectory(), first);
        // ...is where the table's export starts; exporting it elsewhere moves the folder.
        answer = second + QStringLiteral("/table.csv");
        tableCsv->trigger();
        QVERIFY(QFileInfo::exists(answer));
        QCOMPARE(settings->exportDirectory(), second);
        // Cancelling keeps the folder.
        answer.clear();
        chartCsv->trigger();
        QCOMPARE(proposed, QStringList({before + QStringLiteral("/latency.csv"),
                                        first + QStringLiteral("/comparison.csv"),
                                        second + QStringLiteral("/latency.csv")}));
        QCOMPARE(settings->exportDirectory(), second);

        // Kept across sessions: the settings file holds it.
        settings->sync();
        QCOMPARE(Settings(m_dir->filePath(QStringLiteral("settings.ini"))).exportDirectory(), second);
    }

    void contextSliderChangesCharts()
    {
        LogSlider* slider = window()->workload()->contextSlider();
        const int start = slider->value();
        const double tokensBefore = doc()->scenario().workload.inputTokens;
        auto before = settle();
        QVERIFY(before);
        const QStringList csvBefore = chartsCsv();
        const double ttftBefore = before->deployments.front().estimate.mid.ttftS;
        const int undoIndex = doc()->undoStack()->index();

        // A drag of the slider through several positions is one undo step.
        slider->setValue(slider->maximum() / 2);
        slider->setValue(slider->maximum() * 3 / 4);
        slider->setValue(slider->maximum() * 4 / 5);
        QCOMPARE(doc()->undoStack()->index(), undoIndex + 1);
        const double tokens = doc()->scenario().workload.inputTokens;
        QVERIFY(tokens > 256 * 1024);
        auto after = settle();
        QVERIFY(after);
        QVERIFY(after->deployments.front().estimate.mid.ttftS != ttftBefore);
        QVERIFY(!window()->charts()->charts().isEmpty());
        QVERIFY2(chartsCsv() != csvBefore, "no chart changed when the context slider moved");

        doc()->undoStack()->undo();
        QCOMPARE(doc()->scenario().workload.inputTokens, tokensBefore);
        QCOMPARE(slider->value(), start);
        doc()->undoStack()->redo();
        QCOMPARE(doc()->scenario().workload.inputTokens, tokens);
        QCOMPARE(slider->value(), slider->maximum() * 4 / 5);
        // The step's text names where the drag ended, as the entry beside it reads.
        QCOMPARE(doc()->undoStack()->undoText(),
                 QStringLiteral("Set context to %1").arg(window()->workload()->contextEdit()->text()));
        QVERIFY(settle());
    }

    // The context slider stops at round values (powers of two and half way between), each of
    // which its entry writes exactly; the entry takes typed lengths with units and refuses
    // anything else with a message.
    void contextEntryAndRoundStops()
    {
        WorkloadPanel* panel = window()->workload();
        LogSlider* slider = panel->contextSlider();
        QLineEdit* entry = panel->contextEdit();
        QVERIFY(entry);
        // 1 K, 1.5 K, 2 K, 3 K … 1 M, 1.5 M, 2 M: 23 stops.
        QCOMPARE(slider->maximum(), 22);
        QCOMPARE(slider->valueAt(0), 1024.0);
        QCOMPARE(slider->valueAt(1), 1536.0);
        QCOMPARE(slider->valueAt(2), 2048.0);
        QCOMPARE(slider->valueAt(13), 96.0 * 1024);
        QCOMPARE(slider->valueAt(22), 2.0 * 1024 * 1024);
        for (int i = 0; i <= slider->maximum(); ++i) {
            const double v = slider->valueAt(i);
            const QString text = units::tokens(v);
            QVERIFY2(units::parseTokens(text) == v, qPrintable(text));
        }
        // The slider has a row of its own, the dock's width, not 86 pixels beside the entry.
        QVERIFY2(slider->width() >= panel->widget()->width() - 24,
                 qPrintable(QStringLiteral("%1 of %2").arg(slider->width()).arg(panel->widget()->width())));

        const auto type = [&](const QString& text) {
            entry->setFocus();
            entry->selectAll();
            QTest::keyClicks(entry, text);
            QTest::keyClick(entry, Qt::Key_Return);
        };
        type(QStringLiteral("128K"));
        QCOMPARE(doc()->scenario().workload.inputTokens, 131072.0);
        QCOMPARE(slider->value(), 14);
        QCOMPARE(entry->text(), QStringLiteral("128 K"));
        QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Set context to 128 K"));
        QVERIFY(!panel->contextMessage()->isVisible());
        type(QStringLiteral("8k"));
        QCOMPARE(doc()->scenario().workload.inputTokens, 8192.0);
        type(QStringLiteral("1M"));
        QCOMPARE(doc()->scenario().workload.inputTokens, 1048576.0);
        QCOMPARE(slider->value(), 20);
        // Between stops: kept as typed, the handle at the nearest stop.
        type(QStringLiteral("100000"));
        QCOMPARE(doc()->scenario().workload.inputTokens, 100000.0);
        QCOMPARE(slider->value(), 13);
        QCOMPARE(entry->text(), units::tokens(100000));

        // Refused, with a message naming the text; the document keeps its context.
        const int index = doc()->undoStack()->index();
        type(QStringLiteral("lots"));
        QCOMPARE(doc()->scenario().workload.inputTokens, 100000.0);
        QCOMPARE(doc()->undoStack()->index(), index);
        QVERIFY(panel->contextMessage()->isVisible());
        QVERIFY2(panel->contextMessage()->text().contains(QLatin1String("lots")),
                 qPrintable(panel->contextMessage()->text()));
        type(QStringLiteral("3M"));
        QCOMPARE(doc()->scenario().workload.inputTokens, 100000.0);
        QVERIFY(panel->contextMessage()->isVisible());
        type(QStringLiteral("32K"));
        QCOMPARE(doc()->scenario().workload.inputTokens, 32768.0);
        QVERIFY(!panel->contextMessage()->isVisible());
        QVERIFY(settle());
    }

    // Undo and Redo keys reach the document while a spin box has the focus, and a number typed
    // digit by digit is one step that says the whole number.
    void undoKeysInSpinBoxes()
    {
        WorkloadPanel* panel = window()->workload();
        auto* concurrency = panel->findChild<QSpinBox*>(QStringLiteral("concurrency"));
        auto* goal = panel->findChild<QComboBox*>(QStringLiteral("goal"));
        QVERIFY(concurrency && goal);
        goal->setCurrentIndex(goal->findData(int(ServingGoal::FixedConcurrency)));
        window()->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window()));
        const int before = doc()->scenario().workload.concurrency;
        const int index = doc()->undoStack()->index();
        concurrency->setFocus();
        QTRY_VERIFY(concurrency->hasFocus());
        concurrency->selectAll();
        QTest::keyClicks(concurrency, QStringLiteral("4096"));
        QCOMPARE(doc()->scenario().workload.concurrency, 4096);
        QCOMPARE(doc()->undoStack()->index(), index + 1);
        const QString text = QStringLiteral("Set concurrency to %1").arg(QLocale().toString(4096));
        QCOMPARE(doc()->undoStack()->undoText(), text);
        // Ctrl+Z with the focus still in the spin box undoes the step in the document.
        QTest::keyClick(concurrency, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc()->scenario().workload.concurrency, before);
        QCOMPARE(doc()->undoStack()->index(), index);
        QCOMPARE(concurrency->value(), before);
        QCOMPARE(doc()->undoStack()->redoText(), text);
        // And the redo key brings it back.
        const QKeySequence redo = QKeySequence(QKeySequence::Redo);
        QVERIFY(!redo.isEmpty());
        QTest::keySequence(concurrency, redo);
        QCOMPARE(doc()->scenario().workload.concurrency, 4096);
        doc()->undoStack()->undo();
        QVERIFY(settle());
    }

    // Prefix caching is edited on the workload panel: each change is one undo step, and the
    // analysis then reports what the cached prefix saved.
    void prefixCachingIsAnUndoableWorkloadEdit()
    {
        WorkloadPanel* panel = window()->workload();
        auto* hit = panel->findChild<QDoubleSpinBox*>(QStringLiteral("prefixHitRate"));
        auto* idle = panel->findChild<QSpinBox*>(QStringLiteral("idleSessions"));
        QVERIFY(hit && idle);
        const int start = doc()->undoStack()->index();
        hit->setValue(80);
        QCOMPARE(doc()->scenario().workload.prefixHitRate, 0.8);
        QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Set cached prefix to 80 %"));
        idle->setValue(300);
        QCOMPARE(doc()->scenario().workload.idleSessions, 300);
        QCOMPARE(doc()->undoStack()->index(), start + 2);
        const auto a = settle();
        QVERIFY(a);
        for (const DeploymentAnalysis& d : a->deployments) {
            if (!d.estimate.mid.fits)
                continue;
            QVERIFY(d.estimate.mid.reuse.active());
            QVERIFY(d.estimate.mid.reuse.cachedTokens > 0);
        }
        doc()->undoStack()->undo();
        QCOMPARE(doc()->scenario().workload.idleSessions, 0);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->scenario().workload.prefixHitRate, 0.0);
        QCOMPARE(hit->value(), 0.0);
        QVERIFY(settle());
    }

    // Latency targets can be set in every goal; a deployment that misses one says which, in
    // the comparison table and on its canvas card, with the same words.
    void missedTargetsAreMarked()
    {
        WorkloadPanel* panel = window()->workload();
        auto* goal = panel->findChild<QComboBox*>(QStringLiteral("goal"));
        auto* tpot = panel->findChild<QDoubleSpinBox*>(QStringLiteral("tpotTarget"));
        auto* ttft = panel->findChild<QDoubleSpinBox*>(QStringLiteral("ttftTarget"));
        QVERIFY(goal && tpot && ttft);
        const int start = doc()->undoStack()->index();
        for (ServingGoal g :
             {ServingGoal::FixedConcurrency, ServingGoal::MaxThroughput, ServingGoal::LatencyBounded}) {
            goal->setCurrentIndex(goal->findData(int(g)));
            QVERIFY(tpot->isEnabled() && ttft->isEnabled());
        }
        goal->setCurrentIndex(goal->findData(int(ServingGoal::FixedConcurrency)));
        // 0.1 ms per token: no deployment here reaches 10,000 tok/s per user.
        tpot->setValue(0.1);
        QCOMPARE(doc()->scenario().workload.tpotLimitS, 0.0001);
        QCOMPARE(doc()->undoStack()->undoText(),
                 QStringLiteral("Set TPOT target to %1").arg(units::seconds(0.0001)));
        auto a = settle();
        QVERIFY(a);
        window()->table()->setAnalysis(a, {});
        ComparisonModel* model = window()->table()->model();
        const int row = model->rowOf(ComparisonModel::Metric::Targets);
        for (size_t i = 0; i < a->deployments.size(); ++i) {
            const DeploymentAnalysis& d = a->deployments[i];
            if (!d.estimate.mid.fits)
                continue;
            QCOMPARE(d.missedTargets.size(), size_t(1));
            const QString text = model->index(row, model->valueColumn(int(i))).data().toString();
            QVERIFY2(text.contains(QLatin1String("TPOT")), qPrintable(text));
            DeploymentItem* item = window()->canvas()->scene()->item(d.docId);
            QVERIFY(item);
            QCOMPARE(item->view().missedTargets, text);
        }
        // Back to no target: the edit merges into the one that set it, and the marks go.
        tpot->setValue(0);
        QCOMPARE(doc()->scenario().workload.tpotLimitS, 0.0);
        a = settle();
        QVERIFY(a);
        for (const DeploymentAnalysis& d : a->deployments) {
            QVERIFY(d.missedTargets.empty());
            QVERIFY(window()->canvas()->scene()->item(d.docId)->view().missedTargets.isEmpty());
        }
        while (doc()->undoStack()->index() > start)
            doc()->undoStack()->undo();
        QVERIFY(settle());
    }

    void deleteAndUndoRestores()
    {
        const Scenario before = doc()->scenario();
        const QString id = before.deployments.front().id;
        doc()->setSelection({id});
        window()->canvas()->deleteSelection();
        QVERIFY(!doc()->deployment(id));
        QVERIFY(!window()->canvas()->scene()->item(id));
        doc()->undoStack()->undo();
        QVERIFY(doc()->scenario() == before);
        QVERIFY(window()->canvas()->scene()->item(id));
    }

    // Dragging a slider streams analyses in: the charts draw them on axes that only grow, the
    // table keeps its column widths. Once the stream stops the newest analysis is shown again,
    // settled: axes fit the data and the table fits its columns.
    void streamSettlesToFittedViews()
    {
        AnalysisRunner* runner = m_studio->runner();
        ChartsView* charts = window()->charts();
        ComparisonTable* table = window()->findChild<ComparisonTable*>();
        QVERIFY(table);
        ChartPanel* latency = charts->chart(QStringLiteral("latency"));
        QVERIFY(latency);
        // (Looked up each time: a chart rebuilds its axes when its categories change.)
        // In milliseconds, whichever unit the axis counts (seconds from 10 s on, hours from 10,000 s).
        const auto ttftTop = [latency] {
            auto* axis = qobject_cast<QValueAxis*>(latency->chart()->axes(Qt::Vertical).value(0));
            if (!axis)
                return -1.0;
            const QString t = axis->titleText();
            return axis->max() * (t.endsWith(QLatin1String("(h)"))   ? 3.6e6
                                  : t.endsWith(QLatin1String("(s)")) ? 1e3
                                                                     : 1.0);
        };
        LogSlider* slider = window()->workload()->contextSlider();
        const auto columnWidths = [table] {
            QList<int> w;
            for (int c = 0; c < table->model()->columnCount(); ++c)
                w << table->view()->horizontalHeader()->sectionSize(c);
            return w;
        };
        QSignalSpy streaming(runner, &AnalysisRunner::streamingChanged);
        const auto settleAt = [&](int position) {
            slider->setValue(position);
            if (!settle())
                return false;
            if (runner->streaming() && !(streaming.wait(10000) && !runner->streaming()))
                return false;
            charts->flush();
            return true;
        };
        const int shortContext = 0;
        const int longContext = slider->maximum() * 3 / 5;

        // Settled at a long context, then at the short one: the TTFT axis fits the short one (an
        // axis keeps a range the data still fills 40 % of, so where it comes from matters).
        QVERIFY(settleAt(longContext));
        QVERIFY(settleAt(shortContext));
        QVERIFY(!charts->live());
        const double shortTop = ttftTop();
        QVERIFY(shortTop > 0);
        const QList<int> shortWidths = columnWidths();

        // The stream: the long context, then the short one again. A long settle interval, so that
        // a busy machine's analyses still count as one stream.
        const int settleMs = runner->settleInterval();
        runner->setSettleInterval(3000);
        streaming.clear();
        slider->setValue(longContext);
        QVERIFY(settle());
        const double longTop = ttftTop();
        // (Far enough apart that a settled axis would not keep the long one's range.)
        QVERIFY2(longTop > 3 * shortTop, "the TTFT axis should grow with the context");
        slider->setValue(shortContext);
        QVERIFY(settle());
        QVERIFY(runner->streaming());
        QCOMPARE(streaming.count(), 1);
        QCOMPARE(streaming.first().first().toBool(), true);
        QVERIFY(charts->live());
        QVERIFY(!latency->chartView()->renderHints().testFlag(QPainter::Antialiasing));
        QCOMPARE(ttftTop(), longTop); // only grows while streaming

        // Settled: fitted to the newest analysis again.
        QVERIFY(streaming.wait(10000));
        QCOMPARE(streaming.last().first().toBool(), false);
        QVERIFY(!runner->streaming());
        charts->flush();
        QVERIFY(!charts->live());
        QVERIFY(latency->chartView()->renderHints().testFlag(QPainter::Antialiasing));
        QCOMPARE(ttftTop(), shortTop);
        QCOMPARE(columnWidths(), shortWidths);
        runner->setSettleInterval(settleMs);
    }

    void saveAndReopenGivesIdenticalResults()
    {
        const QString path = m_dir->filePath(QStringLiteral("saved.json"));
        QVERIFY(m_studio->files()->saveTo(path));
        QVERIFY(!doc()->isModified());
        QCOMPARE(doc()->filePath(), path);
        const Scenario saved = doc()->scenario();
        const auto a = m_studio->analyseNow();

        QVERIFY(m_studio->files()->openFile(path));
        QVERIFY(doc()->scenario() == saved);
        QVERIFY(!doc()->isModified());
        QCOMPARE(doc()->undoStack()->count(), 0);
        const auto b = m_studio->analyseNow();
        QCOMPARE(b->deployments.size(), a->deployments.size());
        for (size_t i = 0; i < a->deployments.size(); ++i) {
            const Estimate& x = a->deployments[i].estimate.mid;
            const Estimate& y = b->deployments[i].estimate.mid;
            QCOMPARE(y.chips, x.chips);
            QCOMPARE(y.tokSUser, x.tokSUser);
            QCOMPARE(y.ttftS, x.ttftS);
            QCOMPARE(y.usdPerMTok, x.usdPerMTok);
            QCOMPARE(y.joulesPerToken, x.joulesPerToken);
        }
        QCOMPARE(b->issues, a->issues);
    }

    // A colour that is none opens all the same, in a palette colour, and the Issues panel says
    // which file and field, and what it is shown in.
    void unknownColourIsReportedAndReplaced()
    {
        const QString path = m_dir->filePath(QStringLiteral("colours.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"version": 1, "workload": {"input_tokens": 1000, "output_tokens": 200},
                "model": "llama-3.1-8b",
                "deployments": [
                  {"id": "a", "name": "Teal one", "device": "h100-sxm", "count": 1, "color": "teal"},
                  {"id": "b", "name": "Odd one", "device": "h100-sxm", "count": 1, "color": "notacolor"}]})");
        }
        QVERIFY(m_studio->files()->openFile(path));
        QCOMPARE(doc()->deployment(QStringLiteral("a"))->color, QStringLiteral("teal"));
        const QString shown = doc()->deployment(QStringLiteral("b"))->color;
        QVERIFY(QColor::isValidColorName(shown));
        // One warning for the file, about the bad colour only ("teal" is one).
        QStringList warnings;
        for (const IssueLog::Issue& i : m_studio->issues()->issues())
            if (i.severity == IssueLog::Severity::Warning &&
                i.text.startsWith(QDir::toNativeSeparators(path) + QStringLiteral(": ")))
                warnings << i.text;
        QCOMPARE(warnings.size(), 1);
        QVERIFY(warnings.front().contains(QStringLiteral("deployments[1].color")));
        QVERIFY(warnings.front().contains(QStringLiteral("notacolor")));
        QVERIFY(warnings.front().contains(shown));
        QVERIFY(m_studio->loadDefault());
        QVERIFY(settle());
    }

    // The Issues panel shows the open document's issues (and the catalog's), not those of the
    // file opened before: neither its analysis' warnings, still shown until the new analysis came,
    // nor its document and action messages, kept when the built-in default was opened.
    void issuesBelongToTheOpenDocument()
    {
        IssueLog* log = m_studio->issues();
        log->add(IssueLog::Severity::Warning, IssueLog::Origin::Catalog, QStringLiteral("a catalog note"));
        auto texts = [log] {
            QStringList t;
            for (const IssueLog::Issue& i : log->issues())
                t << i.text;
            return t.join(QLatin1Char('\n'));
        };
        auto write = [this](const char* name, const QByteArray& json) {
            const QString path = m_dir->filePath(QString::fromLatin1(name));
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write(json) == json.size() ? path : QString();
        };
        const QString unfit = write("unfit.json", R"({"version": 1, "workload": {"input_tokens": 1000,
            "output_tokens": 200}, "model": "llama-3.1-405b", "deployments": [
            {"id": "a", "name": "Too small", "device": "h100-sxm", "count": 1, "color": "notacolor"}]})");
        const QString fits = write("fits.json", R"({"version": 1, "workload": {"input_tokens": 1000,
            "output_tokens": 200}, "model": "llama-3.1-8b", "deployments": [
            {"id": "b", "name": "Roomy", "device": "h100-sxm", "count": 1}]})");
        QVERIFY(!unfit.isEmpty() && !fits.isEmpty());
        auto old = [&texts] {
            const QString all = texts();
            return all.contains(QStringLiteral("Llama 3.1 405B")) ||
                   all.contains(QStringLiteral("notacolor")) ||
                   all.contains(QStringLiteral("about the old document"));
        };
        auto openOld = [&] {
            QVERIFY(m_studio->files()->openFile(unfit));
            QVERIFY(settle());
            log->add(IssueLog::Severity::Warning, IssueLog::Origin::Action,
                     QStringLiteral("about the old document"));
            QVERIFY2(texts().contains(QStringLiteral("Llama 3.1 405B does not fit")), qPrintable(texts()));
            QVERIFY(old());
        };
        openOld();
        QVERIFY(m_studio->files()->openFile(fits));
        QVERIFY2(!old(), qPrintable(texts())); // at once, before the new analysis arrives
        QVERIFY(settle());
        QVERIFY2(!old(), qPrintable(texts()));
        QVERIFY(texts().contains(QStringLiteral("a catalog note")));

        openOld();
        QVERIFY(m_studio->loadDefault());
        QVERIFY(settle());
        QVERIFY2(!old(), qPrintable(texts()));
        QVERIFY(texts().contains(QStringLiteral("a catalog note")));
    }

    void autosaveAndRecovery()
    {
        Autosave* autosave = m_studio->autosave();
        autosave->discardRecovery();
        LogSlider* slider = window()->workload()->contextSlider();
        slider->setValue(slider->value() == 0 ? 10 : 0);
        QVERIFY(doc()->isModified());
        QVERIFY(autosave->saveNow());
        QVERIFY(QFile::exists(autosave->recoveryPath()));
        QVERIFY(autosave->recoveryAvailable());
        QString original;
        QString error;
        const auto recovered = autosave->loadRecovery(&original, &error);
        QVERIFY2(recovered, qPrintable(error));
        QCOMPARE(recovered->workload.inputTokens, doc()->scenario().workload.inputTokens);
        QCOMPARE(original, doc()->filePath());
        autosave->markCleanExit();
        QVERIFY(!autosave->recoveryAvailable());
    }

    void newDocumentThenDrop()
    {
        m_studio->files()->newDocument();
        QVERIFY(doc()->scenario().deployments.empty());
        QVERIFY(doc()->scenario().model.isSet());
        QVERIFY(!doc()->isModified());
        auto a = settle();
        QVERIFY(a);
        QVERIFY(a->deployments.empty());
        // Every chart says what to do instead of showing bare axes.
        for (ChartPanel* c : window()->charts()->charts())
            QTRY_VERIFY2(c->placeholder().contains(QStringLiteral("drag hardware")), qPrintable(c->id()));
        // An empty scenario is a document like any other: it saves and opens again.
        const QString empty = m_dir->filePath(QStringLiteral("empty.json"));
        QVERIFY(m_studio->files()->saveTo(empty));
        QVERIFY(!doc()->isModified());
        QVERIFY(m_studio->files()->openFile(empty));
        QVERIFY(doc()->scenario().deployments.empty());
        QCOMPARE(doc()->filePath(), empty);

        auto mime = paletteMime(QStringLiteral("cs-3"));
        QVERIFY(dropAt(mime.get(), QPointF(0, 0)));
        QCOMPARE(doc()->scenario().deployments.size(), size_t(1));
        QVERIFY(!doc()->scenario().deployments.front().model.isSet()); // serves the scenario's model
        a = settle();
        QVERIFY(a);
        QVERIFY2(a->error.isEmpty(), qPrintable(a->error));
        QCOMPARE(a->deployments.size(), size_t(1));
        for (ChartPanel* c : window()->charts()->charts())
            QTRY_VERIFY2(c->placeholder().isEmpty(), qPrintable(c->id()));
        QVERIFY(doc()->isModified());

        // Deleting the last deployment (undoing the drop) gives back the empty charts, the
        // throughput chart's axes as a new document has them (not the last curve's decades).
        auto axesOf = [this] {
            QStringList ranges;
            for (QAbstractAxis* axis :
                 window()->charts()->chart(QStringLiteral("throughput-vs-interactivity"))->chart()->axes())
                if (auto* log = qobject_cast<QLogValueAxis*>(axis))
                    ranges << QStringLiteral("%1-%2").arg(log->min()).arg(log->max());
            return ranges;
        };
        doc()->undoStack()->undo();
        QVERIFY(settle());
        for (ChartPanel* c : window()->charts()->charts())
            QTRY_VERIFY2(!c->placeholder().isEmpty(), qPrintable(c->id()));
        QCOMPARE(axesOf(), QStringList({QStringLiteral("1-1000"), QStringLiteral("1-1000")}));
        QVERIFY(m_studio->loadDefault());
        QVERIFY(settle());
    }

    // Autosave of a document without deployments: the recovery file opens again (it used to be
    // written, refused on reading, and deleted without a word by the next start).
    void autosaveOfEmptyDocumentRecovers()
    {
        Autosave* autosave = m_studio->autosave();
        autosave->discardRecovery();
        m_studio->files()->newDocument();
        QVERIFY(doc()->scenario().deployments.empty());
        LogSlider* slider = window()->workload()->contextSlider();
        slider->setValue(slider->value() == 0 ? 10 : 0);
        QVERIFY(doc()->isModified());
        QVERIFY(autosave->saveNow());
        QVERIFY(autosave->recoveryAvailable());
        QString original;
        QString error;
        const auto recovered = autosave->loadRecovery(&original, &error);
        QVERIFY2(recovered, qPrintable(error));
        QVERIFY(recovered->deployments.empty());
        QCOMPARE(recovered->workload.inputTokens, doc()->scenario().workload.inputTokens);
        // Offered at the next start: the studio (not interactive here) leaves a readable file alone.
        QVERIFY(!m_studio->offerRecovery());
        QVERIFY(QFile::exists(autosave->recoveryPath()));
        autosave->markCleanExit();
        QVERIFY(!autosave->recoveryAvailable());
        QVERIFY(m_studio->loadDefault());
        QVERIFY(settle());
    }

    // A recovery file that cannot be read is kept under another name and reported, not deleted.
    void unreadableRecoveryIsKeptAndReported()
    {
        Autosave* autosave = m_studio->autosave();
        autosave->discardRecovery();
        const QByteArray content = R"({"version": 99, "workload": {}, "deployments": []})";
        {
            QDir().mkpath(QFileInfo(autosave->recoveryPath()).absolutePath());
            QFile f(autosave->recoveryPath());
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        m_studio->settings()->setLastCleanExit(QDateTime::currentDateTime().addSecs(-3600));
        QVERIFY(autosave->recoveryAvailable());
        QVERIFY(!m_studio->offerRecovery());
        QVERIFY(!QFile::exists(autosave->recoveryPath()));
        QVERIFY(!autosave->recoveryAvailable());
        const QFileInfoList kept =
            QFileInfo(autosave->recoveryPath())
                .absoluteDir()
                .entryInfoList({QStringLiteral("autosave-unreadable-*.json")}, QDir::Files);
        QCOMPARE(kept.size(), 1);
        QFile f(kept.front().absoluteFilePath());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), content);
        bool reported = false;
        for (const IssueLog::Issue& i : m_studio->issues()->issues())
            reported =
                reported ||
                (i.severity == IssueLog::Severity::Error && i.text.contains(autosave->recoveryPath()) &&
                 i.text.contains(QStringLiteral("version")) &&
                 i.text.contains(QDir::toNativeSeparators(kept.front().absoluteFilePath())));
        QVERIFY(reported);
        QFile::remove(kept.front().absoluteFilePath());
    }

    void switchToChineseAndBack()
    {
        QVERIFY(LanguageManager::available().contains(QStringLiteral("zh_CN")));
        LogSlider* slider = window()->workload()->contextSlider();
        slider->setValue(slider->value() == slider->maximum() ? 0 : slider->maximum());
        const int edits = doc()->undoStack()->count();
        m_studio->setLanguage(QStringLiteral("zh_CN"), false);
        QVERIFY(window());
        QVERIFY(window()->isVisible());
        const QList<QAction*> menus = window()->menuBar()->actions();
        QVERIFY(!menus.isEmpty());
        QCOMPARE(menus.front()->text(), QStringLiteral("文件(&F)"));
        QCOMPARE(window()->hardwarePalette()->windowTitle(), QStringLiteral("硬件"));
        QVERIFY(window()->workload()->windowTitle() != QStringLiteral("Workload"));
        // Every menu entry in Chinese, the file actions (made once, before any window) too; a
        // recent file's name and a language's own name are the only Latin texts allowed.
        const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        std::function<void(QMenu*)> checkMenu = [&](QMenu* menu) {
            for (QAction* a : menu->actions()) {
                if (a->isSeparator() || !a->statusTip().isEmpty() || a->text() == QStringLiteral("English"))
                    continue;
                QVERIFY2(han.match(a->text()).hasMatch(),
                         qPrintable(menu->title() + QStringLiteral(" > ") + a->text()));
                if (a->menu())
                    checkMenu(a->menu());
            }
        };
        for (QAction* m : menus)
            if (m->menu())
                checkMenu(m->menu());
        // The document and its history survive the rebuilt window.
        QCOMPARE(doc()->undoStack()->count(), edits);
        QVERIFY(edits > 0);
        QVERIFY(!window()->canvas()->scene()->deploymentItems().isEmpty());

        m_studio->setLanguage(QStringLiteral("en"), false);
        QCOMPARE(window()->menuBar()->actions().front()->text(), QStringLiteral("&File"));
    }

    // The %1, %L2... markers of a message: a translation that drops or renumbers one loses a
    // value (a file name, a field) from the message the user reads.
    static QSet<QString> placeholders(const QString& text)
    {
        static const QRegularExpression marker(QStringLiteral("%L?[1-9][0-9]?"));
        QSet<QString> found;
        for (auto it = marker.globalMatch(text); it.hasNext();)
            found.insert(it.next().captured());
        return found;
    }

    void translationIsComplete()
    {
        QFile ts(QStringLiteral(IS_TS_FILE));
        QVERIFY(ts.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&ts);
        int messages = 0;
        QStringList problems;
        QString context;
        QString source;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == QLatin1String("name"))
                context = xml.readElementText();
            else if (xml.name() == QLatin1String("source"))
                source = xml.readElementText();
            else if (xml.name() == QLatin1String("translation")) {
                ++messages;
                const QString type = xml.attributes().value(QLatin1String("type")).toString();
                // Plural forms carry <numerusform> children; readElementText gathers them.
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                if (!type.isEmpty())
                    problems << QStringLiteral("%1: \"%2\" is %3").arg(context, source, type);
                else if (text.trimmed().isEmpty())
                    problems << QStringLiteral("%1: \"%2\" has no translation").arg(context, source);
                else if (placeholders(text) != placeholders(source))
                    problems << QStringLiteral("%1: \"%2\" has other placeholders in \"%3\"")
                                    .arg(context, source, text);
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY2(messages > 100, "the .ts file looks empty: run the update_translations target");
        QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 20).join(QLatin1Char('\n'))));
    }

    void translationCoversEverySourceString()
    {
        QTemporaryDir tmp;
        const QString scan = tmp.filePath(QStringLiteral("scan_zh_CN.ts"));
        QProcess lupdate;
        lupdate.setWorkingDirectory(QStringLiteral(IS_SOURCE_ROOT));
        lupdate.start(QStringLiteral(IS_LUPDATE),
                      {QStringLiteral("-no-obsolete"), QStringLiteral("-locations"), QStringLiteral("none"),
                       QStringLiteral("app"), QStringLiteral("widgets"), QStringLiteral("core"),
                       QStringLiteral("-ts"), scan});
        QVERIFY(lupdate.waitForFinished(120000));
        QCOMPARE(lupdate.exitCode(), 0);
        QString error;
        const QSet<QString> inSources = tsKeys(scan, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QSet<QString> inTs = tsKeys(QStringLiteral(IS_TS_FILE), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList missing = (inSources - inTs).values();
        missing.sort();
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("not in the .ts (build update_translations, then translate):\n") +
                            missing.mid(0, 20).join(QLatin1Char('\n'))));
    }
};

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication::setAttribute(Qt::AA_Use96Dpi);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("InferenceStudioTests"));
    QApplication::setApplicationName(QStringLiteral("tst_gui"));
    QStandardPaths::setTestModeEnabled(true);
    TestGui t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_gui.moc"
