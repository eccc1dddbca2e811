// SPDX-License-Identifier: MIT
// Calibration JSON (resources/calibration.json and a user overlay of fitted families) read over
// the built-in calibration. `calibrate` writes its fits with Calibration::toJson, so what loads
// must write out and load back, and every fraction the engine multiplies with must be in (0, 1].
#include "FuzzSupport.h"

#include "hardware/Calibration.h"
#include "hardware/Catalog.h"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    is::fuzz::quietLogs();
    is::Catalog::builtin();
    return 0;
}

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

} // namespace

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
    checkFamily(cal.defaults(), QStringLiteral("default"));
    for (const auto& [name, generations] : cal.families()) {
        for (const FamilyCalibration& g : generations) {
            checkFamily(g, name);
            checkFamily(cal.family(name, g.fromDate), name);
        }
    }
    Calibration reread;
    QString again;
    if (!reread.load(cal.toJson(), QStringLiteral("saved"), &again))
        fuzz::broken("a saved calibration does not load", again);
    return 0;
}
