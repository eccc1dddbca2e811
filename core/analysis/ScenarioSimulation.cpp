// SPDX-License-Identifier: MIT
#include "analysis/ScenarioSimulation.h"

#include "common/Log.h"
#include "engine/Queueing.h"
#include "scenario/ScenarioEvaluation.h"
#include "serving/RequestGenerator.h"
#include "serving/Simulator.h"
#include "serving/StepCostModel.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace is::serving {

namespace {

void simulateOne(DeploymentSimulation& out, const ResolvedDeployment& r, const Scenario& s,
                 const Engine& engine, const ServingConfig& config, const cost::TcoAssumptions& tco,
                 const RequestGenerator& gen, const std::atomic<bool>* cancel)
{
    const DeploymentServing& ds = config.forDeployment(r.docId);
    // Goodput needs targets. A scenario that states none is judged by the same assumed
    // interactive targets as fleet sizing, so that the Serving and Fleet views agree and goodput
    // never reads 100 % "within the targets" while p99 TTFT is over what the studio assumes.
    // The plan is still chosen for the stated targets only.
    out.slo = cost::resolveSlo(s.workload, config.slo);
    const double ttftTarget = out.slo.assumed() ? 0.0 : out.slo.ttftS;
    const double tpotTarget = out.slo.assumed() ? 0.0 : out.slo.tpotS;
    Workload w = s.workload;
    w.inputTokens = std::max(1.0, std::round(gen.meanInput()));
    w.outputTokens = std::max(1.0, std::round(gen.meanOutput()));
    w.ttftLimitS = ttftTarget;
    w.tpotLimitS = tpotTarget;
    const ModelDesc m = r.model.resolve(Bound::Mid);
    const CostAssumptions& costs = tco;

    QString err;
    Workload single = w;
    single.concurrency = 1;
    if (auto e = engine.estimate(r.deployment, m, single, ServingGoal::FixedConcurrency, costs, &err))
        out.singleStream = *e;
    StepCostModel::Options so;
    so.planGoal = config.planGoal.value_or(ttftTarget > 0 || tpotTarget > 0 ? ServingGoal::LatencyBounded
                                                                            : ServingGoal::MaxThroughput);
    so.maxSeqsPerReplica = ds.scheduler.maxSeqs;

    // The capacity the load is a share of is that of the plan the simulation runs (StepCostModel
    // plans for so.planGoal), not of the best plan for throughput: under latency targets Kimi K3
    // on 64 H100s runs TP2 PP16 DP2, which serves a fifth of what TP1 EP64 DP64 would, and "71 %
    // of its capacity" built a queue of thousands.
    Deployment planned = r.deployment;
    if (auto p = engine.estimate(r.deployment, m, w, so.planGoal, costs, &err); p && p->fits) {
        planned.plan = p->plan;
        planned.chips = p->chips;
        planned.autoChips = false;
    }
    auto cap = engine.estimate(planned, m, w, ServingGoal::MaxThroughput, costs, &err);
    if (!cap) {
        out.why = err;
        return;
    }
    out.maxThroughput = *cap;
    out.capacityRps = requestsPerS(*cap, w);

    const double rate =
        config.arrival.rateRps > 0 ? config.arrival.rateRps : config.arrival.load * out.capacityRps;
    if (!(rate > 0) && !gen.fixedArrivals()) {
        out.why =
            QCoreApplication::translate("is::serving::ScenarioSimulation",
                                        "no capacity at the workload: the engine estimates no throughput");
        return;
    }
    const RequestSet set = gen.generate(rate, config.requests);
    so.maxContext = set.maxContext;
    auto model = StepCostModel::build(engine, r.deployment, m, w, costs, so, &err);
    if (!model) {
        out.why = err;
        return;
    }
    out.plan = model->plan();
    out.mode = model->mode();
    out.kvCapacityTokens = model->kvCapacityTokens();
    // The serving section's split, else the deployment's own prefill replicas of its plan.
    DisaggSpec disaggregated = ds.disaggregated;
    const int prefillReplicas = r.deployment.prefillReplicas;
    if (!disaggregated.enabled() && prefillReplicas > 0 && model->replicas() > prefillReplicas)
        disaggregated = DisaggSpec{prefillReplicas, model->replicas() - prefillReplicas};
    out.disaggregated = disaggregated;
    out.replicas = disaggregated.enabled() ? disaggregated.prefillReplicas + disaggregated.decodeReplicas
                                           : model->replicas();
    out.chips = disaggregated.enabled() ? out.replicas * model->chipsPerReplica() : model->chips();

    SimOptions opt;
    opt.scheduler = ds.scheduler;
    opt.disaggregated = disaggregated;
    opt.ttftTargetS = out.slo.ttftS;
    opt.tpotTargetS = out.slo.tpotS;
    opt.timelinePoints = config.timelinePoints;
    opt.cancel = cancel;
    out.sim = simulate(*model, set, opt);
    out.arrivalRps = out.sim.arrivalRps > 0 ? out.sim.arrivalRps : rate;
    out.load = out.capacityRps > 0 ? out.arrivalRps / out.capacityRps : 0.0;

    // Energy and cost from the simulated utilisation; the served tokens are the simulated ones,
    // so idle time is paid for (the TCO's utilisation assumption does not apply twice).
    out.costInputs = cost::costInputs(r.deployment, r.docId, out.chips, tco);
    const cost::PowerModel& power = out.costInputs.power;
    out.avgFacilityPowerW = power.facilityPowerW(out.sim.utilisationMean);
    out.energyKWh = out.avgFacilityPowerW * out.sim.durationS / 3.6e6;
    out.powerKw.reserve(out.sim.timeline.size());
    for (const TimelinePoint& p : out.sim.timeline)
        out.powerKw.push_back(power.facilityPowerW(p.utilisation) / 1000.0);
    const cost::HourlyCost hourly = cost::hourlyCost(out.costInputs, tco, out.avgFacilityPowerW);
    out.costs = cost::tokenCosts(hourly, out.sim.throughputTokS, out.sim.inputTokS, out.sim.prefillShare,
                                 out.sim.batchMean, out.avgFacilityPowerW);
    out.ok = out.sim.completed > 0;
    if (!out.ok)
        out.why =
            out.sim.rejected > 0
                ? QCoreApplication::translate("is::serving::ScenarioSimulation",
                                              "every request is longer than the KV cache holds")
                : QCoreApplication::translate("is::serving::ScenarioSimulation", "no request completed");
}

QJsonObject percentilesJson(const Percentiles& p, double scale)
{
    return QJsonObject{{QStringLiteral("mean"), p.mean * scale},
                       {QStringLiteral("p50"), p.p50 * scale},
                       {QStringLiteral("p90"), p.p90 * scale},
                       {QStringLiteral("p99"), p.p99 * scale},
                       {QStringLiteral("max"), p.max * scale}};
}

QJsonArray series(const std::vector<TimelinePoint>& t, double TimelinePoint::*field, double scale = 1.0)
{
    QJsonArray a;
    for (const TimelinePoint& p : t)
        a.append(p.*field * scale);
    return a;
}

} // namespace

std::optional<SimulationRun> simulateScenario(const Scenario& s, const Engine& engine,
                                              const SimulationOverrides& o, QString* error,
                                              const std::atomic<bool>* cancel)
{
    SimulationRun run;
    run.config = s.serving;
    if (o.requests) {
        if (*o.requests < 1) {
            *error = QCoreApplication::translate("is::serving::ScenarioSimulation",
                                                 "requests: must be at least 1");
            return std::nullopt;
        }
        run.config.requests = *o.requests;
    }
    if (o.seed)
        run.config.seed = *o.seed;
    run.tco = s.tco;
    auto resolved = resolveScenario(s, engine.catalog(), error);
    if (!resolved)
        return std::nullopt;
    for (const auto& [id, d] : run.config.perDeployment) {
        // An init-capture: clang before 16 cannot capture a structured binding.
        const bool known =
            std::any_of(resolved->begin(), resolved->end(),
                        [&docId = id](const ResolvedDeployment& r) { return r.docId == docId; });
        if (!known) {
            *error = QCoreApplication::translate("is::serving::ScenarioSimulation",
                                                 "serving.deployments.%1: no deployment has this id")
                         .arg(id);
            return std::nullopt;
        }
    }
    auto gen = RequestGenerator::create(run.config, s.workload, s.baseDir, error);
    if (!gen)
        return std::nullopt;
    for (const ResolvedDeployment& r : *resolved) {
        DeploymentSimulation d;
        d.docId = r.docId;
        d.name = r.deployment.name;
        d.modelName = r.model.arch.name;
        simulateOne(d, r, s, engine, run.config, run.tco, *gen, cancel);
        if (!d.ok)
            log::get("serving")->warn("{}: not simulated: {}", d.name.toStdString(), d.why.toStdString());
        run.deployments.push_back(std::move(d));
    }
    return run;
}

QJsonObject simulationToJson(const SimulationRun& run, bool timeline)
{
    QJsonArray deps;
    for (const DeploymentSimulation& d : run.deployments) {
        QJsonObject o{{QStringLiteral("id"), d.docId},
                      {QStringLiteral("name"), d.name},
                      {QStringLiteral("model"), d.modelName},
                      {QStringLiteral("ok"), d.ok}};
        if (!d.ok) {
            o.insert(QStringLiteral("why"), d.why);
            deps.append(o);
            continue;
        }
        const SimResult& r = d.sim;
        o.insert(QStringLiteral("chips"), d.chips);
        o.insert(QStringLiteral("replicas"), d.replicas);
        o.insert(QStringLiteral("plan"), d.plan.toString());
        o.insert(QStringLiteral("mode"), d.mode);
        if (d.disaggregated.enabled())
            o.insert(QStringLiteral("disaggregated"),
                     QJsonObject{{QStringLiteral("prefill_replicas"), d.disaggregated.prefillReplicas},
                                 {QStringLiteral("decode_replicas"), d.disaggregated.decodeReplicas}});
        o.insert(QStringLiteral("arrival_rps"), d.arrivalRps);
        o.insert(QStringLiteral("load"), d.load);
        o.insert(QStringLiteral("capacity_rps"), d.capacityRps);
        o.insert(QStringLiteral("requests"), r.requests);
        o.insert(QStringLiteral("completed"), r.completed);
        o.insert(QStringLiteral("rejected"), r.rejected);
        o.insert(QStringLiteral("duration_s"), r.durationS);
        o.insert(QStringLiteral("ttft_ms"), percentilesJson(r.ttftS, 1000.0));
        o.insert(QStringLiteral("tpot_ms"), percentilesJson(r.tpotS, 1000.0));
        o.insert(QStringLiteral("e2e_s"), percentilesJson(r.e2eS, 1.0));
        o.insert(QStringLiteral("queue_wait_ms"), percentilesJson(r.queueWaitS, 1000.0));
        o.insert(QStringLiteral("throughput_tok_s"), r.throughputTokS);
        o.insert(QStringLiteral("throughput_rps"), r.throughputRps);
        o.insert(QStringLiteral("input_tok_s"), r.inputTokS);
        o.insert(QStringLiteral("goodput_rps"), r.goodputRps);
        o.insert(QStringLiteral("goodput_fraction"), r.goodputFraction);
        o.insert(QStringLiteral("slo"), QJsonObject{{QStringLiteral("ttft_ms"), r.ttftTargetS * 1000.0},
                                                    {QStringLiteral("tpot_ms"), r.tpotTargetS * 1000.0},
                                                    {QStringLiteral("source"), d.slo.source}});
        o.insert(QStringLiteral("preemptions"), static_cast<double>(r.preemptions));
        if (r.reuse.requests > 0 || r.reuse.byTier != decltype(r.reuse.byTier){}) {
            QJsonObject tiers;
            for (int t = 0; t < kKvTierCount; ++t)
                tiers.insert(kvTierId(static_cast<KvTier>(t)), r.reuse.byTier[static_cast<size_t>(t)]);
            QJsonObject reuse{{QStringLiteral("requests"), r.reuse.requests},
                              {QStringLiteral("prefill_tokens_skipped"), r.reuse.prefillTokensSkipped},
                              {QStringLiteral("kv_readback_mean_ms"), r.reuse.readbackMeanS * 1000.0},
                              {QStringLiteral("calls_by_tier"), tiers}};
            // The engine's single stream with nothing cached, where the workload caches a share.
            if (d.singleStream.reuse.active())
                reuse.insert(QStringLiteral("engine_ttft_without_reuse_ms"),
                             d.singleStream.reuse.ttftColdS * 1000.0);
            o.insert(QStringLiteral("prefix_reuse"), reuse);
        }
        o.insert(QStringLiteral("kv_use"),
                 QJsonObject{{QStringLiteral("mean"), r.kvUseMean}, {QStringLiteral("max"), r.kvUseMax}});
        o.insert(QStringLiteral("kv_capacity_tokens"), d.kvCapacityTokens);
        o.insert(QStringLiteral("queue"),
                 QJsonObject{{QStringLiteral("mean"), r.queueMean}, {QStringLiteral("max"), r.queueMax}});
        o.insert(QStringLiteral("batch"),
                 QJsonObject{{QStringLiteral("mean"), r.batchMean}, {QStringLiteral("max"), r.batchMax}});
        o.insert(QStringLiteral("little"), QJsonObject{{QStringLiteral("l"), r.littleL},
                                                       {QStringLiteral("lambda_w"), r.littleLambdaW}});
        o.insert(QStringLiteral("utilisation"), r.utilisationMean);
        o.insert(QStringLiteral("power_kw"), d.avgFacilityPowerW / 1000.0);
        o.insert(QStringLiteral("energy_kwh"), d.energyKWh);
        o.insert(QStringLiteral("joules_per_token"), d.costs.joulesPerToken);
        o.insert(QStringLiteral("tokens_per_kwh"), d.costs.tokensPerKWh);
        o.insert(QStringLiteral("usd_per_hour"), d.costs.hourly.total());
        o.insert(QStringLiteral("usd_per_mtok"), d.costs.usdPerMTok);
        o.insert(QStringLiteral("usd_per_mtok_input"), d.costs.usdPerMTokInput);
        o.insert(QStringLiteral("usd_per_mtok_output"), d.costs.usdPerMTokOutput);
        o.insert(QStringLiteral("usd_per_user_hour"), d.costs.usdPerUserHour);
        o.insert(QStringLiteral("engine"),
                 QJsonObject{{QStringLiteral("ttft_ms"), d.singleStream.ttftS * 1000.0},
                             {QStringLiteral("tpot_ms"), d.singleStream.tpotS * 1000.0},
                             {QStringLiteral("max_tok_s"), d.maxThroughput.tokSTotal}});
        if (r.sessions.sessions > 0)
            o.insert(QStringLiteral("sessions"),
                     QJsonObject{{QStringLiteral("count"), r.sessions.sessions},
                                 {QStringLiteral("calls"), r.sessions.callsPerSession},
                                 {QStringLiteral("e2e_s"), percentilesJson(r.sessions.e2eS, 1.0)}});
        if (timeline) {
            QJsonArray power;
            for (double p : d.powerKw)
                power.append(p);
            o.insert(QStringLiteral("timeline"),
                     QJsonObject{{QStringLiteral("t_s"), series(r.timeline, &TimelinePoint::tS)},
                                 {QStringLiteral("queue"), series(r.timeline, &TimelinePoint::queue)},
                                 {QStringLiteral("batch"), series(r.timeline, &TimelinePoint::batch)},
                                 {QStringLiteral("kv_use"), series(r.timeline, &TimelinePoint::kvUse)},
                                 {QStringLiteral("power_kw"), power}});
        }
        deps.append(o);
    }
    return QJsonObject{{QStringLiteral("requests"), run.config.requests},
                       {QStringLiteral("seed"), static_cast<double>(run.config.seed)},
                       {QStringLiteral("arrival"), arrivalProcessId(run.config.arrival.process)},
                       {QStringLiteral("deployments"), deps}};
}

} // namespace is::serving
