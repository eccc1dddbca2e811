// SPDX-License-Identifier: MIT
#pragma once

#include "executor/AlignedBuffer.h"
#include "executor/DType.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <optional>

namespace is::exec {

// A synthetic llama model, e.g. "dim=768,layers=12,heads=12,kv_heads=12,ffn=2048,vocab=32000,dtype=f16"
// with optional experts=, top_k=, seed=, ctx=.
struct SyntheticSpec
{
    int dim = 768;
    int layers = 12;
    int heads = 12;
    int kvHeads = 12;
    int ffn = 2048;
    int vocab = 32000;
    int experts = 0;
    int topK = 0;
    int ctx = 2048;
    DType dtype = DType::F16;
    std::uint64_t seed = 1;

    QString toString() const;
};

// Parses a SPEC string; on error returns nullopt and an error naming the field.
std::optional<SyntheticSpec> parseSyntheticSpec(const QString& spec, QString* error);

// Bytes of the weight matrices the spec describes (norms aside): what loading it needs, to be
// checked against the machine's memory before generating it.
double syntheticWeightBytes(const SyntheticSpec& spec);

// A GGUF image with deterministic random weights (same spec and seed: same bytes) and a small
// made-up vocabulary so generated tokens print as text. Norms stay F32, as llama.cpp writes them.
AlignedBuffer writeSyntheticGguf(const SyntheticSpec& spec);
// The same, polling `cancelled` before each tensor is generated; returns an empty buffer when
// it returned true (generating a large model takes seconds).
AlignedBuffer writeSyntheticGguf(const SyntheticSpec& spec, const std::function<bool()>& cancelled);

} // namespace is::exec
