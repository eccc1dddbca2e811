// SPDX-License-Identifier: MIT
#include "hardware/Calibration.h"

#include "common/ErrorText.h"
#include "common/JsonFields.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace is {

namespace {

FamilyCalibration builtinDefault()
{
    FamilyCalibration c;
    const QString why = QStringLiteral("generic default when a family has no calibration");
    c.computeEfficiency = Sourced::assumed(0.6, why);
    c.gemmHalfRows = Sourced::assumed(32, why);
    c.memoryEfficiency = Sourced::assumed(0.8, why);
    c.kvReadRatio = Sourced::assumed(
        1.0, QStringLiteral("decode attention reads the KV cache as fast as the weights stream"));
    c.kernelOverheadS = Sourced::assumed(1e-6, why);
    c.draftCostRatio = Sourced::assumed(0.1, why);
    c.defaultAcceptance = Sourced::assumed(1.0, why);
    c.stepOverheadS = Sourced::assumed(1e-3, why);
    c.sequenceOverheadS = Sourced::assumed(0.0, why);
    c.requestOverheadS = Sourced::assumed(0.0, why);
    c.linkEfficiency = Sourced::assumed(0.7, why);
    c.maxUsableMemory = Sourced::assumed(0.9, why);
    // The rest of the cache holds activations, code and other processes' lines, and a cyclic
    // sweep larger than an LRU cache gets almost no hits, so only a working set well inside it
    // streams at the cache's bandwidth.
    c.cacheUsable = Sourced::assumed(
        0.75, QStringLiteral("CPU last-level cache: room for activations, code and other processes' lines"));
    c.dataflowLayerS = Sourced::assumed(10e-6, why);
    c.dataflowAreaS = Sourced::assumed(20e-6, why);
    // The link's latency (hardware/links.json) states the whole hop, software included.
    c.dataflowHopS = Sourced::assumed(0.0, why);
    return c;
}

// The family's fields as it writes them: only those that differ from `reference` (all of them
// without one).
QJsonObject familyToJson(const FamilyCalibration& c, const FamilyCalibration* reference)
{
    QJsonObject o;
    for (const auto& [key, member] : familyCalibrationFields())
        if (!reference || !(c.*member == reference->*member))
            o.insert(QLatin1String(key), (c.*member).toJson());
    if (!c.defaultSpeculative.isEmpty() &&
        (!reference || c.defaultSpeculative != reference->defaultSpeculative))
        o.insert(QStringLiteral("default_speculative"), c.defaultSpeculative);
    if (!c.fromDate.isEmpty())
        o.insert(QStringLiteral("from_date"), c.fromDate);
    return o;
}

// Where a family's fields stand in the file: what each place may hold besides the constants.
enum class Block {
    Family,      // a family's own entry: its fit, its assumptions and later generations
    Assumptions, // what the family is assumed to reach before any fit: constants only
    Generation,  // a later software generation: its fit and the date it starts
};

QStringList knownKeys(Block block)
{
    QStringList keys;
    for (const auto& [key, member] : familyCalibrationFields())
        keys << QLatin1String(key);
    if (block == Block::Assumptions)
        return keys;
    keys << QStringLiteral("fitted_on") << QStringLiteral("from_date");
    if (block == Block::Family)
        keys << QStringLiteral("default_speculative") << QStringLiteral("assumptions")
             << QStringLiteral("generations");
    return keys;
}

FamilyCalibration parseFamily(const QJsonObject& o, const QString& path, const FamilyCalibration& base,
                              QString* error, Block block = Block::Family)
{
    JsonFields f(o, path, error);
    f.rejectUnknownKeys(knownKeys(block));
    FamilyCalibration c = base;
    for (const auto& [key, member] : familyCalibrationFields())
        if (f.has(key))
            c.*member = f.sourced(key);
    c.defaultSpeculative = f.string("default_speculative", c.defaultSpeculative);
    c.fromDate = f.string("from_date", c.fromDate);
    c.fittedOn.clear();
    for (const QJsonValue v : f.array("fitted_on"))
        c.fittedOn << v.toString();
    for (const Sourced* frac : {&c.computeEfficiency, &c.memoryEfficiency, &c.kvReadRatio, &c.linkEfficiency,
                                &c.maxUsableMemory, &c.cacheUsable})
        if (f.ok() && (frac->value <= 0 || frac->value > 1))
            f.fail("efficiency",
                   QCoreApplication::translate("is::Calibration", "fractions must be in (0, 1]"));
    // The other constants are durations, a row count, tokens per verification step and a time
    // ratio: a negative one would make a step cost less than nothing, and one past these bounds
    // describes no serving stack (an hour per kernel) and overflows what the engine multiplies
    // it with. A range's ends are evaluated too (the bands), so they are held to the same bounds.
    struct Bounds
    {
        const char* key;
        const Sourced* value;
        double lo;
        double hi;
    };
    const Bounds bounds[] = {{"gemm_half_rows", &c.gemmHalfRows, 0, 1e6},
                             {"kernel_overhead_s", &c.kernelOverheadS, 0, 3600},
                             {"step_overhead_s", &c.stepOverheadS, 0, 3600},
                             {"request_overhead_s", &c.requestOverheadS, 0, 3600},
                             {"dataflow_layer_s", &c.dataflowLayerS, 0, 3600},
                             {"dataflow_area_s", &c.dataflowAreaS, 0, 3600},
                             {"dataflow_hop_s", &c.dataflowHopS, 0, 3600},
                             {"default_acceptance", &c.defaultAcceptance, 1, 100},
                             {"draft_cost_ratio", &c.draftCostRatio, 0, 1}};
    for (const Bounds& b : bounds) {
        const Sourced& s = *b.value;
        const bool inside =
            s.value >= b.lo && s.value <= b.hi && (!s.hasRange() || (s.min >= b.lo && s.max <= b.hi));
        if (f.ok() && !inside)
            f.fail(b.key, QCoreApplication::translate("is::Calibration", "must be between %1 and %2, got %3")
                              .arg(b.lo)
                              .arg(b.hi)
                              .arg(s.value));
    }
    return c;
}

} // namespace

const std::vector<std::pair<const char*, Sourced FamilyCalibration::*>>& familyCalibrationFields()
{
    static const std::vector<std::pair<const char*, Sourced FamilyCalibration::*>> fields{
        {"compute_efficiency", &FamilyCalibration::computeEfficiency},
        {"gemm_half_rows", &FamilyCalibration::gemmHalfRows},
        {"memory_efficiency", &FamilyCalibration::memoryEfficiency},
        {"kv_read_ratio", &FamilyCalibration::kvReadRatio},
        {"kernel_overhead_s", &FamilyCalibration::kernelOverheadS},
        {"default_acceptance", &FamilyCalibration::defaultAcceptance},
        {"draft_cost_ratio", &FamilyCalibration::draftCostRatio},
        {"step_overhead_s", &FamilyCalibration::stepOverheadS},
        {"sequence_overhead_s", &FamilyCalibration::sequenceOverheadS},
        {"request_overhead_s", &FamilyCalibration::requestOverheadS},
        {"link_efficiency", &FamilyCalibration::linkEfficiency},
        {"max_usable_memory", &FamilyCalibration::maxUsableMemory},
        {"cache_usable", &FamilyCalibration::cacheUsable},
        {"dataflow_layer_s", &FamilyCalibration::dataflowLayerS},
        {"dataflow_area_s", &FamilyCalibration::dataflowAreaS},
        {"dataflow_hop_s", &FamilyCalibration::dataflowHopS},
    };
    return fields;
}

QJsonObject Calibration::toJson(const QStringList& only) const
{
    QJsonObject families;
    if (only.isEmpty()) {
        QJsonObject d = familyToJson(m_default, nullptr);
        d.insert(QStringLiteral("fitted_on"), QJsonArray::fromStringList(m_default.fittedOn));
        families.insert(QStringLiteral("default"), d);
    }
    for (const auto& [name, generations] : m_families) {
        if ((!only.isEmpty() && !only.contains(name)) || generations.empty())
            continue;
        QJsonObject o = familyToJson(generations.front(), &m_default);
        // The published assumptions travel with the catalog's own file, not with a user's overlay,
        // which would otherwise hold on to them after a later release revised them.
        const FamilyCalibration& assumed = assumptions(name);
        if (only.isEmpty() && &assumed != &m_default)
            o.insert(QStringLiteral("assumptions"), familyToJson(assumed, &m_default));
        o.insert(QStringLiteral("fitted_on"), QJsonArray::fromStringList(generations.front().fittedOn));
        QJsonArray later;
        for (size_t g = 1; g < generations.size(); ++g) {
            QJsonObject gen = familyToJson(generations[g], &generations[g - 1]);
            gen.remove(QStringLiteral("from_date"));
            if (gen.isEmpty())
                continue; // nothing of its own left: the earlier generation says it all
            gen.insert(QStringLiteral("from_date"), generations[g].fromDate);
            gen.insert(QStringLiteral("fitted_on"), QJsonArray::fromStringList(generations[g].fittedOn));
            later.append(gen);
        }
        if (!later.isEmpty())
            o.insert(QStringLiteral("generations"), later);
        families.insert(name, o);
    }
    return QJsonObject{{QStringLiteral("version"), 1}, {QStringLiteral("families"), families}};
}

Calibration::Calibration() : m_default(builtinDefault()) {}

size_t generationIndex(const std::vector<FamilyCalibration>& generations, const QString& date)
{
    if (date.isEmpty())
        return generations.size() - 1;
    size_t chosen = 0;
    for (size_t g = 0; g < generations.size(); ++g)
        if (generations[g].fromDate.isEmpty() || generations[g].fromDate <= date)
            chosen = g;
    return chosen;
}

const FamilyCalibration& Calibration::assumptions(const QString& family) const
{
    const auto it = m_assumptions.find(family);
    return it == m_assumptions.end() ? m_default : it->second;
}

const FamilyCalibration& Calibration::family(const QString& family, const QString& date) const
{
    auto it = m_families.find(family);
    if (it == m_families.end() || it->second.empty())
        return m_default;
    return it->second[generationIndex(it->second, date)];
}

void Calibration::setFamily(const QString& family, std::vector<FamilyCalibration> generations)
{
    m_families[family] = std::move(generations);
}

bool Calibration::load(const QJsonObject& root, const QString& origin, QString* error)
{
    QString err;
    // A file without a "default" family (a user's overlay of fitted families) keeps the one
    // loaded before it.
    const QJsonObject families = root.value(QStringLiteral("families")).toObject();
    if (families.contains(QStringLiteral("default")))
        m_default = parseFamily(families.value(QStringLiteral("default")).toObject(),
                                QStringLiteral("families.default"), m_default, &err);
    for (auto it = families.begin(); it != families.end() && err.isEmpty(); ++it) {
        if (it.key() == QLatin1String("default"))
            continue;
        const QString path = QStringLiteral("families.") + it.key();
        const QJsonObject obj = it.value().toObject();
        // A file that states a family's assumptions reads its values over them (a family with
        // nothing fitted yet uses them); one that states none (a user's overlay) reads its values
        // over the default, as it was written, and leaves the assumptions loaded before it: they
        // are facts about the chips, not part of any one fit.
        const FamilyCalibration* base = &m_default;
        if (obj.contains(QStringLiteral("assumptions"))) {
            FamilyCalibration assumed =
                parseFamily(obj.value(QStringLiteral("assumptions")).toObject(),
                            path + QStringLiteral(".assumptions"), m_default, &err, Block::Assumptions);
            assumed.fittedOn.clear();
            assumed.fromDate.clear();
            base = &m_assumptions.insert_or_assign(it.key(), std::move(assumed)).first->second;
        }
        if (!err.isEmpty())
            break;
        std::vector<FamilyCalibration> generations{parseFamily(obj, path, *base, &err)};
        // Later software generations override only what they re-fit.
        const QJsonArray later = obj.value(QStringLiteral("generations")).toArray();
        for (qsizetype g = 0; g < later.size() && err.isEmpty(); ++g) {
            generations.push_back(parseFamily(later.at(g).toObject(),
                                              path + QStringLiteral(".generations[%1]").arg(g),
                                              generations.back(), &err, Block::Generation));
            if (err.isEmpty() && generations.back().fromDate.isEmpty())
                err = QCoreApplication::translate("is::Calibration", "%1.generations[%2].from_date: missing")
                          .arg(path, QString::number(g));
        }
        m_families[it.key()] = std::move(generations);
    }
    if (!err.isEmpty()) {
        *error = errorAt(origin, err);
        return false;
    }
    return true;
}

} // namespace is
