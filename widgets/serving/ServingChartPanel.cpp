// SPDX-License-Identifier: MIT
#include "serving/ServingChartPanel.h"

#include "charts/LogAxisLabels.h"
#include "charts/WrappingLegend.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLocale>
#include <QScatterSeries>
#include <QXYSeries>

namespace is::gui {

ServingChartPanel::ServingChartPanel(const QString& id, std::function<QString()> title, QWidget* parent)
    : ChartPanel(parent), m_id(id), m_title(std::move(title))
{
    // Numbers Qt Charts writes itself (the values on bars, axis ticks) in the studio's locale, as
    // the tables beside them are: "10,902 systems" read "10902" over a table that says 10,902.
    chart()->setLocalizeNumbers(true);
    chart()->setLocale(QLocale());
    retranslate();
}

void ServingChartPanel::clearChart()
{
    for (const QPointer<LogAxisLabels>& labels : std::as_const(m_logLabels))
        if (labels) {
            labels->removeLabels();
            delete labels;
        }
    m_logLabels.clear();
    removeSeriesAndAxes();
    legend()->setEntries({});
}

void ServingChartPanel::addLogAxisLabels(QLogValueAxis* axis)
{
    m_logLabels << new LogAxisLabels(chart(), axis, LogAxisLabels::Style::Decimal);
}

void ServingChartPanel::refreshFonts()
{
    applyFonts();
    // New axes on the same plot area: thin their ticks now (the plot area may not change).
    fitAxisTicks();
    // One entry per named line and per bar set with something drawn (the cost stack has no
    // rental part for owned hardware: no "Rental" entry then).
    QList<WrappingLegend::Entry> entries;
    const auto all = chart()->series();
    for (QAbstractSeries* series : all) {
        if (auto* xy = qobject_cast<QXYSeries*>(series)) {
            if (xy->name().isEmpty())
                continue;
            WrappingLegend::Entry e;
            e.label = xy->name();
            if (qobject_cast<QScatterSeries*>(xy)) {
                // A scatter series is its markers, filled with its colour (its pen only rims them).
                e.colour = xy->color();
                e.shape = WrappingLegend::Shape::Dot;
            } else {
                e.colour = xy->pen().color();
                e.shape = xy->pen().style() == Qt::SolidLine ? WrappingLegend::Shape::Line
                                                             : WrappingLegend::Shape::DashedLine;
            }
            entries << e;
        } else if (auto* bars = qobject_cast<QAbstractBarSeries*>(series)) {
            const auto sets = bars->barSets();
            for (QBarSet* set : sets) {
                bool drawn = false;
                for (int i = 0; i < set->count() && !drawn; ++i)
                    drawn = set->at(i) > 0;
                if (drawn && !set->label().isEmpty())
                    entries << WrappingLegend::Entry{set->color(), set->label(), WrappingLegend::Shape::Box};
            }
        }
    }
    legend()->setEntries(entries);
}

QStringList ServingChartPanel::legendLabels() const
{
    QStringList labels;
    const auto entries = legend()->entries();
    for (const WrappingLegend::Entry& e : entries)
        labels << e.label;
    return labels;
}

} // namespace is::gui
