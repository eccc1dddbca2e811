// SPDX-License-Identifier: MIT
#pragma once

class QValueAxis;
class QLogValueAxis;

// Axis ranges that land on round numbers, so tick labels read "0, 200, 400" and not "0, 173.3".
namespace niceaxis {

// 0 .. a 1-2-5 value at or above max, 5 or 6 ticks, as many decimals as the step needs.
void setValueRange(QValueAxis* axis, double max);
// Whole decades around [lo, hi] (both > 0), at least one decade.
void setLogRange(QLogValueAxis* axis, double lo, double hi);

} // namespace niceaxis
