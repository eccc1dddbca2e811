// SPDX-License-Identifier: MIT
#pragma once

#include "common/Sourced.h"
#include "scenario/ScenarioEvaluation.h"

#include <QString>

#include <optional>
#include <vector>

namespace is {

class Catalog;
namespace cost {
struct TcoAssumptions;
}

// What a cited number counts, so that a reader can print it with its unit.
enum class CitationUnit { Count, Parameters, Bytes, BytesPerS, FlopsPerS, Watts, Usd, Seconds, Hertz };

// One catalog number a scenario's figures rest on, with its provenance: what a report's appendix
// lists so that a reader can trace every figure to a datasheet, a vendor claim, a fit or an
// assumption.
struct CatalogCitation
{
    QString subject; // what the number belongs to: "H100 SXM5 80GB", "HGX H100", "calibration: NVIDIA Hopper"
    QString field;   // which number, translated: "peak FLOP/s (fp8)", "memory bandwidth (HBM)"
    CitationUnit unit = CitationUnit::Count; // Count: a ratio or a count, no unit
    Sourced value;
};

// Every catalog number the scenario's deployments use: for each distinct device its peaks, memory
// tiers, power and price; for each system and link their numbers; for each model its size (and
// for a parametric model the speculated ranges); the calibration constants of each device family
// (of the software generation the deployment names); and, when given, the scenario's cost
// assumptions. Each subject appears once however many deployments share it, in the order the
// deployments first use it.
std::vector<CatalogCitation> catalogCitations(const std::vector<ResolvedDeployment>& deployments,
                                              const Catalog& catalog,
                                              const cost::TcoAssumptions* tco = nullptr);

} // namespace is
