// SPDX-License-Identifier: MIT
#pragma once

#include <QChartView>

// A QChartView that reports when it has painted (update-latency measurement) and opens its
// panel's export actions as a context menu.
class ChartView : public QChartView
{
    Q_OBJECT
public:
    explicit ChartView(QChart* chart, QWidget* parent = nullptr);

    // On screen, text items (tick labels, titles) are cached as pixmaps: re-shaping every label
    // on each live update was a third of the paint time. Exports switch this off so that SVG
    // and PDF keep real text.
    void setTextCaching(bool on);

Q_SIGNALS:
    void painted();

protected:
    void applyTextCaching();

    void paintEvent(QPaintEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    bool m_textCaching = true;
};
