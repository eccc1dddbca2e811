// SPDX-License-Identifier: MIT
#pragma once

#include "engine/CrossValidation.h"
#include "engine/Engine.h"
#include "scenario/ScenarioEvaluation.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

class QThreadPool;

namespace is {

// One point of a curve with its band (low/high equal the value when no input is a range).
struct BandPoint
{
    double x = 0;
    double y = 0;
    double low = 0;
    double high = 0;
};

// A point on the throughput-versus-interactivity curve of one deployment.
struct ParetoPoint
{
    int batch = 0;
    double tokSUser = 0;
    double tokSPerChip = 0;
    double tokSPerMW = 0;
    // Where the weights and the KV cache live at this batch ("resident/on-chip", "pipelined/
    // spilled-external"...). Where it changes between neighbours the curve jumps: no batch runs
    // at the speeds in between, so a chart breaks the line there.
    QString regime;
    // The mean time to first token at this batch: what a workload of one output token, which
    // never decodes, is interactive by.
    double ttftMs = 0;
};

// The workload's latency targets, by name.
enum class LatencyTarget { Ttft, Tpot };

// A latency target one deployment misses: its mean time (TTFT or TPOT) above the workload's limit.
struct TargetMiss
{
    LatencyTarget target = LatencyTarget::Ttft;
    double limitS = 0; // the target
    double valueS = 0; // what the deployment reaches
    bool operator==(const TargetMiss&) const = default;
};

// The targets of `w` that estimate `e` misses, TTFT first: none when no target is set, and none
// when the deployment does not fit (it has no latency to compare). The same rule the server goal
// chooses its batch by (mean TTFT and TPOT at most the limits), in every serving goal.
std::vector<TargetMiss> missedTargets(const Estimate& e, const Workload& w);

// `estimate --json`'s "latency_targets" of one deployment, where the workload sets a target:
// {"ttft_limit_ms", "tpot_limit_ms" (null: no limit), "met" (null: it does not fit), "missed":
// [{"target": "ttft" | "tpot", "limit_ms", "value_ms"}]}, by missedTargets' rule. An empty object
// when the workload sets no target.
QJsonObject latencyTargetsToJson(const Estimate& e, const Workload& w);

// The per-user speed a TPOT target asks for (tok/s): one token per TPOT. 0 without a target.
double speedTarget(const Workload& w);

// Everything the studio draws for one deployment.
struct DeploymentAnalysis
{
    QString docId;
    QString name;
    QString modelName;
    // The weights' precision it was evaluated at: the chosen one, else what the default resolved
    // to for its device and model (engine/Deployment.h).
    std::optional<Precision> weights;
    // Where that serves an experts-only release (gpt-oss), the other weights' precision (bf16);
    // nullopt where every weight is at `weights`.
    std::optional<Precision> nonExpertWeights;
    RangedEstimate estimate;
    // Its device family (its id, and what the catalog calls it) and how well the engine is known
    // to predict that family.
    QString family;
    QString familyName;
    FamilyAccuracy accuracy;
    // At full load within the latency targets (analysis/FullLoad.h): the cost a service pays per
    // token, beside the workload's concurrency. nullopt where it cannot be evaluated.
    std::optional<Estimate> atLoad;
    // x: context tokens up to the model's context window (its edge the last point), y: tok/s per
    // user (0 where it does not fit)
    std::vector<BandPoint> speedVsContext;
    // x: the same contexts, y: the time to first token in ms (0 where it does not fit): what a
    // workload of one output token, which never decodes, is drawn by.
    std::vector<BandPoint> firstTokenVsContext;
    double maxContext = 0;                     // the model's context window (0: unknown)
    std::vector<KvPlacement> contextPlacement; // per speedVsContext point
    std::vector<int> contextChips;             // per speedVsContext point
    double sramExhaustedAt =
        0; // first context where a wafer deployment runs out of SRAM (0: never / not wafer)
    QString sramExhaustedAction; // "added-chips" or "spilled-external"
    // First context where memory (or the serving runtime) runs fewer streams than the workload's
    // fixed concurrency, the rest queueing (0: never). From there the speed per user is that of
    // the streams running, which fewer streams make faster; the wait is in the time to first token.
    double queuesFrom = 0;
    int streamsAtQueue = 0; // the streams running there
    std::vector<ParetoPoint> pareto;
    std::vector<TargetMiss> missedTargets; // of the point estimate (mid)
};

struct ScenarioAnalysis
{
    Workload workload; // what was analysed: the charts draw its context and latency targets
    std::vector<DeploymentAnalysis> deployments;
    QStringList issues; // user-facing warnings ("Kimi K3 does not fit on 8 H100 at 1 M context: needs 40")
    QString error;      // set when the scenario cannot be evaluated at all
};

// The contexts the speed-versus-context chart samples: log-spaced from 1 K to 2 M tokens.
std::vector<double> defaultContextGrid(int points = 25);

class ContextCurveCache;

// Computes every chart's data for a scenario. Pure function of its inputs: the GUI runs it on a
// worker thread, the command line and the tests call it directly. With a cache, speed-versus-
// context curves already computed for the same inputs are taken from it instead of computed again;
// the result is the same either way.
ScenarioAnalysis analyseScenario(const Scenario& s, const Engine& engine, const std::vector<double>& contexts,
                                 ContextCurveCache* cache = nullptr);

// The same result as analyseScenario, computed deployment by deployment (they are independent):
// in parallel on `pool` when one is given (the calling thread takes the first deployment), else
// one after another. The studio analyses this way so that a slider tick costs the slowest
// deployment, not their sum. A scenario that does not resolve is analysed whole, so its errors
// keep their field paths. It blocks until its jobs on `pool` finish: the pool must have a thread
// free for them (not be the caller's own pool with none to spare) and must not be cleared while
// it runs.
ScenarioAnalysis analyseScenarioPerDeployment(const Scenario& s, const Engine& engine,
                                              const std::vector<double>& contexts, QThreadPool* pool,
                                              ContextCurveCache* cache = nullptr);

// Speed-versus-context curves already computed, for a caller that analyses the same deployments
// again and again (the studio, on every tick of a slider). The curves sweep the input length
// themselves, so they do not change while the context slider moves. They are keyed on everything
// else they depend on, serialised whole so that a new scenario field is covered without anyone
// adding it: the scenario with only that deployment (less its input length and what is only
// drawn: names, canvas position, colour), the model it resolved to, the catalog's revision (its
// contents, never its address) and the context grid. Its owner decides its lifetime (the studio's
// AnalysisRunner keeps one); deployments analysed in parallel may share it. Holds the curves of at
// most `capacity` deployments, dropping the least recently used.
class ContextCurveCache
{
public:
    explicit ContextCurveCache(size_t capacity = 64);
    ContextCurveCache(const ContextCurveCache&) = delete;
    ContextCurveCache& operator=(const ContextCurveCache&) = delete;

    void clear();
    size_t size() const;
    // Lookups answered from the cache, and those that had to compute (tests check both).
    quint64 hits() const;
    quint64 misses() const;

private:
    friend ScenarioAnalysis analyseScenario(const Scenario&, const Engine&, const std::vector<double>&,
                                            ContextCurveCache*);
    struct Curves
    {
        std::vector<Engine::ContextPoint> mid;
        // The model range's two ends (mid again when the model is not a range).
        std::vector<Engine::ContextPoint> low;
        std::vector<Engine::ContextPoint> high;
    };
    using Entries = std::list<std::pair<QByteArray, Curves>>;

    std::optional<Curves> find(const QByteArray& key);
    void insert(const QByteArray& key, Curves curves);

    mutable std::mutex m_mutex;
    const size_t m_capacity;
    Entries m_entries; // most recently used first
    std::map<QByteArray, Entries::iterator> m_index;
    quint64 m_hits = 0;
    quint64 m_misses = 0;
};

// Throughput versus interactivity: sweeps the batch from one stream to the memory limit, on
// `chips` chips (the count the comparison's estimate of the workload has, so that its operating
// point lies on the curve; 0: the count one stream takes). A deployment sized automatically for
// 91 streams has more wafers than for one, and the curve of the smaller count left the table's
// point off the chart.
std::vector<ParetoPoint> paretoSweep(const Engine& engine, const ResolvedDeployment& r, const Workload& w,
                                     const CostAssumptions& c, int chips = 0);

} // namespace is
