// SPDX-License-Identifier: MIT
#pragma once
// Engine properties over random but valid (model, deployment, workload) triples: the invariants
// every physical model must keep whatever the numbers. Shared by tst_properties (a 20,000-draw
// subset under ctest) and bench_properties (the full million, run by hand). Seeded: the same
// seed draws the same triples on every machine (std::mt19937_64 and our own mapping to ranges;
// the standard distributions are implementation-defined).
#include "cost/ServingPointCost.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QString>
#include <QStringList>

#include <cmath>
#include <memory>
#include <random>
#include <vector>

namespace is::properties {

struct Triple
{
    const ModelEntry* model = nullptr;
    Bound modelBound = Bound::Mid;
    const Device* device = nullptr;
    int chips = 1;
    std::optional<Precision> weights;
    ExecutionMode mode = ExecutionMode::Auto;
    Workload workload;
    ParallelPlan plan;
    int batch = 1;
};

// The triple as a scenario file, so that a failure can be opened in the studio or run with
// `inference-studio estimate`.
inline QString tripleAsScenario(const Triple& t)
{
    Scenario s;
    s.name = QStringLiteral("property failure");
    s.model.catalogId = t.model->arch.id;
    s.workload = t.workload;
    DeploymentDoc d;
    d.id = QStringLiteral("d1");
    d.name = t.device->name;
    d.device = t.device->id;
    d.count = t.chips;
    d.plan = t.plan;
    d.weights = t.weights;
    d.mode = t.mode;
    s.deployments.push_back(d);
    return QString::fromUtf8(QJsonDocument(scenarioToJson(s)).toJson(QJsonDocument::Indented));
}

// Every output of an estimate finite and non-negative; `why` names the first that is not.
inline bool finiteNonNegative(const Estimate& e, QString* why)
{
    const std::pair<const char*, double> values[] = {{"prefillS", e.prefillS},
                                                     {"ttftS", e.ttftS},
                                                     {"queueingS", e.queueingS},
                                                     {"tpotS", e.tpotS},
                                                     {"tokSUser", e.tokSUser},
                                                     {"tokSTotal", e.tokSTotal},
                                                     {"decodeStepS", e.decodeStepS},
                                                     {"prefillOccupancyS", e.prefillOccupancyS},
                                                     {"powerW", e.powerW},
                                                     {"facilityPowerW", e.facilityPowerW},
                                                     {"joulesPerToken", e.joulesPerToken},
                                                     {"usdPerMTok", e.usdPerMTok},
                                                     {"usdPerHour", e.usdPerHour},
                                                     {"decode.compute", e.decode.compute},
                                                     {"decode.memory", e.decode.memory},
                                                     {"decode.communication", e.decode.communication},
                                                     {"decode.dataflow", e.decode.dataflow},
                                                     {"decode.overhead", e.decode.overhead},
                                                     {"memory.weights", e.memory.weights},
                                                     {"memory.kvCache", e.memory.kvCache},
                                                     {"memory.capacity", e.memory.capacity}};
    for (const auto& [name, v] : values)
        if (!std::isfinite(v) || v < 0) {
            *why = QStringLiteral("%1 = %2: every output must be finite and non-negative")
                       .arg(QLatin1String(name))
                       .arg(v);
            return false;
        }
    return true;
}

// The extremes a scenario may hold (core/scenario/Scenario.cpp's limits), on every device and
// model: each estimate must finish with finite, non-negative outputs or a clear refusal.
// `worstMs` is the slowest estimate (its median and the count go to the caller).
struct ExtremesReport
{
    int estimates = 0;
    int refused = 0;
    double worstMs = 0;
    QString worstCase;
    QString failure; // empty when every output was finite and non-negative
};

inline ExtremesReport runExtremes()
{
    ExtremesReport report;
    const auto catalog = Catalog::builtin();
    const Engine engine(catalog);
    const std::vector<Workload> workloads{
        Workload{double(1 << 30), 1, 1, 0, 0},                           // the longest context
        Workload{1, double(1 << 30), 1, 0, 0},                           // the longest output
        Workload{1000, 1000, 1 << 24, 0, 0},                             // the most streams
        Workload{double(1 << 30), double(1 << 30), 1 << 24, 1e-6, 1e-6}, // all of it, impossible limits
    };
    const auto check = [&](const Deployment& d, const ModelEntry& model, const Workload& w,
                           ServingGoal goal) {
        QString err;
        QElapsedTimer timer;
        timer.start();
        const auto e = engine.estimate(d, model.resolve(), w, goal, {}, &err);
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        ++report.estimates;
        const QString what = QStringLiteral("%1 on %2 x %3, context %4, output %5, %6 streams")
                                 .arg(model.arch.id, d.device->id,
                                      d.autoChips ? QStringLiteral("auto") : QString::number(d.chips))
                                 .arg(w.inputTokens)
                                 .arg(w.outputTokens)
                                 .arg(w.concurrency);
        if (ms > report.worstMs) {
            report.worstMs = ms;
            report.worstCase = what;
        }
        if (!e) {
            ++report.refused;
            return;
        }
        QString why;
        if (!finiteNonNegative(*e, &why) && report.failure.isEmpty())
            report.failure = what + QStringLiteral(": ") + why;
    };
    for (const Device* device : catalog->devices()) {
        if (device->cls == DeviceClass::Cpu)
            continue;
        for (const ModelEntry* model : catalog->models())
            for (const bool autoCount : {true, false}) {
                Deployment d = defaultDeployment(*catalog, *device, autoCount ? 1 : 1 << 20);
                d.autoChips = autoCount;
                for (const Workload& w : workloads)
                    for (const ServingGoal goal : {ServingGoal::FixedConcurrency, ServingGoal::MaxThroughput,
                                                   ServingGoal::LatencyBounded})
                        check(d, *model, w, goal);
            }
    }
    return report;
}

class Checker
{
public:
    explicit Checker(quint64 seed) : m_rng(seed)
    {
        for (const ModelEntry* m : m_catalog->models())
            m_models.push_back(m);
        for (const Device* d : m_catalog->devices())
            if (d->cls != DeviceClass::Cpu) // "this machine" is probed, not drawn
                m_devices.push_back(d);
    }

    // Draws and checks one triple; false with `failure` set (the broken property and the
    // triple as a scenario) when a property does not hold. Triples the engine refuses (a
    // topology it cannot build) are not failures: they are counted in refused().
    bool checkOne(QString* failure)
    {
        const Triple t = draw();
        QString why;
        if (!checkTriple(t, &why)) {
            *failure = why + QStringLiteral("\n") + tripleAsScenario(t);
            return false;
        }
        return true;
    }
    qint64 evaluated() const { return m_evaluated; }
    qint64 refused() const { return m_refused; }
    qint64 fitted() const { return m_fitted; } // evaluated and fitting: every property was checked

private:
    // Uniform in [0, 1) from 53 random bits: the same on every standard library.
    double unit() { return double(m_rng() >> 11) * 0x1.0p-53; }
    double logUniform(double lo, double hi) { return lo * std::pow(hi / lo, unit()); }
    template <typename T> const T& pick(const std::vector<T>& v)
    {
        return v[size_t(unit() * double(v.size()))];
    }

    Triple draw()
    {
        Triple t;
        t.model = pick(m_models);
        t.modelBound = pick(std::vector<Bound>{Bound::Low, Bound::Mid, Bound::High});
        t.device = pick(m_devices);
        t.chips = int(std::round(logUniform(1, 10000)));
        static const std::vector<std::optional<Precision>> kPrecisions{
            std::nullopt, Precision::BF16, Precision::FP8, Precision::INT8, Precision::FP4, Precision::INT4};
        t.weights = pick(kPrecisions);
        t.mode = pick(std::vector<ExecutionMode>{ExecutionMode::Auto, ExecutionMode::Resident,
                                                 ExecutionMode::WeightStreaming});
        t.workload.inputTokens = std::round(logUniform(1, 2'000'000));
        t.workload.outputTokens = std::round(logUniform(1, 32'000));
        t.workload.concurrency = int(std::round(logUniform(1, 10000)));
        t.batch = t.workload.concurrency;
        // A plan whose tp x pp x dp is the chip count: tp a power of two up to 8 that divides it,
        // the rest split between pipeline stages and replicas.
        int tp = 1;
        while (tp < 8 && t.chips % (tp * 2) == 0 && unit() < 0.7)
            tp *= 2;
        const int rest = t.chips / tp;
        int pp = 1;
        for (int f = rest; f >= 1; --f)
            if (rest % f == 0 && unit() < 0.3) {
                pp = f;
                break;
            }
        t.plan = ParallelPlan{tp, pp, 1, rest / pp};
        return t;
    }

    Deployment deploymentFor(const Triple& t, const Device* device) const
    {
        Deployment d = defaultDeployment(*m_catalog, *t.device, t.chips);
        d.device = device;
        d.weightPrecision = t.weights;
        d.mode = t.mode;
        return d;
    }

    struct Outcome
    {
        bool ok = false;
        Estimate e;
        double memoryTotal = 0;
    };
    Outcome run(const Triple& t, const Device* device, const Workload& w, int chips,
                const CostAssumptions& cost = {}) const
    {
        Outcome o;
        Deployment d = deploymentFor(t, device);
        d.chips = chips;
        const ModelDesc m = t.model->resolve(t.modelBound);
        QString err;
        const auto ctx = m_engine.prepare(d, m, w, cost, chips, Bound::Mid, &err);
        if (!ctx)
            return o;
        ParallelPlan plan = t.plan;
        if (plan.chips() != chips)
            plan = ParallelPlan{1, 1, 1, chips};
        o.e = m_engine.evaluate(*ctx, plan, t.batch);
        // Its cost, as every view prices it: the cost of ownership over the engine's three.
        cost::TcoAssumptions tco;
        static_cast<CostAssumptions&>(tco) = cost;
        cost::price(o.e, d, QString(), w, tco);
        o.memoryTotal = ctx->memCapacity * chips;
        o.ok = true;
        return o;
    }

    // A step is "not slower" within a relative tolerance for rounding.
    static bool notSlower(double after, double before) { return after <= before * (1 + 1e-9) + 1e-15; }

    std::unique_ptr<Device> scaledDevice(const Device& base, double bandwidth, double compute) const
    {
        auto d = std::make_unique<Device>(base);
        for (MemoryTier& tier : d->memory)
            tier.bandwidthBytesPerS = tier.bandwidthBytesPerS.scaled(bandwidth);
        for (auto& [p, flops] : d->peakFlops)
            flops = flops.scaled(compute);
        return d;
    }

    bool checkTriple(const Triple& t, QString* why)
    {
        const Outcome base = run(t, t.device, t.workload, t.chips);
        if (!base.ok) {
            ++m_refused;
            return true;
        }
        ++m_evaluated;
        if (!finiteNonNegative(base.e, why))
            return false;
        if (!base.e.fits)
            return true; // the rest compare working deployments
        ++m_fitted;

        // The decode step's parts (the latency breakdown chart) add up to the step the engine
        // serves with.
        if (std::abs(base.e.decode.total() - base.e.decodeStepS) > 1e-9 * base.e.decodeStepS + 1e-15) {
            *why = QStringLiteral("the decode parts sum to %1 s, the step is %2 s (%3)")
                       .arg(base.e.decode.total())
                       .arg(base.e.decodeStepS)
                       .arg(base.e.mode);
            return false;
        }

        // More memory bandwidth, or more compute, never slows a step.
        const double step = base.e.decode.total();
        for (const auto& [bw, fl, what] :
             {std::tuple{2.0, 1.0, "memory bandwidth x2"}, std::tuple{1.0, 2.0, "compute x2"}}) {
            const auto faster = scaledDevice(*t.device, bw, fl);
            const Outcome o = run(t, faster.get(), t.workload, t.chips);
            if (o.ok && o.e.fits && !notSlower(o.e.decode.total(), step)) {
                // Which part of the step grew tells where the engine's physics went wrong.
                const auto parts = [](const Estimate& e) {
                    return QStringLiteral(
                               "compute %1, memory %2, communication %3, dataflow %4, overhead %5 (%6)")
                        .arg(e.decode.compute)
                        .arg(e.decode.memory)
                        .arg(e.decode.communication)
                        .arg(e.decode.dataflow)
                        .arg(e.decode.overhead)
                        .arg(e.mode);
                };
                *why = QStringLiteral("%1 slowed the decode step from %2 s to %3 s: before %4; after %5")
                           .arg(QLatin1String(what))
                           .arg(step)
                           .arg(o.e.decode.total())
                           .arg(parts(base.e), parts(o.e));
                return false;
            }
        }

        // More chips never lower the memory available.
        const Outcome more = run(t, t.device, t.workload, t.chips * 2);
        if (more.ok && more.memoryTotal < base.memoryTotal * (1 - 1e-12)) {
            *why = QStringLiteral("doubling the chips lowered the memory from %1 to %2 bytes")
                       .arg(base.memoryTotal)
                       .arg(more.memoryTotal);
            return false;
        }

        // On a GPU, a longer context never raises per-user speed.
        if (t.device->cls == DeviceClass::HbmAccelerator) {
            Workload longer = t.workload;
            longer.inputTokens *= 2;
            const Outcome o = run(t, t.device, longer, t.chips);
            if (o.ok && o.e.fits && o.e.tokSUser > base.e.tokSUser * (1 + 1e-9)) {
                *why = QStringLiteral("doubling the context raised the speed per user from %1 to %2 tok/s")
                           .arg(base.e.tokSUser)
                           .arg(o.e.tokSUser);
                return false;
            }
        }

        // Cost and energy scale as their inputs say: PUE scales facility power and nothing else
        // of the step; a dearer kWh never makes a token cheaper; a longer life never dearer.
        CostAssumptions pue2;
        pue2.pue = pue2.pue.scaled(2);
        const Outcome withPue = run(t, t.device, t.workload, t.chips, pue2);
        if (withPue.ok) {
            const double ratio = withPue.e.facilityPowerW / base.e.facilityPowerW;
            if (base.e.facilityPowerW > 0 && std::abs(ratio - 2) > 1e-9) {
                *why = QStringLiteral("PUE x2 scaled facility power by %1, not 2").arg(ratio);
                return false;
            }
            if (std::abs(withPue.e.tokSTotal - base.e.tokSTotal) > 1e-9 * base.e.tokSTotal) {
                *why = QStringLiteral("PUE changed the throughput");
                return false;
            }
        }
        CostAssumptions dearer;
        dearer.usdPerKWh = dearer.usdPerKWh.scaled(2);
        const Outcome withPrice = run(t, t.device, t.workload, t.chips, dearer);
        if (withPrice.ok && withPrice.e.usdPerMTok < base.e.usdPerMTok * (1 - 1e-9)) {
            *why = QStringLiteral("a dearer kWh made a token cheaper (%1 -> %2 USD/M)")
                       .arg(base.e.usdPerMTok)
                       .arg(withPrice.e.usdPerMTok);
            return false;
        }
        if (withPrice.ok &&
            std::abs(withPrice.e.joulesPerToken - base.e.joulesPerToken) > 1e-9 * base.e.joulesPerToken) {
            *why = QStringLiteral("the price of a kWh changed the energy per token");
            return false;
        }
        CostAssumptions longerLife;
        longerLife.amortisationYears = longerLife.amortisationYears.scaled(2);
        const Outcome withLife = run(t, t.device, t.workload, t.chips, longerLife);
        if (withLife.ok && withLife.e.usdPerMTok > base.e.usdPerMTok * (1 + 1e-9)) {
            *why = QStringLiteral("a longer amortisation made a token dearer (%1 -> %2 USD/M)")
                       .arg(base.e.usdPerMTok)
                       .arg(withLife.e.usdPerMTok);
            return false;
        }
        return true;
    }

    std::shared_ptr<const Catalog> m_catalog = Catalog::builtin();
    Engine m_engine{m_catalog};
    std::vector<const ModelEntry*> m_models;
    std::vector<const Device*> m_devices;
    std::mt19937_64 m_rng;
    qint64 m_evaluated = 0;
    qint64 m_refused = 0;
    qint64 m_fitted = 0;
};

} // namespace is::properties
