// SPDX-License-Identifier: MIT
// Calibration JSON (resources/calibration.json and a user overlay of fitted families) read over
// the built-in calibration. `calibrate` writes its fits with Calibration::toJson, so what loads
// must write out and load back, and every fraction the engine multiplies with must be in (0, 1].
//
// An input changes the "default" family if it names it, and the families it names; every other
// family stays the built-in one. The built-in calibration is checked and saved once, at start,
// and each input checks and saves what it changed: written out whole when it replaces the default
// (every family is written relative to it), else the built-in default with the families it names,
// which is what loading the whole saved file reads for them (a family loads from the default and
// its own object alone). The same contract as checking and reloading everything, without writing
// and re-reading the whole built-in calibration for each of millions of inputs.
#include "FuzzSupport.h"

#include "hardware/Calibration.h"
#include "hardware/Catalog.h"

namespace {

void checkFamily(const is::FamilyCalibration& c, const QString& name)
{
    for (const auto& [key, member] : is::familyCalibrationFields())
        is::fuzz::expectFinite((c.*member).value, key);
    for (const is::Sourced* frac :
         {&c.computeEfficiency, &c.memoryEfficiency, &c.linkEfficiency, &c.maxUsableMemory, &c.cacheUsable})
        if (!(frac->value > 0 && frac->value <= 1))
            is::fuzz::broken("a loaded calibration fraction is outside (0, 1]", name);
    // Durations, counts and ratios: never negative (a step that costs less than nothing).
    for (const is::Sourced* v : {&c.gemmHalfRows, &c.kernelOverheadS, &c.stepOverheadS, &c.requestOverheadS,
                                 &c.dataflowLayerS, &c.dataflowAreaS, &c.dataflowHopS, &c.draftCostRatio})
        if (!(v->value >= 0 && (!v->hasRange() || v->min >= 0)))
            is::fuzz::broken("a loaded calibration constant is negative", name);
    if (!(c.defaultAcceptance.value >= 1))
        is::fuzz::broken("a loaded acceptance is below one token per step", name);
}

// The families of `cal` named in `names` (all of them when empty), every generation, and the default.
void checkFamilies(const is::Calibration& cal, const QStringList& names)
{
    checkFamily(cal.defaults(), QStringLiteral("default"));
    for (const auto& [name, generations] : cal.families()) {
        if (!names.isEmpty() && !names.contains(name))
            continue;
        for (const is::FamilyCalibration& g : generations) {
            checkFamily(g, name);
            checkFamily(cal.family(name, g.fromDate), name);
        }
    }
}

void expectReloads(const QJsonObject& saved)
{
    is::Calibration reread;
    QString again;
    if (!reread.load(saved, QStringLiteral("saved"), &again))
        is::fuzz::broken("a saved calibration does not load", again);
}

// The built-in calibration as `calibrate` would save it: its "default" family is what every
// input that keeps the default saves with the families it changed.
const QJsonObject& builtinSaved()
{
    static const QJsonObject saved = is::Catalog::builtin()->calibration().toJson();
    return saved;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    is::fuzz::quietLogs();
    checkFamilies(is::Catalog::builtin()->calibration(), {}); // once, outside the timed inputs
    expectReloads(builtinSaved());
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace is;
    const auto root = fuzz::jsonObject(data, size);
    if (!root)
        return 0;
    Calibration cal = Catalog::builtin()->calibration();
    const QString origin = QStringLiteral("fuzz/calibration.json");
    QString err;
    if (!cal.load(*root, origin, &err)) {
        fuzz::expectNamedError(err, origin);
        return 0;
    }
    const QString defaultKey = QStringLiteral("default");
    QStringList named = root->value(QStringLiteral("families")).toObject().keys();
    if (named.removeAll(defaultKey) > 0) {
        checkFamilies(cal, {});
        expectReloads(cal.toJson());
        return 0;
    }
    if (named.isEmpty())
        return 0; // nothing changed: the built-in calibration, checked at start
    checkFamilies(cal, named);
    QJsonObject saved = cal.toJson(named);
    QJsonObject families = saved.value(QStringLiteral("families")).toObject();
    families.insert(defaultKey,
                    builtinSaved().value(QStringLiteral("families")).toObject().value(defaultKey));
    saved.insert(QStringLiteral("families"), families);
    expectReloads(saved);
    return 0;
}
