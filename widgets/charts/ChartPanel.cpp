// SPDX-License-Identifier: MIT
#include "charts/ChartPanel.h"

#include "FileDialogs.h"
#include "analysis/ScenarioAnalysis.h"
#include "charts/ChartExport.h"
#include "charts/ChartFormat.h"
#include "charts/ChartView.h"
#include "charts/NiceAxis.h"
#include "charts/WrappingLegend.h"

#include <QAbstractAxis>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QClipboard>
#include <QFileInfo>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLineSeries>
#include <QMimeData>
#include <QPainter>
#include <QTextDocument>
#include <QTextOption>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>

namespace is::gui {

ChartPanel::ChartPanel(QWidget* parent) : QWidget(parent)
{
    auto* chart = new QChart;
    // Live charts: animations would lag behind the slider and cost frames.
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTheme(QChart::ChartThemeLight);
    chart->setMargins(QMargins(4, 4, 4, 4));
    // The chart's own layout pads another 9 px on every side: room the plot needs more.
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    // Square corners: a rounded background is a path fill on every repaint.
    chart->setBackgroundRoundness(0);
    m_view = new ChartView(chart, this);
    m_legend = new WrappingLegend(chart);
    connect(m_view, &ChartView::painted, this, &ChartPanel::painted);
    connect(chart, &QChart::plotAreaChanged, this, &ChartPanel::fitAxisTicks);
    // A title's font changes the plot's other side only (a vertical title takes width): settles.
    connect(chart, &QChart::plotAreaChanged, this, &ChartPanel::fitAxisTitles);
    // What an empty scenario's chart says instead of bare axes; an item of the chart, so exports
    // show it too.
    m_placeholder = new QGraphicsTextItem(chart);
    m_placeholder->setZValue(100);
    m_placeholder->setDefaultTextColor(QColor(0x60, 0x60, 0x60));
    m_placeholder->setVisible(false);
    connect(chart, &QChart::plotAreaChanged, this, &ChartPanel::placePlaceholder);

    m_note = new QLabel(this);
    // Wrapped, never cut: the note says which deployments are drawn at 0 and why, and a cut
    // sentence hid exactly that on small screens. Its width is the panel's (the full text must not
    // set the panel's minimum width); its height follows the lines it needs.
    m_note->setVisible(false);
    m_note->setWordWrap(true);
    m_note->setMinimumWidth(1);
    m_note->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_note->setStyleSheet(QStringLiteral("color: #a33; padding: 0 6px;"));

    m_header = new QHBoxLayout;
    m_header->setContentsMargins(6, 2, 6, 0);
    m_header->addStretch(1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(m_header);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_note);

    createActions();
}

ChartPanel::~ChartPanel() = default;

bool ChartPanel::applyAnalysis(const is::ScenarioAnalysis& analysis,
                               const QHash<QString, QColor>& colourByDeploymentId, bool live)
{
    m_changed = true;
    m_live = live;
    setAnalysis(analysis, colourByDeploymentId);
    m_live = false;
    const QString placeholder = analysis.deployments.empty() ? noDeploymentsText() : QString();
    if (placeholder != this->placeholder()) {
        setPlaceholder(placeholder);
        m_changed = true;
    }
    return m_changed;
}

QString ChartPanel::noDeploymentsText()
{
    return tr("No deployments yet: drag hardware from the Hardware panel onto the canvas.");
}

void ChartPanel::setPlaceholder(const QString& text)
{
    if (text == placeholder())
        return;
    m_placeholder->setPlainText(text);
    m_placeholder->setVisible(!text.isEmpty());
    placePlaceholder();
}

QString ChartPanel::placeholder() const
{
    return m_placeholder->isVisible() ? m_placeholder->toPlainText() : QString();
}

void ChartPanel::placePlaceholder()
{
    const QRectF plot = chart()->plotArea();
    m_placeholder->setTextWidth(std::max(40.0, plot.width() * 0.8));
    QTextOption centred = m_placeholder->document()->defaultTextOption();
    centred.setAlignment(Qt::AlignHCenter);
    m_placeholder->document()->setDefaultTextOption(centred);
    const QSizeF size = m_placeholder->boundingRect().size();
    m_placeholder->setPos(plot.center() - QPointF(size.width() / 2, size.height() / 2));
}

QChart* ChartPanel::chart() const
{
    return m_view->chart();
}

QChartView* ChartPanel::chartView() const
{
    return m_view;
}

QList<QAbstractSeries*> ChartPanel::series() const
{
    return chart()->series();
}

void ChartPanel::createActions()
{
    const auto add = [this](const QString& text, const QString& format) {
        auto* a = new QAction(text, this);
        a->setObjectName(QLatin1String("export-") + format);
        a->setData(format);
        connect(a, &QAction::triggered, this, [this, format] {
            if (format == QLatin1String("copy"))
                copyToClipboard();
            else
                exportWithDialog(format);
        });
        m_exportActions.append(a);
    };
    // Texts are set by retranslate().
    for (const char* format : {"png", "svg", "pdf", "csv", "copy"})
        add(QString(), QLatin1String(format));
    m_view->addActions(m_exportActions);
}

void ChartPanel::addHeaderWidget(QWidget* widget)
{
    m_header->insertWidget(m_header->count() - 1, widget);
}

bool ChartPanel::takeRebuild(const is::ScenarioAnalysis& analysis, const QHash<QString, QColor>* colours)
{
    QStringList signature;
    for (size_t i = 0; i < analysis.deployments.size(); ++i) {
        const auto& d = analysis.deployments[i];
        signature << d.docId << d.name;
        if (colours)
            signature << chartfmt::deploymentColour(*colours, d.docId, int(i)).name();
    }
    if (signature == m_deploymentSignature && !m_needsRebuild)
        return false;
    m_deploymentSignature = signature;
    m_needsRebuild = false;
    return true;
}

void ChartPanel::removeSeriesAndAxes()
{
    chart()->removeAllSeries();
    const auto axes = chart()->axes();
    for (QAbstractAxis* a : axes) {
        chart()->removeAxis(a);
        delete a;
    }
}

QLineSeries* ChartPanel::addRangeWhisker(const QString& deployment, QAbstractAxis* x, QAbstractAxis* y)
{
    auto* w = new QLineSeries;
    w->setName(tr("%1 (range)").arg(deployment));
    QPen pen(QColor(0x30, 0x30, 0x30));
    pen.setWidthF(2);
    w->setPen(pen);
    chart()->addSeries(w);
    w->attachAxis(x);
    w->attachAxis(y);
    return w;
}

void ChartPanel::retranslate()
{
    chart()->setTitle(title());
    const QStringList texts{tr("Export as PNG…"), tr("Export as SVG…"), tr("Export as PDF…"),
                            tr("Export data as CSV…"), tr("Copy to clipboard")};
    for (int i = 0; i < m_exportActions.size() && i < texts.size(); ++i)
        m_exportActions[i]->setText(texts[i]);
    m_needsRebuild = true;
}

void ChartPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

QString ChartPanel::note() const
{
    return m_noteText;
}

void ChartPanel::setNote(const QString& note)
{
    // Unchanged notes must not touch the label: a new text re-lays out the panel.
    if (note == m_noteText)
        return;
    m_noteText = note;
    m_note->setToolTip(note);
    m_note->setVisible(!note.isEmpty());
    showNote();
}

void ChartPanel::showNote()
{
    m_note->setText(m_noteText);
}

void ChartPanel::fitAxisTicks()
{
    const QRectF plot = chart()->plotArea();
    const auto axes = chart()->axes();
    for (QAbstractAxis* a : axes) {
        auto* axis = qobject_cast<QValueAxis*>(a);
        if (!axis || !axis->isVisible())
            continue;
        const QFontMetricsF fm(axis->labelsFont());
        if (axis->orientation() == Qt::Vertical) {
            niceaxis::fitTicks(axis, plot.height(), fm.height());
        } else {
            const QString widest = QString::asprintf(axis->labelFormat().toLatin1().constData(), axis->max());
            niceaxis::fitTicks(axis, plot.width(), fm.horizontalAdvance(widest) + fm.height());
        }
    }
}

void ChartPanel::fitAxisTitles()
{
    const QRectF plot = chart()->plotArea();
    if (plot.isEmpty())
        return;
    const auto axes = chart()->axes();
    for (QAbstractAxis* axis : axes) {
        if (!axis->isVisible() || !axis->isTitleVisible() || axis->titleText().isEmpty())
            continue;
        const qreal room = (axis->orientation() == Qt::Vertical ? plot.height() : plot.width()) - 4;
        QFont font = smallFont();
        while (font.pointSize() > 6 && chartfmt::textWidth(axis->titleText(), font) > room)
            font.setPointSize(font.pointSize() - 1);
        if (axis->titleFont() != font)
            axis->setTitleFont(font);
    }
}

void ChartPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    showNote();
}

void ChartPanel::setFontPointSize(int points)
{
    if (points <= 0 || points == m_fontPointSize)
        return;
    m_fontPointSize = points;
    applyFonts();
}

QSize ChartPanel::minimumCellSize(int width) const
{
    QSize size = minimumSizeHint();
    if (m_note->isHidden())
        size.rheight() += m_note->sizeHint().height();
    // The title is never cut: the chart is at least as wide as it (with the chart's margins and
    // the room Qt Charts keeps beside a title).
    const int titleWidth = int(std::ceil(chartfmt::textWidth(chart()->title(), chart()->titleFont()))) + 16;
    size.setWidth(std::max({size.width(), titleWidth, m_minimumCellWidth}));
    size.rheight() += legendExtraHeight(std::max(width, size.width()));
    return size;
}

int ChartPanel::minimumHeightAt(int width) const
{
    int height = minimumSizeHint().height() + legendExtraHeight(width);
    // The layout's minimum counts one line of a wrapped note; at this width it may need more.
    if (!m_note->isHidden())
        height += std::max(0, m_note->heightForWidth(width) - m_note->minimumSizeHint().height());
    return height;
}

int ChartPanel::legendExtraHeight(int width) const
{
    // The chart's minimum is for its plot and axes; a legend of many long names (five
    // deployments, in Chinese) wraps to more rows at that width, and takes them from the plot.
    const qreal oneRow = QFontMetricsF(smallFont()).height() * 1.25 + 4;
    return int(std::ceil(std::max(0.0, m_legend->heightFor(width) - oneRow)));
}

QFont ChartPanel::smallFont() const
{
    QFont small = font();
    small.setPointSize(std::max(6, m_fontPointSize - 1));
    return small;
}

void ChartPanel::applyFonts()
{
    QFont base = font();
    base.setPointSize(m_fontPointSize);
    QFont titleFont = base;
    titleFont.setPointSize(m_fontPointSize + 1);
    titleFont.setBold(true);
    const QFont small = smallFont();

    chart()->setTitleFont(titleFont);
    m_legend->setFont(small);
    const auto axes = chart()->axes();
    for (QAbstractAxis* axis : axes) {
        axis->setLabelsFont(small);
        axis->setTitleFont(small);
    }
    fitAxisTitles();
    m_note->setFont(small);
    m_placeholder->setFont(base);
    placePlaceholder();
    showNote();
    // Big fonts need big charts: below this the view scrolls rather than truncating titles.
    m_view->setMinimumSize(26 * m_fontPointSize, 20 * m_fontPointSize);
}

void ChartPanel::render(QPainter* painter, const QRectF& target)
{
    QChart* c = chart();
    // The note and the caption are drawn by this painter, not the chart's scene, whose text is
    // laid out in screen pixels: in pixels too, or a PDF (150 dpi) draws them half again larger
    // than the chart's own text, and a print engine at 1200 dpi eight times.
    const auto inScenePixels = [](QFont f) {
        f.setPixelSize(std::max(1, QFontInfo(f).pixelSize()));
        return f;
    };
    const QFont noteFont = inScenePixels(m_note->font());
    const QFont& captionFont = noteFont;
    const QString note = m_noteText;
    const QString caption = m_caption;
    // Strips under the chart for the note and the caption, so exports say what the screen says
    // and which scenario and workload they show.
    const qreal line = QFontMetricsF(noteFont).height();
    const qreal noteHeight = note.isEmpty() ? 0.0 : line * 2.6;
    const qreal captionHeight = caption.isEmpty() ? 0.0 : line * 1.6;
    const QRectF chartRect(target.topLeft(),
                           QSizeF(target.width(), target.height() - noteHeight - captionHeight));

    // Lay the chart out at the export size so fonts keep their point size instead of scaling
    // with the on-screen panel; restore the screen size afterwards.
    const QSizeF screenSize = c->size();
    c->resize(chartRect.size()); // the legend re-wraps for this width (geometryChanged)
    QCoreApplication::sendPostedEvents(c, QEvent::LayoutRequest);
    if (auto* layout = c->layout())
        layout->activate();
    // Labels drawn transparent (a log axis' own, under LogAxisLabels' compact ones) only hold
    // their room in the layout: an SVG would carry them as invisible duplicate text.
    QList<QGraphicsItem*> hidden;
    const auto items = c->scene()->items();
    for (QGraphicsItem* item : items) {
        auto* text = dynamic_cast<QGraphicsTextItem*>(item);
        if (text && text->isVisible() && text->defaultTextColor().alpha() == 0) {
            text->setVisible(false);
            hidden.append(text);
        }
    }
    c->scene()->render(painter, chartRect, QRectF(c->pos(), chartRect.size()));
    for (QGraphicsItem* item : std::as_const(hidden))
        item->setVisible(true);
    // A panel never shown has no screen size; QChartView sizes it when it is shown.
    if (!screenSize.isEmpty()) {
        c->resize(screenSize);
        if (auto* layout = c->layout())
            layout->activate();
    }

    if (!note.isEmpty()) {
        painter->save();
        painter->setFont(noteFont);
        painter->setPen(QColor(0xaa, 0x33, 0x33));
        const QRectF noteRect(target.left() + 8, chartRect.bottom(), target.width() - 16, noteHeight);
        painter->drawText(noteRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, note);
        painter->restore();
    }
    if (!caption.isEmpty()) {
        painter->save();
        painter->setFont(captionFont);
        painter->setPen(QColor(0x55, 0x55, 0x55));
        const QRectF captionRect(target.left() + 8, chartRect.bottom() + noteHeight, target.width() - 16,
                                 captionHeight);
        painter->drawText(captionRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, caption);
        painter->restore();
    }
}

bool ChartPanel::exportPng(const QString& path, QSize size, QString* error)
{
    return chartexport::writePng([this](QPainter* p, const QRectF& r) { render(p, r); }, size, path, error);
}

bool ChartPanel::exportSvg(const QString& path, QSize size, QString* error)
{
    return chartexport::writeSvg([this](QPainter* p, const QRectF& r) { render(p, r); }, size, title(), path,
                                 error);
}

bool ChartPanel::exportPdf(const QString& path, QString* error)
{
    return chartexport::writePdf([this](QPainter* p, const QRectF& r) { render(p, r); }, title(), path,
                                 error);
}

bool ChartPanel::exportCsv(const QString& path, QString* error) const
{
    return chartexport::writeText(toCsv(), path, error);
}

bool ChartPanel::exportTo(const QString& path, QString* error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return exportPng(path, QSize(1600, 1000), error);
    if (suffix == QLatin1String("svg"))
        return exportSvg(path, QSize(1600, 1000), error);
    if (suffix == QLatin1String("pdf"))
        return exportPdf(path, error);
    if (suffix == QLatin1String("csv"))
        return exportCsv(path, error);
    if (error)
        *error = tr("%1: unknown export format (use .png, .svg, .pdf or .csv)").arg(path);
    return false;
}

void ChartPanel::copyToClipboard()
{
    QImage image(QSize(1600, 1000), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing);
        render(&p, QRectF(image.rect()));
    }
    auto* mime = new QMimeData;
    mime->setImageData(image);
    mime->setText(toCsv());
    QApplication::clipboard()->setMimeData(mime);
    Q_EMIT exported(tr("Copied “%1” to the clipboard").arg(title()), true);
}

void ChartPanel::exportWithDialog(const QString& format)
{
    QString filter;
    if (format == QLatin1String("png"))
        filter = tr("PNG image (*.png)");
    else if (format == QLatin1String("svg"))
        filter = tr("SVG drawing (*.svg)");
    else if (format == QLatin1String("pdf"))
        filter = tr("PDF document (*.pdf)");
    else
        filter = tr("CSV data (*.csv)");
    QString path = is::gui::filedialogs::exportFileName(this, tr("Export “%1”").arg(title()),
                                                        id() + QLatin1Char('.') + format, filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + format;
    QString error;
    const bool ok = exportTo(path, &error);
    Q_EMIT exported(ok ? tr("Saved %1").arg(QFileInfo(path).fileName()) : error, ok);
}

} // namespace is::gui
