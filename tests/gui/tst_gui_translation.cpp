// SPDX-License-Identifier: MIT
// The studio in Chinese and back on the offscreen platform, its document kept; and the zh_CN
// translation checked for completeness: every message translated with its placeholders, and
// every string in the sources (rescanned with lupdate) in the .ts.
#include "Offscreen.h"
#include "StudioSuite.h"

#include "Units.h"
#include "controls/LogSlider.h"
#include "cost/CostTab.h"
#include "cost/TcoEditor.h"
#include "fleet/FleetTab.h"
#include "palette/HardwarePalette.h"
#include "panels/WorkloadPanel.h"
#include "serving/ServingCostFleetView.h"
#include "settings/LanguageManager.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QXmlStreamReader>
#include <QtTest>

#include <functional>

using namespace is;
using namespace is::gui;

namespace {

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

} // namespace

class TestGuiTranslation : public is::test::StudioSuite
{
    Q_OBJECT

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

private Q_SLOTS:
    void switchToChineseAndBack()
    {
        QVERIFY(LanguageManager::available().contains(QStringLiteral("zh_CN")));
        LogSlider* slider = window()->workload()->contextSlider();
        slider->setValue(slider->value() == slider->maximum() ? 0 : slider->maximum());
        const int edits = doc()->undoStack()->count();
        // What the user was looking at stays in view: the Cost tab of the serving view.
        window()->resultTabs()->setCurrentWidget(window()->servingView());
        window()->servingView()->tabs()->setCurrentWidget(window()->servingView()->costTab());
        // And the fleet's target the user set (it went back to 10,000 users).
        window()->servingView()->fleetTab()->setTarget(is::cost::FleetTargetKind::Users, 1e6);
        m_studio->setLanguage(QStringLiteral("zh_CN"), false);
        QVERIFY(window());
        QCOMPARE(window()->servingView()->fleetTab()->targetKind()->currentIndex(), 0);
        QCOMPARE(window()->servingView()->fleetTab()->targetValue()->value(), 1e6);
        // A count in myriads runs on into its measure word, as Chinese writes it ("100万 个" had a
        // gap in the middle of the phrase).
        QCOMPARE(window()->servingView()->fleetTab()->targetText(), QStringLiteral("100万个并发用户"));
        QCOMPARE(window()->resultTabs()->currentWidget(), static_cast<QWidget*>(window()->servingView()));
        QCOMPARE(window()->servingView()->tabs()->currentWidget(),
                 static_cast<QWidget*>(window()->servingView()->costTab()));
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
        // The cost assumptions' names and units, marked in a context of their own, read in Chinese.
        auto* tco = window()->findChild<TcoEditor*>();
        QVERIFY(tco);
        int named = 0;
        for (int r = 0; r < tco->table()->rowCount(); ++r) {
            const QTableWidgetItem* name = tco->table()->item(r, 0);
            const QTableWidgetItem* unit = tco->table()->item(r, 2);
            if (!name || !unit || unit->text().isEmpty())
                continue; // a section's heading row
            QVERIFY2(han.match(name->text()).hasMatch(), qPrintable(name->text()));
            QVERIFY2(han.match(unit->text()).hasMatch() || unit->text().contains(QLatin1Char('/')),
                     qPrintable(unit->text()));
            ++named;
        }
        QVERIFY(named >= 8);
        // Large sums in 万 and 亿, as Chinese counts them.
        QCOMPARE(units::dollars(12e9), QStringLiteral("120亿美元"));
        QCOMPARE(units::dollars(316e6), QStringLiteral("3.16亿美元"));
        QCOMPARE(units::dollars(31.6e6), QStringLiteral("3,160万美元"));
        // The document and its history survive the rebuilt window.
        QCOMPARE(doc()->undoStack()->count(), edits);
        QVERIFY(edits > 0);
        QVERIFY(!window()->canvas()->scene()->deploymentItems().isEmpty());

        m_studio->setLanguage(QStringLiteral("en"), false);
        QCOMPARE(window()->menuBar()->actions().front()->text(), QStringLiteral("&File"));
        QCOMPARE(window()->resultTabs()->currentWidget(), static_cast<QWidget*>(window()->servingView()));
        window()->resultTabs()->setCurrentIndex(0);
        QCOMPARE(units::dollars(12e9), QStringLiteral("$12 bn"));
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
    return is::testing::runOffscreen<TestGuiTranslation>(argc, argv, "tst_gui_translation");
}

#include "tst_gui_translation.moc"
