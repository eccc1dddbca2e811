// SPDX-License-Identifier: MIT
#pragma once

#include <QSlider>

#include <vector>

namespace is::gui {

// A horizontal slider over a logarithmic range (context length: 1 K to 2 M tokens) that stops at
// round values: every power of two and the point half way up to the next (1.5 times it): 1 K,
// 1.5 K, 2 K, 3 K, 4 K, 6 K, 8 K … 1 M, 1.5 M, 2 M. Those are the lengths context windows are
// quoted in, and each reads exactly in "K" and "M". The integer slider position is the stop's
// index; a value between stops (typed, or from a file) puts the handle at the nearest one.
class LogSlider : public QSlider
{
    Q_OBJECT
public:
    LogSlider(double minimum, double maximum, QWidget* parent = nullptr);

    // Moves the handle to the nearest stop (without emitting logValueChanged).
    void setLogValue(double v);
    // The value of a stop (position 0 to maximum()), and the stop nearest a value.
    double valueAt(int position) const;
    int positionOf(double value) const;
    const std::vector<double>& stops() const { return m_stops; }

Q_SIGNALS:
    // The user moved the slider (not setLogValue).
    void logValueChanged(double value);

private:
    std::vector<double> m_stops;
    bool m_setting = false;
};

} // namespace is::gui
