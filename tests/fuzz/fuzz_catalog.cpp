// SPDX-License-Identifier: MIT
// A user catalog file (<data dir>/catalog/*.json: devices, links, systems, models or calibration
// families), loaded over the built-in catalog as Catalog::load does.
//
// Entries load by id, independently of what is already there (a file's device replaces the
// built-in one of its id, nothing else reads it), and only calibration families overlay what
// came before. So each input loads into a catalog that starts with the built-in calibration
// alone, and the built-in entries are checked once, at start: what the merged catalog would
// hold is exactly those plus the input's, without deep-copying every built-in device and
// re-resolving every built-in model for each of millions of inputs.
#include "FuzzSupport.h"

#include "hardware/Catalog.h"
#include "model/ModelMath.h"

namespace {

// What the studio reads of every entry when it lists them.
void checkEntries(const is::Catalog& catalog)
{
    using namespace is;
    for (const Device* d : catalog.devices()) {
        if (!d->primaryTier())
            fuzz::broken("a loaded device has no primary memory tier", d->id);
        for (const auto& [precision, flops] : d->peakFlops)
            if (!(flops.value > 0))
                fuzz::broken("a loaded device has a non-positive peak", d->id);
    }
    for (const ModelEntry* m : catalog.models())
        fuzz::expectFinite(paramBreakdown(m->resolve()).total(), "catalog model parameter count");
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    is::fuzz::quietLogs();
    checkEntries(*is::Catalog::builtin()); // once, outside the timed inputs
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace is;
    Catalog trial;
    trial.setCalibration(Catalog::builtin()->calibration());
    const QString origin = QStringLiteral("fuzz/catalog.json");
    QString err;
    if (!trial.loadJson(fuzz::bytes(data, size), origin, &err)) {
        fuzz::expectNamedError(err, origin);
        return 0;
    }
    checkEntries(trial);
    return 0;
}
