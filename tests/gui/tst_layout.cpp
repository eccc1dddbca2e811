// SPDX-License-Identifier: MIT
// The studio on a small screen: the offscreen platform is given one 1280 x 720 screen, and the
// window must open on it, restore a saved geometry only where it fits, keep every dock usable,
// page the charts instead of scrolling them, and cut no chart title, in English and Chinese.
#include "charts/ChartPanel.h"
#include "charts/ChartsView.h"
#include "mainwindow/MainWindow.h"
#include "mainwindow/Studio.h"
#include "palette/HardwarePalette.h"
#include "settings/LanguageManager.h"
#include "settings/Settings.h"

#include "hardware/Catalog.h"
#include "scenario/ScenarioAnalysis.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QMenu>
#include <QMenuBar>
#include <QScopeGuard>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>

using namespace is;
using namespace is::gui;

class TestLayout : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Studio> m_studio;

    MainWindow* window() const { return m_studio->window(); }

    // A studio as a user starts it (interactive: it restores the saved layout), on `scenario`.
    void start(const QString& scenario = QString())
    {
        m_studio.reset();
        Studio::Options o;
        o.settingsPath = m_dir->filePath(QStringLiteral("settings.ini"));
        o.recoveryPath = m_dir->filePath(QStringLiteral("recovery/autosave.json"));
        o.interactive = true;
        m_studio = std::make_unique<Studio>(Catalog::builtin(), QStringList(), o);
        QVERIFY(scenario.isEmpty() ? m_studio->loadDefault() : m_studio->load(scenario));
        m_studio->createWindow();
        window()->setAskBeforeClosing(false);
        window()->show();
        QVERIFY(QTest::qWaitForWindowExposed(window()));
        QVERIFY(m_studio->analyseNow());
        settle();
    }

    void settle()
    {
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents();
        window()->charts()->flush();
        QTest::qWait(50);
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents();
    }

    static QRect available() { return QGuiApplication::primaryScreen()->availableGeometry(); }

    // Every text of a chart that Qt Charts shortened ("...") or that was cut in the middle ("…").
    static QStringList cutTexts(ChartPanel* panel)
    {
        QStringList cut;
        const auto items = panel->chart()->scene()->items();
        for (QGraphicsItem* item : items) {
            auto* text = dynamic_cast<QGraphicsTextItem*>(item);
            if (!text || !text->isVisible())
                continue;
            const QString plain = text->toPlainText();
            if (plain.contains(QStringLiteral("...")) || plain.contains(QChar(0x2026)))
                cut << plain;
        }
        return cut;
    }

    // Each page of the charts in turn; every chart on a page is checked by `check`.
    void forEveryPage(const std::function<void(ChartPanel*)>& check)
    {
        ChartsView* charts = window()->charts();
        for (int p = 0; p < charts->pageCount(); ++p) {
            charts->setCurrentPage(p);
            settle();
            for (ChartPanel* c : charts->visibleCharts())
                check(c);
        }
        charts->setCurrentPage(0);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        QCOMPARE(QGuiApplication::primaryScreen()->geometry().size(), QSize(1280, 720));
        LanguageManager::apply(QStringLiteral("en"));
    }

    void cleanupTestCase() { m_studio.reset(); }

    // A fresh studio on a 1280 x 720 screen: the whole window on it, not 1600 x 1000 with the
    // right dock and the bottom charts off screen.
    void opensWithinTheScreen()
    {
        start();
        const QString where = QStringLiteral("window %1,%2 %3x%4 on %5x%6")
                                  .arg(window()->frameGeometry().x())
                                  .arg(window()->frameGeometry().y())
                                  .arg(window()->frameGeometry().width())
                                  .arg(window()->frameGeometry().height())
                                  .arg(available().width())
                                  .arg(available().height());
        QVERIFY2(available().contains(window()->frameGeometry()), qPrintable(where));
        QVERIFY2(window()->width() >= available().width() - 20, qPrintable(where));
    }

    // Each dock shown lies in the window and has at least the room its contents need.
    void everyDockIsUsable()
    {
        const QRect inside = window()->rect();
        for (QDockWidget* d : window()->findChildren<QDockWidget*>()) {
            if (!d->isVisible() || d->visibleRegion().isEmpty())
                continue; // tabbed behind another
            const QRect r(d->mapTo(window(), QPoint(0, 0)), d->size());
            QVERIFY2(inside.contains(r), qPrintable(d->objectName()));
            const QSize need = d->widget()->minimumSizeHint();
            const QSize has = d->widget()->size();
            QVERIFY2(has.width() >= need.width() && has.height() >= need.height(),
                     qPrintable(QStringLiteral("%1: %2x%3 < %4x%5")
                                    .arg(d->objectName())
                                    .arg(has.width())
                                    .arg(has.height())
                                    .arg(need.width())
                                    .arg(need.height())));
        }
        // The side columns keep the widths the studio is designed with.
        QVERIFY(window()->hardwarePalette()->width() >= 230);
    }

    // The charts go on pages of fewer a row instead of scrolling both ways; each page's charts
    // have their readable minimum size, and every chart is on some page.
    void chartsReflowWithoutScrolling()
    {
        ChartsView* charts = window()->charts();
        auto* scroll = charts->findChild<QScrollArea*>();
        QVERIFY(scroll);
        QVERIFY(charts->columns() < 3);
        QVERIFY(charts->pageCount() > 1);
        int seen = 0;
        forEveryPage([&](ChartPanel* c) {
            ++seen;
            QVERIFY2(c->isVisible(), qPrintable(c->id()));
            QVERIFY2(c->chartView()->width() >= c->chartView()->minimumWidth() &&
                         c->chartView()->height() >= c->chartView()->minimumHeight(),
                     qPrintable(c->id()));
            QVERIFY(!scroll->horizontalScrollBar()->isVisible());
            QVERIFY(!scroll->verticalScrollBar()->isVisible());
        });
        QCOMPARE(seen, charts->charts().size());
        // The design size still shows them all at once.
        window()->setWindowState(Qt::WindowNoState);
        window()->resize(1600, 1000);
        settle();
        QCOMPARE(charts->pageCount(), 1);
        QCOMPARE(charts->columns(), 3);
        QCOMPARE(charts->visibleCharts().size(), charts->charts().size());
    }

    // F11 in the View menu: full screen and back.
    void fullScreenToggles()
    {
        window()->showMaximized();
        settle();
        QAction* full = window()->fullScreenAction();
        QVERIFY(full);
        QCOMPARE(full->shortcut(), QKeySequence(Qt::Key_F11));
        QMenu* view = nullptr;
        for (QAction* m : window()->menuBar()->actions())
            if (m->menu() && m->menu()->actions().contains(full))
                view = m->menu();
        QVERIFY(view);
        full->trigger();
        QTRY_VERIFY(window()->isFullScreen());
        QVERIFY(full->isChecked());
        full->trigger();
        QTRY_VERIFY(!window()->isFullScreen());
        QTRY_VERIFY(window()->isMaximized());
        QVERIFY(!full->isChecked());
    }

    // A geometry saved on a larger screen is not restored; one that fits is.
    void savedGeometryOnlyWhereItFits()
    {
        // Saved on a 1920 x 1080 screen: 1600 x 1000.
        window()->setWindowState(Qt::WindowNoState);
        window()->setGeometry(QRect(100, 40, 1600, 1000));
        settle();
        window()->close();
        start();
        QVERIFY2(available().contains(window()->frameGeometry()),
                 qPrintable(QStringLiteral("%1x%2").arg(window()->width()).arg(window()->height())));
        // Saved here, at a size that fits: restored as it was.
        window()->setWindowState(Qt::WindowNoState);
        const QRect small(60, 50, 1000, 600);
        window()->setGeometry(small);
        settle();
        window()->close();
        start();
        QVERIFY(!window()->isMaximized());
        QCOMPARE(window()->geometry(), small);
    }
};

int main(int argc, char** argv)
{
    // One 1280 x 720 screen (the offscreen platform's default is 800 x 600), with window frames.
    QTemporaryDir config;
    const QString path = config.filePath(QStringLiteral("screens.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return 2;
    f.write(R"({"windowFrameMargins": true, "screens": [{"name": "small", "x": 0, "y": 0,
        "width": 1280, "height": 720, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    f.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + path.toLocal8Bit());
    QApplication::setAttribute(Qt::AA_Use96Dpi);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("InferenceStudioTests"));
    QApplication::setApplicationName(QStringLiteral("tst_layout"));
    QStandardPaths::setTestModeEnabled(true);
    TestLayout t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_layout.moc"
