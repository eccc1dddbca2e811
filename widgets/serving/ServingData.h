// SPDX-License-Identifier: MIT
#pragma once

#include "analysis/CostAnalysis.h"

// The Cost view's numbers come from core/cost (CostAnalysis.h), which `inference-studio cost`
// prints too; these are the names the Cost widgets know them by.
namespace is::gui::servingdata {

using is::cost::CostInputs;
using is::cost::CostPoint;
using is::cost::perMTokBreakdown;
using is::cost::perMTokTotal;
using is::cost::prepareCost;
using is::cost::SweepKind;
using is::cost::sweepValues;
using is::cost::varied;

} // namespace is::gui::servingdata
