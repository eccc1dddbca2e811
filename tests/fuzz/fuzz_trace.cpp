// SPDX-License-Identifier: MIT
// Request-trace CSV of the serving simulator (timestamp,input_tokens,output_tokens). Accepted
// rows must be what the simulator assumes: finite, sorted timestamps and counts of at least 1.
#include "FuzzSupport.h"

#include "serving/Trace.h"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    is::fuzz::quietLogs();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace is;
    const QString origin = QStringLiteral("fuzz/trace.csv");
    QString err;
    const auto rows = serving::parseTraceCsv(fuzz::bytes(data, size), origin, &err);
    if (!rows) {
        fuzz::expectNamedError(err, origin);
        return 0;
    }
    if (rows->empty())
        fuzz::broken("an empty trace was accepted", {});
    double last = 0;
    for (const serving::TraceRow& r : *rows) {
        fuzz::expectFinite(r.timestampS, "trace timestamp");
        if (r.timestampS < last || r.inputTokens < 1 || r.outputTokens < 1)
            fuzz::broken("trace row out of range", QString::number(r.timestampS));
        last = r.timestampS;
    }
    return 0;
}
