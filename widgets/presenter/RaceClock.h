// SPDX-License-Identifier: MIT
#pragma once

#include <QElapsedTimer>

namespace is::gui {

// Where the token race reads the time from. The presenter uses the steady clock; tests inject a
// clock they set by hand, so that a race's token counts are checked at exact times without any
// wall-clock wait.
class RaceClock
{
public:
    virtual ~RaceClock() = default;
    // Seconds since an arbitrary origin that never moves backwards.
    virtual double nowS() const = 0;
};

class SteadyRaceClock final : public RaceClock
{
public:
    SteadyRaceClock() { m_timer.start(); }
    double nowS() const override { return double(m_timer.nsecsElapsed()) * 1e-9; }

private:
    QElapsedTimer m_timer;
};

// A clock that moves only when told (tests).
class ManualRaceClock final : public RaceClock
{
public:
    double nowS() const override { return m_now; }
    void set(double s) { m_now = s; }
    void advance(double s) { m_now += s; }

private:
    double m_now = 0;
};

} // namespace is::gui
