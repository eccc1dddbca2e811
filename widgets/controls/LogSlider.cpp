// SPDX-License-Identifier: MIT
#include "controls/LogSlider.h"

#include <algorithm>
#include <cmath>

namespace is::gui {

namespace {
// Powers of two and their 1.5-times midpoints from `minimum` to `maximum` (both kept as stops).
std::vector<double> roundStops(double minimum, double maximum)
{
    std::vector<double> stops{minimum};
    for (double p = std::exp2(std::floor(std::log2(minimum))); p < maximum; p *= 2)
        for (double v : {p, 1.5 * p})
            if (v > stops.back() && v < maximum)
                stops.push_back(v);
    if (maximum > stops.back())
        stops.push_back(maximum);
    return stops;
}
} // namespace

LogSlider::LogSlider(double minimum, double maximum, QWidget* parent)
    : QSlider(Qt::Horizontal, parent), m_stops(roundStops(minimum, maximum))
{
    setRange(0, int(m_stops.size()) - 1);
    setSingleStep(1);
    setPageStep(2); // one doubling
    // A tick at every power of two.
    setTickPosition(QSlider::TicksBelow);
    setTickInterval(2);
    connect(this, &QSlider::valueChanged, this, [this](int pos) {
        if (!m_setting)
            Q_EMIT logValueChanged(valueAt(pos));
    });
}

double LogSlider::valueAt(int position) const
{
    return m_stops[size_t(std::clamp(position, 0, int(m_stops.size()) - 1))];
}

int LogSlider::positionOf(double value) const
{
    if (!(value > 0))
        return 0;
    // Nearest on the logarithmic scale the slider is drawn on.
    int best = 0;
    for (int i = 1; i < int(m_stops.size()); ++i)
        if (std::abs(std::log(value / m_stops[size_t(i)])) <
            std::abs(std::log(value / m_stops[size_t(best)])))
            best = i;
    return best;
}

void LogSlider::setLogValue(double v)
{
    m_setting = true;
    setValue(positionOf(v));
    m_setting = false;
}

} // namespace is::gui
