// SPDX-License-Identifier: MIT
// Validation measurements CSV (shared/validation/README.md), read by `validate` and `calibrate`.
// An accepted row must hold what the engine relies on: finite, in-range numbers.
#include "FuzzSupport.h"

#include "engine/Validation.h"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    is::fuzz::quietLogs();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace is;
    const QString origin = QStringLiteral("fuzz/measurements.csv");
    QString err;
    const auto rows = parseMeasurementsCsv(fuzz::bytes(data, size), origin, &err);
    if (!rows) {
        fuzz::expectNamedError(err, origin);
        return 0;
    }
    for (const MeasurementRow& r : *rows) {
        for (double v : {r.inputTokens, r.outputTokens, r.value, r.ttftLimitMs, r.tpotLimitMs})
            fuzz::expectFinite(v, "measurement number");
        if (r.inputTokens < 1 || r.outputTokens < 1 || r.value <= 0 || r.chips < 0 || r.concurrency < 0 ||
            r.id.isEmpty())
            fuzz::broken("measurement row out of range", r.id);
    }
    return 0;
}
