// SPDX-License-Identifier: MIT
#include "panels/LogSlider.h"

#include <algorithm>
#include <cmath>

namespace is::gui {

LogSlider::LogSlider(double minimum, double maximum, QWidget* parent)
    : QSlider(Qt::Horizontal, parent), m_min(minimum), m_max(maximum)
{
    setRange(0, kSteps);
    setSingleStep(5);
    setPageStep(100);
    // Tick marks at every doubling would crowd; one per factor of ~8 reads well.
    setTickPosition(QSlider::TicksBelow);
    setTickInterval(kSteps / 10);
    connect(this, &QSlider::valueChanged, this, [this](int pos) {
        if (!m_setting)
            Q_EMIT logValueChanged(valueAt(pos));
    });
}

double LogSlider::valueAt(int position) const
{
    const double t = static_cast<double>(position) / kSteps;
    return std::round(std::exp(std::log(m_min) + t * (std::log(m_max) - std::log(m_min))));
}

int LogSlider::positionOf(double value) const
{
    value = std::clamp(value, m_min, m_max);
    const double t = (std::log(value) - std::log(m_min)) / (std::log(m_max) - std::log(m_min));
    return static_cast<int>(std::lround(t * kSteps));
}

void LogSlider::setLogValue(double v)
{
    m_setting = true;
    setValue(positionOf(v));
    m_setting = false;
}

} // namespace is::gui
