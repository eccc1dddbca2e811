// SPDX-License-Identifier: MIT
// The studio's docks on the offscreen platform, each edit one undoable step of the document: the
// Cost view, the model dock's imports (config.json, a GGUF header), the workload panel's context
// slider and entry, spin boxes with the undo keys, prefix caching and latency targets; and a
// slider drag's stream of analyses settling to fitted charts and table.
#include "Offscreen.h"
#include "StudioSuite.h"

#include "FileDialogs.h"
#include "Units.h"
#include "controls/ElidingComboBox.h"
#include "controls/LogSlider.h"
#include "cost/TcoEditor.h"
#include "issues/IssueLog.h"
#include "issues/IssuesPanel.h"
#include "panels/ModelPanel.h"
#include "panels/WorkloadPanel.h"
#include "table/ComparisonModel.h"
#include "table/ComparisonTable.h"

#include "../core/GgufTestWriter.h"

#include "model/ModelMath.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPainter>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QUndoStack>
#include <QValueAxis>
#include <QtTest>

using namespace is;
using namespace is::gui;

class TestGuiPanels : public is::test::StudioSuite
{
    Q_OBJECT

    // A control of the workload panel, by its object name.
    template <class Control> Control* workloadControl(const char* name) const
    {
        return window()->workload()->findChild<Control*>(QLatin1String(name));
    }

private Q_SLOTS:
    // The studio's own Cost view edits the open document (not a read-only copy).
    void costViewEditsTheDocument()
    {
        auto* editor = window()->findChild<TcoEditor*>();
        QVERIFY(editor);
        const double before = doc()->scenario().tco.usdPerKWh.value;
        const int index = doc()->undoStack()->index();
        QVERIFY2(editor->edit(QString(), QStringLiteral("usd_per_kwh"), QStringLiteral("0.16")),
                 qPrintable(editor->message()));
        QCOMPARE(doc()->scenario().tco.usdPerKWh.value, 0.16);
        QVERIFY(doc()->isModified());
        QCOMPARE(doc()->undoStack()->index(), index + 1);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->scenario().tco.usdPerKWh.value, before);
        // A bad value is refused and changes nothing.
        QVERIFY(!editor->edit(QString(), QStringLiteral("usd_per_kwh"), QStringLiteral("-1")));
        QCOMPARE(doc()->scenario().tco.usdPerKWh.value, before);
        QCOMPARE(doc()->undoStack()->index(), index);
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
        // The catalog box shows the catalog model the selection serves, and its prompt for an
        // imported one (it always showed the prompt).
        QComboBox* catalog = window()->model()->catalogBox();
        QCOMPARE(catalog->currentIndex(), 0);
        doc()->setSelection({doc()->scenario().deployments.front().id});
        const QString servedId = doc()->scenario().deployments.front().model.isSet()
                                     ? doc()->scenario().deployments.front().model.catalogId
                                     : doc()->scenario().model.catalogId;
        QVERIFY(!servedId.isEmpty());
        QCOMPARE(catalog->currentData().toString(), servedId);
        doc()->setSelection({id});
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

    // The Issues tab counts what needs attention: a save's confirmation is listed, not counted
    // ("Issues (1)" after every save read as a problem).
    void issuesCountOnlyWhatNeedsAttention()
    {
        auto* dock = window()->findChild<IssuesPanel*>();
        QVERIFY(dock);
        IssueLog* log = m_studio->issues();
        log->clear(IssueLog::Origin::Action);
        const QList<IssueLog::Issue> existing = log->issues();
        const int before = int(std::count_if(existing.begin(), existing.end(), [](const IssueLog::Issue& i) {
            return i.severity != IssueLog::Severity::Info;
        }));
        const auto title = [&](int n) {
            return n == 0 ? QStringLiteral("Issues") : QStringLiteral("Issues (%1)").arg(n);
        };
        log->add(IssueLog::Severity::Info, IssueLog::Origin::Action, QStringLiteral("Saved a.json"));
        QCOMPARE(dock->windowTitle(), title(before));
        log->add(IssueLog::Severity::Warning, IssueLog::Origin::Action, QStringLiteral("a warning"));
        QCOMPARE(dock->windowTitle(), title(before + 1));
        log->clear(IssueLog::Origin::Action);
        QCOMPARE(dock->windowTitle(), title(before));
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

    // The goal box in a narrow workload dock: a long choice ends in "…" on the closed box, not
    // cut mid-letter, and reads whole once the box is wide enough.
    void goalBoxElidesALongChoice()
    {
        auto* goal = qobject_cast<ElidingComboBox*>(workloadControl<QComboBox>("goal"));
        QVERIFY(goal);
        const int index = doc()->undoStack()->index();
        goal->setCurrentIndex(goal->findData(static_cast<int>(is::ServingGoal::MaxThroughput)));
        const QString whole = goal->currentText();
        goal->resize(goal->fontMetrics().horizontalAdvance(whole) / 2, goal->height());
        QVERIFY2(goal->shownText() != whole && goal->shownText().endsWith(QChar(0x2026)),
                 qPrintable(goal->shownText()));
        // Hovering reads the whole choice, above the box's own tooltip where it has one.
        const QString ownTip = goal->toolTip();
        QVERIFY(goal->hoverText().startsWith(whole));
        if (!ownTip.isEmpty())
            QVERIFY(goal->hoverText().endsWith(ownTip));
        goal->setToolTip(QStringLiteral("What the workload is served for."));
        QCOMPARE(goal->hoverText(), whole + QStringLiteral("\n\nWhat the workload is served for."));
        goal->setToolTip(ownTip);
        goal->resize(goal->sizeHint().width() + goal->fontMetrics().horizontalAdvance(whole), goal->height());
        QCOMPARE(goal->shownText(), whole);
        QCOMPARE(goal->hoverText(), ownTip);
        doc()->undoStack()->setIndex(index);
    }

    // So do the parametric model's boxes ("GQA (groupe" in a narrow model dock).
    void parametricModelBoxesElide()
    {
        int boxes = 0;
        for (QComboBox* box : window()->model()->findChildren<QComboBox*>()) {
            if (box == window()->model()->catalogBox())
                continue;
            auto* eliding = qobject_cast<ElidingComboBox*>(box);
            QVERIFY2(eliding, qPrintable(box->currentText()));
            ++boxes;
        }
        QCOMPARE(boxes, 3);
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
        // 1K, 1.5K, 2K, 3K … 1M, 1.5M, 2M: 23 stops.
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
        QCOMPARE(entry->text(), QStringLiteral("128K"));
        QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Set context to 128K"));
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
        // Another workload edit puts the document's context back in the entry, and the message
        // about the refused text goes with it.
        auto* output = workloadControl<QSpinBox>("outputLength");
        QVERIFY(output);
        output->setValue(output->value() + 1);
        QCOMPARE(entry->text(), units::tokens(100000));
        QVERIFY(!panel->contextMessage()->isVisible());
        doc()->undoStack()->undo();
        // "1 token", not "1 tokens" (the seed benchmark answers each sequence with one token).
        const int outputBefore = output->value();
        const int undoBefore = doc()->undoStack()->index();
        output->setValue(2);
        QCOMPARE(output->text(), QStringLiteral("2 tokens"));
        output->setValue(1);
        QCOMPARE(output->text(), QStringLiteral("1 token"));
        output->setValue(2);
        QCOMPARE(output->text(), QStringLiteral("2 tokens"));
        doc()->undoStack()->setIndex(undoBefore);
        QCOMPARE(output->value(), outputBefore);
        type(QStringLiteral("32K"));
        QCOMPARE(doc()->scenario().workload.inputTokens, 32768.0);
        QVERIFY(!panel->contextMessage()->isVisible());

        // Two lengths typed one after the other are two undo steps: undo goes back one length.
        const int typedFrom = doc()->undoStack()->index();
        type(QStringLiteral("2M"));
        type(QStringLiteral("8K"));
        QCOMPARE(doc()->undoStack()->index(), typedFrom + 2);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->scenario().workload.inputTokens, 2.0 * 1024 * 1024);
        QCOMPARE(entry->text(), units::tokens(2.0 * 1024 * 1024));
        doc()->undoStack()->undo();
        QCOMPARE(doc()->scenario().workload.inputTokens, 32768.0);
        QVERIFY(settle());
    }

    // Undo and Redo keys reach the document while a spin box has the focus, and a number typed
    // digit by digit is one step that says the whole number.
    void undoKeysInSpinBoxes()
    {
        auto* concurrency = workloadControl<QSpinBox>("concurrency");
        auto* goal = workloadControl<QComboBox>("goal");
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
        // Enter ends the edit: the next number typed is a step of its own, and undoing it goes
        // back to 4,096, not to where the first edit began.
        QTest::keyClick(concurrency, Qt::Key_Return);
        concurrency->selectAll();
        QTest::keyClicks(concurrency, QStringLiteral("128"));
        QCOMPARE(doc()->scenario().workload.concurrency, 128);
        QCOMPARE(doc()->undoStack()->index(), index + 2);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->scenario().workload.concurrency, 4096);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->scenario().workload.concurrency, before);
        QVERIFY(settle());
    }

    // Prefix caching is edited on the workload panel: each change is one undo step, and the
    // analysis then reports what the cached prefix saved.
    void prefixCachingIsAnUndoableWorkloadEdit()
    {
        auto* hit = workloadControl<QDoubleSpinBox>("prefixHitRate");
        auto* idle = workloadControl<QSpinBox>("idleSessions");
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
        auto* goal = workloadControl<QComboBox>("goal");
        auto* tpot = workloadControl<QDoubleSpinBox>("tpotTarget");
        auto* ttft = workloadControl<QDoubleSpinBox>("ttftTarget");
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

    // A target typed finer than its box's decimals is the strictest target the box holds, not
    // rounded to 0, which reads "no limit": 0.5 ms of first token is 1 ms, 0.001 ms per token 0.1.
    void aStrictTargetStaysATarget()
    {
        auto* ttft = workloadControl<QDoubleSpinBox>("ttftTarget");
        auto* tpot = workloadControl<QDoubleSpinBox>("tpotTarget");
        QVERIFY(ttft && tpot);
        const int start = doc()->undoStack()->index();
        const auto type = [](QDoubleSpinBox* box, const QString& text) {
            box->setFocus();
            box->selectAll();
            QTest::keyClicks(box, text);
            QTest::keyClick(box, Qt::Key_Return);
        };
        type(ttft, QStringLiteral("0.5"));
        QCOMPARE(ttft->value(), 1.0);
        QCOMPARE(doc()->scenario().workload.ttftLimitS, 0.001);
        type(tpot, QStringLiteral("0.001"));
        QCOMPARE(tpot->value(), 0.1);
        QCOMPARE(doc()->scenario().workload.tpotLimitS, 0.0001);
        // Typed finer but not below the step, a value rounds as the box shows it.
        type(ttft, QStringLiteral("12.7"));
        QCOMPARE(ttft->value(), 13.0);
        // 0 is still "no limit".
        type(ttft, QStringLiteral("0"));
        QCOMPARE(doc()->scenario().workload.ttftLimitS, 0.0);
        QCOMPARE(ttft->text(), ttft->specialValueText());
        while (doc()->undoStack()->index() > start)
            doc()->undoStack()->undo();
        QVERIFY(settle());
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
};

int main(int argc, char** argv)
{
    return is::testing::runOffscreen<TestGuiPanels>(argc, argv, "tst_gui_panels");
}

#include "tst_gui_panels.moc"
