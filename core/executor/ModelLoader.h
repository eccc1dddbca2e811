// SPDX-License-Identifier: MIT
#pragma once

#include "executor/Model.h"

#include <QString>

#include <memory>

namespace is::exec {

// Loads a GGUF file or a llama2.c checkpoint (told apart by the GGUF magic). The whole file is
// read into memory, so every weight byte is resident before anything is timed. On failure
// returns null and sets `error` to a message naming the file and what is wrong.
std::unique_ptr<Model> loadModelFile(const QString& path, QString* error);

} // namespace is::exec
