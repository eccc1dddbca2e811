// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

// The latency targets as the serving and fleet views write them in a sentence: "first token
// within 2 s", "50 ms per output token"; a target of 0 is "no limit ...". Translated.
namespace is::gui::targets {

QString ttft(double seconds);
QString tpot(double seconds);

} // namespace is::gui::targets
