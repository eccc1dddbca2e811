// SPDX-License-Identifier: MIT
#pragma once

class QValueAxis;
class QLogValueAxis;

// Axis ranges that land on round numbers, so tick labels read "0, 200, 400" and not "0, 173.3".
namespace is::gui::niceaxis {

// `live`: the data is one of a stream of updates (a slider being dragged; AnalysisRunner tells,
// ChartsView passes it on to its charts). Axes then only grow: a rescale re-lays out the whole
// chart, and values near a deployment's fit limit swing by orders of magnitude between ticks.
// Once the stream stops the caller sets the range again, not live, and the axis fits the data.

// 0 .. a 1-2-5 value at or above max, 5 or 6 ticks, as many decimals as the step needs. A
// range that already holds max and is not over 2.5x too tall is kept (live charts stay steady).
void setValueRange(QValueAxis* axis, double max, bool live = false);
// Fewer ticks when the axis is short: keeps the 1-2-5 steps of setValueRange() but leaves at
// least `labelExtent` * 1.6 pixels per interval (label height on a vertical axis, label width
// on a horizontal one) so labels never collide or get elided.
void fitTicks(QValueAxis* axis, double pixels, double labelExtent);
// Labels with as many decimals as the axis' tick step needs, for a range set otherwise (Qt's
// applyNiceNumbers): 0 to 2 s in steps of 0.5 read "0, 1, 1, 2, 2" with no decimals.
void labelTicksExactly(QValueAxis* axis);
// Whole decades around [lo, hi] (both > 0), at least one decade. While live, a range that already
// holds them is kept, however wide.
void setLogRange(QLogValueAxis* axis, double lo, double hi, bool live = false);

} // namespace is::gui::niceaxis
