// SPDX-License-Identifier: MIT
// Hugging Face config.json import (model dock, scenario "config" models). An imported model is
// kept in the scenario as an inline model, so it must also survive the catalog format's round
// trip, and its parameter count must be a finite positive number.
#include "FuzzSupport.h"

#include "model/HfConfigImport.h"
#include "model/ModelMath.h"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    is::fuzz::quietLogs();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace is;
    const auto root = fuzz::jsonObject(data, size);
    if (!root)
        return 0;
    const QString origin = QStringLiteral("fuzz/config.json");
    QString err;
    const auto e = importHfConfig(*root, origin, &err);
    if (!e) {
        fuzz::expectNamedError(err, origin);
        return 0;
    }
    const double total = paramBreakdown(e->resolve()).total();
    fuzz::expectFinite(total, "imported parameter count");
    if (total <= 0)
        fuzz::broken("imported model has no parameters", QString::number(total));
    QString again;
    if (!parseModelEntry(modelEntryToJson(*e), QStringLiteral("model"), &again))
        fuzz::broken("an imported model does not reload from its saved form", again);
    return 0;
}
