// SPDX-License-Identifier: MIT
// Claims about what a deployment does (speed, latency, throughput, power, cost, chip count): the
// engine evaluates the claim's scenario at the two ends of its ranges and in between; where the
// claim misses that band, the speculative inputs the claim names are searched for the range
// that would make it true.
#include "audit/AuditChecks.h"
#include "audit/AuditText.h"
#include "common/NumberText.h"

#include "analysis/FullLoad.h"
#include "cost/PricedEstimate.h"
#include "engine/Engine.h"
#include "engine/Queueing.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace is::audit::detail {

namespace {

// What one evaluation varies: the model, the deployment's choices and the workload.
struct Inputs
{
    ModelEntry model;
    Deployment deployment;
    Workload workload;
    double repeat = 1;
};

bool atLoad(const QString& metric)
{
    return metric.endsWith(QLatin1String("_at_load"));
}

std::optional<Estimate> evaluate(const ScenarioSet& set, const ScenarioSet::Target& t, const Inputs& in,
                                 const QString& metric, Bound modelBound, Bound deviceBound, QString* error)
{
    const ModelDesc m = in.model.resolve(modelBound);
    if (atLoad(metric)) {
        // At full load on the count the comparison shows there (cost::atFullLoad's rule): an
        // automatic count keeps the workload's own unless the targets' is cheaper per token.
        Scenario s = *t.scenario;
        s.workload = in.workload;
        int shown = 0;
        if (in.deployment.autoChips) {
            QString ignored;
            const auto own = cost::pricedEstimate(set.engine(), in.deployment, t.deployment.docId, m,
                                                  in.workload, s.goal, s.tco, &ignored, deviceBound);
            shown = own && own->fits ? own->chips : 0;
        }
        return cost::fullLoadKeepingCount(set.engine(), in.deployment, t.deployment.docId, m, s, shown, error,
                                          deviceBound);
    }
    return cost::pricedEstimate(set.engine(), in.deployment, t.deployment.docId, m, in.workload,
                                t.scenario->goal, t.scenario->tco, error, deviceBound);
}

double metricValue(const QString& metricIn, const Estimate& e, const Workload& w, double repeat)
{
    QString metric = metricIn;
    metric.remove(QLatin1String("_at_load"));
    if (metric == QLatin1String("tok_s_user"))
        return e.tokSUser;
    if (metric == QLatin1String("tok_s_total"))
        return e.tokSTotal;
    if (metric == QLatin1String("seq_s"))
        return requestsPerS(e, w);
    if (metric == QLatin1String("ttft_ms"))
        return e.ttftS * 1000;
    if (metric == QLatin1String("reply_s"))
        return repeat * (e.ttftS + w.outputTokens * e.tpotS);
    if (metric == QLatin1String("power_kw"))
        return e.powerW / 1000;
    if (metric == QLatin1String("chips"))
        return e.chips;
    if (metric == QLatin1String("usd_per_mtok"))
        return e.usdPerMTok;
    return std::nan("");
}

// The metric at the point estimate and over the band estimateRanged spans: the biggest model
// on the weakest device and the reverse.
struct Band
{
    Estimate mid;
    Predicted predicted;
    QString error;
};

Band band(const ScenarioSet& set, const ScenarioSet::Target& t, const Inputs& in, const QString& metric)
{
    Band b;
    auto mid = evaluate(set, t, in, metric, Bound::Mid, Bound::Mid, &b.error);
    if (!mid)
        return b;
    b.mid = *mid;
    const double v = metricValue(metric, *mid, in.workload, in.repeat);
    Predicted p{v, v, v, metricUnit(metric)};
    QString ignored;
    for (auto [model, device] : {std::pair{Bound::High, Bound::Low}, std::pair{Bound::Low, Bound::High}})
        if (auto e = evaluate(set, t, in, metric, model, device, &ignored); e && e->fits) {
            const double x = metricValue(metric, *e, in.workload, in.repeat);
            p.low = std::min(p.low, x);
            p.high = std::max(p.high, x);
        }
    b.predicted = p;
    return b;
}

Inputs inputsOf(const ScenarioSet::Target& t, const CheckSpec& check)
{
    return Inputs{t.deployment.model, t.deployment.deployment, t.scenario->workload, check.repeat};
}

// Sets one searched input. False when the deployment has no such input (a fixed architecture
// has no active-parameter range to search).
bool setInput(Inputs& in, const QString& input, double x)
{
    if (input == QLatin1String("active_params")) {
        if (!in.model.parametric)
            return false;
        ParametricSpec& p = *in.model.parametric;
        const double total = std::max(p.totalParams.value, x);
        p.totalParams = Sourced{total, total, total, p.totalParams.source, p.totalParams.kind};
        p.activeParams = Sourced{x, x, x, p.activeParams.source, p.activeParams.kind};
        p.layers = Sourced{p.layers.value, p.layers.value, p.layers.value, p.layers.source, p.layers.kind};
        return true;
    }
    if (input == QLatin1String("acceptance")) {
        if (in.deployment.speculative == SpeculativeMethod::None)
            in.deployment.speculative = SpeculativeMethod::Mtp;
        in.deployment.acceptanceOverride = x;
        return true;
    }
    if (input == QLatin1String("input_tokens")) {
        in.workload.inputTokens = x;
        return true;
    }
    if (input == QLatin1String("output_tokens")) {
        in.workload.outputTokens = x;
        return true;
    }
    return false;
}

double currentInput(const Inputs& in, const QString& input, const Estimate& mid)
{
    if (input == QLatin1String("active_params"))
        return in.model.parametric ? in.model.parametric->activeParams.value : 0;
    if (input == QLatin1String("acceptance"))
        return mid.acceptance;
    if (input == QLatin1String("input_tokens"))
        return in.workload.inputTokens;
    return in.workload.outputTokens;
}

// Where the claim holds along one input, at the point estimate: an interval of the searched
// range, found by bisecting (in log space) where the metric crosses the claimed figure's ends.
// The metric is taken to be monotonic in the input, which each searched input is physically
// (more active parameters: more bytes per token; longer prompts: longer prefill).
std::optional<Condition> searchInput(const ScenarioSet& set, const ScenarioSet::Target& t, const Claim& c,
                                     const SearchSpec& s)
{
    const Inputs base = inputsOf(t, c.check);
    auto metricAt = [&](double x) -> std::optional<double> {
        Inputs in = base;
        if (!setInput(in, s.input, x))
            return std::nullopt;
        QString ignored;
        auto e = evaluate(set, t, in, c.check.metric, Bound::Mid, Bound::Mid, &ignored);
        if (!e || !e->fits)
            return std::nullopt;
        return metricValue(c.check.metric, *e, in.workload, in.repeat);
    };
    auto holds = [&](double x) {
        const auto v = metricAt(x);
        return v && agrees(c.claimed, *v, *v, 0);
    };
    // Crossings of the claimed figure's ends inside the range.
    std::vector<double> cuts{s.min, s.max};
    for (double target : {c.claimed.min, c.claimed.max}) {
        double lo = std::log(s.min), hi = std::log(s.max);
        const auto fLo = metricAt(s.min), fHi = metricAt(s.max);
        if (!fLo || !fHi || (*fLo - target) * (*fHi - target) > 0)
            continue;
        for (int i = 0; i < 40 && hi - lo > 1e-4; ++i) {
            const double mid = (lo + hi) / 2;
            const auto f = metricAt(std::exp(mid));
            if (!f)
                break;
            ((*f - target) * (*fLo - target) > 0 ? lo : hi) = mid;
        }
        cuts.push_back(std::exp((lo + hi) / 2));
    }
    std::sort(cuts.begin(), cuts.end());
    // The first stretch between cuts where the claim holds, with its neighbours where they hold too.
    std::optional<Condition> h;
    for (size_t i = 0; i + 1 < cuts.size(); ++i) {
        const double probe = std::sqrt(cuts[i] * cuts[i + 1]);
        if (!holds(probe))
            continue;
        if (!h)
            h = Condition{s.input, cuts[i], cuts[i + 1], i == 0, false};
        else if (h->to >= cuts[i] * (1 - 1e-9))
            h->to = cuts[i + 1];
    }
    if (h)
        h->upperOpen = h->to >= s.max * (1 - 1e-9);
    return h;
}

// The claim's scenario and deployment; where they cannot be had, the verdict says why (not
// checkable).
std::optional<ScenarioSet::Target> targetOf(ScenarioSet& set, const Claim& c, ClaimVerdict& v)
{
    QString error;
    auto t = set.target(c.check.scenario, c.check.deployment, &error);
    if (!t)
        v.reason = error;
    return t;
}

// The end of a searched range whose metric comes nearest the claimed figure: (input, metric).
std::optional<std::pair<double, double>> nearestEnd(const ScenarioSet& set, const ScenarioSet::Target& t,
                                                    const Claim& c, const SearchSpec& s)
{
    std::optional<std::pair<double, double>> best;
    const double target = (c.claimed.min + c.claimed.max) / 2;
    for (double x : {s.min, s.max}) {
        Inputs in = inputsOf(t, c.check);
        if (!setInput(in, s.input, x))
            return std::nullopt;
        QString ignored;
        const auto e = evaluate(set, t, in, c.check.metric, Bound::Mid, Bound::Mid, &ignored);
        if (!e || !e->fits)
            continue;
        const double v = metricValue(c.check.metric, *e, in.workload, in.repeat);
        if (!best || std::abs(std::log(v / target)) < std::abs(std::log(best->second / target)))
            best = std::pair{x, v};
    }
    return best;
}

QString conditionFor(const SearchSpec& s, const Condition& h)
{
    if (h.lowerOpen && h.upperOpen)
        return inputRangeText(s.input, InputBound::Any, h.from, h.to);
    if (h.lowerOpen)
        return inputRangeText(s.input, InputBound::AtMost, h.to, 0);
    if (h.upperOpen)
        return inputRangeText(s.input, InputBound::AtLeast, h.from, 0);
    return inputRangeText(s.input, InputBound::Between, h.from, h.to);
}

// The physical sentence for a verdict on a metric.
QString metricReason(const Claim& c, const ScenarioSet::Target& t, const Band& b, bool consistent,
                     double tolerance)
{
    const Estimate& e = b.mid;
    const Predicted& p = b.predicted;
    const Device& dev = *t.deployment.deployment.device;
    const QString metric = c.check.metric;
    if (!consistent && metric == QLatin1String("power_kw"))
        return QCoreApplication::translate("is::audit::Audit",
                                           "one %1 draws about %2 kW at peak; the model needs at least %3 of "
                                           "them and this deployment runs %4, drawing about %5 kW (band "
                                           "%6-%7), so %8 kW cannot be this side")
            .arg(dev.name, significantText(dev.peakPowerW.value / 1000), significantText(e.minChips),
                 significantText(e.chips), significantText(p.value), significantText(p.low),
                 significantText(p.high), claimedText(c.claimed));
    if (!consistent && metric == QLatin1String("chips"))
        return QCoreApplication::translate("is::audit::Audit",
                                           "the weights alone (%1 TB at %2) need %3 chips of %4 GB usable "
                                           "memory each (band %5-%6), so %7 "
                                           "cannot hold the model")
            .arg(significantText(e.memory.weights * e.chips / 1e12),
                 weightFormatText(t.deployment.deployment, t.deployment.model.resolve()),
                 significantText(e.minChips), significantText(e.memory.capacity / 1e9),
                 significantText(p.low), significantText(p.high), claimedText(c.claimed));
    const QString claimed = claimedText(c.claimed) + QLatin1Char(' ') + p.unit;
    if (atLoad(metric))
        return (consistent ? QCoreApplication::translate("is::audit::Audit",
                                                         "at full load within the latency targets (%1 "
                                                         "streams at %2 tok/s each) %3 costs %4 %5 "
                                                         "(band %6-%7), so a price of %8 covers it")
                           : QCoreApplication::translate("is::audit::Audit",
                                                         "at full load within the latency targets (%1 "
                                                         "streams at %2 tok/s each) %3 costs %4 %5 "
                                                         "(band %6-%7), so a price of %8 does not cover it"))
            .arg(significantText(e.batch), significantText(e.tokSUser), t.deployment.deployment.name,
                 significantText(p.value), p.unit, significantText(p.low), significantText(p.high), claimed);
    const QString where = e.chips == 1 ? QCoreApplication::translate("is::audit::Audit", "%1 on one chip")
                                             .arg(t.deployment.deployment.name)
                                       : QCoreApplication::translate("is::audit::Audit", "%1 on %2 chips")
                                             .arg(t.deployment.deployment.name, significantText(e.chips));
    if (consistent)
        return QCoreApplication::translate("is::audit::Audit",
                                           "the engine predicts %1 %2 (band %3-%4) for %5; the claimed %6 "
                                           "lies inside, within a %7 % margin")
            .arg(significantText(p.value), p.unit, significantText(p.low), significantText(p.high), where,
                 claimed, significantText(tolerance * 100));
    return QCoreApplication::translate("is::audit::Audit",
                                       "the engine predicts %1 %2 (band %3-%4) for %5, bound by %6; the "
                                       "claimed %7 lies outside even with a "
                                       "%8 % margin")
        .arg(significantText(p.value), p.unit, significantText(p.low), significantText(p.high), where,
             bottleneckText(e.bottleneck), claimed, significantText(tolerance * 100));
}

} // namespace

ClaimVerdict checkMetric(const Claim& c, ScenarioSet& set)
{
    ClaimVerdict v{c, std::nullopt, {}, Verdict::NotCheckable, {}};
    const auto t = targetOf(set, c, v);
    if (!t)
        return v;
    const Band b = band(set, *t, inputsOf(*t, c.check), c.check.metric);
    if (!b.error.isEmpty() || !b.mid.fits) {
        v.reason = b.error.isEmpty() ? b.mid.why : b.error;
        return v;
    }
    v.predicted = b.predicted;
    const double tolerance = c.check.tolerance > 0 ? c.check.tolerance : kEngineTolerance;
    const bool consistent = agrees(c.claimed, b.predicted.low, b.predicted.high, tolerance);
    v.verdict = consistent ? Verdict::Consistent : Verdict::Inconsistent;
    v.reason = metricReason(c, *t, b, consistent, tolerance);
    if (consistent || c.check.searches.empty())
        return v;
    QStringList conditions;
    QStringList current;
    for (const SearchSpec& s : c.check.searches) {
        if (const auto h = searchInput(set, *t, c, s)) {
            v.conditions.push_back(*h);
            conditions << conditionFor(s, *h);
            current << inputValueText(s.input, currentInput(inputsOf(*t, c.check), s.input, b.mid));
        }
    }
    if (conditions.isEmpty()) {
        // How near the searched range comes: its end nearest the claim, the floor or ceiling the
        // physics sets ("even replies of 1 token take 0.24 s: the first token alone does").
        QStringList nearest;
        for (const SearchSpec& s : c.check.searches)
            if (const auto end = nearestEnd(set, *t, c, s))
                nearest << QCoreApplication::translate("is::audit::Audit", "with %1 it is still %2 %3")
                               .arg(inputValueText(s.input, end->first), significantText(end->second),
                                    b.predicted.unit);
        v.reason =
            nearest.isEmpty()
                ? QCoreApplication::translate("is::audit::Audit",
                                              "%1; no value of the searched inputs makes it true")
                      .arg(v.reason)
                : QCoreApplication::translate("is::audit::Audit", "%1; %2")
                      .arg(v.reason, nearest.join(QCoreApplication::translate("is::audit::Audit", ", and ")));
        return v;
    }
    v.verdict = Verdict::ConsistentOnlyIf;
    v.reason =
        QCoreApplication::translate(
            "is::audit::Audit",
            "the engine predicts %1 %2 (band %3-%4) with the scenario's inputs (%5); the claimed %6 needs %7")
            .arg(significantText(b.predicted.value), b.predicted.unit, significantText(b.predicted.low),
                 significantText(b.predicted.high),
                 current.join(QCoreApplication::translate("is::audit::Audit", ", ")), claimedText(c.claimed),
                 conditions.join(QCoreApplication::translate("is::audit::Audit", ", or ")));
    return v;
}

ClaimVerdict checkRatio(const Claim& c, ScenarioSet& set)
{
    ClaimVerdict v{c, std::nullopt, {}, Verdict::NotCheckable, {}};
    QString error;
    const auto num_ = set.target(c.check.scenario, c.check.deployment, &error);
    const auto den = num_ ? set.target(c.check.scenario, c.check.other, &error) : std::nullopt;
    if (!num_ || !den) {
        v.reason = error;
        return v;
    }
    const Band a = band(set, *num_, inputsOf(*num_, c.check), c.check.metric);
    const Band b = band(set, *den, inputsOf(*den, c.check), c.check.metric);
    for (const Band* x : {&a, &b})
        if (!x->error.isEmpty() || !x->mid.fits || x->predicted.low <= 0) {
            v.reason = x->error.isEmpty() ? x->mid.why : x->error;
            if (v.reason.isEmpty())
                v.reason = QCoreApplication::translate("is::audit::Audit",
                                                       "a deployment of the comparison has no throughput");
            return v;
        }
    const Predicted& pa = a.predicted;
    const Predicted& pb = b.predicted;
    v.predicted = Predicted{pa.value / pb.value, pa.low / pb.high, pa.high / pb.low, QStringLiteral("x")};
    const double tolerance = c.check.tolerance > 0 ? c.check.tolerance : kEngineTolerance;
    const bool consistent = agrees(c.claimed, v.predicted->low, v.predicted->high, tolerance);
    v.verdict = consistent ? Verdict::Consistent : Verdict::Inconsistent;
    v.reason =
        QCoreApplication::translate("is::audit::Audit", "the engine predicts %1 %2 for %3 against %4 for %5: "
                                                        "%6x (band %7x-%8x); the claimed %9x lies %10")
            .arg(significantText(pa.value), pa.unit, num_->deployment.deployment.name,
                 significantText(pb.value), den->deployment.deployment.name,
                 significantText(v.predicted->value), significantText(v.predicted->low),
                 significantText(v.predicted->high), claimedText(c.claimed),
                 consistent ? QCoreApplication::translate("is::audit::Audit", "inside the band")
                            : QCoreApplication::translate("is::audit::Audit", "outside the band"));
    return v;
}

ClaimVerdict checkResident(const Claim& c, ScenarioSet& set)
{
    ClaimVerdict v{c, std::nullopt, {}, Verdict::NotCheckable, {}};
    const auto t = targetOf(set, c, v);
    if (!t)
        return v;
    Inputs in = inputsOf(*t, c.check);
    in.deployment.mode = ExecutionMode::Resident;
    in.deployment.autoChips = true;
    const Band b = band(set, *t, in, QStringLiteral("chips"));
    if (!b.error.isEmpty() || !b.mid.fits) {
        v.verdict = Verdict::Inconsistent;
        v.reason = QCoreApplication::translate("is::audit::Audit",
                                               "the weights fit in no count of %1 the engine searches: %2")
                       .arg(t->deployment.deployment.device->name, b.error.isEmpty() ? b.mid.why : b.error);
        return v;
    }
    v.predicted = b.predicted;
    const Estimate& e = b.mid;
    if (e.minChips <= 1) {
        v.verdict = Verdict::Consistent;
        v.reason = QCoreApplication::translate("is::audit::Audit",
                                               "the weights (%1 GB at %2) fit in one chip's %3 GB")
                       .arg(significantText(e.memory.weights / 1e9),
                            weightFormatText(in.deployment, in.model.resolve()),
                            significantText(e.memory.capacity / 1e9));
        return v;
    }
    v.verdict = Verdict::ConsistentOnlyIf;
    v.reason =
        QCoreApplication::translate(
            "is::audit::Audit",
            "only across at least %1 chips (band %2-%3): the weights (%4 TB at %5) are %1 times what one "
            "%6 holds (%7 GB usable), so on one chip they cannot stay")
            .arg(significantText(e.minChips), significantText(b.predicted.low),
                 significantText(b.predicted.high), significantText(e.memory.weights * e.chips / 1e12),
                 weightFormatText(in.deployment, in.model.resolve()), t->deployment.deployment.device->name,
                 significantText(e.memory.capacity / 1e9));
    return v;
}

ClaimVerdict checkContext(const Claim& c, ScenarioSet& set)
{
    ClaimVerdict v{c, std::nullopt, {}, Verdict::NotCheckable, {}};
    const auto t = targetOf(set, c, v);
    if (!t)
        return v;
    Inputs in = inputsOf(*t, c.check);
    in.workload.inputTokens = std::max(1.0, c.check.tokens - in.workload.outputTokens);
    in.workload.concurrency = 1;
    in.deployment.autoChips = true;
    const Band b = band(set, *t, in, QStringLiteral("tok_s_user"));
    if (!b.error.isEmpty() || !b.mid.fits) {
        v.verdict = Verdict::Inconsistent;
        v.reason =
            QCoreApplication::translate("is::audit::Audit", "one stream of %1 tokens cannot be served: %2")
                .arg(significantText(c.check.tokens), b.error.isEmpty() ? b.mid.why : b.error);
        return v;
    }
    v.predicted = b.predicted;
    const Estimate& e = b.mid;
    v.verdict = Verdict::Consistent;
    v.reason =
        QCoreApplication::translate("is::audit::Audit", "one stream of %1 tokens fits on %2 x %3 (KV cache "
                                                        "%4 GB per chip, placed %5) at %6 tok/s per user "
                                                        "(band %7-%8)")
            .arg(significantText(c.check.tokens), significantText(e.chips),
                 t->deployment.deployment.device->name, significantText(e.memory.kvCache / 1e9),
                 kvPlacementText(e.kvPlacement), significantText(b.predicted.value),
                 significantText(b.predicted.low), significantText(b.predicted.high));
    return v;
}

ClaimVerdict checkCapacity(const Claim& c, ScenarioSet& set)
{
    ClaimVerdict v{c, std::nullopt, {}, Verdict::NotCheckable, {}};
    const auto t = targetOf(set, c, v);
    if (!t)
        return v;
    QString error;
    auto e = evaluate(set, *t, inputsOf(*t, c.check), QString(), Bound::Mid, Bound::Mid, &error);
    if (!e || !e->fits) {
        v.reason = e ? e->why : error;
        return v;
    }
    // What the stated power buys at the devices' peak draw and the scenario's facility overhead.
    const Device& dev = *t->deployment.deployment.device;
    const double perSystemW = dev.peakPowerW.value * t->scenario->tco.pue.value;
    const double systems = c.claimed.value * 1e6 / perSystemW;
    v.reason =
        QCoreApplication::translate("is::audit::Audit", "a plan, not a measured figure: %1 MW buys about %2 "
                                                        "x %3 at %4 kW each with PUE %5, about %6 copies "
                                                        "of the %7-chip deployment")
            .arg(significantText(c.claimed.value), significantText(systems), dev.name,
                 significantText(dev.peakPowerW.value / 1000), significantText(t->scenario->tco.pue.value),
                 significantText(systems / e->chips), significantText(e->chips));
    return v;
}

} // namespace is::audit::detail
