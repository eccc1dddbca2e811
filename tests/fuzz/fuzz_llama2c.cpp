// SPDX-License-Identifier: MIT
// The executor's llama2.c checkpoint reader (bench-decode): a 7-int32 header and f32 weights. A
// checkpoint that loads also runs one decode step, so its shapes are fuzzed with the reader.
#include "FuzzSupport.h"

#include "executor/AlignedBuffer.h"
#include "executor/Executor.h"
#include "executor/Llama2cReader.h"

#include <cstring>

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    is::fuzz::quietLogs();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace is::exec;
    AlignedBuffer image(size);
    if (size)
        std::memcpy(image.data(), data, size);
    const QString origin = QStringLiteral("fuzz/model.bin");
    QString err;
    const auto m = loadLlama2cBuffer(std::move(image), origin, &err);
    if (!m) {
        is::fuzz::expectNamedError(err, origin);
        return 0;
    }
    // Keep the run cheap: tiny models only.
    if (static_cast<double>(m->cfg.dim) * m->cfg.vocab > 1e6 || m->cfg.layers > 4 || m->cfg.seqLen > 4096)
        return 0;
    ThreadPool pool(1);
    Executor ex(*m, pool, 2);
    ex.decode(0);
    return 0;
}
