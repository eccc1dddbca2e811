// SPDX-License-Identifier: MIT
#include "planning/ScenarioPlan.h"

#include "engine/Engine.h"
#include "hardware/Link.h"
#include "planning/PrefillDecodeSplit.h"
#include "scenario/ScenarioEvaluation.h"

#include <QCoreApplication>

namespace is::planning {

std::optional<PlanInputs> planInputsFor(const Scenario& s, const Catalog& catalog, QString* error)
{
    auto resolved = resolveScenario(s, catalog, error);
    if (!resolved)
        return std::nullopt;
    if (resolved->empty()) {
        *error = QCoreApplication::translate("is::planning",
                                             "deployments: the scenario names no model to plan for");
        return std::nullopt;
    }
    // The scenario's own model is the one every deployment without its own serves.
    size_t pick = 0;
    for (size_t i = 0; i < s.deployments.size() && i < resolved->size(); ++i)
        if (!s.deployments[i].model.isSet()) {
            pick = i;
            break;
        }
    // The model itself, not "the scenario's": a row added to the canvas serves the model it was
    // searched for, even after the scenario's model changed.
    const ModelRef ref = pick < s.deployments.size() && s.deployments[pick].model.isSet()
                             ? s.deployments[pick].model
                             : s.model;
    PlanInputs in{(*resolved)[pick].model, ref, s.workload, s.tco, s.serving.slo, {}};
    for (const DeploymentDoc& d : s.deployments)
        if (d.weights && (!d.model.isSet() || d.model == ref))
            in.ownWeights.emplace_back(d.device, *d.weights);
    return in;
}

void applyLatencyTargets(PlanTargets& t, const PlanInputs& in, const cost::StatedSlo& given,
                         double tokSUserGiven)
{
    cost::StatedSlo commandLine = given;
    if (tokSUserGiven > 0)
        commandLine.tpotS = 1.0 / tokSUserGiven;
    const cost::SloTargets slo = cost::resolveSlo(in.workload, in.scenarioSlo, commandLine);
    t.ttftS = slo.ttftS;
    t.tpotS = tokSUserGiven > 0 ? 0.0 : slo.tpotS;
    t.minTokSUser = tokSUserGiven;
}

std::optional<DeploymentDoc> deploymentDocFor(const PlanRow& row, const Catalog& catalog,
                                              const ModelRef& model)
{
    const PlanConfig& c = row.config;
    if (!c.device)
        return std::nullopt;
    DeploymentDoc d;
    d.model = model;
    d.device = c.device->id;
    d.count = c.unitChips;
    if (c.layout == PoolLayout::PrefillDecode) {
        if (row.prefillUnits <= 0 || row.decodeUnits <= 0)
            return std::nullopt;
        const UnitRatio ratio = smallestUnitRatio(row.prefillUnits, row.decodeUnits);
        const long long prefill = ratio.prefill;
        const long long units = ratio.prefill + ratio.decode;
        if (units * c.unitChips > kMaxDeploymentCount)
            return std::nullopt;
        d.count = static_cast<int>(units * c.unitChips);
        ParallelPlan plan = c.plan;
        plan.dp = static_cast<int>(c.plan.dp * units);
        d.plan = plan;
        d.prefillReplicas = static_cast<int>(c.plan.dp * prefill);
        d.weights = c.weights;
        d.kv = c.kv;
        d.mode = c.mode;
        d.speculative = c.speculative;
        return d;
    }
    if (c.layout == PoolLayout::AttentionFfn && c.ffnDevice) {
        const Deployment unit = c.deployment(catalog);
        FfnPoolDoc pool;
        pool.device = c.ffnDevice->id;
        pool.count = c.ffnChips;
        if (unit.ffnPool && unit.ffnPool->link)
            pool.link = unit.ffnPool->link->id;
        d.ffnPool = pool;
    } else {
        d.plan = c.plan; // the plan the search evaluated, wafer pipelines too
    }
    d.weights = c.weights;
    d.kv = c.kv;
    d.mode = c.mode;
    d.speculative = c.speculative;
    return d;
}

std::optional<PlanResult> searchScenario(const Engine& engine, const PlanInputs& in,
                                         const PlanTargets& targets, const SearchControl& control,
                                         QString* error)
{
    const ModelDesc model = in.model.resolve(Bound::Mid);
    PlanTargets t = targets;
    t.alsoWeights.insert(t.alsoWeights.end(), in.ownWeights.begin(), in.ownWeights.end());
    return searchDeployments(engine, model, in.workload, in.tco, t, control, error);
}

} // namespace is::planning
