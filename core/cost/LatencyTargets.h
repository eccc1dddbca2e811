// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace is {
struct Workload;
}

namespace is::cost {

// Interactive chat when nothing else is stated: first token within 2 s, 20 tokens/s per user.
constexpr double kDefaultTtftS = 2.0;
constexpr double kDefaultTpotS = 0.05;

// Latency targets as one layer states them (the command line, the scenario's serving.slo).
// 0: the layer states no target of that kind.
struct StatedSlo
{
    double ttftS = 0;
    double tpotS = 0;
    bool any() const { return ttftS > 0 || tpotS > 0; }
    bool operator==(const StatedSlo&) const = default;
};

// Where resolved latency targets came from, highest precedence first.
enum class SloOrigin { CommandLine, ServingSlo, WorkloadLimits, Assumed };

// The `source` text files and the command line print for an origin: "command line", "scenario"
// (its serving.slo or workload limits), or "assumed: ..." naming the assumed targets.
QString sloSourceText(SloOrigin origin);

// Latency targets a serving point must meet (0: no limit of that kind) and where they came from.
// Default-constructed: the assumed interactive targets.
struct SloTargets
{
    double ttftS = kDefaultTtftS;
    double tpotS = kDefaultTpotS;
    SloOrigin origin = SloOrigin::Assumed;
    QString source = sloSourceText(SloOrigin::Assumed);
    bool assumed() const { return origin == SloOrigin::Assumed; }
};

// The targets as a phrase for messages: "TTFT <= 500 ms and TPOT <= 50 ms", with "no TTFT
// limit" / "no TPOT limit" for a target of 0. StatedOnly leaves such a target out when the other
// is stated, for "cannot meet ..."; with neither stated it still says "no ... limit" for both.
// Translated when a translator is installed.
enum class SloText { All, StatedOnly };
QString sloLimitsText(const SloTargets& slo, SloText style = SloText::All);

// The one rule for latency targets. Each target is taken from the command line, else the
// scenario's serving.slo, else the workload's limits; a target no layer states stays 0 (no limit).
// `origin` is the highest layer that states any target. When no layer states either target, both
// are the assumed interactive ones (kDefaultTtftS, kDefaultTpotS).
SloTargets resolveSlo(const Workload& workload, const StatedSlo& serving, const StatedSlo& commandLine = {});

} // namespace is::cost
