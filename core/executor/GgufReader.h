// SPDX-License-Identifier: MIT
#pragma once

#include "executor/Model.h"

#include <QString>

#include <cstddef>
#include <memory>

namespace is::exec {

// Parses a GGUF (v2/v3) image of a llama-architecture model. Every count, size and offset is
// checked against the image size before use, so a truncated or hostile file gives an error
// (naming `name` and what is wrong) rather than a crash, a hang or a large allocation.
// The returned model points into `data`, which must outlive it; null on error.
std::unique_ptr<Model> parseGguf(const std::byte* data, std::size_t size, const QString& name,
                                 QString* error);

// As parseGguf, but the model takes ownership of the image.
std::unique_ptr<Model> loadGgufBuffer(AlignedBuffer image, const QString& name, QString* error);

} // namespace is::exec
