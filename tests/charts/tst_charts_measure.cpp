// SPDX-License-Identifier: MIT
// The measurement panel on this machine's CPU decode executor: a run on a toy model, cancelling
// one, and a damaged model file explained in the language of the studio.
#include "ChartsFixture.h"

#include "measure/MeasurePanel.h"
#include "settings/LanguageManager.h"

#include <QFile>
#include <QLabel>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace is;
using is::gui::MeasurePanel;

class TestChartsMeasure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void measurePanelRuns()
    {
        MeasurePanel panel;
        if (!MeasurePanel::executorAvailable())
            QSKIP("built without the CPU decode executor");
        panel.setSyntheticSpec(test::toyModelSpec());
        panel.setThreads(1);
        panel.setTokens(24, 8);
        QSignalSpy finished(&panel, &MeasurePanel::finished);
        panel.start();
        QVERIFY(panel.isRunning());
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(!panel.isRunning());
        QVERIFY(panel.measuredTokS() > 0 && std::isfinite(panel.measuredTokS()));
        QVERIFY(panel.predictedTokS() > 0 && std::isfinite(panel.predictedTokS()));
        QVERIFY(!panel.generatedText().isEmpty());

        // The window rebuilt in another language takes the run over: figures, text and inputs.
        MeasurePanel replacement;
        replacement.adopt(panel);
        QCOMPARE(replacement.measuredTokS(), panel.measuredTokS());
        QCOMPARE(replacement.predictedTokS(), panel.predictedTokS());
        QCOMPARE(replacement.generatedText(), panel.generatedText());
        MeasurePanel fresh;
        QCOMPARE(fresh.measuredTokS(), 0.0);
    }

    void measurePanelCancels()
    {
        if (!MeasurePanel::executorAvailable())
            QSKIP("built without the CPU decode executor");
        MeasurePanel panel;
        panel.setSyntheticSpec(test::toyModelSpec());
        panel.setThreads(1);
        panel.setTokens(4000, 8);
        QSignalSpy finished(&panel, &MeasurePanel::finished);
        panel.start();
        // Cancel once decoding has produced something, then the run ends early and not "ok".
        QTRY_VERIFY_WITH_TIMEOUT(!panel.generatedText().isEmpty(), 120000);
        panel.cancel();
        QVERIFY(finished.count() == 1 || finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), false);
        QCOMPARE(panel.measuredTokS(), 0.0);

        // A bad spec fails with a message instead of crashing.
        panel.setSyntheticSpec(QStringLiteral("dim=banana"));
        finished.clear();
        panel.start();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().first().toBool(), false);
    }

    // A presenter running the studio in Chinese who opens a damaged model file reads why in Chinese,
    // with the file named: the reader's message comes from core through the zh_CN translation.
    void measurePanelErrorsInChinese()
    {
        if (!MeasurePanel::executorAvailable())
            QSKIP("built without the CPU decode executor");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("damaged.gguf"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            // The GGUF magic, then version 99 and padding up to a plausible header size.
            QByteArray bytes("GGUF");
            const char version[4] = {99, 0, 0, 0};
            bytes.append(version, 4);
            bytes.append(QByteArray(56, '\0'));
            f.write(bytes);
        }
        QVERIFY(is::gui::LanguageManager::apply(QStringLiteral("zh_CN")));
        const auto restore = qScopeGuard([] { is::gui::LanguageManager::apply(QStringLiteral("en")); });
        MeasurePanel panel;
        panel.setModelFile(path);
        panel.setThreads(1);
        QSignalSpy finished(&panel, &MeasurePanel::finished);
        panel.start();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().first().toBool(), false);
        QString shown;
        for (const QLabel* label : panel.findChildren<QLabel*>())
            if (label->text().contains(QStringLiteral("damaged.gguf")))
                shown = label->text();
        QVERIFY2(shown.contains(QStringLiteral("不支持的 GGUF 版本 99")), qPrintable(shown));
    }
};

QTEST_MAIN(TestChartsMeasure)
#include "tst_charts_measure.moc"
