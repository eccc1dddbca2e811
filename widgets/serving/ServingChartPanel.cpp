// SPDX-License-Identifier: MIT
#include "serving/ServingChartPanel.h"

#include <QAbstractAxis>
#include <QChart>

ServingChartPanel::ServingChartPanel(const QString& id, std::function<QString()> title, QWidget* parent)
    : ChartPanel(parent), m_id(id), m_title(std::move(title))
{
    retranslate();
}

void ServingChartPanel::clearChart()
{
    chart()->removeAllSeries();
    const auto axes = chart()->axes();
    for (QAbstractAxis* a : axes) {
        chart()->removeAxis(a);
        delete a;
    }
}

void ServingChartPanel::retranslate()
{
    ChartPanel::retranslate();
}
