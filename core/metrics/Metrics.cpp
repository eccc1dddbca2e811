// SPDX-License-Identifier: MIT
#include "metrics/Metrics.h"

#include "engine/Estimate.h"

#include <QCoreApplication>

#include <array>

namespace is::metrics {
namespace {

// Titles carry the unit as the studio shows it; keys carry it as the files spell it. The first
// block is the estimate's metrics in the order of Id; the rest are keyed quantities of the
// fleet, cost, serving, validation and executor outputs, grouped by where they appear.
const Metric kMetrics[] = {
    // Estimate metrics: in the order of Id.
    {"chips", "", QT_TRANSLATE_NOOP("is::metrics", "Chips"), nullptr, nullptr,
     QT_TRANSLATE_NOOP("is::metrics", "the chips"), Direction::Amount, true, false,
     [](const Estimate& e) { return double(e.chips); }},
    {"tok_s_user", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Tokens/s per user"), nullptr, nullptr, nullptr,
     Direction::HigherIsFaster, false, false, [](const Estimate& e) { return e.tokSUser; }},
    {"tok_s_total", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Tokens/s, whole deployment"), nullptr, nullptr,
     QT_TRANSLATE_NOOP("is::metrics", "the throughput"), Direction::Amount, false, false,
     [](const Estimate& e) { return e.tokSTotal; }},
    {"ttft_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Time to first token (ms)"),
     QT_TRANSLATE_NOOP("is::metrics", "First token"), QT_TRANSLATE_NOOP("is::metrics", "TTFT (ms)"), nullptr,
     Direction::LowerIsFaster, false, false, [](const Estimate& e) { return e.ttftS * 1e3; }},
    {"ttft_uncached_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Time to first token, nothing cached (ms)"),
     nullptr, nullptr, nullptr, Direction::LowerIsFaster, false, false,
     [](const Estimate& e) { return e.reuse.ttftColdS * 1e3; }},
    {"tpot_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Time per output token (ms)"),
     QT_TRANSLATE_NOOP("is::metrics", "Per token"), QT_TRANSLATE_NOOP("is::metrics", "TPOT (ms)"), nullptr,
     Direction::LowerIsFaster, false, false, [](const Estimate& e) { return e.tpotS * 1e3; }},
    {"power_kw", "kW", QT_TRANSLATE_NOOP("is::metrics", "Power with PUE (kW)"),
     QT_TRANSLATE_NOOP("is::metrics", "Power"), QT_TRANSLATE_NOOP("is::metrics", "kW (with PUE)"),
     QT_TRANSLATE_NOOP("is::metrics", "the power"), Direction::Amount, false, false,
     [](const Estimate& e) { return e.facilityPowerW / 1e3; }},
    {"joules_per_token", "J", QT_TRANSLATE_NOOP("is::metrics", "Energy per token (J)"),
     QT_TRANSLATE_NOOP("is::metrics", "Energy/token"), QT_TRANSLATE_NOOP("is::metrics", "J / token"),
     QT_TRANSLATE_NOOP("is::metrics", "the energy per token"), Direction::Amount, false, false,
     [](const Estimate& e) { return e.joulesPerToken; }},
    {"usd_per_mtok", "USD",
     QT_TRANSLATE_NOOP("is::metrics", "Cost per million tokens at this concurrency (USD)"),
     QT_TRANSLATE_NOOP("is::metrics", "At this concurrency"),
     QT_TRANSLATE_NOOP("is::metrics", "USD / M tokens"),
     QT_TRANSLATE_NOOP("is::metrics", "the cost per token"), Direction::Amount, false, false,
     [](const Estimate& e) { return e.usdPerMTok; }},
    {"usd_per_mtok_at_load", "USD",
     QT_TRANSLATE_NOOP("is::metrics",
                       "Cost per million tokens at full load within the latency targets (USD)"),
     QT_TRANSLATE_NOOP("is::metrics", "At full load"),
     QT_TRANSLATE_NOOP("is::metrics", "USD / M tokens at full load"),
     QT_TRANSLATE_NOOP("is::metrics", "the cost per token at full load"), Direction::Amount, false, true,
     [](const Estimate& e) { return e.usdPerMTok; }},
    {"tok_s_total_at_load", "tok/s",
     QT_TRANSLATE_NOOP("is::metrics", "Tokens/s at full load within the latency targets"), nullptr, nullptr,
     QT_TRANSLATE_NOOP("is::metrics", "the throughput at full load"), Direction::Amount, false, true,
     [](const Estimate& e) { return e.tokSTotal; }},
    {"concurrency_at_load", "",
     QT_TRANSLATE_NOOP("is::metrics", "Streams at full load within the latency targets"), nullptr, nullptr,
     QT_TRANSLATE_NOOP("is::metrics", "the streams at full load"), Direction::Amount, true, true,
     [](const Estimate& e) { return double(e.batch); }},
    // An automatic count is sized for the load there (analysis/FullLoad.h): it may differ from
    // the workload's own.
    {"chips_at_load", "", QT_TRANSLATE_NOOP("is::metrics", "Chips at full load within the latency targets"),
     nullptr, nullptr, QT_TRANSLATE_NOOP("is::metrics", "the chips at full load"), Direction::Amount, true,
     true, [](const Estimate& e) { return double(e.chips); }},
    {"usd_per_hour", "USD", QT_TRANSLATE_NOOP("is::metrics", "Cost per hour (USD)"), nullptr, nullptr,
     QT_TRANSLATE_NOOP("is::metrics", "the cost per hour"), Direction::Amount, false, false,
     [](const Estimate& e) { return e.usdPerHour; }},
    {"memory_used_gb", "GB", QT_TRANSLATE_NOOP("is::metrics", "Memory used per device (GB)"), nullptr,
     nullptr, QT_TRANSLATE_NOOP("is::metrics", "the memory"), Direction::Amount, false, false,
     [](const Estimate& e) { return e.memory.used() / 1e9; }},
    {"memory_capacity_gb", "GB", QT_TRANSLATE_NOOP("is::metrics", "Memory capacity per device (GB)"), nullptr,
     nullptr, QT_TRANSLATE_NOOP("is::metrics", "the capacity"), Direction::Amount, false, false,
     [](const Estimate& e) { return e.memory.capacity / 1e9; }},
    {"batch", "", QT_TRANSLATE_NOOP("is::metrics", "Streams in flight, whole deployment"), nullptr, nullptr,
     QT_TRANSLATE_NOOP("is::metrics", "the streams"), Direction::Amount, true, false,
     [](const Estimate& e) { return double(e.batch); }},
    {"min_chips", "", QT_TRANSLATE_NOOP("is::metrics", "Fewest chips that hold the model")},
    {.key = "memory_gb_per_chip",
     .unit = "GB",
     .title = QT_TRANSLATE_NOOP("is::metrics", "Memory per chip of the busiest device, by use (GB)"),
     .group = true},
    {"weights_gb", "GB", QT_TRANSLATE_NOOP("is::metrics", "Weights per chip (GB)")},
    {"kv_cache_gb", "GB", QT_TRANSLATE_NOOP("is::metrics", "KV cache per chip (GB)")},
    {"activations_gb", "GB", QT_TRANSLATE_NOOP("is::metrics", "Activations per chip (GB)")},
    {"capacity_gb", "GB", QT_TRANSLATE_NOOP("is::metrics", "Memory capacity per chip (GB)")},
    {"compute_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Decode step: compute (ms)")},
    {"memory_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Decode step: memory (ms)")},
    {"communication_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Decode step: communication (ms)")},
    {"dataflow_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Decode step: dataflow latency (ms)")},
    {"overhead_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Decode step: overhead (ms)")},
    {"step_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Step time (ms)")},
    {"link_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Link time per step (ms)")},
    {"link_power_kw", "kW", QT_TRANSLATE_NOOP("is::metrics", "Link power (kW)")},
    {"link_share", "", QT_TRANSLATE_NOOP("is::metrics", "Link's share of the step")},
    {"micro_batches", "", QT_TRANSLATE_NOOP("is::metrics", "Micro-batches in flight")},
    {"capex_usd", "USD", QT_TRANSLATE_NOOP("is::metrics", "Capital expenditure (USD)")},
    {"prefill_replicas", "", QT_TRANSLATE_NOOP("is::metrics", "Replicas that only prefill")},
    {"decode_replicas", "", QT_TRANSLATE_NOOP("is::metrics", "Replicas that only decode")},
    {"queueing_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Wait for a prefill replica (ms)")},
    {"kv_handover_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "KV cache hand-over to decode (ms)")},
    {"decode_step_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Decode step (ms)")},
    {"hit_rate", "", QT_TRANSLATE_NOOP("is::metrics", "Prefix cache hit rate")},
    {"kv_readback_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Cached KV read back (ms)")},
    {"kv_readback_mean_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Cached KV read back, mean (ms)")},
    {"prefill_tokens_skipped", "", QT_TRANSLATE_NOOP("is::metrics", "Prompt tokens not prefilled (cached)")},
    {"ttft_saved_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Time to first token saved by the cache (ms)")},
    {"ttft_without_reuse_ms", "ms",
     QT_TRANSLATE_NOOP("is::metrics", "Time to first token without the cache (ms)")},
    {"engine_ttft_without_reuse_ms", "ms",
     QT_TRANSLATE_NOOP("is::metrics", "Engine's time to first token without the cache (ms)")},
    {.key = "kv_tier_shares",
     .unit = "",
     .title = QT_TRANSLATE_NOOP("is::metrics", "Share of cached KV read from each tier"),
     .group = true},
    {.key = "calls_by_tier",
     .unit = "",
     .title = QT_TRANSLATE_NOOP("is::metrics", "Cache reads by tier"),
     .group = true},
    {"context", "tokens", QT_TRANSLATE_NOOP("is::metrics", "Context length (tokens)")},
    {"tok_s_user_low", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Tokens/s per user, low end of the band")},
    {"tok_s_user_high", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Tokens/s per user, high end of the band")},
    {"ttft_ms_low", "ms", QT_TRANSLATE_NOOP("is::metrics", "Time to first token, low end of the band (ms)")},
    {"ttft_ms_high", "ms",
     QT_TRANSLATE_NOOP("is::metrics", "Time to first token, high end of the band (ms)")},
    {"sram_exhausted_at", "tokens",
     QT_TRANSLATE_NOOP("is::metrics", "Context at which on-chip SRAM is full (tokens)")},
    {"tok_s_per_chip", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Tokens/s per chip")},
    {"tok_s_per_mw", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Tokens/s per megawatt")},
    {"systems", "", QT_TRANSLATE_NOOP("is::metrics", "Systems")},
    {"units", "", QT_TRANSLATE_NOOP("is::metrics", "Deployment units")},
    {"unit_chips", "", QT_TRANSLATE_NOOP("is::metrics", "Chips per unit")},
    {"unit_systems", "", QT_TRANSLATE_NOOP("is::metrics", "Systems per unit")},
    {"unit_users", "", QT_TRANSLATE_NOOP("is::metrics", "Concurrent users per unit")},
    {"unit_tok_s", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Output tokens/s per unit")},
    {"unit_rps", "req/s", QT_TRANSLATE_NOOP("is::metrics", "Requests/s per unit")},
    {"users", "", QT_TRANSLATE_NOOP("is::metrics", "Concurrent users")},
    {"rps", "req/s", QT_TRANSLATE_NOOP("is::metrics", "Requests per second")},
    {"tok_s", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Output tokens/s of the fleet")},
    {"load", "", QT_TRANSLATE_NOOP("is::metrics", "Share of each unit's capacity in use")},
    {"facility_mw", "MW", QT_TRANSLATE_NOOP("is::metrics", "Facility power (MW)")},
    {"peak_mw", "MW", QT_TRANSLATE_NOOP("is::metrics", "Peak facility power (MW)")},
    {"usd_per_mtok_input", "USD", QT_TRANSLATE_NOOP("is::metrics", "Cost per million input tokens (USD)")},
    {"usd_per_mtok_output", "USD", QT_TRANSLATE_NOOP("is::metrics", "Cost per million output tokens (USD)")},
    {"usd_per_user_hour", "USD", QT_TRANSLATE_NOOP("is::metrics", "Cost per user-hour (USD)")},
    {"prefill_units", "", QT_TRANSLATE_NOOP("is::metrics", "Prefill units")},
    {"decode_units", "", QT_TRANSLATE_NOOP("is::metrics", "Decode units")},
    {"attention_ffn_units", "", QT_TRANSLATE_NOOP("is::metrics", "Attention-FFN configurations")},
    {"ffn_chips", "", QT_TRANSLATE_NOOP("is::metrics", "FFN chips per unit")},
    {"pareto", "", QT_TRANSLATE_NOOP("is::metrics", "On the Pareto frontier (1 yes, 0 no)")},
    {"configurations", "", QT_TRANSLATE_NOOP("is::metrics", "Configurations evaluated")},
    {"groups", "", QT_TRANSLATE_NOOP("is::metrics", "Configuration groups")},
    {"groups_pruned", "", QT_TRANSLATE_NOOP("is::metrics", "Configuration groups pruned")},
    {"plans_pruned", "", QT_TRANSLATE_NOOP("is::metrics", "Parallel plans pruned")},
    {"feasible", "", QT_TRANSLATE_NOOP("is::metrics", "Configurations that meet the targets")},
    {"capital_usd_per_mtok", "USD", QT_TRANSLATE_NOOP("is::metrics", "Capital per million tokens (USD)")},
    {"maintenance_usd_per_mtok", "USD",
     QT_TRANSLATE_NOOP("is::metrics", "Maintenance per million tokens (USD)")},
    {"energy_usd_per_mtok", "USD", QT_TRANSLATE_NOOP("is::metrics", "Energy per million tokens (USD)")},
    {"space_usd_per_mtok", "USD", QT_TRANSLATE_NOOP("is::metrics", "Space per million tokens (USD)")},
    {"rental_usd_per_mtok", "USD", QT_TRANSLATE_NOOP("is::metrics", "Rental per million tokens (USD)")},
    {"total_usd_per_mtok", "USD",
     QT_TRANSLATE_NOOP("is::metrics", "Total cost of ownership per million tokens (USD)")},
    {"usd_per_kwh", "USD", QT_TRANSLATE_NOOP("is::metrics", "Electricity price (USD/kWh)")},
    {"utilisation", "", QT_TRANSLATE_NOOP("is::metrics", "Utilisation")},
    {"scenario_value", "",
     QT_TRANSLATE_NOOP("is::metrics", "The scenario's own value of the swept parameter")},
    {"arrival_rps", "req/s", QT_TRANSLATE_NOOP("is::metrics", "Arrival rate (requests/s)")},
    {"capacity_rps", "req/s", QT_TRANSLATE_NOOP("is::metrics", "Capacity (requests/s)")},
    {"throughput_rps", "req/s", QT_TRANSLATE_NOOP("is::metrics", "Completed requests/s")},
    {"goodput_rps", "req/s", QT_TRANSLATE_NOOP("is::metrics", "Requests/s within the latency targets")},
    {"goodput_fraction", "",
     QT_TRANSLATE_NOOP("is::metrics", "Share of requests within the latency targets")},
    {"throughput_tok_s", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Output tokens/s, simulated")},
    {"input_tok_s", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Input tokens/s")},
    {"max_tok_s", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Engine's maximum output tokens/s")},
    {"requests", "", QT_TRANSLATE_NOOP("is::metrics", "Requests")},
    {"completed", "", QT_TRANSLATE_NOOP("is::metrics", "Requests completed")},
    {"rejected", "", QT_TRANSLATE_NOOP("is::metrics", "Requests rejected")},
    {"preemptions", "", QT_TRANSLATE_NOOP("is::metrics", "Preemptions")},
    {"replicas", "", QT_TRANSLATE_NOOP("is::metrics", "Replicas")},
    {"kv_capacity_tokens", "tokens", QT_TRANSLATE_NOOP("is::metrics", "KV cache capacity (tokens)")},
    {"duration_s", "s", QT_TRANSLATE_NOOP("is::metrics", "Simulated time (s)")},
    {"energy_kwh", "kWh", QT_TRANSLATE_NOOP("is::metrics", "Energy (kWh)")},
    {"tokens_per_kwh", "", QT_TRANSLATE_NOOP("is::metrics", "Output tokens per kWh")},
    {"e2e_s", "s", QT_TRANSLATE_NOOP("is::metrics", "End-to-end latency (s)")},
    {"queue_wait_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Wait in the queue (ms)")},
    {"queue", "", QT_TRANSLATE_NOOP("is::metrics", "Requests waiting")},
    {"kv_use", "", QT_TRANSLATE_NOOP("is::metrics", "Share of the KV cache in use")},
    {"quantile", "", QT_TRANSLATE_NOOP("is::metrics", "Quantile of the requests")},
    {"t_s", "s", QT_TRANSLATE_NOOP("is::metrics", "Time (s)")},
    {"l", "", QT_TRANSLATE_NOOP("is::metrics", "Mean requests in the system (Little's L)")},
    {"lambda_w", "",
     QT_TRANSLATE_NOOP("is::metrics", "Arrival rate times mean time in the system (Little's λW)")},
    {"seed", "", QT_TRANSLATE_NOOP("is::metrics", "Random seed")},
    {"count", "", QT_TRANSLATE_NOOP("is::metrics", "Sessions")},
    {"calls", "", QT_TRANSLATE_NOOP("is::metrics", "Tool calls")},
    {"claimed", "", QT_TRANSLATE_NOOP("is::metrics", "Figure the article claims")},
    {.key = "conditions",
     .unit = "",
     .title = QT_TRANSLATE_NOOP("is::metrics", "Conditions the claim states"),
     .group = true},
    {.key = "constants",
     .unit = "",
     .title = QT_TRANSLATE_NOOP("is::metrics", "Fitted constants"),
     .group = true},
    {"measured", "", QT_TRANSLATE_NOOP("is::metrics", "Published measurement")},
    {"predicted", "", QT_TRANSLATE_NOOP("is::metrics", "Engine's prediction")},
    {"ape", "", QT_TRANSLATE_NOOP("is::metrics", "Absolute error (fraction of the measurement)")},
    {"cv_predicted", "", QT_TRANSLATE_NOOP("is::metrics", "Prediction refitted without the row's source")},
    {"cv_ape", "", QT_TRANSLATE_NOOP("is::metrics", "Cross-validated absolute error (fraction)")},
    {"rows", "", QT_TRANSLATE_NOOP("is::metrics", "Rows")},
    {"evaluated", "", QT_TRANSLATE_NOOP("is::metrics", "Rows evaluated")},
    {"skipped", "", QT_TRANSLATE_NOOP("is::metrics", "Rows skipped")},
    {"median_ape", "", QT_TRANSLATE_NOOP("is::metrics", "Median absolute error (fraction)")},
    {"mape", "", QT_TRANSLATE_NOOP("is::metrics", "Mean absolute error (fraction)")},
    {"within_25pct", "", QT_TRANSLATE_NOOP("is::metrics", "Rows within 25 %")},
    {"within_2x", "", QT_TRANSLATE_NOOP("is::metrics", "Rows within 2x")},
    {"within_25pct_share", "", QT_TRANSLATE_NOOP("is::metrics", "Share of rows within 25 %")},
    {"within_2x_share", "", QT_TRANSLATE_NOOP("is::metrics", "Share of rows within 2x")},
    {"cv_evaluated", "", QT_TRANSLATE_NOOP("is::metrics", "Rows cross-validated")},
    {"cv_folds", "", QT_TRANSLATE_NOOP("is::metrics", "Cross-validation refits")},
    {"cv_median_ape", "",
     QT_TRANSLATE_NOOP("is::metrics", "Cross-validated median absolute error (fraction)")},
    {"cv_mape", "", QT_TRANSLATE_NOOP("is::metrics", "Cross-validated mean absolute error (fraction)")},
    {"cv_within_2x", "", QT_TRANSLATE_NOOP("is::metrics", "Rows within 2x, cross-validated")},
    {"cv_within_2x_share", "", QT_TRANSLATE_NOOP("is::metrics", "Share of rows within 2x, cross-validated")},
    {"loss_before", "", QT_TRANSLATE_NOOP("is::metrics", "Fit loss before")},
    {"loss_after", "", QT_TRANSLATE_NOOP("is::metrics", "Fit loss after")},
    {"evaluations", "", QT_TRANSLATE_NOOP("is::metrics", "Optimiser evaluations")},
    {"sensitivity", "", QT_TRANSLATE_NOOP("is::metrics", "Loss sensitivity to the constant")},
    {"seconds", "s", QT_TRANSLATE_NOOP("is::metrics", "Time taken (s)")},
    {"bandwidth_fraction", "",
     QT_TRANSLATE_NOOP("is::metrics", "Share of the measured read bandwidth reached")},
    {"decode_bytes_per_token", "B", QT_TRANSLATE_NOOP("is::metrics", "Bytes read per decoded token")},
    {"decode_gbs", "GB/s", QT_TRANSLATE_NOOP("is::metrics", "Decode read rate (GB/s)")},
    {"decode_tok_s", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Measured decode tokens/s")},
    {"dot_gbs", "GB/s", QT_TRANSLATE_NOOP("is::metrics", "Dot-product kernel read rate (GB/s)")},
    {"gemm_gflops", "GFLOP/s", QT_TRANSLATE_NOOP("is::metrics", "Matrix-multiply rate (GFLOP/s)")},
    {"gen_tokens", "", QT_TRANSLATE_NOOP("is::metrics", "Tokens generated")},
    {"kernel_overhead_us", "µs", QT_TRANSLATE_NOOP("is::metrics", "Kernel launch overhead (µs)")},
    {"llc_bw_gbs", "GB/s", QT_TRANSLATE_NOOP("is::metrics", "Last-level cache read bandwidth (GB/s)")},
    {"llc_bytes", "B", QT_TRANSLATE_NOOP("is::metrics", "Last-level cache size (bytes)")},
    {"llc_stream_gbs", "GB/s", QT_TRANSLATE_NOOP("is::metrics", "Last-level cache streaming rate (GB/s)")},
    {"model_bytes", "B", QT_TRANSLATE_NOOP("is::metrics", "Model size (bytes)")},
    {"peak_gflops", "GFLOP/s", QT_TRANSLATE_NOOP("is::metrics", "Peak compute (GFLOP/s)")},
    {"predicted_decode_tok_s", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Predicted decode tokens/s")},
    {"predicted_error", "%", QT_TRANSLATE_NOOP("is::metrics", "Prediction error (%)")},
    {"predicted_prefill_tok_s", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Predicted prefill tokens/s")},
    {"predicted_ttft_ms", "ms", QT_TRANSLATE_NOOP("is::metrics", "Predicted time to first token (ms)")},
    {"prefill_flops_fraction", "",
     QT_TRANSLATE_NOOP("is::metrics", "Share of peak compute reached in prefill")},
    {"prefill_flops_fraction_cpu", "",
     QT_TRANSLATE_NOOP("is::metrics", "Share of the CPU's peak compute reached in prefill")},
    {"prefill_gflops", "GFLOP/s", QT_TRANSLATE_NOOP("is::metrics", "Prefill compute rate (GFLOP/s)")},
    {"prefill_tok_s", "tok/s", QT_TRANSLATE_NOOP("is::metrics", "Measured prefill tokens/s")},
    {"prompt_tokens", "", QT_TRANSLATE_NOOP("is::metrics", "Prompt tokens")},
    {"read_bw_gbs", "GB/s", QT_TRANSLATE_NOOP("is::metrics", "Memory read bandwidth (GB/s)")},
    {"stream_gbs", "GB/s", QT_TRANSLATE_NOOP("is::metrics", "Memory streaming rate (GB/s)")},
    {"threads", "", QT_TRANSLATE_NOOP("is::metrics", "Threads")},
};

constexpr const char* kParts[] = {"low", "high",  "min",    "max",   "mean",   "p50",  "p90",
                                  "p99", "value", "target", "start", "before", "after"};

// Renamed in this version (README, "Output vocabulary"): the context sweep's band was "low" and
// "high" beside "tok_s_user"; a plan row's peak facility power was "power_mw" where the fleet
// says "peak_mw".
constexpr Alias kAliases[] = {
    {"low", "tok_s_user_low"}, {"high", "tok_s_user_high"}, {"power_mw", "peak_mw"}};

QString translated(const char* text)
{
    return text ? QCoreApplication::translate("is::metrics", text) : QString();
}

} // namespace

std::span<const Metric> all()
{
    return kMetrics;
}

const Metric& get(Id id)
{
    static_assert(std::size(kMetrics) > size_t(Id::Batch));
    return kMetrics[size_t(id)];
}

const Metric* byKey(QStringView key)
{
    for (const Alias& a : kAliases)
        if (key == QLatin1String(a.oldKey))
            return byKey(QString::fromLatin1(a.key));
    for (const Metric& m : kMetrics)
        if (key == QLatin1String(m.key))
            return &m;
    return nullptr;
}

QString key(Id id)
{
    return QLatin1String(get(id).key);
}

QString unit(Id id)
{
    return QString::fromUtf8(get(id).unit);
}

QString title(Id id)
{
    return translated(get(id).title);
}

QString title(QStringView key)
{
    const Metric* m = byKey(key);
    return m ? translated(m->title) : key.toString();
}

QString category(Id id)
{
    const Metric& m = get(id);
    return translated(m.category ? m.category : m.title);
}

QString axis(Id id)
{
    const Metric& m = get(id);
    return translated(m.axis ? m.axis : m.title);
}

QString amountOf(Id id)
{
    return translated(get(id).amountOf);
}

double value(Id id, const Estimate& e)
{
    return get(id).value(e);
}

std::span<const char* const> parts()
{
    return kParts;
}

std::span<const Alias> aliases()
{
    return kAliases;
}

void insert(QJsonObject& o, QStringView key, const QJsonValue& v)
{
    Q_ASSERT_X(byKey(key), "metrics::insert", "a key missing from the metrics table");
    o.insert(key.toString(), v);
    for (const Alias& a : kAliases)
        if (key == QLatin1String(a.key))
            o.insert(QLatin1String(a.oldKey), v);
}

void insert(QJsonObject& o, Id id, double v)
{
    insert(o, QString::fromLatin1(get(id).key), v);
}

} // namespace is::metrics
