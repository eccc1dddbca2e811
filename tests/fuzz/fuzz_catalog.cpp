// SPDX-License-Identifier: MIT
// A user catalog file (<data dir>/catalog/*.json: devices, links, systems, models or calibration
// families), loaded over the built-in catalog as Catalog::load does.
#include "FuzzSupport.h"

#include "hardware/Catalog.h"
#include "model/ModelMath.h"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    is::fuzz::quietLogs();
    is::Catalog::builtin(); // loaded once, outside the timed inputs
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace is;
    Catalog trial = *Catalog::builtin();
    const QString origin = QStringLiteral("fuzz/catalog.json");
    QString err;
    if (!trial.loadJson(fuzz::bytes(data, size), origin, &err)) {
        fuzz::expectNamedError(err, origin);
        return 0;
    }
    // What the studio reads of every entry when it lists them.
    for (const Device* d : trial.devices()) {
        if (!d->primaryTier())
            fuzz::broken("a loaded device has no primary memory tier", d->id);
        for (const auto& [precision, flops] : d->peakFlops)
            if (!(flops.value > 0))
                fuzz::broken("a loaded device has a non-positive peak", d->id);
    }
    for (const ModelEntry* m : trial.models())
        fuzz::expectFinite(paramBreakdown(m->resolve()).total(), "catalog model parameter count");
    return 0;
}
