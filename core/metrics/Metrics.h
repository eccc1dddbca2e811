// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringView>

#include <span>

namespace is {
struct Estimate;
}

// The product's vocabulary of numbers: every quantity a command prints as JSON, an export writes
// as a CSV column or a chart or table labels, defined once with its key, unit and labels. The
// command line, the comparison table, the charts and every export read their keys and labels
// from here; tests/vocabulary walks every command's JSON and every CSV export against it.
namespace is::metrics {

// Which way is better, for the comparison table's ratios ("5.93x slower", "0.31x the power").
enum class Direction {
    Amount,         // neither: the ratio names the amount ("2.00x the power")
    HigherIsFaster, // a speed
    LowerIsFaster,  // a time
};

// The quantities a deployment's estimate has, in the order the comparison table lists them.
// Other quantities (fleet, cost, serving, validation) are in the table by key only.
enum class Id {
    Chips,
    TokSUser,
    TokSTotal,
    TtftMs,
    TtftUncachedMs,
    TpotMs,
    PowerKw,
    JoulesPerToken,
    UsdPerMTok,
    UsdPerMTokAtLoad,
    TokSTotalAtLoad,
    ConcurrencyAtLoad,
    ChipsAtLoad,
    UsdPerHour,
    MemoryUsedGb,
    MemoryCapacityGb,
    Batch,
};

struct Metric
{
    const char* key;                // JSON key and CSV column: snake_case, the unit in the name ("ttft_ms")
    const char* unit;               // untranslated ("ms", "tok/s", "USD"; empty for counts and ratios)
    const char* title;              // translatable (context "is::metrics"), with the unit as it reads
    const char* category = nullptr; // translatable, a chart's short category ("First token")
    const char* axis = nullptr;     // translatable, a chart axis title with its unit ("TTFT (ms)")
    const char* amountOf = nullptr; // translatable, for Direction::Amount ratios ("the power")
    Direction direction = Direction::Amount;
    bool count = false;  // a whole number (chips, streams), shown without decimals
    bool atLoad = false; // read from the deployment at full load within the latency targets
    // The value in `unit` from an estimate (null: not a quantity of one deployment's estimate).
    double (*value)(const Estimate&) = nullptr;
    // An object whose members are named by ids, not keys ({"weights": .., "kv_cache": ..}), all
    // in the metric's unit.
    bool group = false;
};

// Every quantity, estimate metrics first in the order of Id.
std::span<const Metric> all();
const Metric& get(Id id);
// The metric a key names (also an old name it still answers to), or null.
const Metric* byKey(QStringView key);

QString key(Id id);
QString unit(Id id);
QString title(Id id); // translated
// The title of the metric a key names (translated); the key itself where the table has none.
QString title(QStringView key);
QString category(Id id); // translated; the title where it has none
QString axis(Id id);     // translated; the title where it has none
QString amountOf(Id id); // translated
// The metric's value in its unit from an estimate.
double value(Id id, const Estimate& e);

// The parts of a value a flat output (CSV, a JSON point) may suffix to a key ("ttft_ms_p99",
// "tok_s_user_low") or nest under it ({"ttft_ms": {"low": ...}}): bands, statistics, targets.
std::span<const char* const> parts();

// Keys renamed in this version and the old names JSON still writes beside them for one version
// (README, "Output vocabulary").
struct Alias
{
    const char* oldKey;
    const char* key;
};
std::span<const Alias> aliases();

// Writes `key: v` into `o`, and the key's old name too while it is kept as an alias.
void insert(QJsonObject& o, Id id, double v);
void insert(QJsonObject& o, QStringView key, const QJsonValue& v);

} // namespace is::metrics
