// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Estimate.h"

#include <QColor>
#include <QFont>
#include <QHash>
#include <QString>
#include <QStringList>

#include <cmath>

// Presentation helpers shared by the charts and the comparison table: number formatting,
// deployment colours and names for engine enums. No engine math.
namespace is::gui::chartfmt {

// True for a value a chart can draw.
inline bool drawable(double v)
{
    return std::isfinite(v);
}
// The value, or `fallback` when it is NaN or infinite.
inline double finiteOr(double v, double fallback = 0)
{
    return drawable(v) ? v : fallback;
}

// Axis labels are rich text: a label longer than `maxChars` goes on two lines, broken at the
// space nearest its middle, instead of being cut to "GPT-5.6 Sol on C…". HTML-escaped.
QString twoLineLabel(const QString& label, int maxChars);
// One line, cut in the middle to fit `width` pixels in `font` ("Llama 3.1 7…NVIDIA H100 SXM"):
// both ends of a long name stay readable, and deployments usually differ at one of them.
// HTML-escaped.
QString middleElidedLabel(const QString& label, const QFont& font, qreal width);
// The label's width as Qt Charts measures an axis text (a text item, half a pixel of document
// margin: Chinese lines are wider than QFontMetrics says). `html` may hold <br>.
qreal textWidth(const QString& html, const QFont& font);
// The width Qt Charts 6.4 gives each label of a bottom bar category axis `axisWidth` wide (the
// plot's width) with `categories` categories, beyond which it cuts the label to "...": the axis'
// width over the categories + 2 points of its layout (ChartBarCategoryAxisX::calculateLayout),
// less twice its 4-pixel label padding (HorizontalAxis::updateGeometry), less a pixel for the
// rounding of the text's measured width.
qreal barCategoryLabelWidth(qreal axisWidth, int categories);
// The axis width at which labels `labelWidth` wide fit (the inverse of barCategoryLabelWidth).
qreal barCategoryAxisWidth(qreal labelWidth, int categories);
// The label on one line where it fits `width` pixels in `font`, else on two, broken where the
// longer line is shortest: at a space, after a "/", or between Chinese characters (which have
// no spaces), never leaving one character on a line. HTML-escaped, lines joined by <br>.
QString wrappedLabel(const QString& label, const QFont& font, qreal width);
// The names without the words all of them begin with, or end with, marked by "…" ("Llama 3.1 70B
// on eight NVIDIA H100 SXM" and "Llama 3.1 70B on Groq LPU racks" become "…eight NVIDIA H100
// SXM" and "…Groq LPU racks"): where rows are short of room, what they share says nothing.
// Unchanged for fewer than two names, or where a name would be left empty.
QStringList withoutSharedWords(const QStringList& names);
// The labels made distinct by appending zero-width spaces: Qt Charts drops a repeated
// category, which puts the bars after it on the wrong rows.
QStringList distinctCategories(QStringList labels);
// An upper axis bound at or above v on a 1-2-5 ladder (nice round tick values).
double niceCeil(double v);
// Bar labels print with %g: the significant digits that keep the integer digits of the largest
// bar, `top` (4018, not 4.02e+03; 118788, not 1.188e+05), at least 3 and at most 12.
int barLabelPrecision(double top);

// The deployment's colour; ids without one get a stable palette colour by their index.
QColor deploymentColour(const QHash<QString, QColor>& colours, const QString& id, int index);

// Notes, or the items of one note, in a single line: "a; b" in English, "a；b" in Chinese.
QString joinNotes(const QStringList& notes);
// Sentences in one paragraph: a space after each in English, none after a Chinese full stop
// ("目标。 最便宜" read with a stray gap).
QString joinSentences(const QStringList& sentences);

// Translated names for engine enums.
QString bottleneckName(is::Bottleneck b);
QString kvPlacementName(is::KvPlacement p);
// The note under a chart for a deployment that does not fit, with why (if known) and, where
// the chart draws it at zero, "(drawn as 0)".
QString doesNotFit(const QString& deployment, const QString& why, bool drawnAsZero);

// The colour of the workload's reference lines (latency targets, the current context), dashed
// in every chart: unlike any deployment's colour.
QColor targetColour();

} // namespace is::gui::chartfmt
