// SPDX-License-Identifier: MIT
#pragma once

#include "cost/CostModel.h"
#include "planning/DeploymentSearch.h"

#include <QJsonObject>

#include <vector>

namespace is::planning {

// The least share of the cheapest feasible price a configuration that misses a target must save to
// be named the next cheaper one: less is within the rounding of the prices shown.
inline constexpr double kNextCheaperSaving = cost::kPriceRounding;

// The per-user speed the Pareto frontier ranks by: tokens/s per user while decoding. With one
// output token there is no decoding to be fast at: what its user sees is the token after its
// TTFT, so the rate is 1 / TTFT (never above tokSUser, 1 / the stream's cycle, so the search's
// speed bounds still hold).
double userSpeed(const PlanRow& row, bool decodes);

// Orders the search's rows into `result`: feasible cheapest first (ties faster per user first),
// then infeasible closest first (those that hold the model first, then by overshoot). Marks the
// Pareto frontier of $/Mtok against the per-user speed (userSpeed: tok/s per user, or for one
// output token its TTFT) among the feasible ones and finds the
// configuration just cheaper than the cheapest feasible, by at least kNextCheaperSaving.
void rankResult(PlanResult& result, std::vector<PlanRow> feasible, std::vector<PlanRow> infeasible);

// The rows a report shows: the `top` cheapest feasible ones and every Pareto point (in the
// ranking's order), the next cheaper one, then, when nothing is feasible, the `top` closest.
std::vector<const PlanRow*> listedRows(const PlanResult& r);

// "h100-sxm x16, TP8 DP2, fp8/kv fp8, resident, eagle3": one configuration in one line.
QString configSummary(const PlanConfig& c);

// How a row's fleet lays its work out, for a table cell: "colocated", "FFN on 8 x cs-3",
// "3 prefill + 12 decode units" (translated where a translator is installed).
QString layoutText(const PlanRow& row);

// The `plan --json` contract.
QJsonObject planResultToJson(const PlanResult& r);

} // namespace is::planning
