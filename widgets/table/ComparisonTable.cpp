// SPDX-License-Identifier: MIT
#include "table/ComparisonTable.h"

#include "FileDialogs.h"
#include "table/ComparisonModel.h"

#include "analysis/ScenarioAnalysis.h"
#include "charts/ChartExport.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFileInfo>
#include <QHeaderView>
#include <QMimeData>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>
#include <QTextBoundaryFinder>
#include <QVBoxLayout>

#include <algorithm>
#include <numeric>

namespace is::gui {

// A header whose labels wrap: the style draws them with Qt::TextWordWrap (set in the alignment,
// elision off), and this reports the wrapped height of a row label at the width it is given.
class WrappingHeader final : public QHeaderView
{
public:
    using QHeaderView::QHeaderView;
    void setWrapWidth(int width) { m_wrapWidth = width; }

protected:
    QSize sectionSizeFromContents(int logicalIndex) const override
    {
        QSize s = QHeaderView::sectionSizeFromContents(logicalIndex);
        if (orientation() != Qt::Vertical || m_wrapWidth <= 0 || !model())
            return s;
        const QString text = model()->headerData(logicalIndex, Qt::Vertical).toString();
        const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this);
        // The style draws the label inside the margins; a little slack keeps the estimate on the
        // side of one line too many rather than a clipped last line.
        const QRect r = fontMetrics().boundingRect(
            QRect(0, 0, std::max(8, m_wrapWidth - 4 * margin - 4), 100000), Qt::TextWordWrap, text);
        return {std::min(s.width(), m_wrapWidth), std::max(s.height(), r.height() + 2 * margin)};
    }

private:
    int m_wrapWidth = 0;
};

namespace {
constexpr Qt::Alignment wrapped(Qt::Alignment a)
{
    return Qt::Alignment::fromInt(a.toInt() | Qt::TextWordWrap);
}

// The widest piece of `text` that cannot be broken across lines (Unicode line breaking, so
// Chinese breaks between characters and "1,710 (1,449–1,742)" after the space and the dash).
int widestUnbreakable(const QFontMetrics& fm, const QString& text)
{
    QTextBoundaryFinder f(QTextBoundaryFinder::Line, text);
    int widest = 0;
    qsizetype start = 0;
    while (f.toNextBoundary() != -1) {
        const qsizetype end = f.position();
        widest = std::max(widest, fm.horizontalAdvance(text.mid(start, end - start).trimmed()));
        start = end;
    }
    return widest;
}
} // namespace

ComparisonTable::ComparisonTable(QWidget* parent)
    : QWidget(parent), m_model(new ComparisonModel(this)), m_view(new QTableView(this))
{
    m_view->setModel(m_model);
    m_refresh.setSingleShot(true);
    m_refresh.setInterval(100);
    connect(&m_refresh, &QTimer::timeout, this, [this] { showAnalysis(true); });
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::ContiguousSelection);
    m_view->setWordWrap(true);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_rowHeader = new WrappingHeader(Qt::Vertical, m_view);
    m_view->setVerticalHeader(m_rowHeader);
    QHeaderView* columns = m_view->horizontalHeader();
    columns->setSectionResizeMode(QHeaderView::Interactive);
    columns->setStretchLastSection(false);
    columns->setTextElideMode(Qt::ElideNone);
    columns->setDefaultAlignment(wrapped(Qt::AlignCenter));
    m_rowHeader->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_rowHeader->setTextElideMode(Qt::ElideNone);
    m_rowHeader->setDefaultAlignment(wrapped(Qt::AlignLeft | Qt::AlignVCenter));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);

    m_copy = new QAction(this);
    m_copy->setShortcut(QKeySequence::Copy);
    m_copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_exportCsv = new QAction(this);
    connect(m_copy, &QAction::triggered, this, &ComparisonTable::copyToClipboard);
    connect(m_exportCsv, &QAction::triggered, this, [this] {
        QString path = is::gui::filedialogs::exportFileName(
            this, tr("Export comparison table"), QStringLiteral("comparison.csv"), tr("CSV data (*.csv)"));
        if (path.isEmpty())
            return;
        if (QFileInfo(path).suffix().isEmpty())
            path += QStringLiteral(".csv");
        QString error;
        const bool ok = exportCsv(path, &error);
        Q_EMIT exported(ok ? tr("Saved %1").arg(QFileInfo(path).fileName()) : error, ok);
    });
    m_view->addActions({m_copy, m_exportCsv});
    // Also on the widget itself, so QWidget::actions() hands them to a host's menu.
    addActions({m_copy, m_exportCsv});
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    retranslate();
}

ComparisonTable::~ComparisonTable() = default;

void ComparisonTable::retranslate()
{
    m_copy->setText(tr("Copy table"));
    m_exportCsv->setText(tr("Export table as CSV…"));
}

void ComparisonTable::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // Row names and ratio phrases are built by the model: rebuild it in the new language.
        if (m_analysis) {
            m_model->setAnalysis(m_analysis, m_colours);
            fitColumns();
        }
    } else if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        fitColumns();
    }
    QWidget::changeEvent(event);
}

void ComparisonTable::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitColumns();
}

void ComparisonTable::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // Sized while hidden, the table chose no form: it does now (a window opened at its final
    // size gets no resize after it shows).
    fitColumns();
}

void ComparisonTable::fitColumns()
{
    int n = m_model->columnCount();
    if (m_fitting || n == 0)
        return;
    m_fitting = true;
    QHeaderView* header = m_view->horizontalHeader();
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    const int cellPad = 2 * (style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view) + 1) + 4;
    const int icon = 14 + margin; // the deployment swatch
    // Room for the cells: the view minus its frame, the row labels and a vertical scroll bar.
    const int scrollBar = m_view->verticalScrollBar()->isVisible()
                              ? m_view->verticalScrollBar()->sizeHint().width()
                              : style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_view);
    const int total = m_view->width() - 2 * m_view->frameWidth() - scrollBar;

    // Row labels: their natural width, or less (wrapping) when the values need the room.
    const QFontMetrics rowFm(m_rowHeader->font());
    int rowNatural = 0, rowMin = 0;
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const QString t = m_model->headerData(r, Qt::Vertical).toString();
        rowNatural = std::max(rowNatural, rowFm.horizontalAdvance(t));
        rowMin = std::max(rowMin, widestUnbreakable(rowFm, t));
    }
    rowNatural += 2 * margin + 4;
    // (About a dozen Latin letters: CJK fonts' average character width is an ideograph's.)
    rowMin = std::max(rowMin + 2 * margin + 4,
                      std::min(rowNatural, rowFm.horizontalAdvance(QLatin1Char('x')) * 12));

    // A column's unwrapped width (cells and header) and the narrowest width it wraps to.
    struct Need
    {
        int natural = 0, minimum = 0;
    };
    const auto headerFont = [&](int column) {
        QFont hf = header->font();
        if (const QVariant f = m_model->headerData(column, Qt::Horizontal, Qt::FontRole); f.isValid())
            hf = f.value<QFont>();
        return hf;
    };
    const auto measure = [&](const QFont& hf, const QString& title, int deco, int column, int role) {
        const QFontMetrics hfm(hf);
        Need need{hfm.horizontalAdvance(title) + deco + 2 * margin + 4,
                  widestUnbreakable(hfm, title) + deco + 2 * margin + 4};
        for (int r = 0; r < m_model->rowCount(); ++r) {
            const QModelIndex idx = m_model->index(r, column);
            QFont cf = m_view->font();
            if (const QVariant f = idx.data(Qt::FontRole); f.isValid())
                cf = f.value<QFont>();
            const QFontMetrics cfm(cf);
            const QString text = idx.data(role).toString();
            for (const QString& line : text.split(QLatin1Char('\n')))
                need.natural = std::max(need.natural, cfm.horizontalAdvance(line) + cellPad);
            need.minimum = std::max(need.minimum, widestUnbreakable(cfm, text) + cellPad);
        }
        need.minimum = std::min(need.minimum, need.natural);
        return need;
    };
    const auto deco = [&](int column) {
        return m_model->headerData(column, Qt::Horizontal, Qt::DecorationRole).isValid() ? icon : 0;
    };

    // The wide table (a value column and a ratio column a deployment) where it fits at its
    // narrowest wrapping; else the compact one (the value over its ratio, one column a
    // deployment), which scrolls sideways only when even that does not fit.
    int wideMinimum = 0;
    for (int i = 0, c = 0; (c = m_model->valueColumn(i)) >= 0; ++i) {
        const QString title = m_model->headerData(c, Qt::Horizontal).toString();
        wideMinimum += measure(headerFont(c), title, deco(c), c, ComparisonModel::FullTextRole).minimum;
        if (i > 0) {
            QFont plain = header->font();
            plain.setBold(false);
            wideMinimum +=
                measure(plain, m_model->ratioTitle(), 0, c, ComparisonModel::RatioTextRole).minimum;
        }
    }
    // A hidden table's width means nothing: it keeps its form until shown.
    const bool compact = total - std::min(rowMin, rowNatural) < wideMinimum;
    if (isVisible() && compact != m_model->compact()) {
        m_model->setCompact(compact);
        n = m_model->columnCount();
    }

    std::vector<int> natural(size_t(n), 0), minimum(size_t(n), 0);
    for (int c = 0; c < n; ++c) {
        const Need need = measure(headerFont(c), m_model->headerData(c, Qt::Horizontal).toString(), deco(c),
                                  c, Qt::DisplayRole);
        natural[size_t(c)] = need.natural;
        minimum[size_t(c)] = need.minimum;
    }
    const int sumNatural = std::accumulate(natural.begin(), natural.end(), 0);
    const int sumMinimum = std::accumulate(minimum.begin(), minimum.end(), 0);

    // Labels keep their natural width while the values fit unwrapped; when they do not, labels
    // give up room down to about a third of the table, and further (to their narrowest wrapping)
    // only if the values could not wrap to fit otherwise.
    int rowWidth = rowNatural;
    if (total - rowNatural < sumNatural) {
        const int floor = std::min(rowNatural, std::max(rowMin, total * 35 / 100));
        rowWidth = std::clamp(total - sumNatural, floor, rowNatural);
        if (total - rowWidth < sumMinimum)
            rowWidth = std::max(std::min(rowMin, rowNatural), total - sumMinimum);
    }
    const int room = total - rowWidth;
    std::vector<int> width = natural;
    if (sumNatural > room) {
        // Start from the minimum and share what is left in proportion to what each still wants.
        width = minimum;
        const int spare = room - sumMinimum;
        const int wanted = sumNatural - sumMinimum;
        if (spare > 0 && wanted > 0)
            for (size_t c = 0; c < width.size(); ++c)
                width[c] +=
                    static_cast<int>(static_cast<long long>(spare) * (natural[c] - minimum[c]) / wanted);
    } else if (room > sumNatural) {
        // Spare room goes to the columns evenly, so the table fills its dock.
        const int extra = (room - sumNatural) / n;
        for (int& w : width)
            w += extra;
    }

    m_rowHeader->setWrapWidth(rowWidth);
    m_rowHeader->setFixedWidth(rowWidth);
    int headerHeight = 0;
    for (int c = 0; c < n; ++c) {
        header->resizeSection(c, width[size_t(c)]);
        const QRect r =
            QFontMetrics(headerFont(c))
                .boundingRect(QRect(0, 0, std::max(8, width[size_t(c)] - deco(c) - 2 * margin - 2), 100000),
                              Qt::TextWordWrap, m_model->headerData(c, Qt::Horizontal).toString());
        headerHeight = std::max(headerHeight, r.height());
    }
    header->setFixedHeight(headerHeight + 2 * margin + 4);
    m_view->resizeRowsToContents();
    m_fitting = false;
}

void ComparisonTable::setAnalysis(std::shared_ptr<const is::ScenarioAnalysis> analysis,
                                  const QHash<QString, QColor>& colourByDeploymentId, bool live)
{
    m_analysis = std::move(analysis);
    m_colours = colourByDeploymentId;
    if (live && m_sinceShown.isValid() && m_sinceShown.elapsed() < m_refresh.interval()) {
        if (!m_refresh.isActive())
            m_refresh.start(std::max(1, int(m_refresh.interval() - m_sinceShown.elapsed())));
        return;
    }
    showAnalysis(live);
}

void ComparisonTable::showAnalysis(bool live)
{
    m_refresh.stop();
    const int rows = m_model->rowCount();
    const int columns = m_model->columnCount();
    m_model->setAnalysis(m_analysis, m_colours);
    m_sinceShown.start();
    // A new shape cannot wait for the stream to end: new columns would have no width.
    if (!live || rows != m_model->rowCount() || columns != m_model->columnCount())
        fitColumns();
}

QString ComparisonTable::toCsv() const
{
    // Numbers in columns, as the charts' CSVs: one line per metric and deployment, the value in
    // its unit with its band (low and high equal the value when no input is a range), and the
    // ratio to the first deployment. Text rows carry ids, not translated phrases; the display
    // text ("1,710 (1,449–1,742)", "5.93x slower") goes to the clipboard's HTML.
    using chartexport::csvField;
    using chartexport::csvNumber;
    QString csv = QStringLiteral("metric,deployment,value,low,high,unit,ratio_to_first\n");
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const QString metric = m_model->headerData(r, Qt::Vertical, ComparisonModel::MetricIdRole).toString();
        const QString unit = m_model->headerData(r, Qt::Vertical, ComparisonModel::UnitRole).toString();
        for (int i = 0; m_model->valueColumn(i) >= 0; ++i) {
            const QModelIndex value = m_model->index(r, m_model->valueColumn(i));
            // From the value cell: the same whether or not the table is compact.
            const QString ratio = csvNumber(value.data(ComparisonModel::RatioRole).toDouble());
            csv += csvField(metric) % QLatin1Char(',') %
                   csvField(m_model->headerData(value.column(), Qt::Horizontal).toString()) %
                   QLatin1Char(',') % csvField(value.data(ComparisonModel::CsvRole).toString()) %
                   QLatin1Char(',') % csvNumber(value.data(ComparisonModel::LowRole).toDouble()) %
                   QLatin1Char(',') % csvNumber(value.data(ComparisonModel::HighRole).toDouble()) %
                   QLatin1Char(',') % unit % QLatin1Char(',') % ratio % QLatin1Char('\n');
        }
    }
    return csv;
}

bool ComparisonTable::exportCsv(const QString& path, QString* error) const
{
    return chartexport::writeText(toCsv(), path, error);
}

void ComparisonTable::copyToClipboard() const
{
    // The table for people and spreadsheets: HTML and tab-separated text with the display text
    // of the wide table (bands and ratios in their own columns, even while the dock shows the
    // compact one); and the numbers (CSV) for tools that read them.
    // The wide form, whichever the dock shows: a value column and a ratio column a deployment.
    QList<QPair<int, int>> columns; // (model column of the value, role)
    for (int i = 0, c = 0; (c = m_model->valueColumn(i)) >= 0; ++i) {
        columns.append({c, ComparisonModel::FullTextRole});
        if (i > 0)
            columns.append({c, ComparisonModel::RatioTextRole});
    }
    QString tsv;
    QString html = QStringLiteral("<table>\n<tr><th></th>");
    for (const auto& [c, role] : std::as_const(columns)) {
        const QString title = role == ComparisonModel::FullTextRole
                                  ? m_model->headerData(c, Qt::Horizontal).toString()
                                  : m_model->ratioTitle();
        tsv += QLatin1Char('\t') % title;
        html += QStringLiteral("<th>") % title.toHtmlEscaped() % QStringLiteral("</th>");
    }
    tsv += QLatin1Char('\n');
    html += QStringLiteral("</tr>\n");
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const QString name = m_model->headerData(r, Qt::Vertical).toString();
        tsv += name;
        html += QStringLiteral("<tr><th>") % name.toHtmlEscaped() % QStringLiteral("</th>");
        for (const auto& [c, role] : std::as_const(columns)) {
            const QString text = m_model->index(r, c).data(role).toString();
            tsv += QLatin1Char('\t') % text;
            html += QStringLiteral("<td>") % text.toHtmlEscaped() % QStringLiteral("</td>");
        }
        tsv += QLatin1Char('\n');
        html += QStringLiteral("</tr>\n");
    }
    html += QStringLiteral("</table>\n");
    auto* mime = new QMimeData;
    mime->setText(tsv);
    mime->setHtml(html);
    mime->setData(QStringLiteral("text/csv"), toCsv().toUtf8());
    QApplication::clipboard()->setMimeData(mime);
}

QList<QAction*> ComparisonTable::exportActions() const
{
    return {m_copy, m_exportCsv};
}

} // namespace is::gui
