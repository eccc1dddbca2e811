// SPDX-License-Identifier: MIT
#include "charts/ChartFormat.h"

#include "Names.h"
#include "common/NumberText.h"
#include "style/DeploymentColours.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QGraphicsTextItem>
#include <QLocale>
#include <QTextDocument>

#include <algorithm>
#include <array>
#include <cmath>

namespace is::gui::chartfmt {

QString twoLineLabel(const QString& label, int maxChars)
{
    if (label.size() <= maxChars)
        return label.toHtmlEscaped();
    const qsizetype middle = label.size() / 2;
    qsizetype best = -1;
    for (qsizetype i = 0; i < label.size(); ++i)
        if (label[i] == QLatin1Char(' ') && (best < 0 || std::abs(i - middle) < std::abs(best - middle)))
            best = i;
    if (best < 0)
        return label.toHtmlEscaped();
    return label.left(best).toHtmlEscaped() % QStringLiteral("<br>") % label.mid(best + 1).toHtmlEscaped();
}

qreal textWidth(const QString& html, const QFont& font)
{
    QGraphicsTextItem item;
    item.document()->setDocumentMargin(0.5);
    item.setFont(font);
    item.setHtml(html);
    return item.boundingRect().width();
}

namespace {
constexpr qreal kCategoryLabelPadding = 4; // ChartAxisElement::labelPadding() in Qt Charts 6.4
constexpr qreal kCategoryLabelSlack = 1;   // the measured width's rounding
} // namespace

qreal barCategoryLabelWidth(qreal axisWidth, int categories)
{
    return axisWidth / qreal(std::max(1, categories) + 2) - 2 * kCategoryLabelPadding - kCategoryLabelSlack;
}

qreal barCategoryAxisWidth(qreal labelWidth, int categories)
{
    return (labelWidth + 2 * kCategoryLabelPadding + kCategoryLabelSlack) *
           qreal(std::max(1, categories) + 2);
}

QString wrappedLabel(const QString& label, const QFont& font, qreal width)
{
    const QString whole = label.toHtmlEscaped();
    if (textWidth(whole, font) <= width)
        return whole;
    const auto cjk = [](QChar c) { return c.unicode() >= 0x2e80 && c.unicode() <= 0x9fff; };
    QString best = whole;
    qreal bestWidth = textWidth(whole, font);
    for (qsizetype i = 1; i < label.size(); ++i) {
        const QChar before = label[i - 1], at = label[i];
        QString left, right;
        if (at == QLatin1Char(' ')) {
            left = label.left(i), right = label.mid(i + 1);
        } else if (before == QLatin1Char('/') ||
                   (before != QLatin1Char(' ') && (cjk(before) || cjk(at)) && !at.isPunct())) {
            left = label.left(i), right = label.mid(i);
        } else {
            continue;
        }
        // Nor a line of one character: "首 / token" reads as two labels, and a label a little too
        // wide for the estimate of its room still fits the room Qt gives it.
        if (left.trimmed().size() < 2 || right.trimmed().size() < 2)
            continue;
        const QString html =
            left.trimmed().toHtmlEscaped() % QStringLiteral("<br>") % right.trimmed().toHtmlEscaped();
        const qreal w = std::max(textWidth(left.trimmed().toHtmlEscaped(), font),
                                 textWidth(right.trimmed().toHtmlEscaped(), font));
        if (w < bestWidth) {
            best = html;
            bestWidth = w;
        }
    }
    return best;
}

QString middleElidedLabel(const QString& label, const QFont& font, qreal width)
{
    return QFontMetricsF(font).elidedText(label, Qt::ElideMiddle, width).toHtmlEscaped();
}

QStringList withoutSharedWords(const QStringList& names)
{
    if (names.size() < 2)
        return names;
    QList<QStringList> words;
    for (const QString& n : names)
        words << n.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    qsizetype shortest = words.front().size();
    for (const QStringList& w : words)
        shortest = std::min(shortest, w.size());
    const auto sharedAt = [&](auto wordAt) {
        qsizetype n = 0;
        while (n < shortest && std::all_of(words.begin(), words.end(), [&](const QStringList& w) {
                   return wordAt(w, n) == wordAt(words.front(), n);
               }))
            ++n;
        return n;
    };
    const qsizetype head = sharedAt([](const QStringList& w, qsizetype i) { return w[i]; });
    const qsizetype tail = std::min(
        shortest - head, sharedAt([](const QStringList& w, qsizetype i) { return w[w.size() - 1 - i]; }));
    if ((head == 0 && tail == 0) || head + tail >= shortest)
        return names;
    const QString dots(QChar(0x2026));
    QStringList out;
    for (const QStringList& w : words)
        out << (head ? dots : QString()) + w.mid(head, w.size() - head - tail).join(QLatin1Char(' ')) +
                   (tail ? dots : QString());
    return out;
}

QStringList distinctCategories(QStringList labels)
{
    for (qsizetype i = 1; i < labels.size(); ++i)
        while (labels.indexOf(labels[i]) < i)
            labels[i] += QChar(0x200B);
    return labels;
}

double niceCeil(double v)
{
    if (!drawable(v) || v <= 0)
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(v)));
    for (double step : std::array<double, 4>{1, 2, 5, 10})
        if (v <= step * magnitude * (1 + 1e-9))
            return step * magnitude;
    return 10 * magnitude;
}

int barLabelPrecision(double top)
{
    const int digits = drawable(top) && top >= 1 ? int(std::floor(std::log10(top))) + 1 : 1;
    return std::clamp(digits, 3, 12);
}

QColor deploymentColour(const QHash<QString, QColor>& colours, const QString& id, int index)
{
    const auto it = colours.constFind(id);
    if (it != colours.constEnd() && it->isValid())
        return *it;
    // The document's own palette, in the same order: a deployment without a colour (a chart fed
    // without the document's colours) looks as it would on the canvas.
    const QStringList& palette = is::gui::deploymentPalette();
    return QColor(palette.at(std::max(0, index) % palette.size()));
}

QString joinNotes(const QStringList& notes)
{
    return notes.join(QCoreApplication::translate("chartfmt", "; ", "separates the notes under a chart"));
}

QString joinSentences(const QStringList& sentences)
{
    QString text;
    for (const QString& s : sentences) {
        if (s.isEmpty())
            continue;
        // Full-width sentence ends carry their own space.
        static const QString fullWidthEnds = QStringLiteral("\u3002\uff01\uff1f");
        if (!text.isEmpty() && !fullWidthEnds.contains(text.back()))
            text += QLatin1Char(' ');
        text += s;
    }
    return text;
}

QString bottleneckName(is::Bottleneck b)
{
    // One name per bottleneck across the studio: the canvas shows the same words.
    return is::gui::names::bottleneck(b);
}

QString kvPlacementName(is::KvPlacement p)
{
    switch (p) {
    case is::KvPlacement::OnChip:
        return QCoreApplication::translate("chartfmt", "on chip");
    case is::KvPlacement::AddedChips:
        return QCoreApplication::translate("chartfmt", "adds chips");
    case is::KvPlacement::SpilledExternal:
        return QCoreApplication::translate("chartfmt", "spills to MemoryX");
    }
    return {};
}

QString doesNotFit(const QString& deployment, const QString& why, bool drawnAsZero)
{
    if (drawnAsZero)
        return why.isEmpty()
                   ? QCoreApplication::translate("chartfmt", "%1 does not fit (drawn as 0)").arg(deployment)
                   : QCoreApplication::translate("chartfmt", "%1 does not fit (drawn as 0): %2")
                         .arg(deployment, why);
    return why.isEmpty()
               ? QCoreApplication::translate("chartfmt", "%1 does not fit").arg(deployment)
               : QCoreApplication::translate("chartfmt", "%1 does not fit: %2").arg(deployment, why);
}

QColor targetColour()
{
    return QColor(0x6a, 0x1b, 0x9a);
}

} // namespace is::gui::chartfmt
