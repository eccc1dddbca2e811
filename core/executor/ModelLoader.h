// SPDX-License-Identifier: MIT
#pragma once

#include "executor/Model.h"

#include <QString>

#include <functional>
#include <memory>

namespace is::exec {

// Loads a GGUF file or a llama2.c checkpoint (told apart by the GGUF magic). The whole file is
// read into memory, so every weight byte is resident before anything is timed. On failure
// returns null and sets `error` to a message naming the file and what is wrong. `cancelled`,
// when set, is polled before each chunk of the read (a multi-gigabyte file takes seconds to read
// from disk); a cancelled load returns null with an error saying so.
std::unique_ptr<Model> loadModelFile(const QString& path, QString* error,
                                     const std::function<bool()>& cancelled = {});

// Bytes read from a model file between two polls of `cancelled`.
inline constexpr qint64 kModelReadChunk = qint64(16) << 20;

} // namespace is::exec
