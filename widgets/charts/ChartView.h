// SPDX-License-Identifier: MIT
#pragma once

#include <QChartView>

namespace is::gui {

// A QChartView that reports when it has painted (update-latency measurement) and opens its
// panel's export actions as a context menu.
class ChartView : public QChartView
{
    Q_OBJECT
public:
    explicit ChartView(QChart* chart, QWidget* parent = nullptr);

Q_SIGNALS:
    void painted();

protected:
    void paintEvent(QPaintEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
};

} // namespace is::gui
