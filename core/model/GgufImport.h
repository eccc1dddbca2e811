// SPDX-License-Identifier: MIT
#pragma once

#include "common/Precision.h"
#include "model/GgufHeader.h"
#include "model/ModelEntry.h"

#include <QString>

#include <optional>

namespace is {

// A model description read from a GGUF file's header and tensor infos (never its tensor data, so
// a multi-gigabyte file imports instantly).
struct GgufImport
{
    ModelEntry entry;
    QString architecture;         // general.architecture
    double exactParams = 0;       // summed over the tensor shapes
    double exactActiveParams = 0; // without the embedding lookup, the norms and the unused routed experts
    // Weight matrices (tensors of two or more dimensions): the type holding most elements, the
    // average bits per weight over all of them, and the studio precision closest to that.
    QString dominantType;
    double bitsPerWeight = 0;
    std::optional<Precision> weights;
};

// Imports a GGUF file (v2/v3; llama-family, qwen, mixtral-style and deepseek2/MLA architectures
// among others): the header is parsed from a memory map, or from a prefix read from disk.
// Errors name the file and the field.
std::optional<GgufImport> importGgufFile(const QString& path, QString* error);
// The same from an already parsed header; `origin` names the file in errors.
std::optional<GgufImport> importGgufHeader(const gguf::Header& header, const QString& origin, QString* error);

} // namespace is
