// SPDX-License-Identifier: MIT
#include "charts/ChartExport.h"

#include <QCoreApplication>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <cmath>

namespace is::gui::chartexport {

bool writePng(const RenderFn& render, QSize size, const QString& path, QString* error)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing);
        p.setRenderHint(QPainter::TextAntialiasing);
        render(&p, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    if (!image.save(path, "PNG")) {
        if (error)
            *error = QCoreApplication::translate("ChartExport", "%1: cannot write the image").arg(path);
        return false;
    }
    return true;
}

bool writeSvg(const RenderFn& render, QSize size, const QString& title, const QString& path, QString* error)
{
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    svg.setDescription(QCoreApplication::translate("ChartExport", "Exported from Inference Studio"));
    QPainter p;
    if (!p.begin(&svg)) {
        if (error)
            *error = QCoreApplication::translate("ChartExport", "%1: cannot write the SVG file").arg(path);
        return false;
    }
    render(&p, QRectF(QPointF(0, 0), QSizeF(size)));
    p.end();
    return true;
}

bool writePdf(const RenderFn& render, const QString& title, const QString& path, QString* error)
{
    QPdfWriter pdf(path);
    pdf.setTitle(title);
    pdf.setCreator(QStringLiteral("Inference Studio"));
    // Landscape A4 in millimetres, then a resolution that keeps fonts at their screen size.
    pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape, QMarginsF(10, 10, 10, 10),
                                  QPageLayout::Millimeter));
    pdf.setResolution(150);
    QPainter p;
    if (!p.begin(&pdf)) {
        if (error)
            *error = QCoreApplication::translate("ChartExport", "%1: cannot write the PDF file").arg(path);
        return false;
    }
    p.setRenderHint(QPainter::Antialiasing);
    const QRect page = pdf.pageLayout().paintRectPixels(pdf.resolution());
    render(&p, QRectF(QPointF(0, 0), QSizeF(page.size())));
    p.end();
    return true;
}

bool writeText(const QString& text, const QString& path, QString* error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        if (error)
            *error = QCoreApplication::translate("ChartExport", "%1: %2").arg(path, f.errorString());
        return false;
    }
    f.write(text.toUtf8());
    if (!f.commit()) {
        if (error)
            *error = QCoreApplication::translate("ChartExport", "%1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace is::gui::chartexport
