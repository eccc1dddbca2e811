// SPDX-License-Identifier: MIT
#pragma once

#include "engine/Engine.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace is {

// One published measurement (shared/validation/README.md describes the columns).
struct MeasurementRow
{
    int line = 0; // 1-based line in the file, for messages
    QString id;
    QString device;
    int chips = 0; // 0: not published, the engine picks the smallest count that fits
    QString model;
    QString precision;
    double inputTokens = 0;
    double outputTokens = 0;
    int concurrency = 0;
    QString scenario; // single, fixed, offline, server
    double ttftLimitMs = 0;
    double tpotLimitMs = 0;
    QString speculative;
    QString metric; // tok_s_user, tok_s_total, tok_s_per_chip, ttft_ms
    double value = 0;
    QString date;
    QString grade;
    QString source;
    QString latencyStat; // which statistic the latency limits bound: "p99", or empty for the mean
    // Optional columns, checked when the file is read. kv_precision: the KV cache's precision
    // where the benchmark states it (else the engine's default); parallelism: the plan it ran
    // ("TP1 EP4 DP4"; else the engine chooses).
    std::optional<Precision> kvPrecision;
    std::optional<ParallelPlan> plan;
    // The serving runtime's settings where the benchmark states them. max_batch: sequences one
    // replica (an attention-DP rank) runs at once, 0 = only memory limits it; kv_admission:
    // on-demand or reserve-full (else on-demand); attention_dp_prefill: aligned or independent
    // (else aligned).
    int maxBatch = 0;
    std::optional<KvAdmission> kvAdmission;
    std::optional<AttentionDpPrefill> attentionDpPrefill;
};

// Parses a measurements CSV. Errors name the file, line and column.
std::optional<std::vector<MeasurementRow>> parseMeasurementsCsv(const QByteArray& data, const QString& origin,
                                                                QString* error);
std::optional<std::vector<MeasurementRow>> loadMeasurementsFile(const QString& path, QString* error);
// The published measurements shipped with the application (resources/validation/measurements.csv,
// a copy of shared/validation/measurements.csv), as a Qt resource path.
QString shippedMeasurementsPath();
// Newer published measurements shipped beside them (resources/validation/holdout-*.csv) that the
// calibration never reads: how the engine does on results it was not fitted on.
QString shippedHeldOutPath();

struct ValidationResult
{
    MeasurementRow row;
    QString family; // the device's calibration family; empty when the device is unknown
    bool evaluated = false;
    QString skipReason;
    double predicted = 0;
    double ape = 0; // |predicted - measured| / measured
    int chips = 0;
    QString plan;
    int batch = 0;
    QString bottleneck;
};

struct ValidationSummary
{
    int rows = 0;
    int evaluated = 0;
    int skipped = 0;
    double medianApe = 0;
    double mape = 0;
    int within25pct = 0; // counts of evaluated rows
    int within2x = 0;
    // Shares of the evaluated rows (0 when none was evaluated).
    double within25pctShare() const
    {
        return evaluated > 0 ? static_cast<double>(within25pct) / evaluated : 0.0;
    }
    double within2xShare() const { return evaluated > 0 ? static_cast<double>(within2x) / evaluated : 0.0; }
};

// The same figures for the rows of one device family (rows of unknown devices: family "", which
// the JSON and the table call "unknown").
struct FamilySummary
{
    QString family;
    ValidationSummary summary;
};

// Predicts one row with the engine, choosing plan and batch as the row's scenario says.
ValidationResult validateRow(const Engine& engine, const MeasurementRow& row);
std::vector<ValidationResult> validateAll(const Engine& engine, const std::vector<MeasurementRow>& rows);
ValidationSummary summarize(const std::vector<ValidationResult>& results);
// One summary per device family, families in alphabetical order.
std::vector<FamilySummary> summarizeByFamily(const std::vector<ValidationResult>& results);
// The command-line contract's JSON: {"rows":[{"id","family","predicted","measured","ape",...}],
// "summary":{...,"within_2x","within_2x_share",...,"families":{"nvidia-hopper":{...}}}}.
QJsonObject validationToJson(const std::vector<ValidationResult>& results, const ValidationSummary& summary);

} // namespace is
