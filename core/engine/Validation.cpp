// SPDX-License-Identifier: MIT
#include "engine/Validation.h"

#include "hardware/Catalog.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace is {

namespace {

const QStringList kColumns = {QStringLiteral("id"),
                              QStringLiteral("device"),
                              QStringLiteral("chips"),
                              QStringLiteral("model"),
                              QStringLiteral("precision"),
                              QStringLiteral("input_tokens"),
                              QStringLiteral("output_tokens"),
                              QStringLiteral("concurrency"),
                              QStringLiteral("scenario"),
                              QStringLiteral("ttft_limit_ms"),
                              QStringLiteral("tpot_limit_ms"),
                              QStringLiteral("speculative"),
                              QStringLiteral("metric"),
                              QStringLiteral("value"),
                              QStringLiteral("date"),
                              QStringLiteral("grade"),
                              QStringLiteral("source"),
                              QStringLiteral("latency_stat"),
                              QStringLiteral("kv_precision"),
                              QStringLiteral("parallelism"),
                              QStringLiteral("max_batch"),
                              QStringLiteral("kv_admission"),
                              QStringLiteral("attention_dp_prefill")};

// RFC 4180 fields: commas inside double quotes, doubled quotes as escapes.
QStringList splitCsvLine(const QString& line, bool* ok)
{
    QStringList fields;
    QString cur;
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < line.size() && line[i + 1] == QLatin1Char('"')) {
                    cur += c;
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                cur += c;
            }
        } else if (c == QLatin1Char(',')) {
            fields << cur;
            cur.clear();
        } else if (c == QLatin1Char('"') && cur.isEmpty()) {
            quoted = true;
        } else {
            cur += c;
        }
    }
    fields << cur;
    *ok = !quoted;
    return fields;
}

// `tok_s_per_chip` rows come from InferenceMAX, whose per-GPU throughput counts input and output
// tokens. Read as output tokens alone, its DeepSeek-R1 8k/1k figures would need more than the
// B200's dense FP8 peak; as input plus output they need a sixth of it. So the engine predicts the
// same quantity: output tokens/s per chip scaled by (input + output) / output.
double totalTokensPerChip(const Estimate& e, const MeasurementRow& row)
{
    return e.tokSTotal / std::max(1, e.chips) * (row.inputTokens + row.outputTokens) / row.outputTokens;
}

} // namespace

std::optional<std::vector<MeasurementRow>> parseMeasurementsCsv(const QByteArray& data, const QString& origin,
                                                                QString* error)
{
    const QStringList lines = QString::fromUtf8(data).split(QLatin1Char('\n'));
    std::vector<MeasurementRow> rows;
    QStringList header;
    std::vector<int> col(static_cast<size_t>(kColumns.size()), -1);
    for (int n = 0; n < lines.size(); ++n) {
        QString line = lines[n];
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        bool ok = true;
        const QStringList f = splitCsvLine(line, &ok);
        auto fail = [&](const QString& what) {
            *error = QStringLiteral("%1:%2: %3").arg(origin, QString::number(n + 1), what);
            return std::nullopt;
        };
        if (!ok)
            return fail(QCoreApplication::translate("is::Validation", "unterminated quoted field"));
        if (header.isEmpty()) {
            header = f;
            for (qsizetype c = 0; c < kColumns.size(); ++c) {
                col[static_cast<size_t>(c)] = static_cast<int>(header.indexOf(kColumns[c]));
                if (col[static_cast<size_t>(c)] < 0 && c < 14)
                    return fail(QCoreApplication::translate("is::Validation", "missing column '%1'")
                                    .arg(kColumns[c]));
            }
            continue;
        }
        if (f.size() < header.size() - 6)
            return fail(QCoreApplication::translate("is::Validation", "expected %1 columns, found %2")
                            .arg(header.size())
                            .arg(f.size()));
        auto cell = [&](int c) -> QString {
            const int i = col[static_cast<size_t>(c)];
            return i >= 0 && i < f.size() ? f[i].trimmed() : QString();
        };
        auto number = [&](int c, bool required, double* out) -> bool {
            const QString s = cell(c);
            if (s.isEmpty()) {
                *out = 0;
                return !required;
            }
            bool okNum = false;
            *out = s.toDouble(&okNum);
            return okNum && std::isfinite(*out) && *out >= 0;
        };
        MeasurementRow r;
        r.line = n + 1;
        r.id = cell(0);
        r.device = cell(1);
        r.model = cell(3);
        r.precision = cell(4);
        r.scenario = cell(8);
        r.speculative = cell(11);
        r.metric = cell(12);
        r.date = cell(14);
        r.grade = cell(15);
        r.source = cell(16);
        r.latencyStat = cell(17);
        if (const QString kv = cell(18); !kv.isEmpty()) {
            r.kvPrecision = precisionFromId(kv);
            if (!r.kvPrecision)
                return fail(
                    QCoreApplication::translate("is::Validation", "kv_precision: unknown precision '%1'")
                        .arg(kv));
        }
        if (!cell(19).isEmpty()) {
            r.plan = parallelPlanFromString(cell(19));
            if (!r.plan)
                return fail(
                    QCoreApplication::translate(
                        "is::Validation", "parallelism: expected degrees such as 'TP1 EP4 DP4', got '%1'")
                        .arg(cell(19)));
        }
        if (const QString admission = cell(21); !admission.isEmpty()) {
            r.kvAdmission = kvAdmissionFromId(admission);
            if (!r.kvAdmission)
                return fail(
                    QCoreApplication::translate("is::Validation",
                                                "kv_admission: expected on-demand or reserve-full, got '%1'")
                        .arg(admission));
        }
        if (const QString prefill = cell(22); !prefill.isEmpty()) {
            r.attentionDpPrefill = attentionDpPrefillFromId(prefill);
            if (!r.attentionDpPrefill)
                return fail(
                    QCoreApplication::translate(
                        "is::Validation", "attention_dp_prefill: expected aligned or independent, got '%1'")
                        .arg(prefill));
        }
        double maxBatch = 0;
        if (!number(20, false, &maxBatch) || maxBatch != std::floor(maxBatch) ||
            (!cell(20).isEmpty() && maxBatch < 1))
            return fail(QCoreApplication::translate("is::Validation",
                                                    "max_batch: expected a positive whole number, got '%1'")
                            .arg(cell(20)));
        r.maxBatch = static_cast<int>(std::min(maxBatch, 1e6));
        double chips = 0;
        double conc = 0;
        if (r.id.isEmpty())
            return fail(QCoreApplication::translate("is::Validation", "id: empty"));
        if (!number(2, false, &chips) || chips != std::floor(chips))
            return fail(
                QCoreApplication::translate("is::Validation", "chips: expected a whole number, got '%1'")
                    .arg(cell(2)));
        if (!number(5, true, &r.inputTokens) || r.inputTokens < 1)
            return fail(QCoreApplication::translate("is::Validation",
                                                    "input_tokens: expected a positive number, got '%1'")
                            .arg(cell(5)));
        if (!number(6, true, &r.outputTokens) || r.outputTokens < 1)
            return fail(QCoreApplication::translate("is::Validation",
                                                    "output_tokens: expected a positive number, got '%1'")
                            .arg(cell(6)));
        if (!number(7, false, &conc) || conc != std::floor(conc))
            return fail(QCoreApplication::translate("is::Validation",
                                                    "concurrency: expected a whole number, got '%1'")
                            .arg(cell(7)));
        if (!number(9, false, &r.ttftLimitMs))
            return fail(
                QCoreApplication::translate("is::Validation", "ttft_limit_ms: expected a number, got '%1'")
                    .arg(cell(9)));
        if (!number(10, false, &r.tpotLimitMs))
            return fail(
                QCoreApplication::translate("is::Validation", "tpot_limit_ms: expected a number, got '%1'")
                    .arg(cell(10)));
        if (!number(13, true, &r.value) || r.value <= 0)
            return fail(
                QCoreApplication::translate("is::Validation", "value: expected a positive number, got '%1'")
                    .arg(cell(13)));
        r.chips = static_cast<int>(std::min(chips, 1e6));
        // A plan spans the row's chips; a row without a chip count takes the plan's.
        if (r.plan && r.chips == 0)
            r.chips = r.plan->chips();
        if (r.plan && r.plan->chips() != r.chips)
            return fail(QCoreApplication::translate("is::Validation",
                                                    "parallelism: '%1' spans %2 chips, the row has %3")
                            .arg(cell(19))
                            .arg(r.plan->chips())
                            .arg(cell(2)));
        r.concurrency = static_cast<int>(std::min(conc, 1e8));
        rows.push_back(r);
    }
    if (header.isEmpty()) {
        *error = QCoreApplication::translate("is::Validation", "%1: empty file (expected a header line)")
                     .arg(origin);
        return std::nullopt;
    }
    return rows;
}

std::optional<std::vector<MeasurementRow>> loadMeasurementsFile(const QString& path, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error =
            QCoreApplication::translate("is::Validation", "%1: cannot open: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    if (f.size() > 256 * 1024 * 1024) {
        *error = QCoreApplication::translate("is::Validation", "%1: larger than 256 MiB").arg(path);
        return std::nullopt;
    }
    return parseMeasurementsCsv(f.readAll(), path, error);
}

QString shippedMeasurementsPath()
{
    return QStringLiteral(":/validation/measurements.csv");
}

QString shippedHeldOutPath()
{
    return QStringLiteral(":/validation/holdout-trtllm-perf-overview.csv");
}

ValidationResult validateRow(const Engine& engine, const MeasurementRow& row)
{
    ValidationResult v;
    v.row = row;
    const Catalog& catalog = engine.catalog();
    auto skip = [&](const QString& why) {
        v.skipReason = why;
        return v;
    };
    const Device* device = catalog.device(row.device);
    if (!device)
        return skip(QCoreApplication::translate("is::Validation", "unknown device '%1'").arg(row.device));
    v.family = device->family;
    Deployment d = defaultDeployment(catalog, *device, row.chips);
    d.name = row.id;
    d.autoChips = row.chips == 0;
    d.softwareDate = row.date; // the software generation the measurement ran on
    if (!row.precision.isEmpty()) {
        const auto p = precisionFromId(row.precision);
        if (!p)
            return skip(
                QCoreApplication::translate("is::Validation", "unknown precision '%1'").arg(row.precision));
        d.weightPrecision = *p;
    }
    // What the benchmark fixed, where the row says: the KV cache's precision and the plan.
    if (row.kvPrecision)
        d.kvPrecision = row.kvPrecision;
    if (row.plan)
        d.plan = row.plan;
    // ... and its serving runtime's settings: the batch per replica, the KV cache admission, how
    // attention-DP ranks schedule prompts.
    d.maxBatchPerReplica = row.maxBatch;
    if (row.kvAdmission)
        d.kvAdmission = *row.kvAdmission;
    if (row.attentionDpPrefill)
        d.attentionDpPrefill = *row.attentionDpPrefill;
    const auto spec = speculativeMethodFromId(row.speculative);
    if (!spec)
        return skip(QCoreApplication::translate("is::Validation", "unknown speculative method '%1'")
                        .arg(row.speculative));
    d.speculative = *spec;
    const ModelEntry* entry = catalog.model(row.model);
    if (!entry)
        return skip(QCoreApplication::translate("is::Validation", "unknown model '%1'").arg(row.model));
    const ModelDesc m = entry->resolve();

    Workload w;
    w.inputTokens = row.inputTokens;
    w.outputTokens = row.outputTokens;
    w.concurrency = std::max(1, row.concurrency);
    w.ttftLimitS = row.ttftLimitMs / 1000.0;
    w.tpotLimitS = row.tpotLimitMs / 1000.0;
    w.p99Limits = row.latencyStat == QLatin1String("p99");
    ServingGoal goal;
    if (row.scenario == QLatin1String("single")) {
        goal = ServingGoal::FixedConcurrency;
        w.concurrency = 1;
    } else if (row.scenario == QLatin1String("fixed")) {
        goal = ServingGoal::FixedConcurrency;
    } else if (row.scenario == QLatin1String("offline")) {
        goal = ServingGoal::MaxThroughput;
    } else if (row.scenario == QLatin1String("server")) {
        goal = ServingGoal::LatencyBounded;
    } else {
        return skip(QCoreApplication::translate("is::Validation", "unknown scenario '%1'").arg(row.scenario));
    }
    std::function<double(const Estimate&)> metric;
    if (row.metric == QLatin1String("tok_s_user"))
        metric = [](const Estimate& e) { return e.tokSUser; };
    else if (row.metric == QLatin1String("tok_s_total"))
        metric = [](const Estimate& e) { return e.tokSTotal; };
    else if (row.metric == QLatin1String("tok_s_per_chip"))
        metric = [&](const Estimate& e) { return totalTokensPerChip(e, row); };
    else if (row.metric == QLatin1String("ttft_ms"))
        metric = [](const Estimate& e) { return e.ttftS * 1000.0; };
    else
        return skip(QCoreApplication::translate("is::Validation", "unknown metric '%1'").arg(row.metric));

    QString err;
    auto e = engine.estimate(d, m, w, goal, CostAssumptions{}, &err);
    if (!e)
        return skip(err);
    if (!e->fits)
        return skip(QCoreApplication::translate("is::Validation", "does not fit: %1").arg(e->why));
    v.evaluated = true;
    v.predicted = metric(*e);
    v.ape = std::abs(v.predicted - row.value) / row.value;
    v.chips = e->chips;
    v.plan = e->plan.toString();
    v.batch = e->batch;
    v.bottleneck = bottleneckId(e->bottleneck);
    return v;
}

std::vector<ValidationResult> validateAll(const Engine& engine, const std::vector<MeasurementRow>& rows)
{
    std::vector<ValidationResult> out;
    out.reserve(rows.size());
    for (const MeasurementRow& r : rows)
        out.push_back(validateRow(engine, r));
    return out;
}

ValidationSummary summarize(const std::vector<ValidationResult>& results)
{
    ValidationSummary s;
    s.rows = static_cast<int>(results.size());
    std::vector<double> apes;
    for (const ValidationResult& r : results) {
        if (!r.evaluated) {
            ++s.skipped;
            continue;
        }
        apes.push_back(r.ape);
        const double ratio = r.predicted / r.row.value;
        if (r.ape <= 0.25)
            ++s.within25pct;
        if (ratio >= 0.5 && ratio <= 2.0)
            ++s.within2x;
    }
    s.evaluated = static_cast<int>(apes.size());
    if (!apes.empty()) {
        std::sort(apes.begin(), apes.end());
        const size_t n = apes.size();
        s.medianApe = n % 2 ? apes[n / 2] : 0.5 * (apes[n / 2 - 1] + apes[n / 2]);
        double sum = 0;
        for (double a : apes)
            sum += a;
        s.mape = sum / static_cast<double>(n);
    }
    return s;
}

std::vector<FamilySummary> summarizeByFamily(const std::vector<ValidationResult>& results)
{
    std::map<QString, std::vector<ValidationResult>> byFamily;
    for (const ValidationResult& r : results)
        byFamily[r.family].push_back(r);
    std::vector<FamilySummary> out;
    out.reserve(byFamily.size());
    for (const auto& [family, rows] : byFamily)
        out.push_back({family, summarize(rows)});
    return out;
}

namespace {

QJsonObject summaryToJson(const ValidationSummary& s)
{
    return QJsonObject{{QStringLiteral("rows"), s.rows},
                       {QStringLiteral("evaluated"), s.evaluated},
                       {QStringLiteral("skipped"), s.skipped},
                       {QStringLiteral("median_ape"), s.medianApe},
                       {QStringLiteral("mape"), s.mape},
                       {QStringLiteral("within_25pct"), s.within25pct},
                       {QStringLiteral("within_25pct_share"), s.within25pctShare()},
                       {QStringLiteral("within_2x"), s.within2x},
                       {QStringLiteral("within_2x_share"), s.within2xShare()}};
}

} // namespace

QJsonObject validationToJson(const std::vector<ValidationResult>& results, const ValidationSummary& summary)
{
    QJsonArray rows;
    for (const ValidationResult& r : results) {
        QJsonObject o{{QStringLiteral("id"), r.row.id},
                      {QStringLiteral("device"), r.row.device},
                      {QStringLiteral("family"), r.family.isEmpty() ? QJsonValue() : QJsonValue(r.family)},
                      {QStringLiteral("model"), r.row.model},
                      {QStringLiteral("scenario"), r.row.scenario},
                      {QStringLiteral("metric"), r.row.metric},
                      {QStringLiteral("measured"), r.row.value}};
        if (r.evaluated) {
            o.insert(QStringLiteral("predicted"), r.predicted);
            o.insert(QStringLiteral("ape"), r.ape);
            o.insert(QStringLiteral("chips"), r.chips);
            o.insert(QStringLiteral("plan"), r.plan);
            o.insert(QStringLiteral("batch"), r.batch);
            o.insert(QStringLiteral("bottleneck"), r.bottleneck);
        } else {
            o.insert(QStringLiteral("predicted"), QJsonValue());
            o.insert(QStringLiteral("ape"), QJsonValue());
            o.insert(QStringLiteral("skipped"), r.skipReason);
        }
        rows.append(o);
    }
    QJsonObject sum = summaryToJson(summary);
    QJsonObject families;
    for (const FamilySummary& f : summarizeByFamily(results))
        families.insert(f.family.isEmpty() ? QStringLiteral("unknown") : f.family, summaryToJson(f.summary));
    sum.insert(QStringLiteral("families"), families);
    return QJsonObject{{QStringLiteral("rows"), rows}, {QStringLiteral("summary"), sum}};
}

} // namespace is
