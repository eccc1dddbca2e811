// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace is::gui {
class Studio;
}

namespace is::app {

// --screenshot: renders the main window at 1600 x 1000 with every panel filled and saves a PNG.
int runScreenshot(is::gui::Studio& studio, const QString& path);

// --bench-ui: a scripted context-slider sweep with every chart visible; prints the slider-to-
// repainted-charts latency (median, p95), cold start to a shown window, and resident memory.
// `msAtEntry` is the time already spent before runGui was entered.
int runBenchUi(is::gui::Studio& studio, double startToEntryMs, double entryToShownMs);

} // namespace is::app
