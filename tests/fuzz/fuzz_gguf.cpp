// SPDX-License-Identifier: MIT
// libFuzzer target for the GGUF reader: any input must parse or be rejected with a message,
// never crash, hang or allocate without bound. A model that parses also runs one decode step,
// so shape validation is fuzzed together with the parser.
//   fuzz_gguf -max_len=65536 corpus/
#include "executor/Executor.h"
#include "executor/GgufReader.h"

#include <QString>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    QString err;
    auto m = is::exec::parseGguf(reinterpret_cast<const std::byte*>(data), size, QStringLiteral("fuzz.gguf"), &err);
    if (!m)
        return 0;
    // Keep the run cheap: tiny models only.
    if (static_cast<double>(m->cfg.dim) * m->cfg.vocab > 1e6 || m->cfg.layers > 4)
        return 0;
    is::exec::ThreadPool pool(1);
    is::exec::Executor ex(*m, pool, 2);
    ex.decode(0);
    return 0;
}
