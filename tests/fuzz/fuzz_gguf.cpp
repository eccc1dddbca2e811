// SPDX-License-Identifier: MIT
// libFuzzer target for the executor's GGUF reader (bench-decode): any input must parse or be
// rejected with a message naming the file, never crash, hang or allocate without bound. A model
// that parses also runs one decode step, so shape validation is fuzzed together with the parser.
#include "FuzzSupport.h"

#include "executor/Executor.h"
#include "executor/GgufReader.h"

#include <QString>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    is::fuzz::quietLogs();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QString origin = QStringLiteral("fuzz/model.gguf");
    QString err;
    auto m = is::exec::parseGguf(reinterpret_cast<const std::byte*>(data), size, origin, &err);
    if (!m) {
        is::fuzz::expectNamedError(err, origin);
        return 0;
    }
    // Keep the run cheap: tiny models only.
    if (static_cast<double>(m->cfg.dim) * m->cfg.vocab > 1e6 || m->cfg.layers > 4)
        return 0;
    is::exec::ThreadPool pool(1);
    is::exec::Executor ex(*m, pool, 2);
    ex.decode(0);
    return 0;
}
