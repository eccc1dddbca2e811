// SPDX-License-Identifier: MIT
#pragma once

#include "executor/Model.h"

#include <QByteArray>
#include <QString>

#include <memory>

namespace is::exec {

// Reads a llama2.c legacy checkpoint: a 7-int32 header (dim, hidden_dim, n_layers, n_heads,
// n_kv_heads, vocab_size, seq_len; a negative vocab_size means a separate classifier follows)
// and f32 weights in llama2.c order. The model takes ownership of the image.
std::unique_ptr<Model> loadLlama2cBuffer(AlignedBuffer image, const QString& name, QString* error);

// Writes an F32 model in the same layout (the test that GGUF and llama2.c agree needs one).
// Returns an empty array when the model is not dense F32.
QByteArray writeLlama2c(const Model& m);

} // namespace is::exec
