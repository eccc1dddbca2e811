// SPDX-License-Identifier: MIT
// The model dock's GGUF import: the shared header parser, then the model description built from
// its metadata and tensor shapes. The file is parsed whole and, as importGgufFile does for a
// large file, from a prefix first (which must ask for more or decide, never read past it).
#include "FuzzSupport.h"

#include "model/GgufHeader.h"
#include "model/GgufImport.h"
#include "model/ModelMath.h"

#include <cstddef>

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    is::fuzz::quietLogs();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace is;
    const auto* bytes = reinterpret_cast<const std::byte*>(data);
    const gguf::ParseResult prefix = gguf::parseHeader(bytes, size / 2, size);
    if (!prefix.header && !prefix.needMore && prefix.error.isEmpty())
        fuzz::broken("GGUF prefix refused without a message", {});
    const gguf::ParseResult r = gguf::parseHeader(bytes, size, size);
    if (r.needMore)
        fuzz::broken("GGUF parser asks for more than the whole file", r.error);
    if (!r.header) {
        fuzz::refused(r.error);
        if (r.error.isEmpty())
            fuzz::broken("GGUF header refused without a message", {});
        return 0;
    }
    const QString origin = QStringLiteral("fuzz/model.gguf");
    QString err;
    const auto imported = importGgufHeader(*r.header, origin, &err);
    if (!imported) {
        fuzz::expectNamedError(err, origin);
        return 0;
    }
    fuzz::expectFinite(imported->exactParams, "GGUF parameter count");
    fuzz::expectFinite(imported->bitsPerWeight, "GGUF bits per weight");
    fuzz::expectFinite(paramBreakdown(imported->entry.resolve()).total(), "GGUF modelled parameter count");
    QString again;
    if (!parseModelEntry(modelEntryToJson(imported->entry), QStringLiteral("model"), &again))
        fuzz::broken("an imported GGUF model does not reload from its saved form", again);
    return 0;
}
