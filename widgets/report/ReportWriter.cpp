// SPDX-License-Identifier: MIT
#include "report/ReportWriter.h"

#include "charts/ChartPanel.h"
#include "charts/ChartsView.h"
#include "report/ReportFacts.h"
#include "report/ReportHtml.h"
#include "table/ComparisonModel.h"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGuiApplication>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>

#include <memory>

namespace is::gui {

namespace {

// Pages a report onto one PDF: HTML sections flow over as many pages as they need, charts take a
// page each. Page numbers go in the footer.
class ReportPages
{
public:
    ReportPages(QPdfWriter* pdf, QPainter* painter) : m_pdf(pdf), m_painter(painter)
    {
        const QRect page = pdf->pageLayout().paintRectPixels(pdf->resolution());
        m_footer = QFontMetricsF(footerFont()).height() * 2;
        m_body = QRectF(0, 0, page.width(), page.height() - m_footer);
    }

    void html(const QString& html)
    {
        QTextDocument doc;
        doc.documentLayout()->setPaintDevice(m_pdf);
        doc.setDocumentMargin(0);
        doc.setDefaultFont(textFont(10));
        doc.setPageSize(m_body.size());
        doc.setHtml(html);
        for (int p = 0; p < doc.pageCount(); ++p) {
            startPage();
            m_painter->save();
            m_painter->translate(0, -p * m_body.height());
            doc.drawContents(m_painter, QRectF(0, p * m_body.height(), m_body.width(), m_body.height()));
            m_painter->restore();
        }
    }

    void chart(ChartPanel* chart)
    {
        startPage();
        // Charts size their text in screen pixels; at the PDF's 150 dpi that would read as 7 points.
        // Laid out on a page this much smaller and scaled up, it reads as on a 1600 x 1000 export.
        constexpr qreal kScale = 1.4;
        m_painter->save();
        m_painter->scale(kScale, kScale);
        chart->render(m_painter, QRectF(m_body.topLeft(), m_body.size() / kScale));
        m_painter->restore();
    }

private:
    // Latin letters and digits from a Latin font, other scripts from the studio's font (Noto
    // Sans CJK in Chinese). A CJK font's digits are shaped into glyph variants that the PDF's
    // text layer cannot map back to characters: a copied or searched figure would lose them.
    static QFont textFont(qreal points)
    {
        QFont f = QGuiApplication::font();
        f.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans"), f.family()});
        f.setPointSizeF(points);
        return f;
    }
    static QFont footerFont() { return textFont(8); }

    void startPage()
    {
        if (m_pages > 0)
            m_pdf->newPage();
        ++m_pages;
        m_painter->save();
        QFont f = footerFont();
        m_painter->setFont(f);
        m_painter->setPen(QColor(0x77, 0x77, 0x77));
        m_painter->drawText(
            QRectF(0, m_body.bottom(), m_body.width(), m_footer), Qt::AlignRight | Qt::AlignBottom,
            QCoreApplication::translate("ReportWriter", "Inference Studio report · page %1").arg(m_pages));
        m_painter->restore();
    }

    QPdfWriter* m_pdf;
    QPainter* m_painter;
    QRectF m_body;
    qreal m_footer = 0;
    int m_pages = 0;
};

} // namespace

bool writeReport(const ReportFacts& facts, const QList<ChartPanel*>& charts,
                 const QHash<QString, QColor>& colourByDeploymentId, const QString& engineVersion,
                 const QString& path, QString* error)
{
    // Written beside the target and renamed over it at the end: a failed report never replaces
    // a good one, and a reader never sees half a file.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    {
        QPdfWriter pdf(&file);
        pdf.setTitle(QCoreApplication::translate("ReportWriter", "Inference Studio report: %1")
                         .arg(facts.scenario.name));
        pdf.setCreator(QStringLiteral("Inference Studio %1").arg(engineVersion));
        pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                      QMarginsF(12, 12, 12, 10), QPageLayout::Millimeter));
        pdf.setResolution(150);
        QPainter painter;
        if (!painter.begin(&pdf)) {
            if (error)
                *error =
                    QCoreApplication::translate("ReportWriter", "%1: cannot write the PDF file").arg(path);
            file.cancelWriting();
            return false;
        }
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        ReportPages pages(&pdf, &painter);
        pages.html(reporthtml::front(facts, engineVersion));

        ComparisonModel table;
        table.setAnalysis(std::make_shared<const ScenarioAnalysis>(facts.analysis), colourByDeploymentId);
        pages.html(reporthtml::comparison(table));
        for (ChartPanel* chart : charts)
            pages.chart(chart);
        pages.html(reporthtml::back(facts, engineVersion));
        painter.end();
    }
    if (!file.commit()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

bool writeReportFile(const ReportFacts& facts, const QHash<QString, QColor>& colourByDeploymentId,
                     const QString& engineVersion, const QString& path, QString* error)
{
    ChartsView charts;
    charts.resize(1600, 1000);
    charts.setAnalysis(std::make_shared<const ScenarioAnalysis>(facts.analysis), colourByDeploymentId);
    charts.flush();
    return writeReport(facts, charts.charts(), colourByDeploymentId, engineVersion, path, error);
}

} // namespace is::gui
