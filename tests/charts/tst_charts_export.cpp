// SPDX-License-Identifier: MIT
// The studio's charts exported: every format valid and not blank, real text in SVG and none of it
// invisible, the note and caption in every export, and File > Export's menus; and, on request,
// screenshots of the charts, the comparison table and the measurement panel.
#include "ChartsFixture.h"
#include "EventLoop.h"

#include "charts/ChartPanel.h"
#include "charts/ChartsView.h"
#include "measure/MeasurePanel.h"
#include "table/ComparisonTable.h"

#include <QChartView>
#include <QFile>
#include <QImage>
#include <QMenu>
#include <QPainter>
#include <QSignalSpy>
#include <QStringBuilder>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <cmath>

using namespace is;
using is::gui::ChartPanel;
using is::gui::ChartsView;
using is::gui::ComparisonTable;
using is::gui::MeasurePanel;

class TestChartsExport : public test::ChartsSuite
{
    Q_OBJECT

private Q_SLOTS:
    void svgKeepsTextAfterScreenPaint()
    {
        // A chart already painted on screen exports real text to SVG, not a picture of it.
        ChartsView view;
        QVERIFY(showExposed(view));
        QSignalSpy repainted(&view, &ChartsView::repainted);
        view.setAnalysis(m_analysis, m_colours);
        QTRY_VERIFY(repainted.count() >= 1);
        ChartPanel* panel = view.chart(QStringLiteral("latency"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("latency.svg"));
        QString error;
        QVERIFY2(panel->exportTo(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray svg = file.readAll();
        QVERIFY(svg.contains("<text"));
        QVERIFY(svg.contains("TTFT"));
        QVERIFY(!svg.contains("<image"));
    }

    void exportsAreValid_data()
    {
        QTest::addColumn<QString>("chartId");
        ChartsView view;
        for (ChartPanel* panel : view.charts())
            QTest::newRow(qPrintable(panel->id())) << panel->id();
    }

    void exportsAreValid()
    {
        QFETCH(QString, chartId);
        ChartsView view;
        QVERIFY(showDefaultAnalysis(view));
        ChartPanel* panel = view.chart(chartId);
        QVERIFY(panel);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString base = dir.filePath(chartId);
        const QSizeF screenSize = panel->chart()->size();
        QString error;

        QVERIFY2(panel->exportTo(base + QStringLiteral(".png"), &error), qPrintable(error));
        QImage png(base + QStringLiteral(".png"));
        QVERIFY(!png.isNull());
        QCOMPARE(png.size(), QSize(1600, 1000));
        // Not blank: the chart drew something other than the background.
        QVERIFY(png.pixelColor(png.width() / 2, png.height() / 2).isValid());
        int nonWhite = 0;
        for (int y = 0; y < png.height(); y += 10)
            for (int x = 0; x < png.width(); x += 10)
                nonWhite += png.pixel(x, y) != qRgb(255, 255, 255) ? 1 : 0;
        QVERIFY2(nonWhite > 100, qPrintable(QString::number(nonWhite)));

        QVERIFY2(panel->exportTo(base + QStringLiteral(".svg"), &error), qPrintable(error));
        QSvgRenderer svg(base + QStringLiteral(".svg"));
        QVERIFY(svg.isValid());
        QFile svgFile(base + QStringLiteral(".svg"));
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QByteArray svgHead = svgFile.read(200);
        QVERIFY(svgHead.startsWith("<?xml") || svgHead.startsWith("<svg"));

        QVERIFY2(panel->exportTo(base + QStringLiteral(".pdf"), &error), qPrintable(error));
        QFile pdf(base + QStringLiteral(".pdf"));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.size() > 1000);
        QVERIFY(pdf.read(5).startsWith("%PDF"));

        QVERIFY2(panel->exportTo(base + QStringLiteral(".csv"), &error), qPrintable(error));
        QFile csv(base + QStringLiteral(".csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
        const QStringList lines =
            QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(lines.size() >= 3, qPrintable(chartId)); // header + a row per deployment at least
        const int columns = int(lines.first().count(QLatin1Char(',')));
        QVERIFY(columns >= 2);
        for (const QString& line : lines)
            QCOMPARE(int(line.count(QLatin1Char(','))), columns); // names here carry no commas
        QVERIFY(!lines.join(QLatin1Char('\n')).contains(QLatin1String("nan"), Qt::CaseInsensitive));

        QVERIFY(!panel->exportTo(base + QStringLiteral(".xyz"), &error));
        QVERIFY(!error.isEmpty());

        // The chart on screen keeps its size after an export at another size.
        QCOMPARE(panel->chart()->size(), screenSize);
    }

    void fileExportMenu()
    {
        ChartsView view;
        QMenu menu;
        view.addExportActions(&menu);
        const auto subMenus = menu.findChildren<QMenu*>();
        QCOMPARE(subMenus.size(), view.charts().size());
        for (QMenu* sub : subMenus)
            QCOMPARE(sub->actions().size(), 5);
        // Each chart's view carries the same actions as its context menu.
        QCOMPARE(view.charts().first()->chartView()->actions().size(), 5);
    }

    // The speed chart's log axis keeps Qt's own labels, transparent, under its compact ones: an
    // SVG carried them as invisible duplicate text.
    void exportsLeaveOutInvisibleLabels()
    {
        ChartsView view;
        QVERIFY(showDefaultAnalysis(view));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("speed.svg"));
        QVERIFY(view.chart(QStringLiteral("speed-vs-context"))->exportSvg(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&f);
        QList<bool> transparent{false};
        QStringList invisible, visible;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement()) {
                const bool zero = xml.attributes().value(QLatin1String("fill-opacity")) == QLatin1String("0");
                transparent.append(transparent.back() || zero);
                if (xml.name() == QLatin1String("text")) {
                    const QString text =
                        xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
                    (transparent.back() ? invisible : visible) << text;
                    transparent.removeLast();
                }
            } else if (xml.isEndElement()) {
                transparent.removeLast();
            }
        }
        QVERIFY(!xml.hasError());
        QVERIFY(visible.contains(QStringLiteral("1K")));
        QVERIFY2(invisible.isEmpty(), qPrintable(invisible.join(QLatin1String(", "))));
    }

    // The note under a chart is drawn by the export's painter: at a PDF's 150 dpi it came out half
    // again (at higher resolutions several times) the size of the chart's own text. Its ink is as
    // tall at 150 dpi as at 96.
    void exportNoteKeepsItsSizeAtPrintResolution()
    {
        ChartsView view;
        QVERIFY(showDefaultAnalysis(view));
        ChartPanel* panel = view.chart(QStringLiteral("speed-vs-context"));
        QVERIFY2(!panel->note().isEmpty(), "the default scenario has a 'does not fit' note");
        const auto noteInkRows = [panel](double dpi) {
            QImage image(QSize(1600, 1000), QImage::Format_ARGB32_Premultiplied);
            image.setDotsPerMeterX(int(dpi / 0.0254));
            image.setDotsPerMeterY(int(dpi / 0.0254));
            image.fill(Qt::white);
            {
                QPainter p(&image);
                panel->render(&p, QRectF(image.rect()));
            }
            // The note's red (#aa3333), in the bottom strip under the chart.
            int rows = 0;
            for (int y = image.height() - 120; y < image.height(); ++y) {
                bool ink = false;
                for (int x = 0; x < image.width() && !ink; ++x) {
                    const QColor c = image.pixelColor(x, y);
                    ink = c.red() > 120 && c.green() < 110 && std::abs(c.green() - c.blue()) < 20 &&
                          c.red() - c.green() > 60;
                }
                rows += ink;
            }
            return rows;
        };
        const int screen = noteInkRows(96), print = noteInkRows(150);
        QVERIFY(screen > 4);
        QVERIFY2(
            print <= screen * 1.2 && print >= screen * 0.8,
            qPrintable(QStringLiteral("note ink %1 rows at 96 dpi, %2 at 150 dpi").arg(screen).arg(print)));
    }

    // Exports say which scenario and workload they show.
    void exportsCarryTheCaption()
    {
        ChartsView view;
        QVERIFY(showDefaultAnalysis(view));
        const QString caption = QStringLiteral("Sol vs Kimi — 8,192 input tokens, 1,024 output tokens");
        view.setCaption(caption);
        QTemporaryDir dir;
        for (ChartPanel* panel : view.charts()) {
            QCOMPARE(panel->caption(), caption);
            const QString path = dir.filePath(panel->id() + QStringLiteral(".svg"));
            QVERIFY(panel->exportSvg(path));
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY2(QString::fromUtf8(f.readAll()).contains(QStringLiteral("Sol vs Kimi")),
                     qPrintable(panel->id()));
        }
    }

    void screenshot()
    {
        // For people: IS_CHARTS_SCREENSHOT=/tmp/charts.png writes the grid at 1600x1000.
        const QString path = qEnvironmentVariable("IS_CHARTS_SCREENSHOT");
        if (path.isEmpty())
            QSKIP("set IS_CHARTS_SCREENSHOT to write a screenshot");
        ChartsView view;
        if (qEnvironmentVariableIsSet("IS_CHARTS_FONT"))
            view.setFontPointSize(qEnvironmentVariableIntValue("IS_CHARTS_FONT"));
        QVERIFY(showExposed(view));
        view.setAnalysis(m_analysis, m_colours);
        view.flush();
        QVERIFY(is::testing::waitUntilIdle());
        QVERIFY(view.grab().save(path));
        const QString stem = path.section(QLatin1Char('.'), 0, -2);
        // The size the studio's main window leaves the charts at 1600x1000.
        view.resize(960, 730);
        QVERIFY(is::testing::waitUntilIdle());
        QVERIFY(view.grab().save(stem % QStringLiteral("-narrow.png")));
        for (ChartPanel* panel : view.charts())
            panel->exportTo(stem % QLatin1Char('-') % panel->id() % QStringLiteral(".png"));

        ComparisonTable table;
        table.resize(1000, 520);
        table.setAnalysis(m_analysis, m_colours);
        table.show();
        QVERIFY(QTest::qWaitForWindowExposed(&table));
        QVERIFY(table.grab().save(stem % QStringLiteral("-table.png")));

        if (MeasurePanel::executorAvailable()) {
            MeasurePanel measure;
            measure.resize(520, 640);
            measure.setSyntheticSpec(test::toyModelSpec());
            measure.setTokens(64, 16);
            measure.show();
            QVERIFY(QTest::qWaitForWindowExposed(&measure));
            QSignalSpy finished(&measure, &MeasurePanel::finished);
            measure.start();
            QVERIFY(finished.wait(120000));
            QVERIFY(is::testing::waitUntilIdle()); // the layout settled around the results
            QVERIFY(measure.grab().save(stem % QStringLiteral("-measure.png")));
        }
    }
};

QTEST_MAIN(TestChartsExport)
#include "tst_charts_export.moc"
