// SPDX-License-Identifier: MIT
// The request-level simulator: its inputs (traces, configuration, arrival processes), and its
// consistency with the engine: Little's law, single-stream latency at low load, saturation at
// the engine's max-throughput estimate.
#include "BadInputRows.h"
#include "analysis/FleetSizing.h"
#include "analysis/ScenarioSimulation.h"
#include "engine/Engine.h"
#include "hardware/Catalog.h"
#include "scenario/Scenario.h"
#include "serving/RequestGenerator.h"
#include "serving/ServingConfig.h"
#include "serving/Simulator.h"
#include "serving/Statistics.h"
#include "serving/StepCostModel.h"
#include "serving/Trace.h"

#include "ServingRig.h"

#include "SourcePath.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace is;
using namespace is::serving;
using namespace is::serving::test;

namespace {

double rel(double a, double b)
{
    return std::abs(a - b) / std::abs(b);
}

// Ten short requests a second apart, the fourth as long as the whole KV cache (never served).
RequestSet tenRequestsOneLongerThanTheCache(const StepCostModel& s)
{
    RequestSet set;
    for (int i = 0; i < 10; ++i)
        set.requests.push_back(
            RequestSpec{i * 1.0, i == 3 ? static_cast<int>(s.kvCapacityTokens()) : 100, 50, 0});
    return set;
}

} // namespace

class TestServing : public QObject
{
    Q_OBJECT

private slots:
    void traceParses()
    {
        QString error;
        auto rows = parseTraceCsv(
            "timestamp,input_tokens,output_tokens\n# a comment\n0,100,20\n\n0.5, 2000 ,1\n0.5,7,7\n",
            QStringLiteral("t.csv"), &error);
        QVERIFY2(rows, qPrintable(error));
        QCOMPARE(rows->size(), size_t(3));
        QCOMPARE((*rows)[1].timestampS, 0.5);
        QCOMPARE((*rows)[1].inputTokens, 2000);
        QCOMPARE((*rows)[1].outputTokens, 1);
        // No header is fine too.
        QVERIFY(parseTraceCsv("1.5,10,10\n", QStringLiteral("t.csv"), &error));
    }

    void traceErrors_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("expected");
        QTest::newRow("fields") << QByteArray("timestamp,input_tokens,output_tokens\n0,10,10\n1,10\n")
                                << "t.csv:3: expected 3 fields";
        QTest::newRow("number") << QByteArray("0,10,10\nsoon,10,10\n")
                                << "t.csv:2: timestamp: expected a non-negative";
        QTest::newRow("negative time") << QByteArray("-1,10,10\n") << "t.csv:1: timestamp";
        QTest::newRow("unsorted") << QByteArray("5,10,10\n4,10,10\n") << "t.csv:2: timestamp: 4 is earlier";
        QTest::newRow("zero tokens") << QByteArray("0,0,10\n")
                                     << "t.csv:1: input_tokens: expected a whole number of at least 1";
        QTest::newRow("fraction") << QByteArray("0,10,2.5\n") << "t.csv:1: output_tokens";
        QTest::newRow("empty") << QByteArray("") << "t.csv: empty trace";
        QTest::newRow("header only") << QByteArray("timestamp,input_tokens,output_tokens\n# nothing\n")
                                     << "t.csv: empty trace";
        QTest::newRow("bad header") << QByteArray("when,what\n0,1,1\n")
                                    << "t.csv:1: header must name 3 columns";
    }
    void traceErrors()
    {
        QFETCH(QByteArray, data);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!parseTraceCsv(data, QStringLiteral("t.csv"), &error));
        QVERIFY2(error.startsWith(expected), qPrintable(error));
        QVERIFY(!loadTraceCsv(QStringLiteral("/nonexistent/trace.csv"), &error));
        QVERIFY(error.startsWith(QStringLiteral("/nonexistent/trace.csv: cannot open")));
    }

    void configErrors_data()
    {
        is::testing::addBadInputRows({
            {"negative rate", R"({"arrival": {"rate_rps": -2}})",
             "serving.arrival.rate_rps: must be positive"},
            {"zero load", R"({"arrival": {"load": 0}})", "serving.arrival.load: must be positive"},
            {"process", R"({"arrival": {"process": "weibull"}})",
             "serving.arrival.process: expected poisson"},
            {"trace file", R"({"arrival": {"process": "trace"}})", "serving.arrival.file: missing"},
            {"negative off", R"({"arrival": {"process": "onoff", "off_s": -1}})",
             "serving.arrival.off_s: must not be negative"},
            {"normal sd", R"({"lengths": {"input": {"dist": "normal", "mean": 100}}})",
             "serving.lengths.input.sd: missing"},
            {"min", R"({"lengths": {"output": {"min": 0}}})", "serving.lengths.output.min: must be positive"},
            {"max", R"({"lengths": {"output": {"min": 10, "max": 5}}})",
             "serving.lengths.output.max: must not be below min"},
            {"disagg", R"({"disaggregated": {"prefill_replicas": 1, "decode_replicas": 0}})",
             "serving.disaggregated.decode_replicas"},
            {"scheduler", R"({"scheduler": {"max_batch_tokens": 0}})",
             "serving.scheduler.max_batch_tokens: must be between"},
            {"per deployment", R"({"deployments": {"h100": {"scheduler": {"block_tokens": -16}}}})",
             "serving.deployments.h100.scheduler.block_tokens"},
            {"requests", R"({"requests": 0})", "serving.requests: must be between"},
            {"seed", R"({"seed": -1})", "serving.seed: expected a whole number"},
            {"agent", R"({"agent": {"calls": 3, "tool_time_s": -1}})",
             "serving.agent.tool_time_s: must not be negative"},
            {"plan", R"({"plan": "fastest"})", "serving.plan: expected fixed, offline or server"},
            {"admission", R"({"scheduler": {"kv_admission": "lazy"}})",
             "serving.scheduler.kv_admission: expected on-demand or reserve-full, got 'lazy'"},
            {"dp prefill", R"({"scheduler": {"attention_dp_prefill": "sometimes"}})",
             "serving.scheduler.attention_dp_prefill: expected aligned or independent, got 'sometimes'"},
        });
    }
    void configErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!parseServingConfig(QJsonDocument::fromJson(text.toUtf8()).object(), &error));
        QVERIFY2(error.startsWith(expected), qPrintable(error));
    }

    void configRoundTrip()
    {
        QString error;
        auto c = parseServingConfig(
            json(R"({"arrival": {"process": "onoff", "rate_rps": 3, "on_s": 5, "off_s": 15},
            "lengths": {"input": {"dist": "lognormal", "mean": 2000, "sigma": 0.6, "max": 32000}, "output": {"dist": "normal", "mean": 300, "sd": 50}},
            "scheduler": {"max_batch_tokens": 4096, "chunked_prefill": false, "kv_admission": "reserve-full",
                          "attention_dp_prefill": "independent"},
            "deployments": {"h100": {"disaggregated": {"prefill_replicas": 1, "decode_replicas": 3}}},
            "agent": {"calls": 10, "tool_time_s": 2, "tool_time": "exponential"},
            "slo": {"ttft_ms": 500, "tpot_ms": 40}, "plan": "server", "requests": 500, "seed": 7})"),
            &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->forDeployment(QStringLiteral("h100")).disaggregated.decodeReplicas, 3);
        QCOMPARE(c->forDeployment(QStringLiteral("h100")).scheduler.maxBatchTokens,
                 4096); // inherits the defaults
        QCOMPARE(c->forDeployment(QStringLiteral("h100")).scheduler.kvAdmission, KvAdmission::ReserveFull);
        QCOMPARE(c->forDeployment(QStringLiteral("h100")).scheduler.attentionDpPrefill,
                 AttentionDpPrefill::Independent);
        QVERIFY(!c->forDeployment(QStringLiteral("other")).disaggregated.enabled());
        QCOMPARE(c->slo.ttftS, 0.5);
        const QJsonObject out = servingConfigToJson(*c);
        auto again = parseServingConfig(out, &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(servingConfigToJson(*again), out);
        QCOMPARE(*again, *c);
        // A scenario saves only what differs from the defaults, and it reads back as the same settings.
        const QJsonObject section = servingSectionJson(*c);
        QVERIFY(!section.contains(QStringLiteral("timeline_points")));
        QCOMPARE(section.value(QStringLiteral("requests")).toInt(), 500);
        QCOMPARE(*parseServingConfig(section, &error), *c);
        QVERIFY(servingSectionJson(ServingConfig()).isEmpty());
    }

    void arrivalProcesses()
    {
        const Workload w{500, 200, 1, 0, 0};
        // Poisson: the mean rate and exponential gaps (coefficient of variation 1).
        auto gaps = [](const RequestSet& s) {
            std::vector<double> g;
            for (size_t i = 1; i < s.requests.size(); ++i)
                g.push_back(s.requests[i].arrivalS - s.requests[i - 1].arrivalS);
            double mean = 0;
            for (double x : g)
                mean += x;
            mean /= static_cast<double>(g.size());
            double var = 0;
            for (double x : g)
                var += (x - mean) * (x - mean);
            return std::pair{mean, std::sqrt(var / static_cast<double>(g.size())) / mean};
        };
        auto [pm, pcv] = gaps(requests(R"({"seed": 3})", w, 4.0, 40000));
        QVERIFY2(rel(pm, 0.25) < 0.02, qPrintable(QString::number(pm)));
        QVERIFY(rel(pcv, 1.0) < 0.03);
        auto [cm, ccv] = gaps(requests(R"({"arrival": {"process": "constant"}})", w, 4.0, 1000));
        QVERIFY(rel(cm, 0.25) < 1e-9 && ccv < 1e-9);
        auto [gm, gcv] = gaps(requests(R"({"arrival": {"process": "gamma", "cv": 3}})", w, 4.0, 40000));
        QVERIFY(rel(gm, 0.25) < 0.05);
        QVERIFY2(rel(gcv, 3.0) < 0.1, qPrintable(QString::number(gcv)));
        // On/off: the same long-run rate, burstier than Poisson.
        auto [om, ocv] =
            gaps(requests(R"({"arrival": {"process": "onoff", "on_s": 2, "off_s": 6}})", w, 4.0, 40000));
        QVERIFY2(rel(om, 0.25) < 0.05, qPrintable(QString::number(om)));
        QVERIFY(ocv > 1.5);
    }

    void lengthDistributions()
    {
        const Workload w{1000, 500, 1, 0, 0};
        auto mean = [](const RequestSet& s, bool input) {
            double sum = 0;
            int lo = 1 << 30;
            for (const RequestSpec& r : s.requests) {
                sum += input ? r.inputTokens : r.outputTokens;
                lo = std::min(lo, input ? r.inputTokens : r.outputTokens);
            }
            return std::pair{sum / static_cast<double>(s.requests.size()), lo};
        };
        const RequestSet fixed = requests("{}", w, 1, 100);
        QCOMPARE(mean(fixed, true).first, 1000.0); // the workload's lengths by default
        QCOMPARE(mean(fixed, false).first, 500.0);
        const RequestSet ln = requests(
            R"({"lengths": {"input": {"dist": "lognormal", "mean": 2000, "sigma": 0.8}}})", w, 1, 40000);
        QVERIFY2(rel(mean(ln, true).first, 2000) < 0.03, qPrintable(QString::number(mean(ln, true).first)));
        const RequestSet nm =
            requests(R"({"lengths": {"output": {"dist": "normal", "sd": 400, "min": 10}}})", w, 1, 20000);
        QVERIFY(mean(nm, false).second >= 10); // truncated at min
        double longest = 0;
        for (const RequestSpec& r : nm.requests)
            longest = std::max(longest, static_cast<double>(r.inputTokens) + r.outputTokens);
        QCOMPARE(nm.maxContext, longest);
        // Same seed, same requests; another seed, others.
        const RequestSet a =
            requests(R"({"seed": 5, "lengths": {"output": {"dist": "lognormal", "sigma": 1}}})", w, 2, 50);
        const RequestSet b =
            requests(R"({"seed": 5, "lengths": {"output": {"dist": "lognormal", "sigma": 1}}})", w, 2, 50);
        const RequestSet c =
            requests(R"({"seed": 6, "lengths": {"output": {"dist": "lognormal", "sigma": 1}}})", w, 2, 50);
        QCOMPARE(a.requests.back().arrivalS, b.requests.back().arrivalS);
        QCOMPARE(a.requests.back().outputTokens, b.requests.back().outputTokens);
        QVERIFY(a.requests.back().arrivalS != c.requests.back().arrivalS);
        // Lengths do not depend on the rate: deployments simulated at different loads see the same requests.
        const RequestSet slow =
            requests(R"({"seed": 5, "lengths": {"output": {"dist": "lognormal", "sigma": 1}}})", w, 0.1, 50);
        QCOMPARE(slow.requests[17].outputTokens, a.requests[17].outputTokens);
    }

    void timelineKeepsIntegrals()
    {
        TimelineAccumulator t(10, 1.0);
        t.add(0, 5, TimelinePoint{0, 2, 4, 0.5, 1});
        t.add(5, 40, TimelinePoint{0, 1, 0, 0, 0});
        const auto points = t.points(40);
        QVERIFY(points.size() <= 10 && points.size() >= 5);
        double queue = 0;
        const double width = 2 * points[0].tS;
        for (size_t i = 0; i < points.size(); ++i)
            queue += points[i].queue * std::min(width, 40 - static_cast<double>(i) * width);
        QVERIFY(std::abs(queue - (2 * 5 + 35)) < 1e-9);
        std::vector<double> v{5, 1, 4, 2, 3, 6, 7, 8, 9, 10};
        const Percentiles p = summarise(v, 3);
        QCOMPARE(p.p50, 5.0);
        QCOMPARE(p.p90, 9.0);
        QCOMPARE(p.max, 10.0);
        QCOMPARE(p.mean, 5.5);
        QCOMPARE(p.cdf.size(), size_t(3));
        // A tail of 0.5 % (a few requests that waited): the CDF's 95 % and 99 % points are the
        // percentiles the table shows, not a line from 95 % straight to the slowest.
        std::vector<double> tail(1000, 0.515);
        for (size_t i = 0; i < 5; ++i)
            tail[i * 200] = 1.5 + 0.01 * double(i);
        const Percentiles waited = summarise(tail);
        QCOMPARE(waited.cdf.size(), size_t(101));
        QCOMPARE(waited.cdf[99], waited.p99);
        QCOMPARE(waited.cdf[95], 0.515);
        QCOMPARE(waited.cdf[100], waited.max);
    }

    void stepModelFollowsEngine()
    {
        const Rig rig("h100-sxm", 8, "llama-3.1-70b", Precision::FP8);
        const StepCostModel s = rig.model(ServingGoal::MaxThroughput);
        QString error;
        auto ctx = rig.engine.prepare(rig.d, rig.m, Workload{1000, 1, 1, 0, 0}, CostAssumptions{}, s.chips(),
                                      Bound::Mid, &error);
        QVERIFY(ctx);
        // On grid points the table is the engine.
        for (int b : {1, 8, 16}) {
            const Estimate e = rig.engine.evaluate(*ctx, s.plan(), b * s.replicas());
            QVERIFY(rel(s.decodeStepS(b, 1000), e.decodeStepS) < 1e-9);
            QVERIFY(rel(s.prefillOccupancyS(1000, b), e.prefillOccupancyS) < 1e-9);
        }
        // Between grid points it interpolates within 2 %.
        auto mid = rig.engine.prepare(rig.d, rig.m, Workload{3000, 1, 1, 0, 0}, CostAssumptions{}, s.chips(),
                                      Bound::Mid, &error);
        for (int b : {23, 100, 150}) {
            const Estimate e = rig.engine.evaluate(*mid, s.plan(), b * s.replicas());
            QVERIFY2(rel(s.decodeStepS(b, 3000), e.decodeStepS) < 0.02, qPrintable(QString::number(b)));
        }
        QVERIFY(s.kvCapacityTokens() > 1000);
        QVERIFY(s.kvTransferS(1000) > 0);
    }

    void lowLoadMatchesSingleStream_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<int>("count");
        QTest::newRow("HGX H100, TP8") << "h100-sxm" << 8;
        QTest::newRow("4 CS-3, pipelined") << "cs-3" << 4;
    }
    void lowLoadMatchesSingleStream()
    {
        QFETCH(QString, device);
        QFETCH(int, count);
        const Rig rig(device.toLatin1().constData(), count, "llama-3.1-70b",
                      device == QLatin1String("h100-sxm") ? std::optional(Precision::FP8) : std::nullopt);
        const Estimate e = rig.estimate(ServingGoal::FixedConcurrency);
        const StepCostModel s = rig.model(ServingGoal::FixedConcurrency);
        QCOMPARE(s.plan(), e.plan);
        // Requests far apart: each meets an empty machine.
        const double e2e = e.ttftS + rig.w.outputTokens * e.tpotS;
        const SimResult r = simulate(s, requests("{}", rig.w, 0.01 / e2e, 300), SimOptions{});
        QCOMPARE(r.completed, 300);
        QVERIFY2(rel(r.ttftS.p50, e.ttftS) < 0.03,
                 qPrintable(QStringLiteral("%1 vs %2").arg(r.ttftS.p50).arg(e.ttftS)));
        QVERIFY2(rel(r.tpotS.p50, e.tpotS) < 0.03,
                 qPrintable(QStringLiteral("%1 vs %2").arg(r.tpotS.p50).arg(e.tpotS)));
        QCOMPARE(r.preemptions, 0L);
    }

    void littlesLaw()
    {
        const Rig rig("h100-sxm", 8, "llama-3.1-70b", Precision::FP8);
        const Estimate cap = rig.estimate(ServingGoal::MaxThroughput);
        const StepCostModel s = rig.model(ServingGoal::MaxThroughput);
        const RequestSet set = requests(R"({"lengths": {"output": {"dist": "lognormal", "sigma": 0.7}}})",
                                        rig.w, 0.7 * cap.tokSTotal / rig.w.outputTokens, 6000);
        const SimResult r = simulate(s, set, SimOptions{});
        QCOMPARE(r.completed, 6000);
        QVERIFY2(rel(r.littleL, r.littleLambdaW) < 0.03,
                 qPrintable(QStringLiteral("L %1, lambda W %2").arg(r.littleL).arg(r.littleLambdaW)));
        // The time-averaged batch and queue are the same quantity seen from the timeline.
        QVERIFY(r.kvUseMax <= 1.0 && r.kvUseMean > 0);
        QVERIFY(r.timeline.size() >= 100 && r.timeline.size() <= 240);
    }

    void saturatesAtEngineThroughput_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("model");
        QTest::addColumn<KvAdmission>("admission");
        const auto onDemand = KvAdmission::OnDemand;
        QTest::newRow("Llama 70B, HGX H100") << "h100-sxm" << 8 << "llama-3.1-70b" << onDemand;
        QTest::newRow("Llama 70B, 4 CS-3") << "cs-3" << 4 << "llama-3.1-70b" << onDemand;
        QTest::newRow("Kimi K3, 64 H100 (pipelined MoE)") << "h100-sxm" << 64 << "kimi-k3" << onDemand;
        // Wide expert parallelism: 256 experts over 72 GPUs (a count that does not divide them),
        // attention data-parallel, the all-to-all over NVLink.
        QTest::newRow("DeepSeek-R1, GB200 NVL72 (EP72 DP72)") << "gb200" << 72 << "deepseek-r1" << onDemand;
        // The runtime reserves each request's whole length: both sides hold fewer streams.
        QTest::newRow("Llama 70B, HGX H100, reserve-full")
            << "h100-sxm" << 8 << "llama-3.1-70b" << KvAdmission::ReserveFull;
    }
    void saturatesAtEngineThroughput()
    {
        QFETCH(QString, device);
        QFETCH(int, count);
        QFETCH(QString, model);
        QFETCH(KvAdmission, admission);
        Rig rig(device.toLatin1().constData(), count, model.toLatin1().constData(),
                device == QLatin1String("cs-3") ? std::nullopt : std::optional(Precision::FP8));
        rig.d.kvAdmission = admission;
        if (device == QLatin1String("gb200"))
            rig.d.plan = ParallelPlan{1, 1, 72, 72};
        const Estimate cap = rig.estimate(ServingGoal::MaxThroughput);
        QCOMPARE(cap.plan, rig.d.plan.value_or(cap.plan));
        const StepCostModel s = rig.model(ServingGoal::MaxThroughput, 4000);
        // Three times the capacity; lengths vary as real ones do, so sequences finish at
        // different times; the step budget does not limit prefill (the engine's cycle has none).
        // Four times as many requests as the engine's batch holds at once (8,000 at least): a
        // shorter run never reaches the steady state the engine describes (Kimi K3 on 64 H100
        // holds 33,000 streams: 8,000 requests saturated at a third of the engine's throughput,
        // which looked like a disagreement on its EP64 plan; twice the batch still ramps up).
        const int requestCount = std::max(8000, 4 * cap.batch);
        const RequestSet set = requests(
            R"({"lengths": {"input": {"dist": "normal", "sd": 250}, "output": {"dist": "normal", "sd": 250}}})",
            rig.w, 3 * cap.tokSTotal / rig.w.outputTokens, requestCount);
        SimOptions o;
        o.scheduler.maxBatchTokens = 1 << 20;
        const SimResult r = simulate(s, set, o);
        QCOMPARE(r.completed, requestCount);
        if (admission == KvAdmission::ReserveFull)
            QCOMPARE(r.preemptions, 0); // room for every admitted token was set aside
        QVERIFY2(
            rel(r.throughputTokS, cap.tokSTotal) < 0.15,
            qPrintable(
                QStringLiteral("simulated %1 tok/s, engine %2").arg(r.throughputTokS).arg(cap.tokSTotal)));
        QVERIFY(r.queueMax > 1000); // overloaded: the queue grows
        // The batch fills the KV cache, or the scheduler's cap on running sequences. A reserved
        // cache holds the tokens written so far, (in + out / 2) / (in + out) of what it set aside.
        const double held =
            admittedKvContext(rig.w, KvAdmission::OnDemand) / admittedKvContext(rig.w, admission);
        QVERIFY2(r.kvUseMean > 0.8 * held || r.batchMax >= 0.95 * s.maxSeqsPerReplica() * s.replicas(),
                 qPrintable(QStringLiteral("KV use %1, batch %2").arg(r.kvUseMean).arg(r.batchMax)));
    }

    void deterministic()
    {
        const Rig rig("cs-3", 4, "llama-3.1-70b");
        const StepCostModel s = rig.model(ServingGoal::MaxThroughput);
        const char* cfg = R"({"seed": 11, "lengths": {"output": {"dist": "lognormal", "sigma": 0.8}}})";
        const SimResult a = simulate(s, requests(cfg, rig.w, 40, 3000), SimOptions{});
        const SimResult b = simulate(s, requests(cfg, rig.w, 40, 3000), SimOptions{});
        QCOMPARE(a.ttftS.p99, b.ttftS.p99);
        QCOMPARE(a.e2eS.mean, b.e2eS.mean);
        QCOMPARE(a.throughputTokS, b.throughputTokS);
        QCOMPARE(a.preemptions, b.preemptions);
        const SimResult c =
            simulate(s,
                     requests(R"({"seed": 12, "lengths": {"output": {"dist": "lognormal", "sigma": 0.8}}})",
                              rig.w, 40, 3000),
                     SimOptions{});
        QVERIFY(c.e2eS.mean != a.e2eS.mean);
    }

    void preemptsAndLosesNothing()
    {
        const Rig rig("cs-3", 4, "llama-3.1-70b");
        const StepCostModel s = rig.model(ServingGoal::MaxThroughput);
        // Fixed lengths under overload: cohorts admitted together outgrow the KV cache.
        const SimResult r = simulate(s, requests("{}", rig.w, 1000, 2000), SimOptions{});
        QVERIFY(r.preemptions > 0);
        QCOMPARE(r.completed, 2000);
        QVERIFY(r.kvUseMax <= 1.0);
    }

    // Fixed lengths under overload, as in preemptsAndLosesNothing: a runtime that reserves each
    // request's whole length at admission never runs out of blocks, and runs fewer at once.
    void reserveFullNeverPreempts()
    {
        Rig rig("cs-3", 4, "llama-3.1-70b");
        const SimResult onDemand =
            simulate(rig.model(ServingGoal::MaxThroughput), requests("{}", rig.w, 1000, 2000), SimOptions{});
        rig.d.kvAdmission = KvAdmission::ReserveFull;
        const SimResult reserved =
            simulate(rig.model(ServingGoal::MaxThroughput), requests("{}", rig.w, 1000, 2000), SimOptions{});
        QVERIFY(onDemand.preemptions > 0);
        QCOMPARE(reserved.preemptions, 0);
        QCOMPARE(reserved.completed, 2000);
        QVERIFY2(reserved.batchMax < onDemand.batchMax,
                 qPrintable(QStringLiteral("%1 vs %2").arg(reserved.batchMax).arg(onDemand.batchMax)));
    }

    void rejectsLongerThanTheCache()
    {
        const Rig rig("cs-3", 4, "llama-3.1-70b");
        const StepCostModel s = rig.model(ServingGoal::MaxThroughput, 200000);
        const SimResult r = simulate(s, tenRequestsOneLongerThanTheCache(s), SimOptions{});
        QCOMPARE(r.rejected, 1);
        QCOMPARE(r.completed, 9);
    }

    void goodputCountsOnlyRequestsThatMetTheTargets()
    {
        const Rig rig("cs-3", 4, "llama-3.1-70b");
        {
            // One request in ten is longer than the KV cache and never served: with targets every
            // served request meets, goodput is 90 %, not 100 %.
            const StepCostModel s = rig.model(ServingGoal::MaxThroughput, 200000);
            const RequestSet set = tenRequestsOneLongerThanTheCache(s);
            SimOptions o;
            o.ttftTargetS = 1e6;
            o.tpotTargetS = 1e6;
            const SimResult r = simulate(s, set, o);
            QCOMPARE(r.rejected, 1);
            QCOMPARE(r.completed, 9);
            QCOMPARE(r.goodputFraction, 0.9);
            QVERIFY(rel(r.goodputRps, r.throughputRps) < 1e-12); // every completed request was good
        }
        // Overloaded: TTFT grows with the queue. A target at the median TTFT leaves p99 above
        // it, and goodput must show that about half the requests missed it.
        const StepCostModel s = rig.model(ServingGoal::MaxThroughput);
        const Estimate cap = rig.estimate(ServingGoal::MaxThroughput);
        const RequestSet set =
            requests(R"({"seed": 5, "lengths": {"output": {"dist": "lognormal", "sigma": 0.5}}})", rig.w,
                     2 * cap.tokSTotal / rig.w.outputTokens, 2000);
        const SimResult free = simulate(s, set, SimOptions{});
        QCOMPARE(free.goodputFraction, 1.0); // no targets: nothing to miss
        SimOptions o;
        o.ttftTargetS = free.ttftS.p50;
        const SimResult r = simulate(s, set, o);
        QVERIFY2(r.ttftS.p99 > o.ttftTargetS,
                 qPrintable(QStringLiteral("p99 %1, target %2").arg(r.ttftS.p99).arg(o.ttftTargetS)));
        QVERIFY2(r.goodputFraction > 0.4 && r.goodputFraction < 0.6,
                 qPrintable(QString::number(r.goodputFraction)));
        QVERIFY(r.goodputRps < 0.6 * r.throughputRps);
        // A target under every TTFT: nothing is good; above every TTFT: everything is.
        o.ttftTargetS = 0.5 * free.ttftS.cdf.front();
        QCOMPARE(simulate(s, set, o).goodputFraction, 0.0);
        o.ttftTargetS = free.ttftS.max;
        QCOMPARE(simulate(s, set, o).goodputFraction, 1.0);
    }

    void disaggregatedPools()
    {
        const Rig rig("h100-sxm", 8, "llama-3.1-70b", Precision::FP8);
        const StepCostModel s = rig.model(ServingGoal::MaxThroughput);
        QVERIFY(s.replicas() >= 2);
        SimOptions mixed;
        SimOptions split;
        split.disaggregated = DisaggSpec{1, s.replicas() - 1};
        // One request at a time: the same prefill, then the hand-off delays decode by the KV transfer.
        const RequestSet lone = requests("{}", rig.w, 0.001, 50);
        const SimResult a = simulate(s, lone, mixed);
        const SimResult b = simulate(s, lone, split);
        QVERIFY(rel(b.ttftS.p50, a.ttftS.p50) < 1e-6);
        const double transfer = s.kvTransferS(rig.w.inputTokens);
        QVERIFY2(std::abs(b.e2eS.p50 - a.e2eS.p50 - transfer) < 0.05 * transfer,
                 qPrintable(QStringLiteral("%1 - %2 vs %3").arg(b.e2eS.p50).arg(a.e2eS.p50).arg(transfer)));
        // Under load both carry it.
        const Estimate cap = rig.estimate(ServingGoal::MaxThroughput);
        const RequestSet load = requests("{}", rig.w, 0.5 * cap.tokSTotal / rig.w.outputTokens, 3000);
        const SimResult c = simulate(s, load, mixed);
        const SimResult d = simulate(s, load, split);
        QCOMPARE(d.completed, 3000);
        QVERIFY(rel(d.throughputTokS, c.throughputTokS) < 0.1);
        // Decode replicas admit a hand-off at their next step, not at the end of a planned run of
        // steps; and without other requests' prefills in their steps, tokens come faster.
        QVERIFY2(d.queueMean < 2, qPrintable(QString::number(d.queueMean)));
        QVERIFY2(d.tpotS.p50 < c.tpotS.p50,
                 qPrintable(QStringLiteral("%1 vs %2").arg(d.tpotS.p50).arg(c.tpotS.p50)));
    }

    void agentSessions()
    {
        const Rig rig("cs-3", 4, "llama-3.1-70b");
        const Estimate e = rig.estimate(ServingGoal::FixedConcurrency);
        const StepCostModel s = rig.model(ServingGoal::FixedConcurrency);
        const double call = e.ttftS + (rig.w.outputTokens - 1) * e.tpotS;
        // Ten sequential calls with 2 s of tool time between them, sessions far apart.
        const RequestSet set =
            requests(R"({"agent": {"calls": 10, "tool_time_s": 2}})", rig.w, 0.01 / (10 * call + 18), 400);
        QCOMPARE(set.callsPerSession, 10);
        const SimResult r = simulate(s, set, SimOptions{});
        QCOMPARE(r.completed, 400);
        QCOMPARE(r.sessions.sessions, 40);
        const double expected = 10 * call + 9 * 2.0;
        QVERIFY2(rel(r.sessions.e2eS.p50, expected) < 0.03,
                 qPrintable(QStringLiteral("%1 vs %2").arg(r.sessions.e2eS.p50).arg(expected)));
    }

    void scenarioSimulation()
    {
        QString error;
        auto sc = loadScenarioFile(
            is::testing::sourcePath(QStringLiteral("scenarios/gpt-5.6-sol-vs-kimi-k3.json")), &error);
        QVERIFY2(sc, qPrintable(error));
        Engine engine(Catalog::builtin());
        SimulationOverrides o;
        o.requests = 1500;
        auto run = simulateScenario(*sc, engine, o, &error);
        QVERIFY2(run, qPrintable(error));
        QCOMPARE(run->deployments.size(), size_t(2));
        for (const DeploymentSimulation& d : run->deployments) {
            QVERIFY2(d.ok, qPrintable(d.why));
            QCOMPARE(d.sim.completed, 1500);
            QVERIFY(rel(d.load, 0.7) < 0.1); // the default load
            QVERIFY(d.avgFacilityPowerW > 0 && d.costs.usdPerMTok > 0 && d.costs.joulesPerToken > 0);
            QCOMPARE(d.powerKw.size(), d.sim.timeline.size());
            // The scenario states no latency targets: goodput is judged by the assumed ones
            // (fleet sizing's), never a vacuous 100 %.
            QCOMPARE(d.sim.ttftTargetS, cost::kDefaultTtftS);
            QCOMPARE(d.sim.tpotTargetS, cost::kDefaultTpotS);
            QCOMPARE(d.slo.origin, cost::SloOrigin::Assumed);
            QVERIFY(d.slo.source.startsWith(QStringLiteral("assumed: ")));
            if (d.sim.ttftS.p99 > d.sim.ttftTargetS || d.sim.tpotS.p99 > d.sim.tpotTargetS)
                QVERIFY2(d.sim.goodputFraction < 1.0, qPrintable(d.name));
        }
        // Kimi K3 on 64 H100 at 70 % load: TPOT well over 50 ms, so few requests are good.
        QVERIFY(run->deployments[1].sim.tpotS.p50 > cost::kDefaultTpotS);
        QVERIFY(run->deployments[1].sim.goodputFraction < 0.5);
        const QJsonObject j = simulationToJson(*run);
        const QJsonObject first = j.value(QStringLiteral("deployments")).toArray().at(0).toObject();
        for (const char* key : {"ttft_ms", "tpot_ms", "e2e_s", "throughput_tok_s", "goodput_rps", "kv_use",
                                "queue", "batch", "timeline", "joules_per_token", "usd_per_mtok", "little"})
            QVERIFY2(first.contains(QLatin1String(key)), key);

        // An unknown deployment id in the serving section is an error naming it.
        sc->serving = *parseServingConfig(json(R"({"deployments": {"b300": {}}})"), &error);
        QVERIFY(!simulateScenario(*sc, engine, o, &error));
        QVERIFY2(error.startsWith(QStringLiteral("serving.deployments.b300")), qPrintable(error));
    }

    // Under latency targets the simulation runs the plan the engine picks for them (Kimi K3 on
    // 64 H100s: TP2 PP16 DP2); the load is a share of that plan's capacity, not of the best
    // plan for throughput (about five times more), which at "71 % load" queued thousands of
    // requests. The capacity is the simulated plan's, and the queue stays bounded.
    void loadIsAShareOfTheSimulatedPlansCapacity()
    {
        QString error;
        auto sc = loadScenarioFile(
            is::testing::sourcePath(QStringLiteral("scenarios/gpt-5.6-sol-vs-kimi-k3.json")), &error);
        QVERIFY2(sc, qPrintable(error));
        sc->workload.concurrency = 64;
        sc->goal = ServingGoal::LatencyBounded;
        sc->workload.ttftLimitS = 2.0;
        sc->workload.tpotLimitS = 0.05;
        Engine engine(Catalog::builtin());
        SimulationOverrides o;
        o.requests = 3000;
        auto run = simulateScenario(*sc, engine, o, &error);
        QVERIFY2(run, qPrintable(error));
        for (const DeploymentSimulation& d : run->deployments) {
            QVERIFY2(d.ok, qPrintable(d.why));
            QCOMPARE(d.maxThroughput.plan, d.plan);
            QVERIFY(rel(d.load, 0.7) < 0.1);
            // Served below capacity: the queue does not grow with the requests sent.
            QVERIFY2(d.sim.queueMax < o.requests.value() / 10,
                     qPrintable(QStringLiteral("%1: queue up to %2").arg(d.name).arg(d.sim.queueMax)));
        }
    }

    void traceArrivals()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("trace.csv")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("timestamp,input_tokens,output_tokens\n0,100,10\n0.5,200,20\n2,300,5\n");
        f.close();
        QString error;
        auto c =
            parseServingConfig(json(R"({"arrival": {"process": "trace", "file": "trace.csv"}})"), &error);
        QVERIFY2(c, qPrintable(error));
        auto g = RequestGenerator::create(*c, Workload{}, dir.path(), &error);
        QVERIFY2(g, qPrintable(error));
        const RequestSet set = g->generate(123, 10000);
        QCOMPARE(set.requests.size(), size_t(3));
        QCOMPARE(set.requests[1].arrivalS, 0.5);
        QCOMPARE(set.requests[2].inputTokens, 300);
        QCOMPARE(g->meanOutput(), 35.0 / 3);
        // A broken trace names its file and line.
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("0,100,10\n1,x,1\n");
        f.close();
        QVERIFY(!RequestGenerator::create(*c, Workload{}, dir.path(), &error));
        QVERIFY2(error.endsWith(QStringLiteral(
                     "trace.csv:2: input_tokens: expected a whole number of at least 1, got 'x'")),
                 qPrintable(error));
    }

    void cancels()
    {
        const Rig rig("cs-3", 4, "llama-3.1-70b");
        const StepCostModel s = rig.model(ServingGoal::MaxThroughput);
        std::atomic<bool> stop{true};
        SimOptions o;
        o.cancel = &stop;
        const SimResult r = simulate(s, requests("{}", rig.w, 100, 100000), o);
        QVERIFY(r.completed < 100000);
    }
};

QTEST_GUILESS_MAIN(TestServing)
#include "tst_serving.moc"
