// SPDX-License-Identifier: MIT
#pragma once
// What PlanningPanel.cpp (the form, the summary, the chart) and PlanningTable.cpp (the ranked
// table) share: the table's columns and how a configuration's formats read.
#include "planning/DeploymentSearch.h"

#include <QString>

namespace is::gui {

enum PlanningColumn {
    ColDevice,
    ColUnit,
    ColUnits,
    ColChips,
    ColSystems,
    ColPrecision,
    ColMode,
    ColSpeculative,
    ColLayout,
    ColCost,
    ColSpeed,
    ColTtft,
    ColTpot,
    ColPower,
    ColCapex,
    ColBinding,
    ColCount
};

// The weights' and the KV cache's formats: "FP4, KV FP8".
QString precisionsText(const planning::PlanConfig& c);

} // namespace is::gui
