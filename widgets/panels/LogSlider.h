// SPDX-License-Identifier: MIT
#pragma once

#include <QSlider>

namespace is::gui {

// A horizontal slider over a logarithmic range (context length: 1 K to 2 M tokens). The integer
// slider position maps to exp-spaced values; value() rounds to a whole number of tokens.
class LogSlider : public QSlider
{
    Q_OBJECT
public:
    LogSlider(double minimum, double maximum, QWidget* parent = nullptr);

    // Moves the handle to the nearest position (without emitting logValueChanged).
    void setLogValue(double v);
    static constexpr int kSteps = 1000;

Q_SIGNALS:
    // The user moved the slider (not setLogValue).
    void logValueChanged(double value);

private:
    double valueAt(int position) const;
    int positionOf(double value) const;

    double m_min;
    double m_max;
    bool m_setting = false;
};

} // namespace is::gui
