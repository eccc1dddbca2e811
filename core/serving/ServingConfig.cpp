// SPDX-License-Identifier: MIT
#include "serving/ServingConfig.h"

#include "common/JsonFields.h"

#include <QCoreApplication>

#include <array>
#include <cmath>
#include <utility>

namespace is::serving {

namespace {

template <typename E, size_t N>
std::optional<E> fromId(const std::array<std::pair<E, const char*>, N>& ids, const QString& id)
{
    for (const auto& [e, name] : ids)
        if (id == QLatin1String(name))
            return e;
    return std::nullopt;
}

template <typename E, size_t N> QString toId(const std::array<std::pair<E, const char*>, N>& ids, E e)
{
    for (const auto& [v, name] : ids)
        if (v == e)
            return QString::fromLatin1(name);
    return QString::fromLatin1(ids[0].second);
}

constexpr std::array<std::pair<ArrivalProcess, const char*>, 5> kProcesses{{
    {ArrivalProcess::Poisson, "poisson"},
    {ArrivalProcess::Constant, "constant"},
    {ArrivalProcess::Gamma, "gamma"},
    {ArrivalProcess::OnOff, "onoff"},
    {ArrivalProcess::Trace, "trace"},
}};

constexpr std::array<std::pair<LengthDist, const char*>, 3> kDists{{
    {LengthDist::Fixed, "fixed"},
    {LengthDist::Normal, "normal"},
    {LengthDist::LogNormal, "lognormal"},
}};

// Numbers that must be positive (or, with `allowZero`, not negative) when present.
double checked(JsonFields& f, const char* key, double fallback, bool allowZero)
{
    const double v = f.number(key, fallback);
    if (f.ok() && f.has(key) && (v < 0 || (!allowZero && v == 0)))
        f.fail(key,
               allowZero
                   ? QCoreApplication::translate("is::serving::ServingConfig", "must not be negative, got %1")
                         .arg(v)
                   : QCoreApplication::translate("is::serving::ServingConfig", "must be positive, got %1")
                         .arg(v));
    return v;
}

LengthSpec parseLength(JsonFields& parent, const char* key, QString* error)
{
    LengthSpec l;
    if (!parent.has(key))
        return l;
    JsonFields f(parent.object(key), parent.fieldPath(key), error);
    const QString dist = f.string("dist", QStringLiteral("fixed"));
    if (auto d = fromId(kDists, dist))
        l.dist = *d;
    else
        f.fail("dist", QCoreApplication::translate("is::serving::ServingConfig",
                                                   "expected fixed, normal or lognormal, got '%1'")
                           .arg(dist));
    l.mean = checked(f, "mean", 0, false);
    l.sd = checked(f, "sd", 0, true);
    l.sigma = checked(f, "sigma", 0, true);
    l.min = checked(f, "min", 1, false);
    l.max = checked(f, "max", 0, true);
    if (f.ok() && l.min < 1)
        f.fail("min", QCoreApplication::translate("is::serving::ServingConfig", "must be at least 1 token"));
    if (f.ok() && l.max > 0 && l.max < l.min)
        f.fail("max", QCoreApplication::translate("is::serving::ServingConfig", "must not be below min"));
    if (f.ok() && l.dist == LengthDist::Normal && !f.has("sd"))
        f.fail("sd",
               QCoreApplication::translate("is::serving::ServingConfig",
                                           "missing: a normal distribution needs a standard deviation"));
    if (f.ok() && l.dist == LengthDist::LogNormal && !f.has("sigma"))
        f.fail("sigma", QCoreApplication::translate("is::serving::ServingConfig",
                                                    "missing: a log-normal distribution needs sigma"));
    return l;
}

QJsonObject lengthToJson(const LengthSpec& l)
{
    QJsonObject o{{QStringLiteral("dist"), lengthDistId(l.dist)}};
    if (l.mean > 0)
        o.insert(QStringLiteral("mean"), l.mean);
    if (l.dist == LengthDist::Normal)
        o.insert(QStringLiteral("sd"), l.sd);
    if (l.dist == LengthDist::LogNormal)
        o.insert(QStringLiteral("sigma"), l.sigma);
    if (l.min != 1)
        o.insert(QStringLiteral("min"), l.min);
    if (l.max > 0)
        o.insert(QStringLiteral("max"), l.max);
    return o;
}

void parseScheduler(JsonFields& parent, SchedulerSpec& s, QString* error)
{
    if (!parent.has("scheduler"))
        return;
    JsonFields f(parent.object("scheduler"), parent.fieldPath("scheduler"), error);
    s.maxBatchTokens = f.integer("max_batch_tokens", s.maxBatchTokens, 1, 1 << 24);
    s.maxSeqs = f.integer("max_seqs", s.maxSeqs, 0, 1 << 20);
    s.blockTokens = f.integer("block_tokens", s.blockTokens, 1, 4096);
    s.chunkedPrefill = f.boolean("chunked_prefill", s.chunkedPrefill);
    s.kvWatermark = checked(f, "kv_watermark", s.kvWatermark, true);
    if (f.ok() && s.kvWatermark >= 0.5)
        f.fail("kv_watermark",
               QCoreApplication::translate("is::serving::ServingConfig", "must be below 0.5"));
    const QString admission = f.string("kv_admission", kvAdmissionId(s.kvAdmission));
    if (const auto a = kvAdmissionFromId(admission))
        s.kvAdmission = *a;
    else if (f.ok())
        f.fail("kv_admission", QCoreApplication::translate("is::serving::ServingConfig",
                                                           "expected on-demand or reserve-full, got '%1'")
                                   .arg(admission));
    const QString prefill = f.string("attention_dp_prefill", attentionDpPrefillId(s.attentionDpPrefill));
    if (const auto a = attentionDpPrefillFromId(prefill))
        s.attentionDpPrefill = *a;
    else if (f.ok())
        f.fail("attention_dp_prefill",
               QCoreApplication::translate("is::serving::ServingConfig",
                                           "expected aligned or independent, got '%1'")
                   .arg(prefill));
}

void parseDisagg(JsonFields& parent, DisaggSpec& d, QString* error)
{
    if (!parent.has("disaggregated"))
        return;
    JsonFields f(parent.object("disaggregated"), parent.fieldPath("disaggregated"), error);
    d.prefillReplicas = f.integer("prefill_replicas", 0, 0, 1 << 16, true);
    d.decodeReplicas = f.integer("decode_replicas", 0, 0, 1 << 16, true);
    if (f.ok() && (d.prefillReplicas > 0) != (d.decodeReplicas > 0))
        f.fail("decode_replicas", QCoreApplication::translate(
                                      "is::serving::ServingConfig",
                                      "prefill and decode replicas must both be positive (or both 0: off)"));
}

QJsonObject deploymentServingToJson(const DeploymentServing& d)
{
    const SchedulerSpec& s = d.scheduler;
    QJsonObject o{
        {QStringLiteral("scheduler"),
         QJsonObject{{QStringLiteral("max_batch_tokens"), s.maxBatchTokens},
                     {QStringLiteral("max_seqs"), s.maxSeqs},
                     {QStringLiteral("block_tokens"), s.blockTokens},
                     {QStringLiteral("chunked_prefill"), s.chunkedPrefill},
                     {QStringLiteral("kv_watermark"), s.kvWatermark},
                     {QStringLiteral("kv_admission"), kvAdmissionId(s.kvAdmission)},
                     {QStringLiteral("attention_dp_prefill"), attentionDpPrefillId(s.attentionDpPrefill)}}}};
    if (d.disaggregated.enabled())
        o.insert(QStringLiteral("disaggregated"),
                 QJsonObject{{QStringLiteral("prefill_replicas"), d.disaggregated.prefillReplicas},
                             {QStringLiteral("decode_replicas"), d.disaggregated.decodeReplicas}});
    return o;
}

} // namespace

QString arrivalProcessId(ArrivalProcess p)
{
    return toId(kProcesses, p);
}
QString lengthDistId(LengthDist d)
{
    return toId(kDists, d);
}

const DeploymentServing& ServingConfig::forDeployment(const QString& id) const
{
    const auto it = perDeployment.find(id);
    return it != perDeployment.end() ? it->second : defaults;
}

std::optional<ServingConfig> parseServingConfig(const QJsonObject& o, QString* error)
{
    ServingConfig c;
    JsonFields f(o, QStringLiteral("serving"), error);

    if (f.has("arrival")) {
        JsonFields af(f.object("arrival"), f.fieldPath("arrival"), error);
        ArrivalSpec& a = c.arrival;
        const QString process = af.string("process", QStringLiteral("poisson"));
        if (auto p = fromId(kProcesses, process))
            a.process = *p;
        else
            af.fail("process",
                    QCoreApplication::translate("is::serving::ServingConfig",
                                                "expected poisson, constant, gamma, onoff or trace, got '%1'")
                        .arg(process));
        a.rateRps = checked(af, "rate_rps", 0, false);
        a.load = checked(af, "load", a.load, false);
        a.cv = checked(af, "cv", a.cv, false);
        a.onS = checked(af, "on_s", a.onS, false);
        a.offS = checked(af, "off_s", a.offS, true);
        a.traceFile = af.string("file");
        if (af.ok() && a.process == ArrivalProcess::Trace && a.traceFile.isEmpty())
            af.fail("file", QCoreApplication::translate("is::serving::ServingConfig",
                                                        "missing: a trace arrival process needs a CSV file"));
    }
    if (f.has("lengths")) {
        JsonFields lf(f.object("lengths"), f.fieldPath("lengths"), error);
        c.input = parseLength(lf, "input", error);
        c.output = parseLength(lf, "output", error);
        c.lengthTraceFile = lf.string("trace");
    }
    parseScheduler(f, c.defaults.scheduler, error);
    parseDisagg(f, c.defaults.disaggregated, error);
    if (f.has("deployments")) {
        f.forEachObject("deployments", [&](const QString& id, JsonFields& df) {
            DeploymentServing d = c.defaults;
            parseScheduler(df, d.scheduler, error);
            parseDisagg(df, d.disaggregated, error);
            c.perDeployment[id] = d;
        });
    }
    if (f.has("agent")) {
        JsonFields gf(f.object("agent"), f.fieldPath("agent"), error);
        c.agent.calls = gf.integer("calls", 1, 1, 100000, true);
        c.agent.toolTimeS = checked(gf, "tool_time_s", 0, true);
        const QString dist = gf.string("tool_time", QStringLiteral("fixed"));
        if (dist == QLatin1String("exponential"))
            c.agent.toolTimeExponential = true;
        else if (dist != QLatin1String("fixed"))
            gf.fail("tool_time", QCoreApplication::translate("is::serving::ServingConfig",
                                                             "expected fixed or exponential"));
        c.agent.contextGrowthTokens = checked(gf, "context_growth_tokens", 0, true);
        c.agent.reusePrefix = gf.boolean("reuse_prefix", false);
    }
    if (f.has("slo")) {
        JsonFields sf(f.object("slo"), f.fieldPath("slo"), error);
        c.slo.ttftS = checked(sf, "ttft_ms", 0, true) / 1000.0;
        c.slo.tpotS = checked(sf, "tpot_ms", 0, true) / 1000.0;
    }
    if (f.has("plan")) {
        if (auto g = f.choice("plan", {}, servingGoalFromId,
                              QCoreApplication::translate("is::serving::ServingConfig",
                                                          "expected fixed, offline or server")))
            c.planGoal = *g;
    }
    c.requests = f.integer("requests", c.requests, 1, 100000000);
    const double seed = f.number("seed", 1);
    const bool seedOk = seed >= 0 && seed == std::floor(seed) && seed <= 9007199254740992.0;
    if (f.ok() && !seedOk)
        f.fail("seed", QCoreApplication::translate("is::serving::ServingConfig",
                                                   "expected a whole number from 0 to 2^53"));
    // Converted only when in range: casting a negative or huge double to an integer is undefined
    // behaviour even when an earlier field's error means the result is never used.
    c.seed = seedOk ? static_cast<std::uint64_t>(seed) : 0;
    c.timelinePoints = f.integer("timeline_points", c.timelinePoints, 2, 100000);
    if (!error->isEmpty())
        return std::nullopt;
    return c;
}

QJsonObject servingConfigToJson(const ServingConfig& c)
{
    const ArrivalSpec& a = c.arrival;
    QJsonObject arrival{{QStringLiteral("process"), arrivalProcessId(a.process)}};
    if (a.rateRps > 0)
        arrival.insert(QStringLiteral("rate_rps"), a.rateRps);
    else
        arrival.insert(QStringLiteral("load"), a.load);
    if (a.process == ArrivalProcess::Gamma)
        arrival.insert(QStringLiteral("cv"), a.cv);
    if (a.process == ArrivalProcess::OnOff) {
        arrival.insert(QStringLiteral("on_s"), a.onS);
        arrival.insert(QStringLiteral("off_s"), a.offS);
    }
    if (!a.traceFile.isEmpty())
        arrival.insert(QStringLiteral("file"), a.traceFile);
    QJsonObject lengths{{QStringLiteral("input"), lengthToJson(c.input)},
                        {QStringLiteral("output"), lengthToJson(c.output)}};
    if (!c.lengthTraceFile.isEmpty())
        lengths.insert(QStringLiteral("trace"), c.lengthTraceFile);
    QJsonObject o = deploymentServingToJson(c.defaults);
    o.insert(QStringLiteral("arrival"), arrival);
    o.insert(QStringLiteral("lengths"), lengths);
    if (!c.perDeployment.empty()) {
        QJsonObject deps;
        for (const auto& [id, d] : c.perDeployment)
            deps.insert(id, deploymentServingToJson(d));
        o.insert(QStringLiteral("deployments"), deps);
    }
    if (c.agent.enabled()) {
        QJsonObject agent{{QStringLiteral("calls"), c.agent.calls},
                          {QStringLiteral("tool_time_s"), c.agent.toolTimeS},
                          {QStringLiteral("tool_time"), c.agent.toolTimeExponential
                                                            ? QStringLiteral("exponential")
                                                            : QStringLiteral("fixed")},
                          {QStringLiteral("context_growth_tokens"), c.agent.contextGrowthTokens}};
        if (c.agent.reusePrefix)
            agent.insert(QStringLiteral("reuse_prefix"), true);
        o.insert(QStringLiteral("agent"), agent);
    }
    if (c.slo.any())
        o.insert(QStringLiteral("slo"), QJsonObject{{QStringLiteral("ttft_ms"), c.slo.ttftS * 1000.0},
                                                    {QStringLiteral("tpot_ms"), c.slo.tpotS * 1000.0}});
    if (c.planGoal)
        o.insert(QStringLiteral("plan"), servingGoalId(*c.planGoal));
    o.insert(QStringLiteral("requests"), c.requests);
    o.insert(QStringLiteral("seed"), static_cast<double>(c.seed));
    o.insert(QStringLiteral("timeline_points"), c.timelinePoints);
    return o;
}

QJsonObject servingSectionJson(const ServingConfig& c)
{
    return withoutDefaults(servingConfigToJson(c), servingConfigToJson(ServingConfig()));
}

} // namespace is::serving
